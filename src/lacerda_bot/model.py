"""Shared vocabulary of the rules: enums, gains and the constant tables T2, T3.

Enum values are lowercase strings; they are the JSON format.
"""

import enum
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, NewType, final

import attrs

from lacerda_bot._enum import IdentityEnum
from lacerda_bot._validate import record_count, record_instance, record_optional
from lacerda_bot.errors import InvalidValueError

__all__ = [
    "BUILDING_SEQUENCE",
    "LSS_TYPES",
    "SCIENTIST_SCORES",
    "Action",
    "BlueprintRow",
    "BuildingType",
    "ContractKind",
    "FigureKind",
    "Gain",
    "GainKind",
    "HostId",
    "Item",
    "LssReward",
    "MissionSlot",
    "Owner",
    "Scientist",
    "Side",
    "TechType",
    "TechUsed",
    "TileKind",
    "next_in_sequence",
    "scored_type",
]

HostId = NewType("HostId", str)
"""An id the host gives to a tile, card, space or building; compared by code point."""


@enum.unique
class Side(IdentityEnum):
    """The two sides of the board (V1)."""

    ORBIT = "orbit"
    COLONY = "colony"


@enum.unique
class Owner(IdentityEnum):
    """Whose piece it is."""

    LACERDA = "lacerda"
    HUMAN = "human"


@enum.unique
class BuildingType(IdentityEnum):
    """Building types: the Mine, the four LSS types and the Shelter."""

    MINE = "mine"
    GENERATOR = "generator"
    WATER_EXTRACTOR = "water_extractor"
    GREENHOUSE = "greenhouse"
    OXYGEN_CONDENSER = "oxygen_condenser"
    SHELTER = "shelter"


BUILDING_SEQUENCE: Final[tuple[BuildingType, ...]] = (
    BuildingType.MINE,
    BuildingType.GENERATOR,
    BuildingType.WATER_EXTRACTOR,
    BuildingType.GREENHOUSE,
    BuildingType.OXYGEN_CONDENSER,
)
"""T2: the Progress-area Bot's building sequence; index = pointer value."""

LSS_TYPES: Final[frozenset[BuildingType]] = frozenset(BUILDING_SEQUENCE[1:])
"""The four Life Support System types."""


def next_in_sequence(building: BuildingType, steps: int = 1) -> BuildingType:
    """T2 ``next(i) = (i + 1) mod 5``, applied *steps* times (R-BUILD-1, R-TO-5).

    >>> next_in_sequence(BuildingType.GREENHOUSE, 2)
    <BuildingType.MINE: 'mine'>
    """
    if building not in BUILDING_SEQUENCE:
        raise InvalidValueError("building", "a type of the sequence T2", building)
    index = BUILDING_SEQUENCE.index(building)
    return BUILDING_SEQUENCE[(index + steps) % len(BUILDING_SEQUENCE)]


@enum.unique
class TechType(IdentityEnum):
    """Tech types the rules read: one per building type, the Rover and the Upgrade."""

    MINE = "mine"
    GENERATOR = "generator"
    WATER_EXTRACTOR = "water_extractor"
    GREENHOUSE = "greenhouse"
    OXYGEN_CONDENSER = "oxygen_condenser"
    SHELTER = "shelter"
    ROVER = "rover"
    UPGRADE = "upgrade"

    @classmethod
    def for_building(cls, building: BuildingType) -> "TechType":
        """The Tech that joins Complexes of *building* (R-BUILD-7)."""
        return cls(building.value)


@enum.unique
class TechUsed(IdentityEnum):
    """Whose Tech a decision used (R-BUILD-10)."""

    NONE = "none"
    OWN = "own"
    HUMAN = "human"


@enum.unique
class Scientist(IdentityEnum):
    """The six Scientists (T3)."""

    GEOLOGIST = "geologist"
    RD_ENGINEER = "rd_engineer"
    HYDROLOGIST = "hydrologist"
    BIOCHEMIST = "biochemist"
    GEOCHEMIST = "geochemist"
    SYSTEMS_ENGINEER = "systems_engineer"


SCIENTIST_SCORES: Final[tuple[tuple[Scientist, BuildingType], ...]] = (
    (Scientist.GEOLOGIST, BuildingType.GENERATOR),
    (Scientist.RD_ENGINEER, BuildingType.WATER_EXTRACTOR),
    (Scientist.HYDROLOGIST, BuildingType.GREENHOUSE),
    (Scientist.BIOCHEMIST, BuildingType.OXYGEN_CONDENSER),
    (Scientist.GEOCHEMIST, BuildingType.SHELTER),
    (Scientist.SYSTEMS_ENGINEER, BuildingType.MINE),
)
"""T3: the building type each Scientist scores."""


_SCORED: Final[Mapping[Scientist, BuildingType]] = MappingProxyType(
    dict(SCIENTIST_SCORES)
)


def scored_type(scientist: Scientist) -> BuildingType:
    """The building type *scientist* scores (T3)."""
    return _SCORED[scientist]


@enum.unique
class ContractKind(IdentityEnum):
    """Earth Contract kinds (T4)."""

    UPGRADE = "upgrade"
    DELIVERY = "delivery"

    @property
    def completed_op(self) -> int:
        """OP when completed: Upgrade 12, Delivery 9 (T4)."""
        return 12 if self is ContractKind.UPGRADE else 9


@enum.unique
class TileKind(IdentityEnum):
    """Map tile kinds (V6)."""

    RESEARCH = "research"
    DISCOVERY = "discovery"


@enum.unique
class FigureKind(IdentityEnum):
    """Figures other than the two Rovers (spec §0)."""

    BOT = "bot"
    COLONIST = "colonist"
    ADVANCED_MARKER = "advanced_marker"


@enum.unique
class Item(IdentityEnum):
    """Warehouse items (V13)."""

    CRYSTAL = "crystal"
    MINERAL = "mineral"
    BATTERY = "battery"
    WATER = "water"
    PLANT = "plant"
    OXYGEN = "oxygen"


@enum.unique
class MissionSlot(IdentityEnum):
    """Mission letters on the solo cards (V16)."""

    A = "a"
    B = "b"
    C = "c"


@enum.unique
class BlueprintRow(IdentityEnum):
    """Rows of the Blueprint display (V10)."""

    TOP = "top"
    BOTTOM = "bottom"


@enum.unique
class LssReward(IdentityEnum):
    """The two LSS second benefits Lacerda chooses between (R-LSS-1)."""

    RETRIEVE_COLONIST = "retrieve_colonist"
    CRYSTAL = "crystal"


@enum.unique
class Action(IdentityEnum):
    """The six card actions (R-TURN-1 table)."""

    OBTAIN_BLUEPRINT = "obtain_blueprint"
    LEARN_TECH = "learn_tech"
    RESEARCH_DEVELOPMENT = "research_development"
    CONSTRUCT = "construct"
    UPGRADE = "upgrade"
    HIRE_OR_CONTRACT = "hire_or_contract"

    @classmethod
    def for_card(cls, side: Side, number: int) -> "Action":
        """The action of card number *number* (1..3) on *side* (R-TURN-1)."""
        table = _ORBIT_ACTIONS if side is Side.ORBIT else _COLONY_ACTIONS
        return table[number - 1]

    @property
    def places_colonist(self) -> bool:
        """Red-Colonist actions: all but Learn New Technology (R-COST-1)."""
        return self is not Action.LEARN_TECH


_ORBIT_ACTIONS: Final = (
    Action.OBTAIN_BLUEPRINT,
    Action.LEARN_TECH,
    Action.RESEARCH_DEVELOPMENT,
)
_COLONY_ACTIONS: Final = (Action.CONSTRUCT, Action.UPGRADE, Action.HIRE_OR_CONTRACT)


@enum.unique
class GainKind(IdentityEnum):
    """Kinds of gain a space or tile gives (spec §2.1, T6)."""

    WAREHOUSE = "warehouse"
    TECH = "tech"
    COLONIST = "colonist"
    BOT = "bot"
    BLUEPRINT = "blueprint"
    CRYSTALS = "crystals"
    RESOURCES = "resources"
    DEVELOP = "develop"
    ROVER = "rover"
    CONSTRUCT = "construct"
    UPGRADE = "upgrade"
    SHIP = "ship"
    OTHER = "other"


_COUNTED: Final = frozenset({GainKind.CRYSTALS, GainKind.DEVELOP, GainKind.ROVER})


@final
@attrs.frozen(kw_only=True)
class Gain:
    """One gain of a Turn Order space, Lab space or map tile (spec §2.1).

    Every field is checked when the gain is made: *kind* must be a
    :class:`GainKind` (not its string value), or InvalidValueError names the
    field (``Gain.kind``).

    >>> Gain(kind=GainKind.CRYSTALS, n=2)
    Gain(kind=<GainKind.CRYSTALS: 'crystals'>, n=2, building=None, description='')
    """

    kind: GainKind = attrs.field(validator=record_instance(GainKind))
    """What is gained."""
    n: int = attrs.field(default=1, validator=record_count(0))
    """The count for ``CRYSTALS``, ``DEVELOP`` and ``ROVER``; 1 elsewhere."""
    building: BuildingType | None = attrs.field(
        default=None, validator=record_optional(BuildingType)
    )
    """For ``CONSTRUCT``: the type, or ``None`` for *any* (R-BUILD-3)."""
    description: str = attrs.field(default="", validator=record_instance(str))
    """For ``OTHER``: the host's words, echoed in ``LoseBenefit``."""

    def __attrs_post_init__(self) -> None:
        """Check that only counted kinds carry a count and only CONSTRUCT a type."""
        if self.kind not in _COUNTED and self.n != 1:
            raise InvalidValueError("Gain.n", f"1 for {self.kind.value}", self.n)
        if self.building is not None and self.kind is not GainKind.CONSTRUCT:
            raise InvalidValueError(
                "Gain.building", "no building type but for construct", self.building
            )

    def __str__(self) -> str:
        """A short label such as ``crystals(2)`` or ``construct(any)``."""
        if self.kind in _COUNTED:
            return f"{self.kind.value}({self.n})"
        if self.kind is GainKind.CONSTRUCT:
            return f"construct({self.building.value if self.building else 'any'})"
        return str(self.kind.value)
