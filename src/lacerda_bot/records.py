"""Frozen records the host reports through its views (spec §2, V1..V20).

Hosts build these values from their own objects; nothing needs to inherit
from lacerda_bot. Every field is checked where the record is made: a count
must be an ``int`` (not a ``bool``) in range, an enum field a member of its
enum (not its string value), a flag a ``bool``, an id a ``str``, a hex a
:class:`~lacerda_bot.hexmap.Hex` with int coordinates, and a tuple field a
``tuple`` of its item type. A wrong field raises InvalidValueError naming it
as ``Class.field`` (``Building.type: expected a BuildingType, got 'mine'``).
Cross-record rules are checked when a view is read (see
:func:`lacerda_bot.read_view`).
"""

from typing import Final, assert_never, final

import attrs

from lacerda_bot._validate import (
    record_count,
    record_hex,
    record_instance,
    record_one_of,
    record_optional,
    record_tuple,
)
from lacerda_bot.hexmap import Hex
from lacerda_bot.model import (
    Action,
    BlueprintRow,
    BuildingType,
    ContractKind,
    FigureKind,
    Gain,
    HostId,
    Item,
    LssReward,
    MissionSlot,
    Owner,
    Scientist,
    Side,
    TechType,
    TileKind,
)

__all__ = [
    "MAX_LAB_LEVEL",
    "MAX_PROGRESS_CUBES",
    "AdvancedCount",
    "Blueprint",
    "Building",
    "ContractSlot",
    "DisplayedBlueprint",
    "Figure",
    "GridTile",
    "HeldBlueprint",
    "HumanTech",
    "LabSpace",
    "LssMarkers",
    "LssOffer",
    "MapTile",
    "Mission",
    "Occupancy",
    "OwnTech",
    "ScientistSlot",
    "Stock",
    "Tile",
    "TurnOrderSpace",
]


MAX_LAB_LEVEL: Final = 20
"""The most columns a Lab may have (the printed Lab has 6), so the highest level.

A bound on what one gain can make him do: each development step advances a Tech
one level (R-TO-10), so a ``DEVELOP(n)`` gain, whatever its n, takes at most
this many steps per Tech.
"""


MAX_PROGRESS_CUBES: Final = 5
"""The most Progress cubes a player has (the scoring table of T3 ends at 5)."""


def _count(default: int = 0) -> int:
    return attrs.field(default=default, validator=_NON_NEGATIVE)


def _flag(default: bool) -> bool:
    return attrs.field(default=default, validator=_BOOL)


_NON_NEGATIVE: Final = record_count(0)
_BOOL: Final = record_instance(bool)
_ID: Final = record_instance(str, "an id (a str)")
_GAINS: Final = record_tuple(Gain)
_OWNER: Final = record_optional(Owner)
_TOUCHES: Final = record_tuple(str)


@final
@attrs.frozen(kw_only=True)
class LssMarkers:
    """V2: the LSS marker level of each LSS type."""

    generator: int = _count()
    """The level of the Generator LSS marker (0: not yet raised)."""
    water_extractor: int = _count()
    """The level of the Water Extractor LSS marker."""
    greenhouse: int = _count()
    """The level of the Greenhouse LSS marker."""
    oxygen_condenser: int = _count()
    """The level of the Oxygen Condenser LSS marker."""

    def level(self, building: BuildingType) -> int:
        """The marker of *building*'s LSS type (0 for Mines and Shelters)."""
        match building:
            case BuildingType.GENERATOR:
                return self.generator
            case BuildingType.WATER_EXTRACTOR:
                return self.water_extractor
            case BuildingType.GREENHOUSE:
                return self.greenhouse
            case BuildingType.OXYGEN_CONDENSER:
                return self.oxygen_condenser
            case BuildingType.MINE | BuildingType.SHELTER:
                return 0
            case unreachable:
                assert_never(unreachable)

    def raised(self, building: BuildingType) -> "LssMarkers":
        """The markers with *building*'s LSS type one level higher (R-SETUP-5)."""
        level = self.level(building) + 1
        match building:
            case BuildingType.GENERATOR:
                return attrs.evolve(self, generator=level)
            case BuildingType.WATER_EXTRACTOR:
                return attrs.evolve(self, water_extractor=level)
            case BuildingType.GREENHOUSE:
                return attrs.evolve(self, greenhouse=level)
            case BuildingType.OXYGEN_CONDENSER:
                return attrs.evolve(self, oxygen_condenser=level)
            case BuildingType.MINE | BuildingType.SHELTER:
                return self
            case unreachable:
                assert_never(unreachable)


@final
@attrs.frozen(kw_only=True)
class LssOffer:
    """V20: the second benefits a building of *building* may take (R-LSS-2)."""

    building: BuildingType = attrs.field(validator=record_instance(BuildingType))
    """The LSS type whose buildings may take these benefits."""
    rewards: tuple[LssReward, ...] = attrs.field(validator=record_tuple(LssReward))
    """The second benefits on offer for it."""


@final
@attrs.frozen(kw_only=True)
class Building:
    """V4: a building on the map."""

    id: HostId = attrs.field(validator=_ID)
    """The host's id of the building, unique on the board."""
    hex: Hex = attrs.field(validator=record_hex)
    """The map hex it stands on (one building a hex)."""
    type: BuildingType = attrs.field(validator=record_instance(BuildingType))
    """Its type: a Mine, an LSS building or a Shelter."""
    owner: Owner | None = attrs.field(default=None, validator=_OWNER)
    """Shelters have an owner; other buildings belong to the colony (``None``)."""
    upgraded_by: Owner | None = attrs.field(default=None, validator=_OWNER)
    """Whose Advanced Building marker is on it, if any."""


@final
@attrs.frozen(kw_only=True)
class Figure:
    """V5: a figure on the map other than the two Rovers."""

    hex: Hex = attrs.field(validator=record_hex)
    """The map hex it stands on."""
    kind: FigureKind = attrs.field(validator=record_instance(FigureKind))
    """A Bot, a Colonist or an Advanced Building marker."""
    owner: Owner = attrs.field(validator=record_instance(Owner))
    """Whose figure it is."""


@final
@attrs.frozen(kw_only=True)
class Tile:
    """V6/V7: a Research or Discovery tile, wherever it lies."""

    id: HostId = attrs.field(validator=_ID)
    """The host's id of the tile, unique among the tiles of the board."""
    kind: TileKind = attrs.field(validator=record_instance(TileKind))
    """A Research or a Discovery tile."""
    crystal_cost: int = _count()
    """The Crystals he pays to collect it (R-ROVER-9)."""
    requirement_met: bool = _flag(True)
    """Whether Lacerda meets its non-Crystal requirement (host-judged)."""
    reward: tuple[Gain, ...] = attrs.field(default=(), validator=_GAINS)
    """What collecting it gives him, gains taken in the order listed."""


@final
@attrs.frozen(kw_only=True)
class MapTile:
    """V6: a tile on a map hex."""

    hex: Hex = attrs.field(validator=record_hex)
    """The map hex it lies on (one tile a hex, none under a building)."""
    tile: Tile = attrs.field(validator=record_instance(Tile))
    """The tile itself."""


@final
@attrs.frozen(kw_only=True)
class GridTile:
    """V8: a Tech tile on the Tech grid."""

    id: HostId = attrs.field(validator=_ID)
    """The host's id of the tile, unique on the grid."""
    tech: TechType = attrs.field(validator=record_instance(TechType))
    """The Tech it teaches."""
    row: int = _count()
    """Its row on the grid, counted from 0."""
    column: int = _count()
    """Its column, from 0 at the left: of the cheapest, the leftmost is learnt (R-ORBIT-5)."""
    cost_rank: int = _count()
    """0 is free; higher is dearer."""


@final
@attrs.frozen(kw_only=True)
class LabSpace:
    """V9 (1.3): one space of his Laboratory, as his player board prints it.

    Columns count from 1, the entry column, to the board's ``lab_columns``;
    a Tech tile's level is the column of the space it stands on. The columns
    are staggered, so a space touches one or two spaces of the next column
    (*touches*: their ids), and a space of the last column touches none. A
    tile develops into an empty space its space touches (R-ORBIT-6).
    """

    id: HostId = attrs.field(validator=_ID)
    """The host's id of the space, unique in his Lab."""
    column: int = attrs.field(validator=record_count(1, maximum=MAX_LAB_LEVEL))
    """1 is the entry column; the highest is the board's ``lab_columns``."""
    position: int = _count()
    """Its place in its column, from 0 at the top."""
    gains: tuple[Gain, ...] = attrs.field(default=(), validator=_GAINS)
    """What entering the space gives him (none: a blank space)."""
    touches: tuple[HostId, ...] = attrs.field(default=(), validator=_TOUCHES)
    """The ids of the next column's spaces it touches (one or two; none in the last)."""
    tech: TechType | None = attrs.field(
        default=None, validator=record_optional(TechType)
    )
    """His Tech tile standing on it, by type; ``None`` when the space is empty."""


@final
@attrs.frozen(kw_only=True)
class OwnTech:
    """V9: one of Lacerda's Techs, as his Lab shows it (read from his Lab's spaces)."""

    tech: TechType = attrs.field(validator=record_instance(TechType))
    level: int = attrs.field(validator=record_count(1))
    """The column of its space."""
    space: HostId = attrs.field(validator=_ID)
    """The id of the space it stands on."""
    position: int = _count()
    """That space's place in its column (0 at the top)."""


@final
@attrs.frozen(kw_only=True)
class HumanTech:
    """V9: one of the human's Techs."""

    tech: TechType = attrs.field(validator=record_instance(TechType))
    """The Tech (one entry per Tech of the human's)."""
    level: int = attrs.field(validator=_NON_NEGATIVE)
    """Its level."""


@final
@attrs.frozen(kw_only=True)
class Blueprint:
    """T5/V10: a Blueprint card."""

    id: HostId = attrs.field(validator=_ID)
    """The host's id of the card, unique among the board's Blueprints."""
    building: BuildingType = attrs.field(validator=record_instance(BuildingType))
    """The building type it upgrades."""
    level: int = attrs.field(validator=record_one_of((1, 3)))
    """The card's level: 1 or 3 (T5)."""


@final
@attrs.frozen(kw_only=True)
class DisplayedBlueprint:
    """V10: a Blueprint in a display slot."""

    row: BlueprintRow = attrs.field(validator=record_instance(BlueprintRow))
    """The display row it is in."""
    slot: int = _count()
    """Left to right, from 0."""
    blueprint: Blueprint = attrs.field(validator=record_instance(Blueprint))
    """The card."""
    pickup_crystals: int = _count()
    """Crystals gained on pickup; a Resource pickup is 0 (he takes none)."""


@final
@attrs.frozen(kw_only=True)
class HeldBlueprint:
    """V10: one of Lacerda's Blueprints."""

    blueprint: Blueprint = attrs.field(validator=record_instance(Blueprint))
    """The card."""
    used: bool = _flag(False)
    """Whether he has upgraded with it (his marker has left it)."""


@final
@attrs.frozen(kw_only=True)
class ScientistSlot:
    """V11: a Scientist on display."""

    slot: int = _count()
    """The display slot, from 0; a hired Scientist leaves its slot empty."""
    scientist: Scientist = attrs.field(validator=record_instance(Scientist))
    """The Scientist shown there."""


def _contract_op(slot: "ContractSlot") -> int:
    kind: object = slot.kind  # checked after the defaults are made
    return kind.completed_op if isinstance(kind, ContractKind) else 0


@final
@attrs.frozen(kw_only=True)
class ContractSlot:
    """V11: an Earth Contract on display."""

    slot: int = _count()
    """The display slot, from 0; a taken Contract leaves its slot empty."""
    id: HostId = attrs.field(validator=_ID)
    """The host's id of the card, unique on the display."""
    kind: ContractKind = attrs.field(validator=record_instance(ContractKind))
    """Which kind of Earth Contract it is."""
    op: int = attrs.field(
        default=attrs.Factory(_contract_op, takes_self=True), validator=_NON_NEGATIVE
    )
    """OP when completed: T4's 12 or 9 unless the host says otherwise."""


@final
@attrs.frozen(kw_only=True)
class Occupancy:
    """V12: Colonists present on each red-Colonist action (R-COST-2)."""

    obtain_blueprint: int = _count()
    """Colonists on the Obtain a Blueprint action."""
    research_development: int = _count()
    """Colonists on the Research and Development action."""
    construct: int = _count()
    """Colonists on the Construct a Building action."""
    upgrade: int = _count()
    """Colonists on the Upgrade a Building action."""
    hire_or_contract: int = _count()
    """Colony 3: those the 2-player rules charge for on his Hire slot."""

    def present(self, action: Action) -> int:
        """Colonists present on *action* (0 for Learn New Technology, R-COST-1)."""
        match action:
            case Action.OBTAIN_BLUEPRINT:
                return self.obtain_blueprint
            case Action.RESEARCH_DEVELOPMENT:
                return self.research_development
            case Action.CONSTRUCT:
                return self.construct
            case Action.UPGRADE:
                return self.upgrade
            case Action.HIRE_OR_CONTRACT:
                return self.hire_or_contract
            case Action.LEARN_TECH:
                return 0
            case unreachable:
                assert_never(unreachable)

    def placed(self, action: Action) -> "Occupancy":
        """This occupancy with one more Colonist on *action* (R-COST-2)."""
        count = self.present(action) + 1
        match action:
            case Action.OBTAIN_BLUEPRINT:
                return attrs.evolve(self, obtain_blueprint=count)
            case Action.RESEARCH_DEVELOPMENT:
                return attrs.evolve(self, research_development=count)
            case Action.CONSTRUCT:
                return attrs.evolve(self, construct=count)
            case Action.UPGRADE:
                return attrs.evolve(self, upgrade=count)
            case Action.HIRE_OR_CONTRACT:
                return attrs.evolve(self, hire_or_contract=count)
            case Action.LEARN_TECH:
                return self
            case unreachable:
                assert_never(unreachable)


@final
@attrs.frozen(kw_only=True)
class Stock:
    """V13: one Warehouse item and its units."""

    item: Item = attrs.field(validator=record_instance(Item))
    """What the Warehouse space holds."""
    units: int = _count()
    """How many units of it are left there."""


@final
@attrs.frozen(kw_only=True)
class TurnOrderSpace:
    """V14: a Turn Order space."""

    id: HostId = attrs.field(validator=_ID)
    """The host's id of the space, unique among the Turn Order spaces."""
    side: Side = attrs.field(validator=record_instance(Side))
    """The side of the board it is on."""
    number: int = _count()
    """Its printed number: a free space he may take is numbered by it (R-SHUTTLE-3)."""
    gains: tuple[Gain, ...] = attrs.field(default=(), validator=_GAINS)
    """What taking the space gives, gains taken in the order listed."""
    occupied: bool = _flag(False)
    """Whether a figure stands on it."""


@final
@attrs.frozen(kw_only=True)
class Mission:
    """V16: the Mission in slot A, B or C."""

    slot: MissionSlot = attrs.field(validator=record_instance(MissionSlot))
    """Slot A, B or C: the Mission his solo card names by slot."""
    id: HostId = attrs.field(validator=_ID)
    """The host's id of the Mission card."""
    completed: bool = _flag(False)
    """Whether its track is full: his card then moves and pays nothing (R-MISSION-2)."""
    crystals: int = _count()
    """Crystals per contribution."""


@final
@attrs.frozen(kw_only=True)
class AdvancedCount:
    """V21: Advanced Buildings of one type on Mars, whoever owns them (T3 scoring)."""

    building: BuildingType = attrs.field(validator=record_instance(BuildingType))
    """The building type."""
    count: int = _count()
    """How many Advanced Buildings of that type are on Mars."""
