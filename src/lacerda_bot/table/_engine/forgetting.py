"""What the table forgets: the facts each of his decisions may change.

Within a step the companion reuses an answer until one of his decisions may
have changed the fact (:class:`~lacerda_bot.table._engine.asked.AskedFacts`): a
Mine built changes the best sites and the nearest free hexes, a Crystal
paid changes which tiles he can reach. This table says which. Since spec 1.3
a Rover's target must be a tile he can use (R-ROVER-2), so whatever changes
what he could take (a display card, the Warehouse, his Depot's room, a Ship
left) changes the nearest tiles too; and an upgraded building holds a figure
(§0), so an Upgrade changes where his Rover may stop.
"""

from typing import Any, Final, assert_never

from lacerda_bot import _queries as q
from lacerda_bot import decisions as d
from lacerda_bot._facts import Query
from lacerda_bot.model import Owner

__all__ = ["about_your_techs", "changed_by"]

# What each decision can change at the table: the facts read before it that
# must be asked again after it. Facts it changes in a known way are updated.
_ROVER_TARGET: Final = frozenset(
    {
        q.NearestTiles,
        q.AnyTarget,
        q.TargetSteps,
        q.TargetCrystalCost,
        q.BestPaths,
        q.CrystalsOnWay,
        q.PathMoved,
    }
)
"""Where he heads and how (R-ROVER-2..6): what he could take, reach and pay for."""
_ROVER: Final = _ROVER_TARGET | {
    q.NearestFreeHexes,
    q.AnyFreeHex,
    q.RoverOnNewBuilding,
    q.DiscoverySites,
    q.AnyDiscoverySite,
}
"""Everything measured from his Rover."""
_BUILDS: Final = _ROVER | {
    q.BuildSize,
    q.BestSites,
    q.UpgradeBlueprints,
    q.EligibleBuildings,
    q.SupplyHasCrystal,
    q.SupplyCrystals,
}
_TECHS: Final = _ROVER_TARGET | {
    q.CanAdvanceAny,
    q.CanAdvanceOther,
    q.CanAdvanceAgain,
    q.CanAdvanceTech,
    q.TechLevel,
    q.BuildSize,
    q.BestSites,
    q.UpgradeCapacity,
}
_BLUEPRINTS: Final = frozenset(
    {
        q.BlueprintDisplay,
        q.HasFreeMarker,
        q.UpgradeBlueprints,
        q.EligibleBuildings,
        q.BestScientists,
    }
)
_Kinds = frozenset[type[Query[Any]]]
_NOTHING: Final[_Kinds] = frozenset()


def changed_by(decision: d.Decision[d.Described]) -> _Kinds:
    """The facts *decision* may change (read again if the rules read them again)."""
    match decision:
        case d.Construct() | d.BuildShelter():
            return _BUILDS | {q.HasShelterLeft}
        case d.Upgrade():
            return _ROVER | {
                q.UpgradeBlueprints,
                q.EligibleBuildings,
                q.UsedBlueprint,
            }
        case d.MoveRover():
            return _ROVER | {q.MovedCrystalCount}
        case d.CollectTile():
            return _ROVER | {q.CollectedTileReward}
        case d.RelocateRover() | d.PlaceDiscoveryTile():
            return _ROVER | {q.ExplorationTileLeft}
        case d.LearnTech():
            return _TECHS | {
                q.LabEntryFree,
                q.CheapestTechTiles,
                q.HasTech,
                q.LearnedSpaceGains,
                q.TechTileType,
                q.DevelopSpaces,  # a space of column 1 is taken (R-ORBIT-6)
            }
        case d.DevelopTech():
            return _TECHS | {
                q.DevelopedSpaceGains,
                q.DevelopSpaces,
                q.LabEntryFree,  # a tile leaving column 1 frees its space
            }
        case d.ObtainBlueprint():
            return (
                _BLUEPRINTS
                | _ROVER_TARGET
                | {
                    q.ObtainedPickupCrystals,
                    q.ObtainedBlueprint,
                }
            )
        case d.HireScientist():
            return _ROVER_TARGET | {
                q.ScientistCount,
                q.HasScientist,
                q.BestScientists,
                q.ChosenScientist,
                q.UpgradeBlueprints,
                q.BlueprintDisplay,  # a card of a type he now scores
            }
        case d.TakeContract() | d.RefillContractDisplay():
            return frozenset({q.BestContracts})
        case d.GainCrystals() | d.PayCrystals():
            # what he can spend decides which tiles he can reach and pay for; his
            # Depot's room, whether he may take a Warehouse Crystal (R-TO-3)
            return _ROVER_TARGET | {
                q.SupplyHasCrystal,
                q.SupplyCrystals,
                q.WarehouseItem,
            }
        case d.TakeWarehouseItem():
            return _ROVER_TARGET | {q.WarehouseItem}
        case d.GainShip():  # a Depot space freed; a Ship fewer to gain
            return _ROVER_TARGET | {q.HasShipLeft, q.WarehouseItem}
        case d.GainBot():
            return frozenset({q.HasBotLeft})
        case d.StartingSpace() | d.Travel():
            return frozenset({q.FreeSpaceCount, q.SpaceGains})
        case (
            d.RevealCard()
            | d.AdvanceMission()
            | d.PlaceColonist()
            | d.ActionImpossible()
            | d.AdvanceProgressBot()
            | d.Stay()
            | d.TakeBenefit()
            | d.ChooseLssReward()
            | d.GiveOxygen()
            | d.LoseBenefit()
            | d.SkipTurn()
        ):
            return _NOTHING
        case unreachable:
            assert_never(unreachable)


def about_your_techs(query: Query[object]) -> bool:
    """A fact about your Techs, which his Tech changes leave as they were."""
    match query:
        case q.TechLevel(owner=Owner.HUMAN) | q.UpgradeCapacity(owner=Owner.HUMAN):
            return True
        case _:
            return False
