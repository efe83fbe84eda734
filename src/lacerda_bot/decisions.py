r"""What Lacerda does: the decisions of spec §6 (R-TURN-9), a closed union.

Every decision-making call returns its decisions in the order the host must
apply them; each carries a :class:`~lacerda_bot.trace.Trace` (R-TURN-10).
:data:`Decision` is the closed union of the 31 decision classes: code that
handles decisions ``match``\ es over it and ends with ``assert_never``, so a
new decision type cannot be forgotten.

**How a decision names things.** A digital host names every place, card and
slot, and a decision repeats those names: a :class:`~lacerda_bot.hexmap.Hex`,
a host id, a display slot. A person at the table has no coordinates to give;
there the same decision carries a :class:`Described` instead: what the table
can say, such as "tied site 3 of 3, numbered row by row from the top". The
decision classes are generic in that choice. For a host the parameter is
``Never`` (the default), so ``Construct`` means ``Construct[Never]`` and its
``hex`` is exactly a ``Hex``: nothing about a host's decisions is vaguer. The
table companion's decisions are ``Construct[Described]``, whose ``hex`` is a
``Hex | Described``.
"""

import enum
from typing import Generic, Never, final

import attrs
from typing_extensions import TypeVar

from lacerda_bot._enum import IdentityEnum
from lacerda_bot.hexmap import Hex
from lacerda_bot.model import (
    Action,
    BlueprintRow,
    BuildingType,
    ContractKind,
    Gain,
    HostId,
    Item,
    LssReward,
    MissionSlot,
    Scientist,
    Side,
    TechType,
    TechUsed,
)
from lacerda_bot.trace import Trace

__all__ = [
    "ActionImpossible",
    "AdvanceMission",
    "AdvanceProgressBot",
    "BuildShelter",
    "ChooseLssReward",
    "CollectTile",
    "Construct",
    "Criterion",
    "CrystalSource",
    "D",
    "Decision",
    "Described",
    "DevelopTech",
    "GainBot",
    "GainCrystals",
    "GainShip",
    "GiveOxygen",
    "HireScientist",
    "LearnTech",
    "LoseBenefit",
    "MoveRover",
    "ObtainBlueprint",
    "PayCrystals",
    "PaymentPurpose",
    "PlaceColonist",
    "PlaceDiscoveryTile",
    "RefillContractDisplay",
    "RelocateRover",
    "RevealCard",
    "SkipTurn",
    "StartingSpace",
    "Stay",
    "TakeBenefit",
    "TakeContract",
    "TakeWarehouseItem",
    "Travel",
    "Upgrade",
]


@enum.unique
class Criterion(IdentityEnum):
    """What the table says instead of a name it cannot give: the rule's criterion.

    Each member words one kind of thing a rule picks; :mod:`lacerda_bot.render`
    turns it into an instruction ("tied site 3 of 3, row by row from the top").
    """

    FIRST_COLONIST_TILE = "first_colonist_tile"
    """R-SETUP-7: a First Colonist tile, numbered by the space it names."""
    FREE_SPACE = "free_space"
    """R-SHUTTLE-3: a free Turn Order space, numbered by space number."""
    MISSION = "mission"
    """R-MISSION-1: the Mission card in the card's slot."""
    DEPOT = "depot"
    """R-CRYSTAL-2: as many Crystals as his Depot and the supply allow."""
    BLUEPRINT = "blueprint"
    """R-ORBIT-4: any display card; of the fuller row, the leftmost."""
    SCORED_BLUEPRINT = "scored_blueprint"
    """R-ORBIT-2, R-ORBIT-4: a card of a type his Scientists score; fuller row, leftmost."""
    TECH_TILE = "tech_tile"
    """R-ORBIT-5: the cheapest Tech tile of a type he lacks, leftmost."""
    ENTRY_SPACE = "entry_space"
    """R-ORBIT-5: the topmost free space of his Lab's first column."""
    MOST_DEVELOPED = "most_developed"
    """R-ORBIT-6 step 1: his most developed Tech that can advance."""
    LEAST_DEVELOPED = "least_developed"
    """R-ORBIT-6 step 2: his least developed Tech, other than the last one."""
    SAME_TECH = "same_tech"
    """R-ORBIT-6 step 2: the Tech just developed, once more."""
    LEVEL = "level"
    """R-ORBIT-6, R-TURN-6: a Tech's level before or after the step."""
    SITE = "site"
    """R-BUILD-9, R-LEVEL-2: a site making the largest Complex."""
    JOINED = "joined"
    """R-BUILD-5: the Complexes the site touches."""
    UPGRADE_BLUEPRINT = "upgrade_blueprint"
    """R-COLONY-3: the Blueprint he upgrades with."""
    BUILDING = "building"
    """R-COLONY-4: an eligible building for that Blueprint."""
    SCIENTIST = "scientist"
    """R-COLONY-6: the display Scientist of highest potential."""
    CONTRACT = "contract"
    """R-COLONY-7: the display Contract worth most."""
    TILE = "tile"
    """R-ROVER-3: the nearest eligible tile."""
    PATH = "path"
    """R-ROVER-6: a shortest path picking up the most Crystals."""
    PATH_CRYSTALS = "path_crystals"
    """R-ROVER-7: the hexes of that path holding a Crystal."""
    ROVER_HEX = "rover_hex"
    """R-BUILD-4: the hex his Rover stands on."""
    FREE_HEX = "free_hex"
    """R-BUILD-4: a nearest hex with no building and no figure."""
    DISCOVERY_TILE = "discovery_tile"
    """R-SHUTTLE-6: the leftmost tile of the Exploration spaces."""
    DISCOVERY_HEX = "discovery_hex"
    """R-SHUTTLE-6: an empty hex 3 from his Rover, farthest from the human's."""


@final
@attrs.frozen(kw_only=True)
class Described:
    """What the table says where a host would give a name: a criterion, and a tie.

    *number* of *of* is the option a tie-break chose, numbered the way the
    table counts (hexes row by row from the top, cards by display slot); a
    lone option is 1 of 1. *of* 0 is an option the player chooses among equal
    ones the table did not count (``tie_policy = chosen``).

    >>> Described(criterion=Criterion.SITE, number=3, of=3)
    Described(criterion=<Criterion.SITE: 'site'>, number=3, of=3)
    """

    criterion: Criterion
    number: int = 1
    of: int = 1

    def __str__(self) -> str:
        """A short label, e.g. ``site 3/3``, or ``site (chosen)``."""
        name = self.criterion.value.replace("_", " ")
        return f"{name} (chosen)" if self.of == 0 else f"{name} {self.number}/{self.of}"


D = TypeVar("D", default=Never)
"""How decisions name what a host would name: ``Never`` for a host, else :class:`Described`."""


@enum.unique
class CrystalSource(IdentityEnum):
    """Where a Crystal gain comes from."""

    MISSION = "mission"
    BLUEPRINT_PICKUP = "blueprint_pickup"
    ROVER_PATH = "rover_path"
    LSS_REWARD = "lss_reward"
    WAREHOUSE = "warehouse"
    BENEFIT = "benefit"

    @property
    def from_supply(self) -> bool:
        """Whether the Crystals come from the general supply (capped by it, R-CRYSTAL-2).

        Crystals picked up on the map or taken from the Warehouse are not.
        """
        return self not in (CrystalSource.ROVER_PATH, CrystalSource.WAREHOUSE)


@enum.unique
class PaymentPurpose(IdentityEnum):
    """What Crystals are paid for (R-COST, R-ROVER-5, R-ROVER-9)."""

    PLACEMENT = "placement"
    CONTRACT = "contract"
    TILE = "tile"
    MOVEMENT = "movement"


@final
@attrs.frozen(kw_only=True)
class StartingSpace(Generic[D]):
    """R-SETUP-7: his First Colonist tile names this space; he starts on *side*."""

    space: HostId | D
    """The id of the Turn Order space his First Colonist tile names."""
    side: Side
    """The side of that space, where he starts."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class RevealCard:
    """R-DECK-2: the card of this turn, and whether the deck was reshuffled for it."""

    card: int
    """The solo card turned, by its number in the library's solo deck (1 to 12)."""
    pass_count: int
    """The pass through his deck in progress: 1 until his first reshuffle (R-DECK-2)."""
    reshuffled: bool
    """Whether his draw pile was empty, and his discard pile shuffled into a new one."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class AdvanceMission(Generic[D]):
    """R-MISSION-1: move the Mission marker of *slot* one space."""

    slot: MissionSlot
    """The slot his card names."""
    mission: HostId | D
    """The id of the Mission card in that slot."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class GainCrystals(Generic[D]):
    """R-CRYSTAL-2: he gains *kept* of *requested* Crystals (the rest is lost)."""

    requested: int
    """The Crystals the gain gives."""
    kept: int | D
    """Those he keeps: as many as his free Depot spaces (and the supply) allow."""
    source: CrystalSource
    """Where they come from; only those from the general supply lower it."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class PayCrystals:
    """R-COST-2, R-COST-3, R-COLONY-7, R-ROVER-5, R-ROVER-9: he pays *amount* Crystals."""

    amount: int
    """The Crystals he pays, from his spendable ones."""
    purpose: PaymentPurpose
    """What he pays for."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class PlaceColonist:
    """R-COST-2: he places a Colonist on *action*."""

    action: Action
    """The action his Colonist goes on."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class ActionImpossible:
    """R-TURN-4: *action* cannot be done (rule *rule*); his Rover moves instead."""

    action: Action
    """The action of his card that he cannot do."""
    rule: str
    """The ID of the rule that makes it impossible (`R-ORBIT-1`)."""
    reason: str
    """Why, in words (`the display is empty`)."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class ObtainBlueprint(Generic[D]):
    """R-ORBIT-4: he takes *blueprint* from the display and parks a marker on it."""

    blueprint: HostId | D
    """The id of the Blueprint he takes."""
    row: BlueprintRow | D
    """The display row it was in."""
    slot: int | D
    """The display slot it was in; the slot stays empty."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class LearnTech(Generic[D]):
    """R-ORBIT-5: he puts grid tile *grid_tile* on his Lab entry space *lab_space*."""

    grid_tile: HostId | D
    """The id of the Tech grid tile he takes."""
    tech: TechType | D
    """The Tech of that tile."""
    lab_space: HostId | D
    """The topmost empty space of his Lab's entry column."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class DevelopTech(Generic[D]):
    """R-ORBIT-6, R-TURN-6, R-TO-10: his *tech* tile moves to space *space*, a level up."""

    tech: TechType | D
    """The Tech developed."""
    from_level: int | D
    """Its level before: the column of the space it leaves."""
    to_level: int | D
    """Its level after, one higher."""
    space: HostId | D
    """The Lab space entered: an empty space of column *to_level* his tile touched."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class Construct(Generic[D]):
    """R-BUILD: he constructs *building* on *hex*."""

    building: BuildingType
    """The type of the building he constructs."""
    hex: Hex | D
    """The site: a map hex with no building."""
    resulting_size: int
    """The size of the Complex of his new building, itself included."""
    joined_sizes: tuple[int, ...] | D
    """The sizes of the Complexes the site joins, largest first (none: it stands alone)."""
    tech_used: TechUsed
    """Whose Tech let the site join Complexes (none for a building alone, R-BUILD-10)."""
    miner: bool
    """Whether one of his Colonists goes on the new Mine (R-BUILD-11)."""
    pointer_before: BuildingType
    """The building type his Progress-area Bot pointed to before."""
    pointer_after: BuildingType
    """The type it points to after: the one after *building* in T2."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class Upgrade(Generic[D]):
    """R-COLONY-3, R-COLONY-4: he upgrades the building on *hex* with *blueprint*."""

    hex: Hex | D
    """The hex of the building upgraded."""
    blueprint: HostId | D
    """The id of his Blueprint he upgrades with."""
    tech_used: TechUsed
    """Whose Upgrade Tech sets how many buildings he may upgrade."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class HireScientist(Generic[D]):
    """R-COLONY-6: he hires *scientist* from display slot *slot*."""

    scientist: Scientist | D
    """The Scientist he hires."""
    slot: int | D
    """The display slot it was in; the slot stays empty."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class TakeContract(Generic[D]):
    """R-COLONY-7: he takes Contract *contract* from display slot *slot*."""

    contract: HostId | D
    """The id of the Contract he takes."""
    slot: int | D
    """The display slot it was in; the slot stays empty."""
    kind: ContractKind
    """The kind of that Contract."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class RefillContractDisplay(Generic[D]):
    """R-COLONY-8: the host shuffles the Contract deck and fills *slot*."""

    slot: int | D
    """The empty display slot to fill."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class MoveRover(Generic[D]):
    """R-ROVER: his Rover follows *path* (hexes entered, in order)."""

    path: tuple[Hex, ...] | D
    """The hexes his Rover enters, in order; none: it stays."""
    allowance: int
    """His movement: his base movement plus the level of the Rover Tech used (R-ROVER-4)."""
    crystals_paid: int
    """Crystals for hexes past the allowance, 1 each, to reach the tile (R-ROVER-5; paid before)."""
    crystal_hexes: tuple[Hex, ...] | D
    """Hexes entered that hold a Crystal, in path order (R-ROVER-7)."""
    target: HostId | D
    """The id of the tile he heads for."""
    reached: bool
    """Whether the path ends on that tile: he then collects it."""
    tech_used: TechUsed
    """Whose Rover Tech he used: it counts only if he moves past his base movement."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class CollectTile(Generic[D]):
    """R-ROVER-9: he collects *tile* (its reward gains follow)."""

    tile: HostId | D
    """The id of the tile he collects."""
    crystal_cost: int
    """The Crystals he paid for it (the PayCrystals before it)."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class RelocateRover(Generic[D]):
    """R-BUILD-4: his Rover leaves a hex he builds on."""

    from_hex: Hex | D
    """The hex he builds on, where his Rover stood."""
    to_hex: Hex | D
    """The nearest available hex it moves to (R-BUILD-4)."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class AdvanceProgressBot:
    """R-TO-5, R-LEVEL-3: the Progress-area Bot moves *steps* icons of T2."""

    steps: int
    """How many icons of the building sequence T2 it moves."""
    before: BuildingType
    """The building type it pointed to before."""
    after: BuildingType
    """The type it points to after."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class Travel(Generic[D]):
    """R-SHUTTLE-3..5: he travels to *side* and takes Turn Order space *space*."""

    side: Side
    """The side he travels to."""
    space: HostId | D
    """The id of the free Turn Order space he takes there."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class Stay:
    """R-SHUTTLE-2: he does not travel this Shuttle phase."""

    reason: str
    """Why he does not travel, in words."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class TakeBenefit:
    """R-TO-2: he takes *gain* from *source*; the decisions that carry it out follow."""

    gain: Gain
    """The gain he takes."""
    source: str
    """What gives it, in words (`Turn Order space s3`, `tile t7`)."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class TakeWarehouseItem:
    """R-TO-3: he takes *item*; a Crystal is his, a Resource goes to the supply."""

    item: Item
    """The Warehouse item he takes (from the leftmost stock of it)."""
    to_supply: bool
    """Whether it goes to the general supply (a Resource) rather than to him."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class PlaceDiscoveryTile(Generic[D]):
    """R-SHUTTLE-6: the leftmost Discovery tile goes on *hex*, or nothing is placed."""

    tile: HostId | D | None
    """The id of the leftmost Discovery tile; `null`: none is placed."""
    hex: Hex | D | None
    """The hex it goes on; `null`: none is placed."""
    reason: str = ""
    """Why nothing is placed, in words; empty when a tile is."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class BuildShelter(Generic[D]):
    """R-LEVEL-2, R-BUILD-3: he builds one of his Shelters on *hex*."""

    hex: Hex | D
    """The site: a map hex with no building."""
    resulting_size: int
    """The size of the Complex of his new Shelter, itself included."""
    joined_sizes: tuple[int, ...] | D
    """The sizes of the Complexes the site joins, largest first (none: it stands alone)."""
    tech_used: TechUsed
    """Whose Tech let it join Complexes (his own Shelter Tech only, R-BUILD-10)."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class GainShip:
    """R-LEVEL-4: a Ship moves from his Depot to his Hangar."""

    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class GainBot:
    """R-LEVEL-5: a Bot goes onto his player board."""

    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class ChooseLssReward:
    """R-LSS-1, R-LSS-2: his second benefit for building *building* (``None``: none offered)."""

    building: BuildingType
    """The building type he just built."""
    reward: LssReward | None
    """The second benefit he takes; `null`: none is offered."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class GiveOxygen:
    """R-TURN-7: he used the human's *tech*; the human gains 1 Oxygen."""

    tech: TechType
    """The human's Tech he used."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class LoseBenefit:
    """R-TO-2, R-TO-6, R-TO-9: *gain* is lost."""

    gain: Gain
    """The gain lost."""
    reason: str
    """Why it is lost, in words."""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class SkipTurn:
    """R-TURN-5: no action and no Rover target; he skips the turn."""

    reason: str
    """Why he has nothing to do, in words."""
    trace: Trace = attrs.field(factory=Trace)


# A generic alias: ``Decision`` is ``Decision[Never]``, what a host receives.
Decision = (
    StartingSpace[D]
    | RevealCard
    | AdvanceMission[D]
    | GainCrystals[D]
    | PayCrystals
    | PlaceColonist
    | ActionImpossible
    | ObtainBlueprint[D]
    | LearnTech[D]
    | DevelopTech[D]
    | Construct[D]
    | Upgrade[D]
    | HireScientist[D]
    | TakeContract[D]
    | RefillContractDisplay[D]
    | MoveRover[D]
    | CollectTile[D]
    | RelocateRover[D]
    | AdvanceProgressBot
    | Travel[D]
    | Stay
    | TakeBenefit
    | TakeWarehouseItem
    | PlaceDiscoveryTile[D]
    | BuildShelter[D]
    | GainShip
    | GainBot
    | ChooseLssReward
    | GiveOxygen
    | LoseBenefit
    | SkipTurn
)
"""Every decision of spec §6 (a closed union); JSON tags them by class name."""

DECISION_TYPES: tuple[type, ...] = (
    StartingSpace,
    RevealCard,
    AdvanceMission,
    GainCrystals,
    PayCrystals,
    PlaceColonist,
    ActionImpossible,
    ObtainBlueprint,
    LearnTech,
    DevelopTech,
    Construct,
    Upgrade,
    HireScientist,
    TakeContract,
    RefillContractDisplay,
    MoveRover,
    CollectTile,
    RelocateRover,
    AdvanceProgressBot,
    Travel,
    Stay,
    TakeBenefit,
    TakeWarehouseItem,
    PlaceDiscoveryTile,
    BuildShelter,
    GainShip,
    GainBot,
    ChooseLssReward,
    GiveOxygen,
    LoseBenefit,
    SkipTurn,
)
"""The classes of :data:`Decision`, in the order of spec §6 (serialization tags)."""
