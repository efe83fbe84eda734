"""One engine, two sources of facts: the table and the board agree.

For a generated board and bot state, each decision-making call runs twice
through the same rules: once on the board's facts (what a digital host
gets), once on the facts a player at the table gives, where every question
is answered with what the board says. The two runs must read the same facts
in the same order, make the same decisions (a hex or id the table cannot
name is a ``Described`` there) and leave the same bot state. Every call and
every branch is covered, benefits and Rover moves inside actions included;
nothing is filtered out. A board the rules refuse is refused by both (the
table when a rule reaches the fact that breaks them); only the words of an
``other`` gain, which no player types, are left out of the comparison.
"""

import os
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from lacerda_bot import BotState, CallKind, Described, Outcome, dumps, loads
from lacerda_bot._board.board import Board
from lacerda_bot._rules import level, setup, shuttle, turn
from lacerda_bot._rules.goals import GoalFacts
from lacerda_bot.decisions import (
    CrystalSource,
    Decision,
    GainCrystals,
    LoseBenefit,
    MoveRover,
    TakeBenefit,
)
from lacerda_bot.hexmap import Hex
from lacerda_bot.model import Gain, GainKind, TechType
from lacerda_bot.options import Options, TiePolicy
from lacerda_bot.reference import _game as game
from lacerda_bot.table._engine.tracked import Tracked
from lacerda_bot.testing import apply, small_board, tile
from lacerda_bot.trace import TieBreak, Trace

from .helpers import bot_with
from .helpers_conformance import Call, both, calls, same_arg, same_value
from .helpers_strategies import bot_states, host_states

FIXTURES = Path(__file__).parent / "fixtures"

EXAMPLES = int(os.environ.get("LACERDA_CONFORMANCE_EXAMPLES", "400"))
"""Examples per run; set the variable higher for a soak."""


def same_tie(board: TieBreak, table: TieBreak) -> bool:
    """The same tie: rule, number of options, policy, cards and choice (labels differ)."""
    return (
        board.rule == table.rule
        and len(board.options) == len(table.options)
        and board.policy is table.policy
        and board.chosen == table.chosen
        and [(r.revealed, r.chosen_group, r.random_events) for r in board.rounds]
        == [(r.revealed, r.chosen_group, r.random_events) for r in table.rounds]
    )


def same_trace(board: Trace, table: Trace) -> bool:
    return (
        board.rules == table.rules
        and len(board.tie_breaks) == len(table.tie_breaks)
        and all(
            same_tie(b, t)
            for b, t in zip(board.tie_breaks, table.tie_breaks, strict=True)
        )
    )


def ties_described(outcome: Outcome[Any]) -> bool:
    """Every tied Described names the option a tie-break of the call chose.

    The tie may be another decision's (the Contract display slot refilled is the
    one a tie chose for his Contract). A uniform pick (R-TIE-7) draws a random
    event instead of cards: its number is the draw's, checked by the same
    random events and bot state.
    """
    ties = {
        (len(t.options), t.chosen)
        for d in outcome.decisions
        for t in d.trace.tie_breaks
    }
    return all(
        (value.of, value.number) in ties
        or ("R-TIE-7" in d.trace.rules and value.number <= value.of)
        for d in outcome.decisions
        for field in attrs.fields(type(d))
        if isinstance(value := getattr(d, field.name), Described) and value.of > 1
    )


def same_decision(board: Decision[Any], table: Decision[Any]) -> bool:
    """The same decision up to names: a Described on the table stands for the board's."""
    if type(board) is not type(table):
        return False
    for field in attrs.fields(type(board)):
        b, t = getattr(board, field.name), getattr(table, field.name)
        if field.name == "trace":
            if not same_trace(b, t):
                return False
        elif isinstance(board, TakeBenefit) and field.name == "source":
            continue  # a label built from the source's name
        elif isinstance(board, TakeBenefit | LoseBenefit) and field.name == "gain":
            if not same_value(b, t):
                return False
        elif isinstance(board, LoseBenefit) and board.gain.kind is GainKind.OTHER:
            continue  # the reason is the gain's words (R-TO-9)
        elif not same_arg(b, t):
            return False
    return True


# What the table tracks of his player board, and the field of the host view it follows.
_TRACKED_FIELDS = {
    "crystals": "spendable_crystals",
    "free_advanced_markers": "free_advanced_markers",
    "lacerda_scientists": "lacerda_scientists",
    "colonist_on_hire_slot": "colonist_on_hire_slot",
    "shelters_left": "shelters_left",
    "ships_left": "ships_left",
    "bots_left": "bots_left",
    "ships_in_hangar": "ships_in_hangar",
    "lacerda_contracts": "lacerda_contracts",
}


@settings(max_examples=EXAMPLES, deadline=None)
@given(board=host_states(), bot=bot_states(), data=st.data())
def test_the_tracked_board_follows_what_the_decisions_change(
    board: Board, bot: BotState, data: st.DataObject
) -> None:
    """The table's tracked board after a call is what the host's board says once the
    call's decisions are applied (the contract's changes, docs/host-contract.md): his
    Crystals and Depot, his Lab, Blueprints, Scientists, Contracts and supplies."""
    name, call = data.draw(st.sampled_from(calls(board)), label="call")
    kept: list[Any] = []
    ran = both(board, bot, call, tracked=True, table=kept)
    if ran is None:
        return
    on_board, _ = ran
    event(name)
    after = apply(board, on_board.decisions, options=bot.options)
    expected, tracked = Tracked.of(after), kept[0].tracked
    for mine, theirs in _TRACKED_FIELDS.items():
        ours, host = getattr(tracked, mine), getattr(after, theirs)
        if isinstance(ours, tuple):  # in the order he took them, the host's sorted
            ours, host = Counter(ours), Counter(host)
        assert ours == host, mine
    assert tracked.depot == expected.depot
    assert [(s.id, s.tech) for s in tracked.lab_spaces] == [
        (s.id, s.tech) for s in expected.lab_spaces
    ]
    assert Counter((c.building, c.level, c.used) for c in tracked.cards) == Counter(
        (c.building, c.level, c.used) for c in expected.cards
    )
    if tracked.supply_crystals is not None and not tracked.supply_recount:
        assert tracked.supply_crystals == after.supply_crystals


def test_a_crystal_under_a_new_building_is_counted_back_into_the_supply() -> None:
    """R-BUILD-4, R-CRYSTAL-2: the supply was counted empty; he builds on a Crystal,
    which goes back to it, and then gains one from it (an LSS reward). The table that
    tracks his board asks the supply again and keeps that Crystal, as the board does
    (an example Hypothesis found)."""
    lines = (FIXTURES / "crystal_under_a_new_building.jsonl").read_text().splitlines()
    board, bot = loads(lines[0], Board), loads(lines[1], BotState)
    assert board.supply_crystals == 0
    ran = both(board, bot, turn.take_turn, tracked=True)
    assert ran is not None
    on_board, at_table = ran
    gained = on_board.decisions[-1]
    assert isinstance(gained, GainCrystals)
    assert gained.source is CrystalSource.LSS_REWARD
    assert gained.kept == 1
    assert same_decision(on_board.decisions[-1], at_table.decisions[-1])


@pytest.mark.parametrize("tracked", [True, False], ids=["tracked", "asked"])
def test_a_tile_under_his_rover_is_said_at_the_table_as_on_the_board(
    tracked: bool,
) -> None:
    """R-ROVER-3, R-ROVER-5: his Rover stands on a tile he can collect, 0 steps away,
    the nearest; the player answers none, then yes (under his Rover), and the table
    reads 0 steps and collects it without moving, as the board does (an example
    Hypothesis found: the table read 1 step, then a Rover Tech)."""
    crystals = Gain(kind=GainKind.CRYSTALS, n=1)
    board = small_board(
        map_hexes=frozenset(Hex(q, 0) for q in range(6)),
        buildings=(),
        lacerda_rover=Hex(2, 0),
        map_tiles=(tile("under", 2, 0, crystals), tile("far", 4, 0, crystals)),
        crystal_hexes=frozenset({Hex(3, 0)}),
    )
    options = Options(tie_policy=TiePolicy.CHOSEN, rover_base_movement=0)
    bot = bot_with((11,), options=options)  # Upgrade is impossible: he moves
    ran = both(board, bot, turn.take_turn, tracked=tracked)
    assert ran is not None
    on_board, at_table = ran
    moves = [d for d in on_board.decisions if isinstance(d, MoveRover)]

    assert [(m.target, m.path, m.reached) for m in moves] == [("under", (), True)]
    assert at_table.bot == on_board.bot
    assert len(at_table.decisions) == len(on_board.decisions)
    assert all(
        same_decision(b, t)
        for b, t in zip(on_board.decisions, at_table.decisions, strict=True)
    )


@settings(max_examples=EXAMPLES, deadline=None)
@given(board=host_states(), bot=bot_states(), data=st.data())
def test_the_table_decides_as_the_board_does(
    board: Board, bot: BotState, data: st.DataObject
) -> None:
    """Same facts read, same decisions up to names, same bot state, every call."""
    name, call = data.draw(st.sampled_from(calls(board)), label="call")
    tracked = data.draw(st.booleans(), label="tracked")
    ran = both(board, bot, call, tracked=tracked)
    event(name)
    event("his board tracked" if tracked else "his board asked")
    if ran is None:
        event("refused by both")
        return
    on_board, at_table = ran

    event(f"{len(on_board.decisions)} decisions")
    assert at_table.bot == on_board.bot
    assert len(at_table.decisions) == len(on_board.decisions)
    for b, t in zip(on_board.decisions, at_table.decisions, strict=True):
        assert same_decision(b, t), (b, t)
        event(type(b).__name__)
    assert ties_described(at_table)
    board_trace, table_trace = on_board.trace, at_table.trace
    assert (board_trace.call, board_trace.card, board_trace.pass_count) == (
        table_trace.call,
        table_trace.card,
        table_trace.pass_count,
    )
    assert board_trace.random_events == table_trace.random_events
    assert loads(dumps(at_table), Outcome[Described]) == at_table
    assert loads(dumps(on_board), Outcome) == on_board


class _Checked:
    """Watches a reference game: every call runs at the table too, answered from the board."""

    def __init__(self) -> None:
        self.checked: dict[CallKind, int] = {}

    def call(
        self, kind: CallKind, bot: BotState, board: Board, tech: TechType | None
    ) -> None:
        ran = both(board, bot, _CALLS[kind] if tech is None else _used(tech))
        assert ran is not None  # a reference game never breaks a precondition
        on_board, at_table = ran
        assert at_table.bot == on_board.bot
        assert all(
            same_decision(b, t)
            for b, t in zip(on_board.decisions, at_table.decisions, strict=True)
        )
        assert ties_described(at_table)
        self.checked[kind] = self.checked.get(kind, 0) + 1

    def scoring(self, board: Board, human_total: int, goal: GoalFacts) -> None:
        pass  # final scoring reads no board fact the calls read


_CALLS: dict[CallKind, Call] = {
    CallKind.SETUP: setup.setup,
    CallKind.TAKE_TURN: turn.take_turn,
    CallKind.SHUTTLE_PHASE: shuttle.shuttle_phase,
    CallKind.COLONY_LEVEL_UP: level.colony_level_up,
}


def _used(tech: TechType) -> Call:
    return lambda bot, facts: turn.human_used_tech(bot, facts, tech)


@pytest.mark.parametrize("seed", range(3))
def test_whole_reference_games_agree_at_every_call(seed: int) -> None:
    """In whole games, every call the table would run decides as the board does."""
    watch = _Checked()
    record = game.play_game(seed, watch=watch)

    assert watch.checked[CallKind.SETUP] == 1
    assert watch.checked[CallKind.TAKE_TURN] == record.lacerda_turns
    assert watch.checked[CallKind.SHUTTLE_PHASE] == record.rounds
