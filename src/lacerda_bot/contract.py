"""What each decision asks of the host: the fields it changes, what the host decides.

The library decides and the host applies (R-SETUP-3, R-TURN-9). This module says,
once and as data, what applying each decision type of
:data:`~lacerda_bot.decisions.DECISION_TYPES` means: which host facts change (named by
the properties of :class:`~lacerda_bot.host.HostState`, which are also the fields of
the reference host's :class:`~lacerda_bot.Board`) and how, what the host chooses
itself, and the rules behind it. ``docs/host-contract.md`` is generated from it
(``python -m lacerda_bot.contract > docs/host-contract.md``), and the tests check it
against the reference host, :func:`lacerda_bot.testing.apply`.

A change marked ``forecast=False`` is the host's alone: the library does not make it
in its working copy of the view (R-SETUP-5), nor does the reference host. Either way
the host's next view is authoritative.

>>> from lacerda_bot.decisions import GainShip
>>> [change.field for change in contract_of(GainShip).changes]
['ships_left', 'ships_in_hangar', 'free_depot_spaces']
"""

import enum
import json
import sys
import typing
from collections.abc import Mapping
from typing import Any, Final, final

import attrs

import lacerda_bot.decisions as d
from lacerda_bot._enum import IdentityEnum
from lacerda_bot._field_tables import field_tables
from lacerda_bot._validate import is_instance, is_int
from lacerda_bot.errors import InvalidValueError
from lacerda_bot.lab import PRINTED_COLUMNS, picture, staggered
from lacerda_bot.model import (
    BuildingType,
    Gain,
    GainKind,
    HostId,
    MissionSlot,
    TechType,
)
from lacerda_bot.serialization import unstructure

__all__ = [
    "DECISION_CONTRACTS",
    "FIELD_OWNERS",
    "HOST_DUTIES",
    "REFERENCE_STAND_INS",
    "DecisionContract",
    "FieldChange",
    "FieldOwner",
    "HostValues",
    "MissionCredit",
    "contract_of",
    "format_markdown",
]


@enum.unique
class FieldOwner(IdentityEnum):
    """Who decides how a field of the view changes when the host applies decisions.

    It says what :func:`lacerda_bot.conformance.check_host` compares: the
    library's part of a field exactly, the host's part only against the values
    the host declares (:class:`HostValues`).
    """

    LIBRARY = "library"
    """The library decides every change, and forecasts it: compared exactly."""
    HOST = "host"
    """The host's own rules or data (its OP track, Mission tracks, Colony level
    trigger, Lab column values): compared only against :class:`HostValues`."""
    REFILLED = "refilled"
    """A display: the library empties slots, the host refills them when and with
    what it likes; compared but for the slots the call empties or refills."""
    CREDITED = "credited"
    """His Crystals: the library forecasts its gains and payments, the host adds
    the Crystals of his Mission contributions (R-MISSION-3) and of a Shelter's
    yield (R-BUILD-11); compared up to them."""
    SCHEDULED = "scheduled"
    """The Shuttle: the library puts it on his starting side's red space
    (``StartingSpace``), the host moves it by its own schedule (R-SHUTTLE-1, G1);
    compared but in a Shuttle phase."""
    NAMED = "named"
    """The buildings: the library decides what is built where, the host names the
    new ones (their ``id``); compared but for those ids."""
    SCATTERED = "scattered"
    """The Crystals on the map: the library decides those his builds and his Rover
    take, the host places those a site's tile arrows put on the map hexes around it
    (R-BUILD-11); compared but for those."""
    DISPLACED = "displaced"
    """The human's Rover and figures: the library decides which are displaced
    (R-BUILD-4), the host which nearest available hex each takes; compared but
    for that choice."""


FIELD_OWNERS: Final[Mapping[str, FieldOwner]] = {
    "colony_level": FieldOwner.HOST,
    "missions": FieldOwner.HOST,
    "op_track": FieldOwner.HOST,
    "lab_column_values": FieldOwner.HOST,
    "advanced_buildings_on_mars": FieldOwner.HOST,
    "blueprint_display": FieldOwner.REFILLED,
    "scientist_display": FieldOwner.REFILLED,
    "contract_display": FieldOwner.REFILLED,
    "spendable_crystals": FieldOwner.CREDITED,
    "free_depot_spaces": FieldOwner.CREDITED,
    "supply_crystals": FieldOwner.CREDITED,
    "crystal_hexes": FieldOwner.SCATTERED,
    "shuttle_departs": FieldOwner.SCHEDULED,
    "shuttle_from": FieldOwner.SCHEDULED,
    "buildings": FieldOwner.NAMED,
    "figures": FieldOwner.DISPLACED,
    "human_rover": FieldOwner.DISPLACED,
}
"""The fields of the view that are not the library's alone, and whose they are.

Every other field of :class:`~lacerda_bot.Board` is :attr:`FieldOwner.LIBRARY`:
the decisions change it as :data:`DECISION_CONTRACTS` says, or not at all.
"""


@final
@attrs.frozen(kw_only=True)
class MissionCredit:
    """One Mission rule of a host: a build (or an Upgrade) of his that contributes.

    When he constructs a *building* (or upgrades one, with *upgrade*), the
    host credits Mission *mission* with one contribution, and he gains that
    Mission's ``crystals`` from the supply, capped by his free Depot spaces
    (R-MISSION-3, R-CRYSTAL-2), unless it is completed.
    """

    building: BuildingType = attrs.field(validator=is_instance(BuildingType))
    mission: MissionSlot = attrs.field(validator=is_instance(MissionSlot))
    upgrade: bool = attrs.field(default=False, validator=is_instance(bool))


def _ints(_: object, attribute: "attrs.Attribute[Any]", value: object) -> None:
    if value is None:
        return
    if not isinstance(value, tuple):
        raise InvalidValueError(attribute.name, "a tuple of ints >= 0, or None", value)
    for i, item in enumerate(value):
        if type(item) is not int or item < 0:
            raise InvalidValueError(f"{attribute.name}[{i}]", "an int >= 0", item)


def _credits(_: object, attribute: "attrs.Attribute[Any]", value: object) -> None:
    if value is None:
        return
    if not isinstance(value, tuple):
        expected = "a tuple of MissionCredit, or None"
        raise InvalidValueError(attribute.name, expected, value)
    for i, item in enumerate(value):
        if not isinstance(item, MissionCredit):
            raise InvalidValueError(f"{attribute.name}[{i}]", "a MissionCredit", item)


@final
@attrs.frozen(kw_only=True)
class HostValues:
    """A host's own values for the fields it owns, declared so that they are checked.

    :func:`~lacerda_bot.conformance.check_host` leaves the host's fields
    (:attr:`FieldOwner.HOST`) and its Mission Crystals alone by default; given
    these values it checks them too. ``HostValues()`` declares only what the
    contract fixes: an Upgrade counts one more Advanced Building of its type on
    Mars (``advanced_buildings_on_mars``).

    >>> HostValues(lss_op=(0, 1, 2, 3, 4, 5, 6)).mission_credits is None
    True
    """

    lss_op: tuple[int, ...] | None = attrs.field(default=None, validator=_ints)
    """The OP his Construct scores on ``op_track`` when it raises an LSS marker
    to space *i* (``lss_op[i]``; 0 past the end), R-LSS-1; ``None``: unchecked."""
    mission_credits: tuple[MissionCredit, ...] | None = attrs.field(
        default=None, validator=_credits
    )
    """Which of his builds and Upgrades contribute to which Mission; ``()``: none
    do; ``None``: unchecked (any credit of the supply's Crystals is accepted)."""
    lab_column_values: tuple[int, ...] | None = attrs.field(
        default=None, validator=_ints
    )
    """The OP under his Lab's columns that the host's views report; ``None``:
    unchecked."""
    shelter_crystals: int = attrs.field(default=0, validator=is_int(0))
    """The Crystals a Shelter he builds yields him from the supply, capped
    (R-BUILD-11); checked with :attr:`mission_credits`."""


REFERENCE_STAND_INS: Final[tuple[str, ...]] = (
    "Mission tracks of 6 spaces; a Mine he builds advances Mission A, any other"
    " building Mission B, an Upgrade Mission C, and these contributions pay no"
    " Crystals (a Mission's Crystals come only with its `AdvanceMission`).",
    "His OP kept off the view: the new Complex's size for a Construct, 2 for an"
    " Upgrade; `op_track` stays as set up.",
    "The Colony gains a level when every LSS marker has reached it"
    " (`lacerda_bot.testing.level_up`), checked after each turn.",
    "A Contract deck of 12 cards (`K1`..`K12`: 6 Upgrade, 6 Delivery), drawn in"
    " order; the Blueprint and Scientist displays are not refilled.",
    "Lab column values 0, 1, 2, 4, 6 and 9 OP (not the printed values).",
)
"""The reference game's own host rules and data (``lacerda_bot.reference``):
stand-ins for the printed game's, enough to exercise the library, never a
reading of the rulebook."""


@final
@attrs.frozen(kw_only=True)
class FieldChange:
    """One host fact a decision changes, and how."""

    field: str
    """The :class:`~lacerda_bot.host.HostState` property (and ``Board`` field)."""
    how: str
    """How it changes, in one sentence; *italics* name the decision's fields."""
    forecast: bool = True
    """Whether the library's working copy and the reference host make it too."""


@final
@attrs.frozen(kw_only=True)
class DecisionContract:
    """What applying one decision type means for the host."""

    decision: type
    """The decision class, one of :data:`~lacerda_bot.decisions.DECISION_TYPES`."""
    rules: tuple[str, ...]
    """The rule IDs of the spec behind the decision and its effects."""
    changes: tuple[FieldChange, ...] = ()
    """The host facts it changes; no other field of the view changes."""
    host_decides: tuple[str, ...] = ()
    """What the host chooses itself in applying it."""
    notes: tuple[str, ...] = ()
    """What happens off the view, and what follows it."""


def _change(field: str, how: str) -> FieldChange:
    return FieldChange(field=field, how=how)


def _host(field: str, how: str) -> FieldChange:
    return FieldChange(field=field, how=how, forecast=False)


_SIDE_SPACE: Final = (
    _change("side", "becomes *side*."),
    _change(
        "turn_order_spaces",
        "the space he stood on, if any, becomes free; *space* becomes occupied.",
    ),
    _change("lacerda_space", "becomes *space*."),
)
_EMPTIED: Final = "leaves slot *slot*; every slot keeps its number (nothing shifts)."
_FIGURES: Final = (
    "the human's Bots on *hex* move to a nearest available hex (R-BUILD-4: an empty"
    " hex, or a building with no figure)"
)
_SITE: Final = (
    _change("crystal_hexes", "*hex* loses its Crystal, if it held one."),
    _change(
        "supply_crystals",
        "+1 if *hex* held a Crystal: it goes back to the supply, not to him.",
    ),
    _change("map_tiles", "a tile on *hex* leaves the game."),
    _change(
        "human_rover", "if on *hex*, moves to a nearest available hex (R-BUILD-4)."
    ),
)
_BUILT: Final = (
    "the new building's id (the reference host's is `built(q,r)`)",
    "which nearest available hex each displaced figure, or the human's Rover, takes",
)
_CREDITS: Final = "the Mission contributions it makes, and their Crystals (R-MISSION-3)"
_RELOCATE: Final = "If his own Rover stands on *hex*, a RelocateRover follows."

DECISION_CONTRACTS: Final[tuple[DecisionContract, ...]] = (
    DecisionContract(
        decision=d.StartingSpace,
        rules=("R-SETUP-7", "R-SETUP-8"),
        changes=(
            *_SIDE_SPACE,
            _change(
                "shuttle_from", "becomes *side*: the Shuttle goes on its red space."
            ),
        ),
        notes=("With `starting_space_benefit`, a TakeBenefit for its gain follows.",),
    ),
    DecisionContract(
        decision=d.RevealCard,
        rules=("R-DECK-2", "R-SETUP-1"),
        notes=("The solo deck is the library's: show the card.",),
    ),
    DecisionContract(
        decision=d.AdvanceMission,
        rules=("R-MISSION-1", "R-MISSION-2", "R-MISSION-4"),
        changes=(_host("missions", "*mission* is completed once its track is full."),),
        host_decides=("when the Mission is completed (its track is host data)",),
        notes=(
            "The Mission marker of *slot* moves one space (off the view).",
            "A GainCrystals (source `mission`) follows.",
        ),
    ),
    DecisionContract(
        decision=d.GainCrystals,
        rules=("R-CRYSTAL-1", "R-CRYSTAL-2", "R-CRYSTAL-3", "R-ROVER-7", "R-TO-3"),
        changes=(
            _change("free_depot_spaces", "-*kept*, whatever the source."),
            _change(
                "supply_crystals",
                "-*kept* unless *source* is `rover_path` or `warehouse`: those"
                " Crystals come off the map or from the Warehouse, not the supply.",
            ),
            _change("spendable_crystals", "+*kept* if the host makes them spendable."),
        ),
        host_decides=(
            "which gained Crystals are spendable now (the reference host, and the"
            " kit: all, at once, whatever `same_call_gains_spendable` says; that"
            " option says only what the library assumes within a call)",
            "the cap of each gain in application order, its own credits included:"
            " *kept* is a forecast",
        ),
        notes=("The Crystals he cannot keep (*requested* minus *kept*) are lost.",),
    ),
    DecisionContract(
        decision=d.PayCrystals,
        rules=("R-COST-2", "R-COST-3", "R-COLONY-7", "R-ROVER-5", "R-ROVER-9"),
        changes=(
            _change("spendable_crystals", "-*amount*."),
            _change("free_depot_spaces", "+*amount*."),
            _change("supply_crystals", "+*amount*: paid Crystals go to the supply."),
        ),
    ),
    DecisionContract(
        decision=d.PlaceColonist,
        rules=("R-COST-1", "R-COST-2", "R-COST-7"),
        changes=(
            _change("colonists_present", "+1 on *action* (none on Learn New Tech)."),
        ),
        host_decides=("when action slots are cleared (the base game's round rules)",),
        notes=("His Colonist supply is unlimited.",),
    ),
    DecisionContract(
        decision=d.ActionImpossible,
        rules=("R-TURN-4",),
        notes=("Nothing is placed or paid for *action*; his Rover move follows.",),
    ),
    DecisionContract(
        decision=d.ObtainBlueprint,
        rules=("R-ORBIT-1", "R-ORBIT-4"),
        changes=(
            _change("blueprint_display", f"*blueprint* in *row* {_EMPTIED}"),
            _change("lacerda_blueprints", "+ *blueprint*, unused."),
            _change("free_advanced_markers", "-1: a marker is parked on it."),
        ),
        host_decides=("when and with what the display is refilled",),
        notes=("A GainCrystals (`blueprint_pickup`) for its pickup Crystals follows.",),
    ),
    DecisionContract(
        decision=d.LearnTech,
        rules=("R-ORBIT-5", "R-COST-4"),
        changes=(
            _change("tech_grid", "tile *grid_tile* leaves the grid."),
            _change(
                "lab_spaces",
                "his *tech* tile stands on entry space *lab_space* (its `tech`).",
            ),
        ),
        notes=("He pays nothing; a TakeBenefit for the entry space's gain follows.",),
    ),
    DecisionContract(
        decision=d.DevelopTech,
        rules=("R-ORBIT-6", "R-TURN-6", "R-TO-10", "R-COST-4"),
        changes=(
            _change(
                "lab_spaces",
                "his *tech* tile leaves its space (`tech`: none) for space *space*,"
                " of column *to_level*.",
            ),
        ),
        notes=("He pays nothing; a TakeBenefit for the space's gain follows.",),
    ),
    DecisionContract(
        decision=d.Construct,
        rules=("R-BUILD-1", "R-BUILD-4", "R-BUILD-11", "R-BUILD-13", "R-LSS-1"),
        changes=(
            _change("buildings", "+ a *building* on *hex*: no owner, not upgraded."),
            _change("lss_markers", "+1 for *building*'s LSS type (not a Mine)."),
            *_SITE,
            _change(
                "figures",
                f"{_FIGURES}; with *miner*, one of his Colonists (kind `colonist`,"
                " owner `lacerda`) goes on the new Mine (R-BUILD-11).",
            ),
            _host("op_track", "+ the OP of the LSS marker's new space (R-LSS-1)."),
            _host("colony_level", "may rise by the host's trigger (R-LEVEL-1)."),
            _host("missions", "a Mission it contributes to may complete."),
        ),
        host_decides=(
            *_BUILT,
            _CREDITS,
            "Crystals the site's arrows put on map hexes (R-BUILD-11)",
        ),
        notes=(
            "No building cost (R-COST-4). His Progress Bot goes to *pointer_after*.",
            _RELOCATE,
        ),
    ),
    DecisionContract(
        decision=d.Upgrade,
        rules=("R-COLONY-3", "R-COLONY-4", "R-BUILD-12"),
        changes=(
            _change(
                "buildings",
                "the one on *hex* gets `upgraded_by` `lacerda`: the marker parked on"
                " *blueprint* moves there (`free_advanced_markers` stays).",
            ),
            _change("lacerda_blueprints", "*blueprint* becomes used."),
            _change(
                "human_rover",
                "if on *hex*, moves to a nearest available hex: the marker is a"
                " figure (§0, R-BUILD-4).",
            ),
            _change("figures", f"{_FIGURES}; a Colonist on the Mine stays."),
            _host("advanced_buildings_on_mars", "+1 for the building's type."),
            _host("missions", "a Mission it contributes to may complete."),
        ),
        host_decides=(
            _CREDITS,
            "which nearest available hex each displaced figure, or the human's Rover,"
            " takes",
        ),
        notes=(_RELOCATE,),
    ),
    DecisionContract(
        decision=d.HireScientist,
        rules=("R-COLONY-6", "R-COST-5"),
        changes=(
            _change("scientist_display", f"*scientist* {_EMPTIED}"),
            _change("lacerda_scientists", "+ *scientist*."),
            _change(
                "colonist_on_hire_slot",
                "becomes true: his Colonist stays on his Hire slot until an LSS"
                " reward retrieves it.",
            ),
        ),
        host_decides=("when and with what the Scientist display is refilled",),
        notes=("No hire cost (R-COST-4); a RefillContractDisplay follows.",),
    ),
    DecisionContract(
        decision=d.TakeContract,
        rules=("R-COLONY-7", "R-COST-5"),
        changes=(
            _change("contract_display", f"*contract* {_EMPTIED}"),
            _change("lacerda_contracts", "+ *kind*."),
            _change(
                "colonist_on_hire_slot",
                "becomes true: as after a hire, his Colonist stays on the slot.",
            ),
        ),
        notes=(
            "A PayCrystals (`contract`) came before it; a RefillContractDisplay"
            " follows.",
        ),
    ),
    DecisionContract(
        decision=d.RefillContractDisplay,
        rules=("R-COLONY-8",),
        changes=(
            _host(
                "contract_display",
                "the Contract deck's top card fills *slot*, the space the Scientist"
                " or Contract just left.",
            ),
        ),
        host_decides=("the card (the deck is shuffled first), and its id",),
    ),
    DecisionContract(
        decision=d.MoveRover,
        rules=("R-ROVER-4", "R-ROVER-6", "R-ROVER-7", "R-ROVER-10"),
        changes=(
            _change("lacerda_rover", "becomes the last hex of *path* (if any)."),
            _change("crystal_hexes", "the *crystal_hexes* lose their Crystals."),
        ),
        notes=(
            "A GainCrystals (`rover_path`) per Crystal picked up follows: those"
            " Crystals come off the map, not from the general supply.",
        ),
    ),
    DecisionContract(
        decision=d.CollectTile,
        rules=("R-ROVER-9",),
        changes=(_change("map_tiles", "*tile* leaves the map."),),
        host_decides=("where the collected tile goes (off the view)",),
        notes=("A PayCrystals (`tile`) came before it; its reward gains follow.",),
    ),
    DecisionContract(
        decision=d.RelocateRover,
        rules=("R-BUILD-4",),
        changes=(_change("lacerda_rover", "becomes *to_hex*."),),
    ),
    DecisionContract(
        decision=d.AdvanceProgressBot,
        rules=("R-TO-5", "R-LEVEL-3", "R-SETUP-1"),
        notes=("The pointer is the library's; his Progress Bot goes to *after*.",),
    ),
    DecisionContract(
        decision=d.Travel,
        rules=("R-SHUTTLE-3", "R-SHUTTLE-4", "R-SHUTTLE-5"),
        changes=_SIDE_SPACE,
        host_decides=("where the Shuttle is and when it departs (R-SHUTTLE-1)",),
        notes=(
            "No income and no Colonist back (R-LSS-3); a TakeBenefit for the"
            " space's gain follows.",
        ),
    ),
    DecisionContract(
        decision=d.Stay,
        rules=("R-SHUTTLE-2",),
        notes=("Nothing happens to him.",),
    ),
    DecisionContract(
        decision=d.TakeBenefit,
        rules=("R-TO-2",),
        notes=("Nothing itself: the decisions carrying out *gain* follow.",),
    ),
    DecisionContract(
        decision=d.TakeWarehouseItem,
        rules=("R-TO-3",),
        changes=(
            _change(
                "warehouse",
                "the leftmost stock of *item* that has a unit left loses 1 (a stock"
                " at 0 stays listed).",
            ),
        ),
        notes=(
            "A Crystal is his by the GainCrystals (`warehouse`) that follows, not"
            " from the general supply; with *to_supply*, a Resource goes there.",
        ),
    ),
    DecisionContract(
        decision=d.PlaceDiscoveryTile,
        rules=("R-SHUTTLE-6",),
        changes=(
            _change("exploration_tiles", "the leftmost tile leaves (if *hex*)."),
            _change("map_tiles", "+ that tile on *hex*, as it was (V7)."),
        ),
    ),
    DecisionContract(
        decision=d.BuildShelter,
        rules=("R-LEVEL-2", "R-BUILD-3", "R-BUILD-4", "R-BUILD-11"),
        changes=(
            _change("buildings", "+ a Shelter of his (owner `lacerda`) on *hex*."),
            _change("shelters_left", "-1."),
            *_SITE,
            _change("figures", f"{_FIGURES}."),
        ),
        host_decides=(
            *_BUILT,
            "the Shelter's Crystal yield, capped like a gain (R-BUILD-11)",
        ),
        notes=(_RELOCATE,),
    ),
    DecisionContract(
        decision=d.GainShip,
        rules=("R-LEVEL-4",),
        changes=(
            _change("ships_left", "-1."),
            _change("ships_in_hangar", "+1: the Ship goes to his Hangar."),
            _change("free_depot_spaces", "+1: the Ship leaves his Depot."),
        ),
    ),
    DecisionContract(
        decision=d.GainBot,
        rules=("R-LEVEL-5",),
        changes=(_change("bots_left", "-1."),),
        notes=("The Bot goes on his player board, never on the map.",),
    ),
    DecisionContract(
        decision=d.ChooseLssReward,
        rules=("R-LSS-1", "R-LSS-2", "R-COST-5"),
        changes=(
            _change(
                "colonist_on_hire_slot",
                "with *reward* `retrieve_colonist`, false: his Colonist leaves his"
                " Hire slot, freeing it.",
            ),
        ),
        notes=("With *reward* `crystal`, a GainCrystals (`lss_reward`) follows.",),
    ),
    DecisionContract(
        decision=d.GiveOxygen,
        rules=("R-TURN-7",),
        notes=("The human gains 1 Oxygen (off the view).",),
    ),
    DecisionContract(
        decision=d.LoseBenefit,
        rules=("R-TO-2", "R-TO-6", "R-TO-9"),
        notes=("Nothing happens: *gain* is lost.",),
    ),
    DecisionContract(
        decision=d.SkipTurn,
        rules=("R-TURN-5",),
        notes=("Nothing more happens this turn.",),
    ),
)
"""One contract per decision type, in the order of ``DECISION_TYPES``."""

HOST_DUTIES: Final[tuple[str, ...]] = (
    "It applies a call's decisions in the order given; nested gains follow the"
    " decision that caused them (R-TURN-9).",
    "It changes only the fields listed for a decision. Those marked *host* are its"
    " alone; the library forecasts the others in its working copy (R-SETUP-5). Its"
    " next view is authoritative for all of them.",
    "It keeps every display slot's number while it applies a call: taking a card"
    " empties its slot and nothing shifts.",
    "Scientists and Contracts share one display (R-COLONY-8): its spaces are"
    " numbered once, across `scientist_display` and `contract_display`, so a"
    " slot number is a Scientist's or a Contract's, never both; a Contract that"
    " refills a Scientist's space moves that slot number to `contract_display`.",
    "It names what is new (buildings, the cards that refill a display): decisions"
    " carry only ids and slots the view gave.",
    "An available hex, below, is a map hex that is empty (no building, tile,"
    " Crystal or figure; either Rover counts as a figure) or holds a building with"
    " no figure (an upgraded building's marker counts as one) (R-BUILD-4). A"
    " nearest available hex is one at the fewest steps over map hexes from the"
    " site; among several the host picks (the reference host: the first by `r`,"
    " then `q`). The human's Rover moves first, then each of her Bots, one at a"
    " time: a hex a piece takes is no longer available to the next, and a piece"
    " with no available hex stays.",
    "Lists of the view may come in any order (the library sorts them); a set of"
    " hexes (`map_hexes`, `crystal_hexes`) is listed once each, in order of `r`,"
    " then `q`.",
    "It credits the Mission contributions of his actions and their Crystals, capped"
    " like any gain (R-MISSION-3, R-CRYSTAL-2).",
    "It levels the Colony up by its own trigger, and calls `colony_level_up` once"
    " per level gained at the end of the turn (R-LEVEL-1).",
)
"""What the host does around every call, whatever the decisions."""

_COMMAND: Final = "python -m lacerda_bot.contract > docs/host-contract.md"
_BY_TYPE: Final = {c.decision: c for c in DECISION_CONTRACTS}


def contract_of(decision_type: type) -> DecisionContract:
    """The contract of *decision_type*, a class of ``Decision``.

    >>> from lacerda_bot.decisions import RelocateRover
    >>> contract_of(RelocateRover).changes[0].how
    'becomes *to_hex*.'

    Raises:
        InvalidValueError: *decision_type* is not a decision class.
    """
    try:  # a parametrised class (GainShip[str]) has the contract of its class
        return _BY_TYPE[typing.get_origin(decision_type) or decision_type]
    except (KeyError, TypeError):
        raise InvalidValueError(
            "decision_type", "a class of Decision", decision_type
        ) from None


def _cell(lines: tuple[str, ...]) -> str:
    return "<br>".join(lines) if lines else "—"


def _row(contract: DecisionContract) -> str:
    changes = tuple(
        f"`{c.field}`{'' if c.forecast else ' (*host*)'}: {c.how}"
        for c in contract.changes
    )
    decides = tuple(f"{d[0].upper()}{d[1:]}." for d in contract.host_decides)
    cells = (
        f"`{contract.decision.__name__}`",
        _cell(changes),
        _cell(decides),
        _cell(contract.notes),
        ", ".join(contract.rules),
    )
    return f"| {' | '.join(cells)} |"


_CHECKED: Final[Mapping[FieldOwner, str]] = {
    FieldOwner.HOST: (
        "its own rules or data: it may change them as its rules say, and report"
        " its own values; compared only with the values it declares"
    ),
    FieldOwner.REFILLED: (
        "the library empties slots; the host refills them when and with what it"
        " likes; compared but for the slots the call empties or refills"
    ),
    FieldOwner.CREDITED: (
        "the library forecasts the gains and payments; the host adds the Crystals"
        " of his Mission contributions and of a Shelter's yield, from the supply"
        " (R-MISSION-3, R-BUILD-11); compared up to them (at most 3, or the largest"
        " open Mission's Crystals, per decision)"
    ),
    FieldOwner.SCATTERED: (
        "the library decides which Crystals his builds and his Rover take; the"
        " host places those a site's tile arrows put on the map around it, from"
        " the supply (R-BUILD-11); compared but for those"
    ),
    FieldOwner.SCHEDULED: (
        "the library puts the Shuttle on his starting side (`StartingSpace`); the"
        " host moves it by its own schedule; compared but in a Shuttle phase (a"
        " call with `Travel` or `Stay`)"
    ),
    FieldOwner.NAMED: (
        "the library decides what is built where; the host names new buildings;"
        " compared but for the new ids"
    ),
    FieldOwner.DISPLACED: (
        "the library decides who is displaced; the host picks which nearest"
        " available hex each takes (R-BUILD-4); compared but for that pick"
    ),
}


def _owners_section() -> tuple[str, ...]:
    """The two kinds of field, the conformance kit, and the reference host's stand-ins."""
    owned = {
        owner: ", ".join(f"`{f}`" for f, o in FIELD_OWNERS.items() if o is owner)
        for owner in _CHECKED
    }
    return (
        "## What the library decides and what the host owns",
        "",
        "Every field of the view is the library's to decide (the decisions below",
        "say how it changes, and `lacerda_bot.conformance.check_host` compares it",
        "exactly) but these, where the host has its own say",
        "(`lacerda_bot.contract.FIELD_OWNERS`):",
        "",
        "| Fields | Whose, and what the kit compares |",
        "|---|---|",
        *(f"| {owned[owner]} | {text} |" for owner, text in _CHECKED.items()),
        "",
        "A host declares its own values with `lacerda_bot.contract.HostValues`",
        "(`check_host(..., values=...)`, `lacerda-bot conformance --values FILE`)",
        "to have them checked too: `lss_op`, the OP his Construct scores on",
        "`op_track` when it raises an LSS marker to space *i* (`lss_op[i]`);",
        "`mission_credits`, which of his builds and Upgrades contribute to which",
        "Mission (each then pays that Mission's `crystals`, capped, if the Mission",
        "was open when the call began); `shelter_crystals`, what a Shelter he builds",
        "yields him (checked with `mission_credits`); `lab_column_values`, the values",
        "its views report. With any values declared, `advanced_buildings_on_mars` is checked",
        "as well: one more of the upgraded building's type per Upgrade. A",
        "Mission's completion and the Colony's level are never checked: their",
        "tracks are off the view.",
        "",
        "The reference host (`lacerda_bot.testing.apply`) applies only what the",
        "library decides. The reference game (`lacerda_bot.reference.play_game`)",
        "adds host rules of its own, which are stand-ins, not the printed game's:",
        "",
        *(f"* {line}" for line in REFERENCE_STAND_INS),
        "",
    )


def _lab_section() -> tuple[str, ...]:
    """His Laboratory as the host reports it (V9): the printed shape, his Shelter Tech on it."""
    one = HostId("c1-bottom")
    lab = staggered(
        gains={one: (Gain(kind=GainKind.CRYSTALS),)},
        techs={HostId("c2-middle"): TechType.SHELTER},
    )
    return (
        "## His Laboratory (`lab_spaces`, `lab_columns`)",
        "",
        "Report his Lab space by space (`LabSpace`, V9): its `id`, its `column`",
        "(1 is the entry column; a Tech's level is its column), its `position` in",
        "the column (0 at the top), its `gains`, the ids of the next column's",
        "spaces it `touches` (one or two: the columns are staggered; none in the",
        "last column), and the `tech` of his tile standing on it (or none).",
        "`lab_columns` is the number of columns. A tile develops into an empty",
        "space it touches (R-ORBIT-6); `lab_column_values` is the OP printed under",
        "each column, column 1 first. The printed Lab (`lacerda_bot.lab.PRINTED_COLUMNS`),",
        "his Shelter Tech on its start space (each space a line below or above its",
        "neighbours'; a space touches the spaces just above and below it to its right):",
        "",
        "```text",
        picture(lab),
        "```",
        "",
        "Its links:",
        "",
        *(
            f"* `{sp.id}` touches {', '.join(f'`{t}`' for t in sp.touches)}"
            for sp in lab
            if sp.touches
        ),
        "",
        "In Python, `lacerda_bot.lab.staggered` builds it from the columns' sizes:",
        "",
        "```python",
        "from lacerda_bot.lab import staggered",
        "from lacerda_bot.model import TechType",
        "",
        'lab = staggered((2, 3, 2, 3, 2, 3), techs={"c2-middle": TechType.SHELTER})',
        "```",
        "",
        "In JSON (`lacerda-bot serve`), the board's two fields (one Crystal on `c1-bottom`):",
        "",
        "```json",
        f'{{"lab_columns": {len(PRINTED_COLUMNS)}, "lab_spaces": [',
        *(
            f"  {json.dumps(unstructure(sp))}{',' if i < len(lab) - 1 else ''}"
            for i, sp in enumerate(lab)
        ),
        "]}",
        "```",
        "",
    )


def format_markdown() -> str:
    """``docs/host-contract.md``: the contract of every decision as a Markdown table."""
    return "\n".join(
        (
            "# Host contract: what each decision changes",
            "",
            f"<!-- Generated from src/lacerda_bot/contract.py by `{_COMMAND}`. -->",
            "",
            "The library decides and the host applies (R-SETUP-3). Per decision type:",
            "the fields of the host view (`lacerda_bot.host.HostState`, also the",
            "fields of `Board`) it changes and how, what the host decides itself, and",
            "what else happens or follows. *Italics* name the decision's own fields.",
            "The tests check the table against the reference host, `testing.apply`.",
            "",
            "What the host does around every call:",
            "",
            *(f"* {duty}" for duty in HOST_DUTIES),
            "",
            *_owners_section(),
            *_lab_section(),
            "| Decision | Fields changed and how | The host decides | Notes | Rules |",
            "|---|---|---|---|---|",
            *(_row(c) for c in DECISION_CONTRACTS),
            "",
            *field_tables(),
        )
    )


if __name__ == "__main__":
    sys.stdout.write(format_markdown())
