"""Legality checks: why a decision could not be carried out on a board.

A conformance checker for hosts, simulations and property tests, and the
guard of :func:`lacerda_bot.testing.apply`: for each decision type, every
field that can contradict the board it is applied to is checked (the map
decisions in :mod:`lacerda_bot._board.legal_map`, the cards, the Lab and
the supplies in :mod:`lacerda_bot._board.legal_cards`). First the decision's
shape is checked: a field of the wrong type (a list for a path, a string for
a slot) gives a reason, never an exception.

The checks reuse the library's own readings of the board (legal sites,
eligible buildings, the nearest free hexes, the Discovery sites), so they
follow the rules as the library applies them.
"""

import types
import typing
from collections.abc import Callable
from typing import Final, TypeVar, assert_never

import attrs

from lacerda_bot._board.board import Board
from lacerda_bot._board.legal_cards import (
    advance_mission_ok,
    choose_lss_ok,
    contract_ok,
    develop_ok,
    give_oxygen_ok,
    hire_ok,
    learn_ok,
    obtain_ok,
    refill_ok,
    warehouse_ok,
)
from lacerda_bot._board.legal_map import (
    collect_ok,
    construct_ok,
    discovery_ok,
    move_ok,
    relocate_ok,
    shelter_ok,
    upgrade_ok,
)
from lacerda_bot._validate import is_plain_hex
from lacerda_bot.decisions import (
    DECISION_TYPES,
    ActionImpossible,
    AdvanceMission,
    AdvanceProgressBot,
    BuildShelter,
    ChooseLssReward,
    CollectTile,
    Construct,
    Decision,
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
from lacerda_bot.hexmap import Hex
from lacerda_bot.model import Action, Side
from lacerda_bot.options import Options

__all__ = ["why_illegal"]


def why_illegal(host: Board, decision: object, options: Options | None) -> str:
    """Why *decision* could not be carried out on *host* (the board just before it), or ``""``.

    Each reason is one short lowercase sentence naming the field that
    contradicts the board. With *options* ``None`` (the options the decision
    was made under are unknown), a check that depends on an option accepts
    what any option set allows. Never raises for a malformed decision.
    """
    if type(decision) not in _KNOWN:
        return f"{type(decision).__name__} is not a decision"
    shape = _shape_problem(decision)
    if shape:
        return shape
    return _contradiction(host, typing.cast(Decision, decision), options)


_KNOWN: Final = frozenset(DECISION_TYPES)


def _contradiction(host: Board, decision: Decision, options: Options | None) -> str:
    """:func:`why_illegal` for a decision whose fields have their types."""
    match decision:
        case Construct():
            return construct_ok(host, decision, options)
        case BuildShelter():
            return shelter_ok(host, decision, options)
        case Upgrade():
            return upgrade_ok(host, decision)
        case MoveRover():
            return move_ok(host, decision, options)
        case CollectTile():
            return collect_ok(host, decision)
        case RelocateRover():
            return relocate_ok(host, decision)
        case PlaceDiscoveryTile():
            return discovery_ok(host, decision, options)
        case ObtainBlueprint():
            return obtain_ok(host, decision)
        case LearnTech():
            return learn_ok(host, decision)
        case DevelopTech():
            return develop_ok(host, decision, options)
        case HireScientist():
            return hire_ok(host, decision)
        case TakeContract():
            return contract_ok(host, decision)
        case RefillContractDisplay():
            return refill_ok(host, decision)
        case TakeWarehouseItem():
            return warehouse_ok(host, decision)
        case AdvanceMission():
            return advance_mission_ok(host, decision)
        case ChooseLssReward():
            return choose_lss_ok(host, decision)
        case GiveOxygen():
            return give_oxygen_ok(host, decision)
        case PayCrystals():
            return _pay_ok(host, decision)
        case GainCrystals():
            return _gain_ok(host, decision)
        case PlaceColonist():
            return _place_ok(host, decision.action, places=True)
        case ActionImpossible():
            return _place_ok(host, decision.action, places=False)
        case StartingSpace():
            return _starting_ok(host, decision)
        case Travel():
            return _travel_ok(host, decision)
        case GainShip():
            return "" if host.ships_left > 0 else "no Ship left (R-LEVEL-4)"
        case GainBot():
            return "" if host.bots_left > 0 else "no Bot left (R-LEVEL-5)"
        case (
            # Bot state only (his deck, his pointer): nothing on the board to contradict.
            RevealCard()
            | AdvanceProgressBot()
            # Statements with no board effect: what he takes or loses is carried
            # out (and checked) by the decisions that follow, or not at all.
            | Stay()
            | TakeBenefit()
            | LoseBenefit()
            | SkipTurn()
        ):
            return ""
        case unreachable:
            assert_never(unreachable)


# --- shapes -----------------------------------------------------------------

_Check = Callable[[object], bool]


def _shape_problem(decision: object) -> str:
    """The first field of *decision* not of its annotated type, as a reason; or ``""``."""
    for name, check, expected in _SHAPES[type(decision)]:
        value = getattr(decision, name, None)
        if not check(value):
            return (
                f"{type(decision).__name__}.{name}: expected {expected}, got {value!r}"
            )
    return ""


def _shapes(cls: type) -> tuple[tuple[str, _Check, str], ...]:
    """Each field of decision class *cls* but its trace, with its type's check and name.

    A decision's type parameter (``D``) is ``Never`` for a host: no value has it.
    """
    return tuple(
        (field.name, *_shape(field.type))
        for field in attrs.fields(cls)
        if field.name != "trace"
    )


def _shape(hint: object) -> tuple[_Check, str]:
    """A check that a value is of type *hint*, and how a message names the type."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        parts = [_shape(a) for a in typing.get_args(hint) if not isinstance(a, TypeVar)]
        checks = tuple(check for check, _ in parts)
        return (lambda v: any(c(v) for c in checks)), " or ".join(w for _, w in parts)
    if origin is tuple:
        item, words = _shape(typing.get_args(hint)[0])
        return (
            lambda v: type(v) is tuple and all(map(item, v)),
            f"a tuple of {words.removeprefix('an ').removeprefix('a ')}",
        )
    if hint is type(None):
        return (lambda v: v is None), "None"
    supertype = getattr(hint, "__supertype__", None)  # a NewType: an id
    if supertype is not None:
        check, _ = _shape(supertype)
        return check, f"a {getattr(hint, '__name__', 'value')} ({supertype.__name__})"
    if hint is int:
        return (lambda v: type(v) is int), "an int"
    if hint is bool:
        return (lambda v: type(v) is bool), "a bool"
    if hint is Hex:
        return is_plain_hex, "a Hex"
    assert isinstance(hint, type), hint  # the decisions' fields are plain types
    kind: type = hint
    name = kind.__name__
    return (
        lambda v: isinstance(v, kind)
    ), f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


_SHAPES: Final = {cls: _shapes(cls) for cls in DECISION_TYPES}
"""Each decision class's fields (its trace aside), with their checks."""


# --- Crystals, actions and Turn Order ------------------------------------------


def _pay_ok(host: Board, d: PayCrystals) -> str:
    if d.amount < 0:
        return f"pays {d.amount}, a negative amount"
    ok = d.amount <= host.spendable_crystals
    return "" if ok else f"pays {d.amount}, can spend {host.spendable_crystals}"


def _gain_ok(host: Board, d: GainCrystals) -> str:
    """R-CRYSTAL-2: kept = min(requested, free Depot spaces, the supply if from it)."""
    if d.requested < 0:
        return f"requests {d.requested} Crystals, a negative amount"
    free = host.free_depot_spaces
    supply = host.supply_crystals if d.source.from_supply else d.requested
    fits = max(0, min(d.requested, free, supply))
    if d.kept == fits:
        return ""
    if d.kept > d.requested:
        return f"keeps {d.kept} of {d.requested} requested"
    if d.kept > free:
        return f"keeps {d.kept} of {d.requested} with {free} free"
    if d.kept > supply:
        return f"keeps {d.kept} with {supply} left in the supply"
    return f"keeps {d.kept} of {d.requested}, but {fits} fit (R-CRYSTAL-2)"


_SIDE_ACTIONS: Final = {
    side: frozenset(Action.for_card(side, n) for n in (1, 2, 3)) for side in Side
}


def _place_ok(host: Board, action: Action, *, places: bool) -> str:
    """R-TURN-1, R-COST-1, R-COST-5: an action of his side; a placement on a red one."""
    if action not in _SIDE_ACTIONS[host.side]:
        return f"{action.value} is not an action of the {host.side.value} side"
    if not places:
        return ""
    if not action.places_colonist:
        return f"{action.value} places no Colonist (R-COST-1)"
    if action is Action.HIRE_OR_CONTRACT and host.colonist_on_hire_slot:
        return "his Colonist is still on his Hire slot (R-COST-5)"
    return ""


def _starting_ok(host: Board, d: StartingSpace) -> str:
    """R-SETUP-7: a space a First Colonist tile names, on its own side.

    Whether it is occupied is not read: he takes his space before anyone else.
    """
    space = next((s for s in host.turn_order_spaces if s.id == d.space), None)
    if space is None:
        return f"{d.space} is not a Turn Order space"
    if d.space not in host.first_colonist_tiles:
        return f"no First Colonist tile names space {d.space}"
    if space.side is not d.side:
        return f"space {d.space} is on the {space.side.value} side, not {d.side.value}"
    return ""


def _travel_ok(host: Board, d: Travel) -> str:
    """R-SHUTTLE-2, R-SHUTTLE-3: from his side, which the Shuttle leaves, to a free space."""
    if d.side is host.side:
        return f"he is already on the {d.side.value} side"
    if not host.shuttle_departs or host.shuttle_from is not host.side:
        return "the Shuttle does not depart from his side (R-SHUTTLE-2)"
    space = next((s for s in host.turn_order_spaces if s.id == d.space), None)
    if space is None:
        return f"{d.space} is not a Turn Order space"
    if space.side is not d.side:
        return f"space {d.space} is on the {space.side.value} side, not {d.side.value}"
    if space.occupied:
        return f"space {d.space} is occupied"
    return ""
