"""The host conformance kit: it passes the reference host and catches wrong ones."""

import importlib
import sys
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any, cast

import attrs
import pytest
from hypothesis import given, settings

from lacerda_bot import (
    Board,
    BotState,
    CallKind,
    Decision,
    InvalidHostStateError,
    InvalidValueError,
    Options,
    colony_level_up,
    setup,
    shuttle_phase,
    take_turn,
)
from lacerda_bot.conformance import ConformanceError, GamePlan, check_host
from lacerda_bot.decisions import GainShip, PayCrystals
from lacerda_bot.host import HostState
from lacerda_bot.model import HostId
from lacerda_bot.testing import apply, why_illegal

from .helpers_illegal import BOARD, ILLEGAL
from .helpers_strategies import bot_states, game_plans, host_states


def same(board: Board) -> Board:
    return board


def forgets_ships(board: Board, decisions: Sequence[Decision]) -> Board:
    """A host whose GainShip forgets to take the Ship from ``ships_left``."""
    for d in decisions:
        after = apply(board, (d,))
        board = (
            attrs.evolve(after, ships_left=board.ships_left)
            if isinstance(d, GainShip)
            else after
        )
    return board


def pays_twice(board: Board, decisions: Sequence[Decision]) -> Board:
    """A host that takes every PayCrystals from his spendable Crystals twice."""
    after = apply(board, decisions)
    paid = sum(d.amount for d in decisions if isinstance(d, PayCrystals))
    return attrs.evolve(after, spendable_crystals=after.spendable_crystals - paid)


def caught(*args: Any, **kwargs: Any) -> ConformanceError:
    with pytest.raises(ConformanceError) as info:
        check_host(*args, **kwargs)
    return info.value


def test_check_host_passes_on_the_reference_host() -> None:
    """The reference host conforms: games are played and decisions compared."""
    assert check_host(same, apply, games=3) > 0


class DictHost:
    """A mutable host with its own storage, changed in place by its applier."""

    def __init__(self, board: Board) -> None:
        self.fields: dict[str, Any] = attrs.asdict(board, recurse=False)


def apply_in_place(host: DictHost, decisions: Sequence[Decision]) -> DictHost:
    after = apply(Board(**host.fields), decisions)
    host.fields.update(attrs.asdict(after, recurse=False))
    return host


def view_of(host: DictHost) -> HostState:
    return cast(HostState, SimpleNamespace(**host.fields))


def test_check_host_reads_a_host_that_is_not_a_view() -> None:
    """*read* gives the view of a host that is not one; mutating appliers are fine."""
    assert check_host(DictHost, apply_in_place, view_of, games=2, seed=3) > 0


def test_a_forgotten_ship_is_caught_and_named() -> None:
    """GainShip that leaves ships_left alone: the report names the decision and field."""
    error = caught(same, forgets_ships, games=3)

    assert error.decision_type == "GainShip"
    assert isinstance(error.decision, GainShip)
    assert error.call is CallKind.COLONY_LEVEL_UP
    assert error.field == "ships_left"
    assert error.actual == error.expected + 1  # type: ignore[operator]
    assert f"decisions[{error.decision_index}] (GainShip)" in str(error)
    assert "ships_left is" in str(error)
    assert f"seed {error.seed}, step {error.step}" in str(error)


def test_a_double_payment_is_caught_and_named() -> None:
    """PayCrystals carried out twice: Crystals differ by the amount, at that decision."""
    error = caught(same, pays_twice, games=3)

    assert isinstance(error.decision, PayCrystals)
    assert error.decision_type == "PayCrystals"
    assert error.field == "spendable_crystals"
    assert error.expected == error.actual + error.decision.amount  # type: ignore[operator]


CALLS = {
    CallKind.SETUP: setup,
    CallKind.TAKE_TURN: take_turn,
    CallKind.SHUTTLE_PHASE: shuttle_phase,
    CallKind.COLONY_LEVEL_UP: colony_level_up,
}


def test_the_report_reproduces() -> None:
    """The report's plan (or its seed) replays the same failure; its board and bot the call."""
    error = caught(same, pays_twice, games=5, seed=7)
    by_plan = caught(same, pays_twice, games=[error.plan])
    by_seed = caught(same, pays_twice, games=1, seed=error.seed)
    outcome = CALLS[error.call](error.bot, error.board)

    assert error.plan == GamePlan(seed=error.seed)
    for again in (by_plan, by_seed):
        assert str(again) == str(error)
        assert (again.step, again.decision_index, again.decision) == (
            error.step,
            error.decision_index,
            error.decision,
        )
    assert error.decision_index is not None
    assert outcome.decisions[error.decision_index] == error.decision


def test_a_wrong_view_is_caught_before_any_decision() -> None:
    """A host that converts the board wrongly is caught before the first call."""
    error = caught(
        lambda b: attrs.evolve(b, supply_crystals=b.supply_crystals + 1), apply
    )

    assert (error.step, error.call) == (0, CallKind.SETUP)
    assert error.decision_index is None
    assert error.decision_type is None
    assert error.field == "supply_crystals"
    assert "before any decision" in str(error)


def test_a_host_that_raises_gets_a_note_with_the_game() -> None:
    """The host's own exception propagates, with a note naming seed and step."""

    def broken(board: Board, decisions: Sequence[Decision]) -> Board:
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom") as info:
        check_host(same, broken, seed=4)

    assert "seed 4, step 0 (setup)" in "".join(info.value.__notes__)


def test_a_broken_difference_is_narrowed_to_the_item() -> None:
    """A tuple field is reported at its first differing item, a set by what differs."""

    def loses_a_building(board: Board, decisions: Sequence[Decision]) -> Board:
        after = apply(board, decisions)
        return attrs.evolve(after, buildings=after.buildings[1:])

    def shifts_the_mine(board: Board) -> Board:
        first = board.buildings[0]
        moved = attrs.evolve(first, id=HostId("renamed"))
        return attrs.evolve(board, buildings=(moved, *board.buildings[1:]))

    def adds_a_crystal(board: Board) -> Board:
        extra = next(iter(board.map_hexes - board.crystal_hexes))
        return attrs.evolve(board, crystal_hexes=board.crystal_hexes | {extra})

    assert "items on the host" in str(caught(same, loses_a_building, games=1))
    assert "buildings[0] is" in str(caught(shifts_the_mine, apply, games=1))
    assert "crystal_hexes lacks [] and has" in str(caught(adds_a_crystal, apply))


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"games": 0}, "games"),
        ({"games": True}, "games"),
        ({"games": [1]}, "games[0]"),
        ({"games": 1, "seed": -1}, "seed"),
        ({"games": [GamePlan(seed=1)], "seed": 2}, "seed"),
        ({"games": 2.0}, "games"),  # a float is not a count
        ({"games": None}, "games"),
        ({"games": "ab"}, "games"),
        ({"games": 2, "seed": 2**63 - 1}, "games"),
        ({"games": 1, "seed": 2.0}, "seed"),
        ({"games": [GamePlan(seed=1)], "seed": 0.0}, "seed"),
        ({"games": [GamePlan(seed=1)], "seed": False}, "seed"),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, Any], field: str) -> None:
    """A bad count, seed or plan raises InvalidValueError naming it, before any game."""
    with pytest.raises(InvalidValueError) as info:
        check_host(same, apply, **kwargs)

    assert info.value.field == field


@pytest.mark.parametrize(
    ("args", "field"),
    [
        ((None, apply), "to_host"),
        ((same, "apply"), "apply"),
        ((same, apply, 5), "read"),
    ],
)
def test_arguments_that_are_not_functions_are_named(
    args: tuple[Any, ...], field: str
) -> None:
    """A host function that is not a function is named before any game is played."""
    with pytest.raises(InvalidValueError) as info:
        check_host(*args, games=1)

    assert info.value.field == field


def test_game_plans_check_their_fields() -> None:
    """A plan with a bad seed or length cannot be built."""
    with pytest.raises(InvalidValueError, match="seed"):
        GamePlan(seed=-1)
    with pytest.raises(InvalidValueError, match="max_rounds"):
        GamePlan(seed=0, max_rounds=0)


@settings(max_examples=25)  # a few whole (short) games per example
@given(game_plans(max_rounds=3))
def test_any_game_plan_passes_on_the_reference_host(plan: GamePlan) -> None:
    """Every generated game, any options, conforms on the reference host."""
    assert check_host(same, apply, games=[plan]) >= 0


def test_the_kit_needs_hypothesis(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without hypothesis, importing the kit says which extra to install."""
    monkeypatch.setitem(sys.modules, "hypothesis", None)
    monkeypatch.delitem(sys.modules, "lacerda_bot.conformance")

    with pytest.raises(ImportError, match=r"lacerda-bot\[conformance\]"):
        importlib.import_module("lacerda_bot.conformance")


def namespace(board: Board) -> HostState:
    """A view that is not a Board: a plain object with the board's attributes."""
    return cast(HostState, SimpleNamespace(**attrs.asdict(board, recurse=False)))


@pytest.mark.parametrize(
    "decision", [d for d, _ in ILLEGAL], ids=lambda d: type(d).__name__
)
def test_why_illegal_reads_any_view(decision: Decision) -> None:
    """why_illegal on a non-Board view gives the Board's answer."""
    answer = why_illegal(BOARD, decision, Options())

    assert answer
    assert why_illegal(namespace(BOARD), decision, Options()) == answer


@given(host_states(), bot_states())
def test_why_illegal_agrees_on_generated_views(board: Board, bot: BotState) -> None:
    """On generated boards, a view and its Board get the same answer, legal or not."""
    decisions = [*take_turn(bot, board).decisions, *(d for d, _ in ILLEGAL)]

    for decision in decisions:
        assert why_illegal(namespace(board), decision, bot.options) == why_illegal(
            board, decision, bot.options
        )


def test_why_illegal_refuses_a_broken_view() -> None:
    """A non-Board view is checked as the calls check it."""
    broken = SimpleNamespace(**attrs.asdict(BOARD, recurse=False))
    broken.spendable_crystals = -1

    with pytest.raises(InvalidHostStateError, match="spendable_crystals"):
        why_illegal(cast(HostState, broken), ILLEGAL[0][0], Options())


def test_a_host_that_answers_twice_is_told_so() -> None:
    """A host wrong only on its first copy cannot be narrowed: the error says why."""
    calls = 0

    def wrong_once(board: Board, decisions: Sequence[Decision]) -> Board:
        nonlocal calls
        calls += 1
        after = apply(board, decisions)
        return attrs.evolve(after, ships_left=99) if calls == 1 else after

    with pytest.raises(AssertionError, match="share mutable state") as info:
        check_host(same, wrong_once)

    assert "seed 0, step 0 (setup)" in "".join(info.value.__notes__)


def test_a_view_that_breaks_a_precondition_is_compared_field_by_field() -> None:
    """An unreadable view is still reported as a field difference; if none, its error."""

    def garbage(board: Board) -> HostState:
        return cast(
            HostState,
            SimpleNamespace(**{**attrs.asdict(board, recurse=False), "buildings": [1]}),
        )

    def a_bool_level(board: Board) -> HostState:
        return cast(
            HostState,
            SimpleNamespace(
                **{**attrs.asdict(board, recurse=False), "colony_level": True}
            ),
        )

    error = caught(garbage, lambda host, ds: host, games=1)

    assert (error.field, error.actual) == ("buildings", [1])
    with pytest.raises(InvalidHostStateError, match="colony_level") as info:
        check_host(a_bool_level, lambda host, ds: host, games=1)
    assert "step 0 (setup)" in "".join(info.value.__notes__)


def test_an_empty_list_of_games_is_refused() -> None:
    from lacerda_bot.conformance import check_host
    from lacerda_bot.errors import InvalidValueError
    from lacerda_bot.testing import apply

    with pytest.raises(InvalidValueError, match="at least one GamePlan"):
        check_host(lambda board: board, apply, games=[])
