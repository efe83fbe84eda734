"""Each decision applied once, for the library and a host using testing.apply."""

import types
from collections.abc import Iterable
from typing import Any

import attrs
import pytest

from lacerda_bot import (
    Board,
    Options,
    Outcome,
    new_bot,
    read_view,
    shuttle_phase,
    take_turn,
)
from lacerda_bot import testing as testing_module
from lacerda_bot._board import results
from lacerda_bot._board.board import is_trusted
from lacerda_bot._board.effects import apply_decision
from lacerda_bot.decisions import Decision, GainCrystals
from lacerda_bot.model import BuildingType
from lacerda_bot.options import TiePolicy
from lacerda_bot.reference import play_game
from lacerda_bot.testing import apply, reference_board

from .helpers_checks import Counting


def applied_one_by_one(board: Board, decisions: Iterable[Decision]) -> Board:
    """What testing.apply computes without the fast path."""
    for decision in decisions:
        board = apply_decision(board, decision, gains_spendable=True)
    return board


def read_in_full(board: Board) -> Board:
    """*board* read as a host view that is not a Board: every field checked."""
    fields = {f.name: getattr(board, f.name) for f in attrs.fields(Board)}
    return read_view(types.SimpleNamespace(**fields))


def with_gain(options: Options) -> tuple[Board, Outcome]:
    """A board and a turn on it in which Lacerda gains Crystals (searched by seed)."""
    for seed in range(200):
        board = reference_board()
        outcome = take_turn(new_bot(seed, options), board)
        if any(type(d) is GainCrystals and d.kept for d in outcome.decisions):
            return board, outcome
    raise AssertionError("no turn gains a Crystal")  # pragma: no cover


def without_gain() -> tuple[Board, Outcome]:
    """A turn on the reference board with several decisions and no Crystal gained.

    Gained Crystals make the host's board anew from the call's end (R-CRYSTAL-3),
    so only such a turn's board is returned as the very same object.
    """
    for seed in range(200):
        board = reference_board()
        outcome = take_turn(new_bot(seed), board)
        gains = any(type(d) is GainCrystals and d.kept for d in outcome.decisions)
        if len(outcome.decisions) > 2 and not gains:
            return board, outcome
    raise AssertionError("every turn gains a Crystal")  # pragma: no cover


def test_a_calls_decisions_applied_give_the_board_the_call_ended_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The fast path: the same board as applying them one by one, checked already."""
    board = reference_board()
    outcome = take_turn(new_bot(3), board)

    after = apply(board, outcome.decisions)

    assert after == applied_one_by_one(board, outcome.decisions)
    assert is_trusted(after)
    counting = Counting(monkeypatch)
    assert read_view(after) is after
    assert counting.checks == []
    assert read_in_full(after) == after


def test_equal_decisions_or_another_board_are_applied_one_by_one() -> None:
    """Only the very tuple of the call, on the very board it was given, is reused."""
    board, outcome = without_gain()
    fast = apply(board, outcome.decisions)

    listed = apply(board, list(outcome.decisions))
    other = attrs.evolve(board, supply_crystals=board.supply_crystals - 1)
    elsewhere = apply(other, outcome.decisions)

    assert apply(board, outcome.decisions) is fast
    assert listed == fast
    assert listed is not fast
    assert elsewhere == attrs.evolve(fast, supply_crystals=fast.supply_crystals - 1)
    assert elsewhere is not fast


def test_only_the_last_calls_are_kept() -> None:
    """A host applies a call's decisions before its next calls; older ones are applied anew."""
    board = reference_board()
    first = take_turn(new_bot(3), board)
    for seed in range(results._LAST.maxlen or 0):
        shuttle_phase(new_bot(seed), board)

    assert results.applied(board, first.decisions) is None
    assert apply(board, first.decisions) == applied_one_by_one(board, first.decisions)


@pytest.mark.parametrize("spendable", [False, True])
def test_gained_crystals_are_spendable_on_the_host_whatever_the_option(
    spendable: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R-CRYSTAL-3: the working copy follows the option; the host's board counts them,
    checked once when applied, not at the next call."""
    board, outcome = with_gain(Options(same_call_gains_spendable=spendable))
    gained = sum(d.kept for d in outcome.decisions if type(d) is GainCrystals)

    after = apply(board, outcome.decisions)
    end = results._LAST[-1][3]
    for seed in range(3):  # other boards read in between
        take_turn(new_bot(seed), reference_board())
    counting = Counting(monkeypatch)

    assert read_view(after) is after
    assert counting.checks == []
    assert after == applied_one_by_one(board, outcome.decisions)
    assert after.spendable_crystals == end.spendable_crystals + (
        0 if spendable else gained
    )
    assert (after is end) is spendable


class HandBoard:
    """A game watcher that keeps the first board with two human Techs or Blueprints."""

    board: Board | None = None

    def call(self, kind: object, bot: object, board: Board, tech: object) -> None:
        if (
            self.board is None
            and max(len(board.human_techs), len(board.human_blueprints)) > 1
        ):
            self.board = board

    def scoring(self, board: Board, human_total: int, goal: object) -> None:
        pass


def test_a_view_sorted_only_in_the_humans_hand_keeps_his_order() -> None:
    """His Techs and Blueprints in his own order stay so; no decision reads them."""
    watch = HandBoard()
    play_game(0, watch=watch)
    assert watch.board is not None
    board = read_view(watch.board)
    hand = attrs.evolve(
        board,
        human_techs=tuple(reversed(board.human_techs)),
        human_blueprints=tuple(reversed(board.human_blueprints)),
    )
    assert hand != board
    outcome = take_turn(new_bot(0), hand)

    after = apply(hand, outcome.decisions)

    assert after == applied_one_by_one(hand, outcome.decisions)
    assert after.human_techs == hand.human_techs
    assert after.human_blueprints == hand.human_blueprints
    assert read_view(after).human_techs == board.human_techs


def test_the_humans_hand_in_his_order_is_not_read_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The board a call ended on, with his hand in his order, reads without a check."""
    watch = HandBoard()
    play_game(0, watch=watch)
    assert watch.board is not None
    board = read_view(watch.board)
    hand = attrs.evolve(board, human_techs=tuple(reversed(board.human_techs)))
    outcome = take_turn(new_bot(0, Options(same_call_gains_spendable=True)), hand)
    after = apply(hand, outcome.decisions)
    end = results._LAST[-1][3]
    moved = attrs.evolve(after, shuttle_departs=not after.shuttle_departs)
    counting = Counting(monkeypatch)

    read = read_view(moved)  # a board the host made from it, read next
    for seed in range(3):  # other boards read in between
        take_turn(new_bot(seed), reference_board())
    again = read_view(after)  # the board itself, read later

    assert counting.checks == []
    assert counting.full == 0
    assert read.human_techs == board.human_techs
    assert read == attrs.evolve(end, shuttle_departs=moved.shuttle_departs)
    assert again == end


def test_a_view_sorted_elsewhere_is_applied_one_by_one() -> None:
    """Out of order outside the human's hand: the decisions are applied to the view."""
    board = reference_board()
    rows = attrs.evolve(board, lab_spaces=tuple(reversed(board.lab_spaces)))
    outcome = take_turn(new_bot(3), rows)

    assert results.applied(rows, outcome.decisions) is None
    assert apply(rows, outcome.decisions) == applied_one_by_one(rows, outcome.decisions)


@pytest.mark.parametrize(
    "options",
    [
        Options(),
        Options(same_call_gains_spendable=True),
        Options(tie_policy=TiePolicy.UNIFORM),
    ],
    ids=["default", "gains spendable", "uniform ties"],
)
def test_in_whole_games_every_board_reused_is_what_applying_gives(
    monkeypatch: pytest.MonkeyPatch, options: Options
) -> None:
    """20 reference games: each reused board equals the one-by-one result and reads
    in full as the library reads it, and the human's hand is never read by an effect."""
    seen = {"reused": 0, "hand": 0}

    def checked(host: object, decisions: object) -> Board | None:
        board = results.applied(host, decisions)
        if board is None:
            return None
        assert isinstance(host, Board)
        assert isinstance(decisions, tuple)
        seen["reused"] += 1
        assert board == applied_one_by_one(host, decisions)
        assert read_in_full(board) == read_view(board)
        if is_trusted(board):
            assert read_in_full(board) == board
        reversed_hand: dict[str, Any] = {
            name: tuple(reversed(getattr(host, name))) for name in results.HUMAN_HAND
        }
        if any(len(v) > 1 for v in reversed_hand.values()):
            seen["hand"] += 1
            other = applied_one_by_one(attrs.evolve(host, **reversed_hand), decisions)
            assert other == attrs.evolve(board, **reversed_hand)
        return board

    monkeypatch.setattr(testing_module, "applied", checked)
    for seed in range(20):
        play_game(seed, options=options)

    assert seen["reused"] > 20 * 40
    assert seen["hand"] > 20 * 10


def test_a_hand_held_in_a_list_is_frozen_and_no_decision_leaves_the_host() -> None:
    """A hand given as a list is the board's own tuple; the empty tuple is everyone's."""
    board = reference_board()
    hand = [BuildingType.MINE, BuildingType.GENERATOR]  # his order, in a list
    listed = attrs.evolve(board, human_blueprints=hand)  # type: ignore[arg-type]
    outcome = take_turn(new_bot(3), listed)
    hand.reverse()  # changing the host's list changes no board
    after = apply(listed, outcome.decisions)

    assert listed.human_blueprints == (BuildingType.MINE, BuildingType.GENERATOR)
    assert after == applied_one_by_one(listed, outcome.decisions)
    assert after.human_blueprints == listed.human_blueprints
    assert read_view(after).human_blueprints == tuple(hand)  # read sorted

    results.remember(board, board, board, (), gains_spendable=True)
    assert results.applied(board, ()) is None
    assert apply(board, ()) is board
