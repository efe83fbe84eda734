"""The round tracked, ``fix``, what a step changed, contradictions pointed out."""

import io
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lacerda_bot import _queries as q
from lacerda_bot._facts import Choice
from lacerda_bot.lab import staggered
from lacerda_bot.model import HostId, MissionSlot, TechType
from lacerda_bot.table._engine.dialogue import Question, QuestionKind
from lacerda_bot.table._engine.questions import shape_of
from lacerda_bot.table._engine.shapes import Labels, Wording
from lacerda_bot.table._engine.tracked import Tracked
from lacerda_bot.table._game.driver import StepKind, next_steps, run_step
from lacerda_bot.table._game.fixing import Value, fix_value, fixable, what_question
from lacerda_bot.table._game.recap import board_lines, changes
from lacerda_bot.table._game.rounds import expected, refusal, reminder, round_number
from lacerda_bot.table._game.session import (
    Step,
    load_game,
    loads_game,
    new_game,
    record,
    replay,
)
from lacerda_bot.table._game.state import TableState
from lacerda_bot.table.terminal import Style, Terminal

from .helpers_table import HIS, by_key, drive, scored_save, set_up
from .helpers_table import SETUP as DRIVER_SETUP
from .helpers_terminal import SETUP, SKIP_TURN, session

# --- the round -----------------------------------------------------------------


def test_a_round_is_his_turn_then_the_shuttle_phase() -> None:
    """His turn, then the Shuttle phase; level-up, tech and fix fit anywhere."""
    state = set_up()
    assert (round_number(state), expected(state)) == (1, StepKind.TURN)
    assert refusal(state, StepKind.SHUTTLE) is not None
    assert refusal(state, StepKind.SCORE) is not None  # no turn taken yet
    after_turn = attrs.evolve(state, turns=1, turn_this_round=True)
    assert expected(after_turn) is StepKind.SHUTTLE
    assert "round 1" in str(refusal(after_turn, StepKind.TURN))
    for kind in (StepKind.SHUTTLE, StepKind.LEVEL_UP, StepKind.FIX, StepKind.SCORE):
        assert refusal(after_turn, kind) is None
    next_round = attrs.evolve(after_turn, shuttle_phases=1, turn_this_round=False)
    assert (round_number(next_round), expected(next_round)) == (2, StepKind.TURN)


def test_before_set_up_and_after_scoring() -> None:
    state, _ = replay(new_game(3))
    assert expected(state) is StepKind.SETUP
    scored, _ = replay(loads_game(scored_save()))
    assert scored.final_score is not None
    assert expected(scored) is None


@pytest.mark.parametrize("kind", [k for k in StepKind if k is not StepKind.SCORE])
def test_every_step_ends_with_a_reminder(kind: StepKind) -> None:
    assert str(reminder(attrs.evolve(set_up(), turns=1), kind)).strip()
    assert reminder(attrs.evolve(set_up(), turns=1), StepKind.SCORE) == ""


def test_an_insisted_step_shifts_nothing_after_the_next_shuttle_phase(
    tmp_path: Path,
) -> None:
    """Two turns insisted on, then a Shuttle phase: the next round opens normally."""
    out, terminal = session(
        [*SETUP, *SKIP_TURN, "turn!", "0", "0", "n", "n", "shuttle", "n", "turn"],
        tmp_path / "g.json",
    )
    assert terminal.state.turns == 2
    assert "Round 2, next: [turn/shuttle/level-up/score/fix; Enter: turn]" in out
    assert "Not now" not in out
    assert "His card: Mission C, action 1 (C1)." in out  # the third turn began


def test_enter_takes_the_step_offered_and_out_of_order_needs_a_bang(
    tmp_path: Path,
) -> None:
    """Enter takes the next step; a second turn is refused, then insisted on."""
    out, terminal = session(
        [*SETUP, "", "n", "n", "turn", "turn!", "0", "0", "n", "n"], tmp_path / "g.json"
    )
    assert "Round 1, next: [turn/shuttle/level-up/score/fix; Enter: turn]" in out
    assert "Not now: he has had his turn in round 1" in out
    assert "Type turn! to take it anyway." in out
    assert terminal.state.turns == 2


def test_the_shuttle_phase_opens_the_next_round(tmp_path: Path) -> None:
    out, terminal = session(
        [*SETUP, *SKIP_TURN, "", "n", "status"], tmp_path / "g.json"
    )
    assert "Enter: shuttle]" in out
    assert terminal.state.shuttle_phases == 1
    assert "Round 2, next:" in out
    assert "Round 2; side: Colony" in out


# --- fix -----------------------------------------------------------------------


def test_fix_corrects_a_tracked_value_and_is_saved_and_undone(tmp_path: Path) -> None:
    """``fix`` changes his board, is a step in the save, and undo takes it back."""
    path = tmp_path / "g.json"
    out, terminal = session([*SETUP, "fix", "crystals", "5"], path)
    assert "Crystals: the companion has 2. What does the table show?" in out
    assert "Fixed crystals: 2 -> 5." in out
    assert "His board now: Crystals: 2 -> 5; free Depot spaces: 4 -> 1." in out
    assert terminal.state.tracked is not None
    assert terminal.state.tracked.crystals == 5
    game = load_game(path)
    assert game.steps[-1] == Step(
        kind=StepKind.FIX, answers=(("fix.what", "crystals"), ("fix.value", 5))
    )
    out, terminal = session(["undo", "status"], path)
    assert "Undone: the last fix step." in out
    assert "  Crystals: 2" in out
    assert terminal.state.tracked is not None
    assert terminal.state.tracked.crystals == 2


def test_fix_offers_his_techs_and_missions() -> None:
    his = attrs.evolve(
        HIS, lab_spaces=staggered(techs={HostId("c2-middle"): TechType.ROVER})
    )
    labels = {f.label for f in fixable(his)}
    assert {"rover tech space", "mission A completed", "crystals"} <= labels
    assert what_question(his).choices == tuple(f.label for f in fixable(his))


def run_fix(state: TableState, what: str, value: object) -> TableState:
    answers = [("fix.what", what), ("fix.value", value)]
    run = run_step(state, StepKind.FIX, answers)  # type: ignore[arg-type]
    assert run.question is None
    assert run.used == 2
    return run.state


def test_fix_of_a_yes_no_value_and_of_a_tech_space() -> None:
    """V9: a Tech's tile is put right by naming its space; only empty ones are offered."""
    state = set_up()
    assert state.tracked is not None
    his = attrs.evolve(
        state.tracked,
        lab_spaces=staggered(
            techs={HostId("c1-top"): TechType.MINE, HostId("c3-top"): TechType.ROVER}
        ),
    )
    state = attrs.evolve(state, tracked=his)
    slot = run_fix(state, "colonist on hire slot", True)
    assert slot.tracked is not None
    assert slot.tracked.colonist_on_hire_slot
    mission = run_fix(state, "mission B completed", True)
    assert mission.tracked is not None
    assert mission.tracked.mission(MissionSlot.B).completed
    question = run_step(state, StepKind.FIX, [("fix.what", "mine tech space")]).question
    assert question is not None
    assert "c3-top" not in question.choices  # his Rover tile stands there
    assert {"c1-top", "c3-bottom"} <= set(question.choices)
    moved = run_fix(state, "mine tech space", "c3-bottom")
    assert moved.tracked is not None
    assert moved.tracked.tech(TechType.MINE) is not None
    assert moved.tracked.tech(TechType.MINE).space == "c3-bottom"  # type: ignore[union-attr]
    assert moved.tracked.space(HostId("c1-top")).tech is None


@given(
    st.sampled_from(fixable(HIS)),
    st.integers(min_value=0, max_value=9),
)
def test_every_fix_sets_the_value_it_names(fix: object, n: int) -> None:
    """Whatever value is fixed, the companion then has the answer given."""
    state = attrs.evolve(set_up(), tracked=HIS)
    assert state.tracked is not None
    question = run_step(state, StepKind.FIX, [("fix.what", fix.label)]).question  # type: ignore[attr-defined]
    assert question is not None
    if question.kind is QuestionKind.YES_NO:
        value: object = n % 2 == 1
    elif question.kind is QuestionKind.PICK:
        value = question.choices[n % len(question.choices)]
    else:
        value = max(question.low, min(n, question.high))
    after = run_fix(state, fix.label, value)  # type: ignore[attr-defined]
    assert after.tracked is not None
    assert fix_value(after.tracked, fix) == value  # type: ignore[arg-type]
    assert after.bot == state.bot  # a fix never touches his deck


def test_fix_is_offered_only_for_a_tracked_board() -> None:
    state = set_up()
    assert StepKind.FIX in next_steps(state)
    assert StepKind.FIX not in next_steps(attrs.evolve(state, tracked=None))


def test_a_fix_in_a_save_replays() -> None:
    """A fix is a recorded step: replaying the game gives the corrected board."""
    game = new_game(2)
    state, _ = replay(game)
    _, step, _ = drive(state, StepKind.SETUP, by_key(DRIVER_SETUP))
    game = record(game, step)
    answers = (("fix.what", "advanced markers"), ("fix.value", 6))
    game = record(game, Step(kind=StepKind.FIX, answers=answers))

    again, lines = replay(game)
    assert again.tracked is not None
    assert again.tracked.free_advanced_markers == 6
    assert str(lines[-1][0].text) == "Fixed advanced markers: 8 -> 6."
    assert [f.value for f in fixable(again.tracked)].count(Value.MISSION_DONE) == 3


# --- what changed, and his board ----------------------------------------------


def test_changes_name_only_what_changed() -> None:
    after = attrs.evolve(HIS, crystals=3, bots_left=2)
    assert tuple(str(c) for c in changes(HIS, after)) == (
        "Crystals: 2 -> 3",
        "free Depot spaces: 4 -> 3",
        "Bots left: 3 -> 2",
    )
    assert changes(HIS, HIS) == ()
    assert changes(None, HIS) == board_lines(HIS)
    assert changes(HIS, None) == ()


def test_a_turn_ends_with_what_changed_on_his_board(tmp_path: Path) -> None:
    """A step ends with the changes to check on the table."""
    out, _ = session(
        [*SETUP, "turn", "y", "1", "0", "n", "crystals 2"], tmp_path / "g.json"
    )
    assert "His board now: Crystals: 2 -> 4; free Depot spaces: 4 -> 2." in out


def test_resume_recaps_where_the_game_stands(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    session([*SETUP, *SKIP_TURN], path)
    out, _ = session([], path)
    assert "Resumed: round 1, 1 turn taken, he is on the Colony side." in out
    assert "1. His card: Mission B, action 2 (B2)." in out


# --- reading anywhere -------------------------------------------------------------


def test_forty_columns_wrap_every_line(tmp_path: Path) -> None:
    """Readable at 40 columns: no line longer, prompts included."""
    path = tmp_path / "g.json"
    out, _ = session(
        ["help", *SETUP, "turn", "?", "0", "why", "status"], path, width=40
    )
    # no input is echoed here: a prompt ends a line as the player's Enter would
    lines = [part for line in out.splitlines() for part in line.split("> ")]
    long = [line for line in lines if len(line) > 40 and str(path) not in line]
    assert long == []
    assert "(B2)" in out
    assert "\n  undo      cancel the step in progress" in out  # help keeps its columns


def test_rule_ids_only_with_why_or_rules(tmp_path: Path) -> None:
    out, _ = session([*SETUP, *SKIP_TURN], tmp_path / "a.json")
    assert "[R-" not in out
    out, _ = session([*SETUP, *SKIP_TURN, "why"], tmp_path / "b.json")
    assert "rules: R-TURN-5, R-ROVER-8" in out
    out, _ = session([*SETUP, *SKIP_TURN], tmp_path / "c.json", rules=True)
    assert "[R-TURN-5, R-ROVER-8" in out


# --- contradictions -----------------------------------------------------------


def test_paths_to_a_tile_one_step_away_expect_one() -> None:
    """A tile 1 step away has one shortest path; more is a contradiction."""
    target = Choice(index=0, of=1)
    words = Wording(
        side=None,
        options=set_up().bot.options,
        known={q.TargetSteps(target): 1},
    )
    shape = shape_of(q.BestPaths(target, 1), words)
    assert isinstance(shape, Labels)
    assert shape.expected_most == 1
    assert "1 step away" in str(shape.limit)
    far = shape_of(q.BestPaths(*(target, 3)), attrs.evolve(words, known={}))
    assert isinstance(far, Labels)
    assert far.expected_most is None


def test_a_contradiction_is_pointed_out_and_asked_again(tmp_path: Path) -> None:
    question = Question(
        key="k",
        text="How many paths?",
        kind=QuestionKind.COUNT,
        low=1,
        high=9,
        expected_most=1,
        limit="you said the tile is 1 step away",
    )

    def ask(lines: list[str]) -> tuple[object, str]:
        out = io.StringIO()
        game = new_game(0)
        terminal = Terminal(
            game,
            tmp_path / "g.json",
            io.StringIO("\n".join(lines) + "\n"),
            out,
            Style(colour=False),
            width=200,
        )
        return terminal.ask(question), out.getvalue()

    value, out = ask(["3", "1"])
    assert value == 1
    assert "3 contradicts an earlier answer: you said the tile is 1 step away." in out
    value, out = ask(["3", "3"])  # the player insists: the earlier answer was wrong
    assert value == 3
    value, out = ask(["1"])
    assert (value, out.count("contradicts")) == (1, 0)


def test_a_tracked_board_for_status(tmp_path: Path) -> None:
    lines = board_lines(Tracked(crystals=1, depot=5))
    assert str(lines[0]) == "Crystals: 1"
    assert "free Depot spaces: 4" in [str(line) for line in lines]


def test_the_resume_command_is_never_wrapped(tmp_path: Path) -> None:
    path = tmp_path / "a-rather-long-file-name-for-a-save.json"
    out, _ = session([], path, width=40)
    assert f"\n  lacerda-bot play --resume {path}\n" in out
