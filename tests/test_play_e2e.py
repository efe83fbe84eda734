"""End-to-end: the real ``lacerda-bot play`` command in a pseudo-terminal.

A seeded "player" reads each prompt, answers within the answers the prompt
shows, and follows a schedule at the "Next" prompt. Nothing here imports the
companion's internals except to check a save file afterwards.
"""

import os
import random
import re
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from lacerda_bot.table._game.session import load_game

PROMPT = re.compile(r"([^\n]*?) \[([^\]\n]*)\] > ")
CARD = re.compile(
    r"His\s+card:\s+Mission\s+([ABC]),\s+action\s+(\d)(,\s+with\s+an\s+X)?"
)
TIMEOUT = 30


def as_text(value: object) -> str:
    """pexpect's ``before``/``after`` as text (a str in encoding mode)."""
    assert isinstance(value, str)
    return value


def command(*args: str) -> tuple[str, list[str]]:
    """The installed console script, or ``python -m lacerda_bot`` if it is missing."""
    script = Path(sys.executable).with_name("lacerda-bot")
    if script.exists():
        return str(script), ["play", *args]
    return sys.executable, ["-m", "lacerda_bot", "play", *args]


PLAIN_TERMINAL = {**os.environ, "TERM": "dumb"}
"""No line editing: readline's redrawing would split the prompts the tests read."""


class Player:
    """Drives one ``lacerda-bot play`` process."""

    def __init__(self, *args: str, seed: int = 0) -> None:
        program, argv = command(*args, "--plain")
        self.child = pexpect.spawn(
            program,
            argv,
            encoding="utf-8",
            timeout=TIMEOUT,
            dimensions=(50, 400),
            env=PLAIN_TERMINAL,
        )
        self.child.delaybeforesend = None  # answers need no typing delay
        self.rng = random.Random(seed)
        self.transcript = ""
        self.prompts: list[tuple[str, str]] = []

    def prompt(self) -> tuple[str, str]:
        """Wait for the next prompt; return its text and its answer reminder."""
        self.child.expect(PROMPT)
        self.transcript += as_text(self.child.before) + as_text(self.child.after)
        match = self.child.match
        assert isinstance(match, re.Match)
        text, answers = match.group(1).strip(), match.group(2)
        self.prompts.append((text, answers))
        return text, answers

    def send(self, line: str) -> None:
        self.child.sendline(line)

    def answer(self, text: str, answers: str) -> str:
        """A seeded answer within the prompt's answers; the Shuttle always departs."""
        if answers == "y/n":
            if "Shuttle" in text or "depart from his side" in text:
                return "y"
            return self.rng.choice("yyn")
        if answers.startswith("e.g. "):  # benefits: named in words
            return self.rng.choice(("nothing", "nothing", "crystals 1", "tech"))
        span = re.fullmatch(r"(?:name or )?(\d+)-(\d+)", answers)
        if span:
            low, high = int(span.group(1)), int(span.group(2))
            return str(self.rng.randint(low, min(high, low + 3)))
        choices = answers.split("/")
        if "nothing" in choices and self.rng.random() < 0.4:
            return "nothing"
        return self.rng.choice(choices)

    def step(self, kind: str, *, ask_first: bool = False) -> str:
        """At the "Next" prompt, take *kind* and answer every question it asks.

        Returns the output of the step. With *ask_first*, ``?`` is typed at
        every prompt before the answer, and the help must appear.
        """
        start = len(self.transcript)
        self.send(kind)
        while True:
            text, answers = self.prompt()
            if text.startswith(("Round", "Next", "Game over")):
                return self.transcript[start:]
            if ask_first:
                self.send("?")
                self.child.expect("Answer with ")
                self.prompt()
            self.send(self.answer(text, answers))

    def finish(self, line: str = "quit") -> int:
        self.send(line)
        self.child.expect(pexpect.EOF)
        self.transcript += as_text(self.child.before)
        self.child.close()
        status = self.child.exitstatus
        assert isinstance(status, int)
        return status


def cards(text: str) -> list[str]:
    """The solo cards revealed in *text*, as printed (``B2``, ``A2 X``)."""
    return [f"{m}{a}{' X' if x else ''}" for m, a, x in CARD.findall(text)]


def schedule() -> Iterator[str]:
    """14 rounds: his turn and the Shuttle phase, a level-up and a Tech use.

    Enter takes the step the companion offers; some steps are named.
    """
    for turn in range(1, 15):
        yield "" if turn % 2 else "turn"
        if turn == 7:
            yield "level-up"
        if turn == 10:
            yield "tech"
        yield "shuttle" if turn % 2 else ""


def test_a_whole_game_of_fourteen_turns(tmp_path: Path) -> None:
    """14 turns, Shuttle phases, a level-up, a Tech use and final scoring; ? everywhere."""
    save = tmp_path / "game.json"
    player = Player("--seed", "11", "--save", str(save), seed=3)
    player.prompt()
    output = player.step("setup", ask_first=True)
    for kind in schedule():
        output += player.step(kind, ask_first=True)
    output += player.step("score", ask_first=True)
    assert player.finish() == 0

    assert len(cards(output)) == 14
    assert "He travels to the" in output
    assert "The Colony levelled up" in output
    assert "Lacerda scores" in output
    state = load_game(save)
    assert [s.kind.value for s in state.steps].count("turn") == 14
    # No prompt asks for a coordinate: each takes y/n, a count, a short list (of
    # names such as "generator L3"), or benefits by name.
    for text, answers in player.prompts:
        assert re.fullmatch(
            r"y/n|(name or )?\d+-\d+|[a-zA-Z0-9 -]+(/[a-zA-Z0-9 -]+){0,13}(; Enter: [a-z-]+)?"
            r"|e\.g\. [a-z0-9 ,/]+",
            answers,
        ), text
        assert "coordinate" not in text.lower()


def test_undo_and_redo_show_the_same_cards(tmp_path: Path) -> None:
    """Undo two turns, redo one, play one afresh: the same cards come up."""
    save = tmp_path / "game.json"
    player = Player("--seed", "5", "--save", str(save), seed=8)
    player.prompt()
    player.step("setup")
    first = cards(player.step("turn") + player.step("turn!"))  # insisting
    assert len(first) == 2
    for _ in range(2):
        player.send("undo")
        player.child.expect("Undone: the last turn step")
        player.prompt()
    player.send("redo")
    player.child.expect("Redo: turn")
    redone = as_text(player.child.before)
    player.prompt()
    redone += as_text(player.child.before)
    again = cards(redone + player.step("turn!"))
    assert again == first
    assert player.finish() == 0


def test_kill_mid_step_then_resume_from_the_last_complete_step(tmp_path: Path) -> None:
    """SIGKILL in the middle of a turn; --resume goes back to before that turn."""
    save = tmp_path / "game.json"
    player = Player("--seed", "21", "--save", str(save), seed=4)
    player.prompt()
    player.step("setup")
    for kind in ("turn", "shuttle", "turn", "shuttle", "turn", "shuttle"):
        player.step(kind)
    saved = save.read_bytes()
    player.send("")  # Enter: his turn
    player.prompt()  # the turn is under way: its card is shown, a question waits
    killed = cards(player.transcript)[-1]
    player.child.kill(signal.SIGKILL)
    player.child.close()
    assert save.read_bytes() == saved

    resumed = Player("--resume", str(save), seed=5)
    resumed.prompt()
    resumed.send("status")
    resumed.child.expect("turns taken: 3")
    resumed.prompt()
    assert cards(resumed.step("")) == [killed]
    assert resumed.finish() == 0


@pytest.mark.parametrize("damage", ["truncate", "answers"])
def test_a_corrupt_save_is_refused_and_left_byte_identical(
    tmp_path: Path, damage: str
) -> None:
    save = tmp_path / "game.json"
    player = Player("--seed", "2", "--save", str(save), seed=1)
    player.prompt()
    player.step("setup")
    player.step("turn")
    assert player.finish() == 0
    text = save.read_text()
    if damage == "truncate":
        save.write_text(text[: len(text) // 2])
    else:
        save.write_text(text.replace('"turn1.', '"turn9.', 1))
    before = save.read_bytes()

    program, argv = command("--resume", str(save))
    child = pexpect.spawn(program, argv, encoding="utf-8", timeout=TIMEOUT)
    child.expect(pexpect.EOF)
    output = as_text(child.before)
    child.close()
    status = child.exitstatus
    assert status == 2
    assert "cannot resume" in output
    assert "The file was not changed." in output
    assert save.read_bytes() == before


def test_resuming_past_a_pipe_where_the_original_goes(tmp_path: Path) -> None:
    """FILE.0.1.0 is a pipe: no hang, the 0.1.0 original goes beside it."""
    import json

    fixture = Path(__file__).parent / "fixtures" / "saves_v1.json"
    text = json.dumps(json.loads(fixture.read_text(encoding="utf-8"))["11"]["save"])
    save = tmp_path / "old.json"
    save.write_text(text, encoding="utf-8")
    os.mkfifo(tmp_path / "old.json.0.1.0")

    player = Player("--resume", str(save), seed=2)
    player.prompt()
    assert player.finish() == 0
    assert "the original is kept as" in player.transcript
    assert (tmp_path / "old.json.0.1.0.1").read_text(encoding="utf-8") == text
    assert "Traceback" not in player.transcript
