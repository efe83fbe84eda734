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
    water_extractor: int = _count()
    greenhouse: int = _count()
    oxygen_condenser: int = _count()

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
    rewards: tuple[LssReward, ...] = attrs.field(validator=record_tuple(LssReward))


@final
@attrs.frozen(kw_only=True)
class Building:
    """V4: a building on the map."""

    id: HostId = attrs.field(validator=_ID)
    hex: Hex = attrs.field(validator=record_hex)
    type: BuildingType = attrs.field(validator=record_instance(BuildingType))
    owner: Owner | None = attrs.field(default=None, validator=_OWNER)
    """Shelters have an owner; other buildings belong to the colony (``None``)."""
    upgraded_by: Owner | None = attrs.field(default=None, validator=_OWNER)
    """Whose Advanced Building marker is on it, if any."""


@final
@attrs.frozen(kw_only=True)
class Figure:
    """V5: a figure on the map other than the two Rovers."""

    hex: Hex = attrs.field(validator=record_hex)
    kind: FigureKind = attrs.field(validator=record_instance(FigureKind))
    owner: Owner = attrs.field(validator=record_instance(Owner))


@final
@attrs.frozen(kw_only=True)
class Tile:
    """V6/V7: a Research or Discovery tile, wherever it lies."""

    id: HostId = attrs.field(validator=_ID)
    kind: TileKind = attrs.field(validator=record_instance(TileKind))
    crystal_cost: int = _count()
    requirement_met: bool = _flag(True)
    """Whether Lacerda meets its non-Crystal requirement (host-judged)."""
    reward: tuple[Gain, ...] = attrs.field(default=(), validator=_GAINS)


@final
@attrs.frozen(kw_only=True)
class MapTile:
    """V6: a tile on a map hex."""

    hex: Hex = attrs.field(validator=record_hex)
    tile: Tile = attrs.field(validator=record_instance(Tile))


@final
@attrs.frozen(kw_only=True)
class GridTile:
    """V8: a Tech tile on the Tech grid."""

    id: HostId = attrs.field(validator=_ID)
    tech: TechType = attrs.field(validator=record_instance(TechType))
    row: int = _count()
    column: int = _count()
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
    level: int = attrs.field(validator=_NON_NEGATIVE)


@final
@attrs.frozen(kw_only=True)
class Blueprint:
    """T5/V10: a Blueprint card."""

    id: HostId = attrs.field(validator=_ID)
    building: BuildingType = attrs.field(validator=record_instance(BuildingType))
    level: int = attrs.field(validator=record_one_of((1, 3)))


@final
@attrs.frozen(kw_only=True)
class DisplayedBlueprint:
    """V10: a Blueprint in a display slot."""

    row: BlueprintRow = attrs.field(validator=record_instance(BlueprintRow))
    slot: int = _count()
    """Left to right, from 0."""
    blueprint: Blueprint = attrs.field(validator=record_instance(Blueprint))
    pickup_crystals: int = _count()
    """Crystals gained on pickup; a Resource pickup is 0 (he takes none)."""


@final
@attrs.frozen(kw_only=True)
class HeldBlueprint:
    """V10: one of Lacerda's Blueprints."""

    blueprint: Blueprint = attrs.field(validator=record_instance(Blueprint))
    used: bool = _flag(False)


@final
@attrs.frozen(kw_only=True)
class ScientistSlot:
    """V11: a Scientist on display."""

    slot: int = _count()
    scientist: Scientist = attrs.field(validator=record_instance(Scientist))


def _contract_op(slot: "ContractSlot") -> int:
    kind: object = slot.kind  # checked after the defaults are made
    return kind.completed_op if isinstance(kind, ContractKind) else 0


@final
@attrs.frozen(kw_only=True)
class ContractSlot:
    """V11: an Earth Contract on display."""

    slot: int = _count()
    id: HostId = attrs.field(validator=_ID)
    kind: ContractKind = attrs.field(validator=record_instance(ContractKind))
    op: int = attrs.field(
        default=attrs.Factory(_contract_op, takes_self=True), validator=_NON_NEGATIVE
    )
    """OP when completed: T4's 12 or 9 unless the host says otherwise."""


@final
@attrs.frozen(kw_only=True)
class Occupancy:
    """V12: Colonists present on each red-Colonist action (R-COST-2)."""

    obtain_blueprint: int = _count()
    research_development: int = _count()
    construct: int = _count()
    upgrade: int = _count()
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
    units: int = _count()


@final
@attrs.frozen(kw_only=True)
class TurnOrderSpace:
    """V14: a Turn Order space."""

    id: HostId = attrs.field(validator=_ID)
    side: Side = attrs.field(validator=record_instance(Side))
    number: int = _count()
    gains: tuple[Gain, ...] = attrs.field(default=(), validator=_GAINS)
    occupied: bool = _flag(False)


@final
@attrs.frozen(kw_only=True)
class Mission:
    """V16: the Mission in slot A, B or C."""

    slot: MissionSlot = attrs.field(validator=record_instance(MissionSlot))
    id: HostId = attrs.field(validator=_ID)
    completed: bool = _flag(False)
    crystals: int = _count()
    """Crystals per contribution."""


@final
@attrs.frozen(kw_only=True)
class AdvancedCount:
    """V21: Advanced Buildings of one type on Mars, whoever owns them (T3 scoring)."""

    building: BuildingType = attrs.field(validator=record_instance(BuildingType))
    count: int = _count()
