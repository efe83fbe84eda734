"""The ``lacerda-bot play`` loop, in process, over text streams."""

import io
import json
import re
from pathlib import Path

import pytest

from lacerda_bot.cli import main, parse_options, play
from lacerda_bot.errors import InvalidValueError
from lacerda_bot.model import Side
from lacerda_bot.options import Options, TiePolicy
from lacerda_bot.table._game.session import load_game
from lacerda_bot.table.terminal import HELP, use_colour

from .helpers_terminal import PRINTED, SETUP, SKIP_TURN, session

# card 7 again: a tile 1 step away, free, no Crystal on the way, giving nothing
OTHER_ANSWERS = ["y", "1", "0", "n", "nothing"]


def test_a_turn_shows_card_reason_and_rules(tmp_path: Path) -> None:
    """The card, what he does in order, with rule IDs (--rules); saved."""
    out, terminal = session([*SETUP, *SKIP_TURN], tmp_path / "g.json", rules=True)
    assert "His card: Mission B, action 2 (B2)." in out
    assert "Upgrade a Building is impossible" in out
    assert "[R-TURN-4, R-COLONY-3]" in out
    assert terminal.state.turns == 1
    assert len(load_game(tmp_path / "g.json").steps) == 2


def test_question_mark_lists_valid_answers_everywhere(tmp_path: Path) -> None:
    """``?`` lists the valid answers at the step prompt and at each kind of question."""
    printed = PRINTED[1:]
    out, _ = session(
        ["?", "setup", "?", "2", *printed, "?", "6", "?", "colony", "?", "nothing"],
        tmp_path / "g.json",
    )
    assert "Answer with a number or a name: 1 setup" in out
    assert "Answer with a whole number from 0 to 30" in out
    assert "Answer with a whole number from 1 to 12" in out
    assert "Answer with a number or a name: 1 orbit, 2 colony" in out
    assert "Answer with the benefit by name, with a number after crystals" in out


def test_bad_answers_are_refused_and_asked_again(tmp_path: Path) -> None:
    out, terminal = session(
        ["setup", *PRINTED, "13", "many", "6", "up", "2", "nothing"],
        tmp_path / "g.json",
    )
    assert out.count("Please answer with a whole number from 1 to 12") == 2
    assert "Please answer with a number or a name" in out
    assert terminal.state.side is not None


def test_help_why_and_status(tmp_path: Path) -> None:
    """``help`` lists commands; why expands the trace; status is redacted (R-DECK-5)."""
    out, _ = session(
        ["why", "help", *SETUP, *SKIP_TURN, "why", "status"], tmp_path / "g.json"
    )
    assert "Nothing has happened yet." in out
    assert HELP in out
    assert "rules: R-TURN-5, R-ROVER-8" in out
    assert "Discard pile (oldest first): B2" in out
    assert "cards left in his draw pile: 11" in out
    assert "Most recent card: B2 (Mission B, action 2)" in out


def test_status_never_shows_the_draw_order(tmp_path: Path) -> None:
    out, terminal = session([*SETUP, "status"], tmp_path / "g.json")
    status = out.split("Pass:")[1]
    order = ", ".join(str(c) for c in terminal.state.bot.draw_pile)
    assert order not in status
    assert "Discard pile (oldest first): empty" in status


def test_undo_mid_step_cancels_it(tmp_path: Path) -> None:
    out, terminal = session(
        [*SETUP, "turn", "undo", "redo", "status"], tmp_path / "g.json"
    )
    assert "Step cancelled; nothing is saved of it." in out
    # what the step had shown, to take back from the table, last first
    listed = out.split("Take back what it showed, last first:\n")[1].splitlines()
    assert listed[:3] == [
        "    3. Upgrade a Building is impossible: no unused Blueprint has an eligible "
        "building.",
        "    2. Colony action 2: Upgrade a Building.",
        "    1. His card: Mission B, action 2 (B2).",
    ]
    assert "Nothing to redo." in out
    assert terminal.state.turns == 0


def test_redo_in_a_step_is_refused(tmp_path: Path) -> None:
    out, _ = session([*SETUP, "turn", "redo", "0"], tmp_path / "g.json")
    assert "Finish or undo this step first." in out


def test_undo_and_redo_show_the_same_card(tmp_path: Path) -> None:
    """Undo a turn, take it again (other answers): same card; redo replays it."""
    path = tmp_path / "g.json"
    out, _ = session(
        [*SETUP, *SKIP_TURN, "undo", "turn", *OTHER_ANSWERS, "undo", "redo"], path
    )
    lines = out.splitlines()
    assert (
        sum("  1. His card: Mission B, action 2 (B2)." in line for line in lines) == 5
    )
    assert (
        lines.count("    1. His card: Mission B, action 2 (B2).") == 2
    )  # each undo's list
    assert "Undone: the last turn step. 1 step to redo." in out
    assert "Redo: turn" in out
    game = load_game(path)
    assert len(game.steps) == 2
    assert game.undone == ()


def test_undo_lists_what_to_put_back_last_first(tmp_path: Path) -> None:
    """Undo prints the step's lines reversed, numbered as they were shown; redo shows
    the lines again."""
    out, _ = session([*SETUP, *SKIP_TURN, "undo", "redo"], tmp_path / "g.json")
    numbered = re.compile(r"(?m)^(?:.*> )? {2}(\d+\. .*)$")
    taken, undone = out.split("Undone:")
    shown = numbered.findall(taken.split("Round 1, next:")[1])
    listed, redone = undone.split("Redo: turn")
    assert [line.split(".")[0] for line in shown] == ["1", "2", "3", "4", "5"]
    assert re.findall(r"(?m)^ {4}(\d+\. .*)$", listed) == shown[::-1]
    assert numbered.findall(redone) == shown


def test_undo_and_redo_with_nothing_to_do(tmp_path: Path) -> None:
    out, _ = session(["undo", "redo"], tmp_path / "g.json")
    assert "Nothing to undo." in out
    assert "Nothing to redo." in out


def test_end_of_input_quits_and_keeps_the_save(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    out, _ = session([*SETUP, "turn", "1"], path)  # input ends mid-step
    assert f"Resume with: lacerda-bot play --resume {path}" in out
    assert len(load_game(path).steps) == 1


def test_scoring_ends_the_game(tmp_path: Path) -> None:
    """R-SCORE-1: what he built and holds is tracked; four counts, your score by
    category and the goal are asked."""
    scores = ["40", "3", "9", "100", "8", *["0"] * 8, "y", "y", "y"]
    out, terminal = session(
        [*SETUP, "score!", *scores, "status", "quit"], tmp_path / "g.json"
    )
    assert "Lacerda scores 63 OP in all." in out
    # the Colony is still at level 1 (tracked): First Colonists fails
    assert "not met: the Colony reached level 3" in out
    assert "Margin +45; Lacerda wins" in out
    assert "The game is over." in out
    assert terminal.state.final_score == 63


def test_colour_codes_only_in_colour_mode(tmp_path: Path) -> None:
    coloured, _ = session(SETUP, tmp_path / "a.json", colour=True)
    plain, _ = session(SETUP, tmp_path / "b.json", colour=False)
    assert "\x1b[" in coloured
    assert "\x1b[" not in plain


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("tty", "env", "plain", "expected"),
    [
        (True, {}, False, True),
        (False, {}, False, False),
        (True, {}, True, False),
        (True, {"NO_COLOR": "1"}, False, False),
        (True, {"TERM": "dumb"}, False, False),
    ],
)
def test_use_colour(
    tty: bool, env: dict[str, str], plain: bool, expected: bool
) -> None:
    stream = _Tty() if tty else io.StringIO()
    assert use_colour(stream, env, plain=plain) is expected


# --- the command line ------------------------------------------------------


def run_play(argv: list[str], lines: list[str]) -> tuple[int, str, str]:
    from lacerda_bot.cli import _parser

    args = _parser().parse_args(["play", *argv])
    out, err = io.StringIO(), io.StringIO()
    status = play(args, io.StringIO("\n".join(lines) + "\n"), out, err)
    return status, out.getvalue(), err.getvalue()


def test_play_starts_saves_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    status, out, _ = run_play(
        ["--seed", "0", "--save", str(path), "--plain"], [*SETUP, *SKIP_TURN]
    )
    assert status == 0
    assert f"New game, seed 0, saved in {path}." in out
    status, out, _ = run_play(["--resume", str(path), "--plain"], ["status"])
    assert status == 0
    assert "turns taken: 1" in out


def test_play_without_a_seed_picks_one(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    status, out, _ = run_play(["--save", str(path)], [])
    assert status == 0
    seed = json.loads(path.read_text())["seed"]
    assert f"seed {seed}," in out


def test_play_never_overwrites_a_save(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_text("precious")
    status, _, err = run_play(["--save", str(path)], [])
    assert status == 2
    assert "already exists" in err
    assert path.read_text() == "precious"


def test_play_refuses_a_corrupt_save_and_leaves_it(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_text('{"format": "lacerda_bot.table", "version": 1, "seed": 1')
    before = path.read_bytes()
    status, _, err = run_play(["--resume", str(path)], [])
    assert status == 2
    assert "cannot resume" in err
    assert "The file was not changed." in err
    assert path.read_bytes() == before


def test_resume_takes_no_new_game_flags(tmp_path: Path) -> None:
    status, _, err = run_play(["--resume", str(tmp_path / "g.json"), "--seed", "3"], [])
    assert status == 2
    assert "--seed and --option are for new games" in err


def test_play_options(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    status, _, _ = run_play(
        [
            "--save",
            str(path),
            "--option",
            "tie_policy=uniform",
            "--option",
            "rover_base_movement=3",
        ],
        [],
    )
    assert status == 0
    options = load_game(path).options
    assert options.tie_policy is TiePolicy.UNIFORM
    assert options.rover_base_movement == 3


@pytest.mark.parametrize(
    "pair",
    [
        "nonsense",
        "no_such=1",
        "tie_policy=dice",
        "bot_benefit_steps=3",
        "prefer_own_tech=maybe",
        "rover_base_movement=-1",
    ],
)
def test_bad_options_are_refused(pair: str, tmp_path: Path) -> None:
    with pytest.raises(InvalidValueError):
        parse_options([pair])
    status, _, err = run_play(
        ["--save", str(tmp_path / "g.json"), "--option", pair], []
    )
    assert status == 2
    assert err.startswith("lacerda-bot play: ")
    assert not (tmp_path / "g.json").exists()


def test_parse_options_reads_every_kind() -> None:
    options = parse_options(
        ["prefer_own_tech=false", "tie_policy=uniform", "placement_cost_per_colonist=0"]
    )
    assert options == Options(
        prefer_own_tech=False,
        tie_policy=TiePolicy.UNIFORM,
        placement_cost_per_colonist=0,
    )


def test_main_dispatches_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "--save", str(tmp_path / "g.json"), "--seed", "4"]) == 0
    assert "Saved in" in capsys.readouterr().out


def test_ctrl_c_stops_with_the_last_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Interrupting:
        def readline(self) -> str:
            raise KeyboardInterrupt

        def isatty(self) -> bool:
            return False

    monkeypatch.setattr("sys.stdin", Interrupting())
    assert main(["play", "--save", str(tmp_path / "g.json"), "--seed", "4"]) == 130
    said = capsys.readouterr().out
    assert "saved as of its last complete step" in said
    assert "lacerda-bot play --resume" in said
    assert load_game(tmp_path / "g.json").steps == ()


def test_the_readme_transcript_is_a_real_session(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The README's session replays as printed: same answers, same lines, same order."""
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    block = readme.split("A real session")[1].split("```text\n")[1].split("```")[0]
    lines = block.splitlines()[1:]  # after the command line
    answers = [line.split("] > ", 1)[1] for line in lines if "] > " in line]
    monkeypatch.chdir(tmp_path)
    status, out, _ = run_play(
        ["--seed", "2", "--save", "my-game.json", "--plain"], answers
    )
    assert status == 0
    position = 0
    for line in lines:
        if "[...]" in line or "[... " in line:
            continue
        expected = line.split("] > ", 1)[0] + "] > " if "] > " in line else line
        found = out.find(expected, position)
        assert found >= 0, f"not printed in this order: {expected!r}"
        position = found + len(expected)


def test_game_over_prompt_accepts_its_one_choice(tmp_path: Path) -> None:
    scores = ["0"] * 14 + ["n", "n", "n"]
    out, terminal = session([*SETUP, "score!", *scores, "?", "1"], tmp_path / "g.json")
    assert "Answer with a number or a name: 1 quit" in out
    assert terminal.state.final_score == 10  # his full Living Quarters (top 10)
    assert "Lacerda wins" in out


def test_play_help_documents_steps_commands_and_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--help documents everything: steps, commands, files, every option."""
    import attrs

    with pytest.raises(SystemExit):
        main(["play", "--help"])
    text = capsys.readouterr().out
    for word in (
        "setup",
        "turn",
        "shuttle",
        "level-up",
        "tech",
        "score",
        "why",
        "status",
        "undo",
        "redo",
        "--resume",
    ):
        assert word in text
    for field in attrs.fields(Options):
        assert f"  {field.name}=" in text
    assert "bot_benefit_steps=1|2 (default 2)" in text


def test_back_takes_back_the_last_answer_of_a_step(tmp_path: Path) -> None:
    """A mistyped answer is taken back without redoing the whole step."""
    path = tmp_path / "g.json"
    # turn 1 (card 7, Upgrade impossible): a tile 3 steps away by mistake, back,
    # then "n" (none) and "n" (none under his Rover either)
    out, terminal = session([*SETUP, "turn", "back", "3", "back", "n", "n"], path)
    assert "No answer to take back here" in out
    assert "Back one question." in out
    assert (
        out.count("His card: Mission B, action 2 (B2).") == 1
    )  # nothing printed twice
    assert "Upgrade a Building is impossible" in out
    step = load_game(path).steps[-1]
    assert step.answers == (
        ("turn1.any_target", 0),
        ("turn1.any_target.at_zero", False),
    )
    assert terminal.state.turns == 1


def test_back_keeps_the_tie_break_result(tmp_path: Path) -> None:
    """Taking back an answer after a tie-break replays it: the same cards decide."""
    # seed 2: he draws First Colonist tile 3 of 6 (R-SETUP-7), then the side
    answers = ["setup", *PRINTED, "6", "back", "6", "colony", "crystals 2"]
    out, terminal = session(answers, tmp_path / "g.json", seed=2)
    # back re-asks the count of tiles; the same cards draw the same tile
    assert out.count("he draws number 3") == 2
    assert "Back one question." in out
    assert terminal.state.side is Side.COLONY


class _Interrupted(io.StringIO):
    """Input that the player stops with Ctrl-C once its lines are read."""

    def readline(self, size: int = -1, /) -> str:  # type: ignore[override] # as typeshed
        line = super().readline(size)
        if not line:
            raise KeyboardInterrupt
        return line


def test_ctrl_c_stops_like_quit_and_prints_the_resume_line(tmp_path: Path) -> None:
    from lacerda_bot.cli import _parser

    path = tmp_path / "g.json"
    args = _parser().parse_args(["play", "--seed", "0", "--save", str(path), "--plain"])
    out, err = io.StringIO(), io.StringIO()
    status = play(args, _Interrupted("\n".join([*SETUP, "turn", "1"]) + "\n"), out, err)
    assert status == 130
    said = out.getvalue()
    assert "Stopped (Ctrl-C): the game is saved as of its last complete step." in said
    assert f"lacerda-bot play --resume {path}\n" in said
    assert len(load_game(path).steps) == 1  # the set-up; the turn was in progress


def test_a_second_session_on_a_save_is_refused_when_it_resumes(tmp_path: Path) -> None:
    """While one session plays a save, another is refused at once, before any step
    it could lose; the save is left as it was. Once the first ends, it resumes."""
    from lacerda_bot.table._game.session import held

    path = tmp_path / "g.json"
    assert run_play(["--seed", "0", "--save", str(path), "--plain"], SETUP)[0] == 0
    before = path.read_bytes()
    with held(path):
        status, out, err = run_play(["--resume", str(path), "--plain"], SKIP_TURN)
    assert status == 2
    assert "open in another lacerda-bot play session" in err
    assert "The file was not changed." in err
    assert out == ""
    assert path.read_bytes() == before
    status, _, _ = run_play(["--resume", str(path), "--plain"], SKIP_TURN)
    assert status == 0
    assert len(load_game(path).steps) == 2


@pytest.fixture
def read_only_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new game cannot be saved where it is asked to be (root ignores modes)."""
    import errno

    from lacerda_bot.table import _command

    def read_only(game: object, path: object) -> object:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(_command, "_create", read_only)


@pytest.mark.usefixtures("read_only_folder")
def test_a_new_game_that_cannot_be_saved_there_asks_for_another_file(
    tmp_path: Path,
) -> None:
    """A read-only folder: the player names another file (a taken one is refused)."""
    taken = tmp_path / "taken.json"
    taken.write_text("precious")
    other = tmp_path / "other.json"
    status, out, _ = run_play(["--seed", "4", "--plain"], [str(taken), str(other)])
    assert status == 0
    assert "Cannot save the new game in" in out
    assert "Read-only file system." in out
    assert "taken.json: it already exists." in out
    assert f"New game, seed 4, saved in {other}." in out
    assert load_game(other).seed == 4
    assert taken.read_text() == "precious"


@pytest.mark.usefixtures("read_only_folder")
def test_a_new_game_nobody_names_a_file_for_stops_with_status_2() -> None:
    status, _, err = run_play(["--seed", "4", "--plain"], [""])
    assert status == 2
    assert "cannot save the new game" in err


def test_why_in_a_step_says_it_explains_the_last_complete_one(tmp_path: Path) -> None:
    out, _ = session([*SETUP, "turn", "why", "n"], tmp_path / "g.json")
    assert "The last complete step (this one is not done yet):" in out
    assert "  - New game against Lacerda" in out  # the set-up, explained
