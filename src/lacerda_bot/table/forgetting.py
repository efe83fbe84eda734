"""What the table forgets: the facts each of his decisions may change.

Within a step the companion reuses an answer until one of his decisions may
have changed the fact (:class:`~lacerda_bot.table.asked.AskedFacts`): a
Mine built changes the best sites and the nearest free hexes, a Crystal
paid changes which tiles he can reach. This table says which. Since spec 1.3
a Rover's target must be a tile he can use (R-ROVER-2), so whatever changes
what he could take (a display card, the Warehouse, his Depot's room, a Ship
left) changes the nearest tiles too; and an upgraded building holds a figure
(§0), so an Upgrade changes where his Rover may stop.
"""

from typing import Final, assert_never

from lacerda_bot.decisions import (
    ActionImpossible,
    AdvanceMission,
    AdvanceProgressBot,
    BuildShelter,
    ChooseLssReward,
    CollectTile,
    Construct,
    Decision,
    Described,
    DevelopTech,
    GainBot,
    GainCrystals,
    GainShip,
    GiveOxygen,
    HireScientist,
    LearnTech,
    LoseBenefit,
    MoveRover,
    ObtainBlueprint,
    PayCrystals,
    PlaceColonist,
    PlaceDiscoveryTile,
    RefillContractDisplay,
    RelocateRover,
    RevealCard,
    SkipTurn,
    StartingSpace,
    Stay,
    TakeBenefit,
    TakeContract,
    TakeWarehouseItem,
    Travel,
    Upgrade,
)
from lacerda_bot.facts import Fact
from lacerda_bot.model import Owner

__all__ = ["about_your_techs", "changed_by"]

# What each decision can change at the table: the facts read before it that
# must be asked again after it. Facts it changes in a known way are updated.
_BUILDS: Final = frozenset(
    {
        Fact.BUILD_SIZE,
        Fact.BEST_SITES,
        Fact.NEAREST_FREE_HEXES,
        Fact.ROVER_ON_NEW_BUILDING,
        Fact.NEAREST_TILES,
        Fact.TARGET_STEPS,
        Fact.TARGET_CRYSTAL_COST,
        Fact.BEST_PATHS,
        Fact.CRYSTALS_ON_WAY,
        Fact.PATH_MOVED,
        Fact.DISCOVERY_SITES,
        Fact.UPGRADE_BLUEPRINTS,
        Fact.ELIGIBLE_BUILDINGS,
        Fact.SUPPLY_HAS_CRYSTAL,
    }
)
_ROVER: Final = frozenset(
    {
        Fact.NEAREST_TILES,
        Fact.TARGET_STEPS,
        Fact.TARGET_CRYSTAL_COST,
        Fact.BEST_PATHS,
        Fact.CRYSTALS_ON_WAY,
        Fact.PATH_MOVED,
        Fact.NEAREST_FREE_HEXES,
        Fact.ROVER_ON_NEW_BUILDING,
        Fact.DISCOVERY_SITES,
    }
)
_ROVER_TARGET: Final = frozenset(
    {
        Fact.NEAREST_TILES,
        Fact.TARGET_STEPS,
        Fact.TARGET_CRYSTAL_COST,
        Fact.BEST_PATHS,
        Fact.CRYSTALS_ON_WAY,
        Fact.PATH_MOVED,
    }
)
_TECHS: Final = frozenset(
    {
        Fact.CAN_ADVANCE_ANY,
        Fact.CAN_ADVANCE_OTHER,
        Fact.CAN_ADVANCE_AGAIN,
        Fact.CAN_ADVANCE_TECH,
        Fact.TECH_LEVEL,
        Fact.BUILD_SIZE,
        Fact.BEST_SITES,
        Fact.NEAREST_TILES,
        Fact.TARGET_STEPS,
        Fact.TARGET_CRYSTAL_COST,
        Fact.BEST_PATHS,
        Fact.CRYSTALS_ON_WAY,
        Fact.PATH_MOVED,
        Fact.UPGRADE_CAPACITY,
    }
)
_BLUEPRINTS: Final = frozenset(
    {
        Fact.BLUEPRINT_DISPLAY,
        Fact.HAS_FREE_MARKER,
        Fact.UPGRADE_BLUEPRINTS,
        Fact.ELIGIBLE_BUILDINGS,
        Fact.BEST_SCIENTISTS,
    }
)
_NOTHING: Final[frozenset[Fact]] = frozenset()


def changed_by(decision: Decision[Described]) -> frozenset[Fact]:
    """The facts *decision* may change (read again if the rules read them again)."""
    match decision:
        case Construct() | BuildShelter():
            return _BUILDS | {Fact.HAS_SHELTER_LEFT}
        case Upgrade():
            return _ROVER | {
                Fact.UPGRADE_BLUEPRINTS,
                Fact.ELIGIBLE_BUILDINGS,
                Fact.USED_BLUEPRINT,
            }
        case MoveRover():
            return _ROVER | {Fact.MOVED_CRYSTAL_COUNT}
        case CollectTile():
            return _ROVER | {Fact.COLLECTED_TILE_REWARD}
        case RelocateRover() | PlaceDiscoveryTile():
            return _ROVER | {Fact.EXPLORATION_TILE_LEFT}
        case LearnTech():
            return _TECHS | {
                Fact.LAB_ENTRY_FREE,
                Fact.CHEAPEST_TECH_TILES,
                Fact.HAS_TECH,
                Fact.LEARNED_SPACE_GAINS,
                Fact.TECH_TILE_TYPE,
                Fact.DEVELOP_SPACES,  # a space of column 1 is taken (R-ORBIT-6)
            }
        case DevelopTech():
            return _TECHS | {
                Fact.DEVELOPED_SPACE_GAINS,
                Fact.DEVELOP_SPACES,
                Fact.LAB_ENTRY_FREE,  # a tile leaving column 1 frees its space
            }
        case ObtainBlueprint():
            return (
                _BLUEPRINTS
                | _ROVER_TARGET
                | {
                    Fact.OBTAINED_PICKUP_CRYSTALS,
                    Fact.OBTAINED_BLUEPRINT,
                }
            )
        case HireScientist():
            return _ROVER_TARGET | {
                Fact.SCIENTIST_COUNT,
                Fact.HAS_SCIENTIST,
                Fact.BEST_SCIENTISTS,
                Fact.CHOSEN_SCIENTIST,
                Fact.UPGRADE_BLUEPRINTS,
                Fact.BLUEPRINT_DISPLAY,  # a card of a type he now scores
            }
        case TakeContract() | RefillContractDisplay():
            return frozenset({Fact.BEST_CONTRACTS})
        case GainCrystals() | PayCrystals():
            # what he can spend decides which tiles he can reach and pay for; his
            # Depot's room, whether he may take a Warehouse Crystal (R-TO-3)
            return _ROVER_TARGET | {Fact.SUPPLY_HAS_CRYSTAL, Fact.WAREHOUSE_ITEM}
        case TakeWarehouseItem():
            return _ROVER_TARGET | {Fact.WAREHOUSE_ITEM}
        case GainShip():  # a Depot space freed; a Ship fewer to gain
            return _ROVER_TARGET | {Fact.HAS_SHIP_LEFT, Fact.WAREHOUSE_ITEM}
        case GainBot():
            return frozenset({Fact.HAS_BOT_LEFT})
        case StartingSpace() | Travel():
            return frozenset({Fact.FREE_SPACE_COUNT, Fact.SPACE_GAINS})
        case (
            RevealCard()
            | AdvanceMission()
            | PlaceColonist()
            | ActionImpossible()
            | AdvanceProgressBot()
            | Stay()
            | TakeBenefit()
            | ChooseLssReward()
            | GiveOxygen()
            | LoseBenefit()
            | SkipTurn()
        ):
            return _NOTHING
        case unreachable:
            assert_never(unreachable)


def about_your_techs(key: tuple[Fact, tuple[object, ...]]) -> bool:
    """A fact about your Techs, which his Tech changes leave as they were."""
    fact, args = key
    return fact in (Fact.TECH_LEVEL, Fact.UPGRADE_CAPACITY) and Owner.HUMAN in args
