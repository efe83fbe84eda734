"""Table games as answer logs: replay, undo, redo, saves (R-DECK-1, R-DECK-6)."""

import json
import os
import random
import threading
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from lacerda_bot.errors import InvalidValueError, SerializationError
from lacerda_bot.options import Options, TiePolicy
from lacerda_bot.table._engine.dialogue import Say
from lacerda_bot.table._game import storage
from lacerda_bot.table._game.driver import StepKind, next_steps
from lacerda_bot.table._game.session import (
    Game,
    Step,
    dumps_game,
    load_game,
    loads_game,
    new_game,
    play_step,
    record,
    redo,
    replay,
    save_game,
    undo,
)
from lacerda_bot.table._game.state import TableState
from lacerda_bot.table._game.storage import read_save

from .helpers_table import drive, random_answer

SCHEDULE = (
    StepKind.SETUP,
    *[StepKind.TURN] * 3,
    StepKind.SHUTTLE,
    *[StepKind.TURN] * 3,
    StepKind.LEVEL_UP,
    StepKind.TECH,
    StepKind.FIX,
    *[StepKind.TURN] * 8,
    StepKind.SHUTTLE,
)


def live_step(
    state: TableState, kind: StepKind, rng: random.Random
) -> tuple[TableState, Step, tuple[Say, ...]]:
    """Play one step with seeded random answers, recording them."""
    run, step, _ = drive(state, kind, random_answer(rng))
    return run.state, step, run.lines


def played(
    seed: int,
    answers_seed: int,
    steps: tuple[StepKind, ...] = SCHEDULE,
    **options: object,
) -> Game:
    game = new_game(seed, Options(**options))  # type: ignore[arg-type]
    state, _ = replay(game)
    rng = random.Random(answers_seed)
    for kind in steps:
        if kind not in next_steps(state):
            continue  # you cannot use his Tech before he has one
        state, step, _ = live_step(state, kind, rng)
        game = record(game, step)
    return game


def cards(lines: tuple[tuple[Say, ...], ...]) -> list[int]:
    return [line.card for step in lines for line in step if line.card is not None]


# --- replay and undo -------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**63 - 1), st.integers(0, 10**6), st.sampled_from(TiePolicy))
def test_a_game_is_a_function_of_its_seed_and_answers(
    seed: int, answers_seed: int, policy: TiePolicy
) -> None:
    """R-DECK-1: replaying the log gives the same states, lines and cards, every time."""
    game = played(seed, answers_seed, tie_policy=policy)
    first, lines = replay(game)
    second, again = replay(game)
    assert first == second
    assert lines == again
    assert first.turns == SCHEDULE.count(StepKind.TURN)
    assert len(cards(lines)) == first.turns
    # R-DECK-4: the 12 cards are all there between steps
    bot = first.bot
    assert sorted(bot.draw_pile + bot.discard_pile) == list(range(1, 13))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**63 - 1), st.integers(0, 10**6), st.integers(1, 10))
def test_undo_never_changes_the_next_card(
    seed: int, answers_seed: int, back: int
) -> None:
    """Undo k steps and replay the first one with other answers: same card."""
    game = played(seed, answers_seed)
    rewound = game
    for _ in range(back):
        rewound = undo(rewound)
    state, _ = replay(rewound)
    redone = rewound.undone[0]
    _, original = play_step(state, redone)
    _, _, shown = live_step(state, redone.kind, random.Random(answers_seed + 1))
    assert [x.card for x in shown if x.card] == [x.card for x in original if x.card]


def test_redo_replays_the_undone_steps_exactly() -> None:
    game = played(5, 6)
    back = undo(undo(undo(game)))
    assert len(back.undone) == 3
    assert redo(redo(redo(back))) == attrs.evolve(game, undone=())
    assert replay(redo(back)) == replay(attrs.evolve(back, steps=game.steps[:-2]))


def test_undo_and_redo_at_the_ends_change_nothing() -> None:
    game = new_game(1)
    assert undo(game) == game
    assert redo(game) == game


def test_a_new_step_forgets_what_was_undone() -> None:
    game = undo(played(5, 6))
    state, _ = replay(game)
    _, step, _ = live_step(state, StepKind.TURN, random.Random(0))
    assert record(game, step).undone == ()


def test_steps_must_follow_setup() -> None:
    game = new_game(3)
    state, _ = replay(game)
    with pytest.raises(SerializationError, match="cannot come here"):
        play_step(state, Step(kind=StepKind.TURN))


# --- JSON and files --------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**63 - 1), st.integers(0, 10**6), st.integers(0, 4))
def test_save_round_trip(seed: int, answers_seed: int, back: int) -> None:
    """R-DECK-6: dumps then loads gives an equal game, undone steps included."""
    game = played(seed, answers_seed, rover_base_movement=3)
    for _ in range(back):
        game = undo(game)
    assert loads_game(dumps_game(game)) == game


def test_save_is_atomic_and_keeps_the_old_file_on_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failed write leaves the previous save whole and no temporary file."""
    path = tmp_path / "game.json"
    old = played(1, 1, steps=(StepKind.SETUP,))
    save_game(old, path)
    before = path.read_bytes()

    def broken(fd: int) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", broken)
    with pytest.raises(OSError, match="disk full"):
        save_game(played(1, 1), path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_load_game_reads_a_save(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    game = played(9, 9)
    save_game(game, path)
    assert load_game(path) == game


def _valid_doc() -> dict[str, object]:
    doc = json.loads(dumps_game(played(2, 3)))
    assert isinstance(doc, dict)
    return doc


def _corruptions() -> list[tuple[str, str]]:
    doc = _valid_doc()
    text = json.dumps(doc)
    steps = doc["steps"]
    assert isinstance(steps, list)
    wrong_key = json.loads(text)
    wrong_key["steps"][1]["answers"][0][0] = "turn1.somewhere_else"
    wrong_value = json.loads(text)
    wrong_value["steps"][0]["answers"][0][1] = 99
    extra = json.loads(text)
    extra["steps"][1]["answers"].append(["turn1.more", True])
    short = json.loads(text)
    short["steps"][1]["answers"] = short["steps"][1]["answers"][:1]
    bad_undone = json.loads(text)
    bad_undone["undone"] = [{"kind": "setup", "answers": []}]
    bad_option = json.loads(text)
    bad_option["options"]["bot_benefit_steps"] = 5
    bad_seed = json.loads(text)
    bad_seed["seed"] = -1
    bool_seed = json.loads(text)
    bool_seed["seed"] = True
    bad_kind = json.loads(text)
    bad_kind["steps"][0]["kind"] = "nap"
    bad_pairs = json.loads(text)
    bad_pairs["steps"][0]["answers"] = [["a"]]
    bad_step = json.loads(text)
    bad_step["steps"] = [5]
    no_goal = json.loads(text)
    del no_goal["goal"]
    other = json.loads(text)
    other["format"] = "something"
    newer = json.loads(text)
    newer["version"] = 4
    float_version = json.loads(text)
    float_version["version"] = 3.0  # equal to 3, but a float is not the version
    float_v1 = json.loads(text)
    float_v1["version"] = 1.0
    return [
        ("truncated", text[: len(text) // 2]),
        ("not an object", "[1, 2]"),
        ("other format", json.dumps(other)),
        ("newer version", json.dumps(newer)),
        ("float version", json.dumps(float_version)),
        ("float version 1", json.dumps(float_v1)),
        ("missing goal", json.dumps(no_goal)),
        ("steps not a list", json.dumps({**doc, "steps": {}})),
        ("step not an object", json.dumps(bad_step)),
        ("unknown step", json.dumps(bad_kind)),
        ("bad answer pairs", json.dumps(bad_pairs)),
        ("answer to another question", json.dumps(wrong_key)),
        ("answer out of range", json.dumps(wrong_value)),
        ("answers left over", json.dumps(extra)),
        ("answers missing", json.dumps(short)),
        ("undone step that cannot follow", json.dumps(bad_undone)),
        ("bad option", json.dumps(bad_option)),
        ("bad seed", json.dumps(bad_seed)),
        ("bool seed", json.dumps(bool_seed)),
    ]


@pytest.mark.parametrize(("what", "text"), _corruptions(), ids=lambda x: str(x)[:30])
def test_corrupt_saves_are_refused_and_left_untouched(
    tmp_path: Path, what: str, text: str
) -> None:
    """A corrupt save raises SerializationError naming where; the file is unchanged."""
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(SerializationError) as caught:
        load_game(path)
    assert caught.value.path.startswith("$")
    assert path.read_bytes() == before


def test_unreadable_save_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(SerializationError, match="cannot read"):
        load_game(path)
    with pytest.raises(SerializationError, match="cannot read"):
        load_game(tmp_path / "missing.json")


def test_new_game_checks_its_inputs() -> None:
    from lacerda_bot.errors import InvalidValueError

    with pytest.raises(InvalidValueError):
        new_game(-1)
    with pytest.raises(InvalidValueError):
        new_game(1, goal="no_such_goal")


def test_a_step_refuses_an_answer_to_another_question() -> None:
    """A driver that sends an answer of the wrong kind, or to another question, is told where."""
    from lacerda_bot.errors import AnswerMismatchError
    from lacerda_bot.table._game.driver import run_step

    state, _ = replay(new_game(1))
    key = "setup.start_crystals"
    with pytest.raises(AnswerMismatchError, match="expected a whole number"):
        run_step(state, StepKind.SETUP, [(key, True)])
    with pytest.raises(AnswerMismatchError, match="expected the answer to") as caught:
        run_step(state, StepKind.SETUP, [("setup.elsewhere", 3)])
    assert caught.value.index == 0


class TableGameMachine(RuleBasedStateMachine):
    """Whole table games driven by random steps, answers, undos and redos."""

    def __init__(self) -> None:
        super().__init__()
        self.game = new_game(0)
        self.state, _ = replay(self.game)
        self.history: list[TableState] = [self.state]

    @initialize(seed=st.integers(0, 2**63 - 1), policy=st.sampled_from(TiePolicy))
    def start(self, seed: int, policy: TiePolicy) -> None:
        self.game = new_game(seed, Options(tie_policy=policy))
        self.state, _ = replay(self.game)
        self.history = [self.state]

    @rule(choice=st.integers(0, 4), answers=st.integers(0, 10**6))
    def take_a_step(self, choice: int, answers: int) -> None:
        steps = next_steps(self.state)
        if not steps:
            return
        kind = steps[choice % len(steps)]
        if kind is StepKind.SCORE and len(self.game.steps) < 8:
            kind = StepKind.TURN  # keep games going for a while
        self.state, step, _ = live_step(self.state, kind, random.Random(answers))
        self.game = record(self.game, step)
        self.history.append(self.state)

    @rule()
    def undo_a_step(self) -> None:
        if not self.game.steps:
            return
        self.game = undo(self.game)
        self.history.pop()
        self.state = self.history[-1]

    @rule()
    def redo_a_step(self) -> None:
        if not self.game.undone:
            return
        step = self.game.undone[0]
        self.state, _ = play_step(self.state, step)
        self.game = redo(self.game)
        self.history.append(self.state)

    @invariant()
    def the_log_replays_to_the_state(self) -> None:
        assert replay(self.game)[0] == self.state

    @invariant()
    def cards_are_conserved(self) -> None:
        bot = self.state.bot
        assert sorted(bot.draw_pile + bot.discard_pile) == list(range(1, 13))
        assert bot.current_card is None

    @invariant()
    def the_save_round_trips(self) -> None:
        assert loads_game(dumps_game(self.game)) == self.game


TestTableGame = TableGameMachine.TestCase
TestTableGame.settings = settings(
    max_examples=15, stateful_step_count=25, deadline=None
)


# --- only a regular file is read; wrong-typed arguments are named --------------

GENEROUS = 60
"""Seconds a refusal is given (it takes microseconds); past them, a wait is a failure."""


@pytest.mark.parametrize("kind", ["folder", "pipe"])
def test_a_folder_or_a_pipe_is_refused_without_waiting(
    tmp_path: Path, kind: str
) -> None:
    """A pipe with no writer is refused at once (reading it would wait forever)."""
    path = tmp_path / "game.json"
    if kind == "folder":
        path.mkdir()
    else:
        os.mkfifo(path)
    raised: list[BaseException] = []

    def load() -> None:
        try:
            load_game(path)
        except SerializationError as error:
            raised.append(error)

    reader = threading.Thread(target=load, daemon=True)
    reader.start()
    reader.join(GENEROUS)
    if reader.is_alive():  # it waits for a writer: give it one, then fail
        with path.open("wb"):
            pass
        pytest.fail("load_game waited for a writer to the pipe")

    assert len(raised) == 1
    assert isinstance(raised[0], SerializationError)
    assert "not a file" in str(raised[0])
    assert raised[0].path == "$"


def test_a_link_to_a_save_is_read(tmp_path: Path) -> None:
    """A symbolic link to a regular file is read as the file."""
    path = tmp_path / "game.json"
    save_game(new_game(3), path)
    (tmp_path / "link.json").symlink_to(path)

    assert read_save(tmp_path / "link.json") == path.read_bytes()


def _game_calls() -> list[tuple[str, Callable[[object], object]]]:
    game, state = new_game(1), replay(new_game(1))[0]
    step = Step(kind=StepKind.SETUP)
    return [
        ("game", lambda x: replay(x)),
        ("game", lambda x: undo(x)),
        ("game", lambda x: redo(x)),
        ("game", lambda x: dumps_game(x)),
        ("game", lambda x: record(x, step)),
        ("step", lambda x: record(game, x)),
        ("state", lambda x: play_step(x, step)),
        ("step", lambda x: play_step(state, x)),
        ("path", lambda x: load_game(x)),
        ("path", lambda x: read_save(x)),
        ("path", lambda x: save_game(game, x)),
    ]


@pytest.mark.parametrize(("field", "call"), _game_calls())
@pytest.mark.parametrize("given", [None, 5, "{}", b"x", ["a"]])
def test_wrong_typed_arguments_are_named(
    field: str, call: Callable[[object], object], given: object
) -> None:
    """A value of another type raises InvalidValueError naming the argument."""
    if field == "path" and isinstance(given, str):
        given = ""  # a text is a path: the empty one is none
    with pytest.raises(InvalidValueError) as caught:
        call(given)
    assert caught.value.field == field


def test_a_file_name_with_a_nul_is_refused(tmp_path: Path) -> None:
    """No file can have a NUL in its name: refused naming the path, nothing written."""
    with pytest.raises(InvalidValueError, match="path"):
        save_game(new_game(1), Path(f"{tmp_path}/a\x00b.json"))
    assert list(tmp_path.iterdir()) == []


def test_a_save_past_the_largest_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file larger than any save is refused whole, never read into memory."""
    monkeypatch.setattr(storage, "MAX_SAVE_BYTES", 1000)
    path = tmp_path / "game.json"
    path.write_bytes(b" " * 1001)

    with pytest.raises(SerializationError, match="larger than 1000 bytes"):
        load_game(path)
    assert path.read_bytes() == b" " * 1001


def _nested(depth: int, inner: str = "1") -> st.SearchStrategy[str]:
    """JSON text nesting *depth* arrays or objects, with brackets inside strings too."""
    opened = st.lists(
        st.sampled_from(["[", '{"k[{": ']), min_size=depth, max_size=depth
    )
    return opened.map(
        lambda opens: (
            "".join(opens)
            + inner
            + "".join("]" if o == "[" else "}" for o in reversed(opens))
        )
    )


@given(st.integers(0, 40).flatmap(lambda n: st.tuples(st.just(n), _nested(n))))
def test_a_save_nested_too_deep_is_refused_before_it_is_parsed(
    case: tuple[int, str],
) -> None:
    """A hostile file (the page's import) is refused by its depth, brackets in strings
    not counted, before a parser recurses; a save needs 4 levels, 16 are allowed."""
    depth, text = case
    if depth > 16:
        with pytest.raises(SerializationError, match="nested more than 16 levels"):
            loads_game(text)
    else:  # parsed, then refused as no save: not for its depth
        with pytest.raises(SerializationError) as refused:
            loads_game(text)
        assert "levels" not in str(refused.value)


def test_a_file_nested_a_hundred_thousand_deep_is_refused_by_its_depth() -> None:
    with pytest.raises(SerializationError, match="nested more than 16 levels"):
        loads_game("[" * 100_000 + "]" * 100_000)
