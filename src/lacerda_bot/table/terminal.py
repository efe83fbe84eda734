"""The ``lacerda-bot play`` prompt loop: all the table companion's input and output.

The loop reads lines, prints what Lacerda does, and saves the game after
every complete step (and after undo and redo). Every prompt accepts ``?``
(the valid answers and the criterion), ``help``, ``why``, ``status``,
``undo``, ``redo`` and ``quit``.
"""

import enum
from collections.abc import Mapping
from pathlib import Path
from typing import Final, TextIO, assert_never, final

import attrs

from lacerda_bot._deck import card_by_id
from lacerda_bot._state import redacted
from lacerda_bot.errors import InvalidHostStateError, InvalidValueError
from lacerda_bot.render import building_name
from lacerda_bot.table.dialogue import Answer, Question, QuestionKind, Say
from lacerda_bot.table.driver import StepKind, next_steps, run_step
from lacerda_bot.table.session import (
    Game,
    Step,
    play_step,
    record,
    redo,
    replay,
    save_game,
    undo,
)

__all__ = ["HELP", "Command", "Style", "Terminal", "use_colour"]

HELP: Final = """\
Commands, at any prompt:
  ?        the answers this prompt accepts, and what the question means
  help     this list
  why      the rules and tie-breaks behind the last step
  status   what a player may see of Lacerda's deck (never the draw order)
  back     take back your last answer in the step in progress
  undo     cancel the step in progress, or take back the last step
  redo     replay the last step undone
  quit     stop; the game is saved after every complete step
Steps, at the "Next" prompt:
  turn      Lacerda's turn
  shuttle   the Shuttle phase
  level-up  the Colony levelled up (once per level)
  tech      you used one of Lacerda's Techs this turn
  score     final scoring and your Solo Goal"""


@enum.unique
class Command(enum.Enum):
    """The commands every prompt accepts, as the player types them."""

    EXPLAIN = "?"
    HELP = "help"
    WHY = "why"
    STATUS = "status"
    BACK = "back"
    UNDO = "undo"
    REDO = "redo"
    QUIT = "quit"


_COMMANDS: Final = {command.value: command for command in Command}
_GAME_OVER: Final = Question(
    key="over", text="Game over:", kind=QuestionKind.PICK, choices=("quit",)
)


@final
@attrs.frozen
class Style:
    """ANSI colours, or none in plain mode."""

    colour: bool

    def _wrap(self, code: str, text: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.colour else text

    def card(self, text: str) -> str:
        """A revealed card: bold yellow."""
        return self._wrap("1;33", text)

    def ask(self, text: str) -> str:
        """A question: bold cyan."""
        return self._wrap("1;36", text)

    def rules(self, text: str) -> str:
        """Rule IDs: dim."""
        return self._wrap("2", text)

    def error(self, text: str) -> str:
        """A refused answer: red."""
        return self._wrap("31", text)


class _Cancel(Exception):  # noqa: N818 - a control-flow signal, not an error
    """Undo or redo: the step in progress is dropped and the prompt is rebuilt."""


class _Back(Exception):  # noqa: N818 - a control-flow signal, not an error
    """The player typed ``back``: take back the last answer of this step."""


class _Quit(Exception):  # noqa: N818 - a control-flow signal, not an error
    """The player typed ``quit`` or input ended."""


class Terminal:
    """One session of ``lacerda-bot play`` over a pair of text streams."""

    def __init__(
        self, game: Game, path: Path, stdin: TextIO, stdout: TextIO, style: Style
    ) -> None:
        """Start from *game* (new or resumed); every save goes to *path*."""
        self.game = game
        self.path = path
        self.stdin = stdin
        self.stdout = stdout
        self.style = style
        self.state, shown = replay(game)
        self.last: tuple[Say, ...] = shown[-1] if shown else ()

    # --- output -----------------------------------------------------------

    def write(self, text: str = "") -> None:
        """Print one line."""
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def show(self, line: Say) -> None:
        """Print one thing Lacerda does, with its rule IDs."""
        text = self.style.card(line.text) if line.card is not None else line.text
        rules = self.style.rules(f"  [{', '.join(line.rules)}]") if line.rules else ""
        self.write(f"  - {text}{rules}")

    def why(self) -> None:
        """Print the last step's lines with their rules and traces."""
        if not self.last:
            self.write("Nothing has happened yet.")
            return
        for line in self.last:
            self.write(f"  - {line.text}")
            if line.rules:
                self.write(f"      rules: {', '.join(line.rules)}")
            for detail in line.why:
                self.write(f"      {detail}")

    def status(self) -> None:
        """Print the redacted bot view (R-DECK-5) and the companion's counters."""
        view = redacted(self.state.bot)
        side = self.state.side.value.title() if self.state.side else "not set up"
        last = "none" if view.last_card is None else _card_words(view.last_card)
        discard = ", ".join(str(c) for c in view.discard_pile) or "empty"
        self.write(f"  Side: {side}; turns taken: {self.state.turns}")
        self.write(
            f"  Pass: {view.pass_count}; cards left in his draw pile: {view.draw_pile_size}"
        )
        self.write(f"  Most recent card: {last}")
        self.write(f"  Discard pile (oldest first): {discard}")
        self.write(f"  Progress-area Bot on: {building_name(view.pointer)}")
        self.write(f"  Solo Goal: {self.state.goal}; saved in {self.path}")

    # --- input ------------------------------------------------------------

    def read(self, prompt: str) -> str:
        """One line of input; end of input quits."""
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.write()
            raise _Quit
        return line.strip()

    def command(
        self, command: Command, question: Question, *, in_step: bool, can_go_back: bool
    ) -> None:
        """Carry out a command typed at a prompt."""
        match command:
            case Command.EXPLAIN:
                self.write(f"  Answer with {question.valid_answers()}.")
                if question.hint:
                    self.write(f"  {question.hint}")
                self.write("  Or a command: help, why, status, back, undo, redo, quit.")
            case Command.BACK:
                if can_go_back:
                    raise _Back
                self.write(
                    "  No answer to take back here; undo takes back a whole step."
                )
            case Command.HELP:
                self.write(HELP)
            case Command.WHY:
                self.why()
            case Command.STATUS:
                self.status()
            case Command.QUIT:
                raise _Quit
            case Command.UNDO:
                if not in_step:
                    self.undo()
                raise _Cancel
            case Command.REDO:
                if in_step:
                    self.write("  Finish or undo this step first.")
                    return
                self.redo()
                raise _Cancel
            case unreachable:
                assert_never(unreachable)

    def ask(
        self, question: Question, *, in_step: bool = True, can_go_back: bool = False
    ) -> Answer:
        """Ask until a valid answer or a step-ending command arrives."""
        prompt = self.style.ask(question.text) + f" {question.short_form()} > "
        while True:
            typed = self.read(prompt)
            command = _COMMANDS.get(typed.lower())
            if command is not None:
                self.command(
                    command, question, in_step=in_step, can_go_back=can_go_back
                )
                continue
            try:
                return question.parse(typed)
            except InvalidValueError as error:
                self.write(
                    self.style.error(f"  Please answer with {error.expected}")
                    + " (? for help)."
                )

    # --- steps ------------------------------------------------------------

    def save(self) -> None:
        """Save the game (atomically)."""
        save_game(self.game, self.path)

    def undo(self) -> None:
        """Take back the last complete step."""
        if not self.game.steps:
            self.write("  Nothing to undo.")
            return
        kind = self.game.steps[-1].kind
        self.game = undo(self.game)
        self.state, shown = replay(self.game)
        self.last = shown[-1] if shown else ()
        self.save()
        self.write(
            f"  Undone: the last {kind.value} step. {len(self.game.undone)} step(s) to redo."
        )

    def redo(self) -> None:
        """Replay the last undone step, showing its lines again."""
        if not self.game.undone:
            self.write("  Nothing to redo.")
            return
        step = self.game.undone[0]
        self.write(f"  Redo: {step.kind.value}")
        self.state, self.last = play_step(self.state, step)
        for line in self.last:
            self.show(line)
        self.game = redo(self.game)
        self.save()

    def take(self, kind: StepKind) -> None:
        """Run one step live, one question at a time; save it when it completes.

        Each answer runs the step again from its start with every answer so
        far (the library's calls are pure and seeded), and prints what is new.
        ``back`` takes back the last answer the same way, so every tie-break
        repeats exactly.
        """
        answers: list[tuple[str, Answer]] = []
        shown: tuple[Say, ...] = ()
        while True:
            try:
                run = run_step(self.state, kind, answers)
            except InvalidHostStateError as error:
                self.write(
                    self.style.error(f"  That answer breaks a rule: {error}.")
                    + " Answer again."
                )
                answers.pop()
                continue
            shown = self._show_new(shown, run.lines)
            question = run.question
            if question is None:
                break
            try:
                value = self.ask(question, can_go_back=bool(answers))
            except _Back:
                answers.pop()
                self.write("  Back one question.")
                shown = run_step(self.state, kind, answers).lines
                continue
            except _Cancel:
                self.write("  Step cancelled; nothing changed.")
                return
            answers.append((question.key, value))
        self.state, self.last = run.state, run.lines
        self.game = record(self.game, Step(kind=kind, answers=tuple(answers)))
        self.save()

    def _show_new(
        self, shown: tuple[Say, ...], lines: tuple[Say, ...]
    ) -> tuple[Say, ...]:
        """Print the lines past those shown (a run repeats the last one exactly)."""
        for line in lines[len(shown) :]:
            self.show(line)
        return lines

    def next_question(self) -> Question | None:
        """The "Next" prompt, or ``None`` when the game is over."""
        steps = next_steps(self.state)
        if not steps:
            return None
        if steps == (StepKind.SETUP,):
            return Question(
                key="step",
                text="Next:",
                kind=QuestionKind.PICK,
                choices=("setup",),
                hint="Set-up draws Lacerda's starting space.",
            )
        return Question(
            key="step",
            text=f"Next (turn {self.state.turns + 1}):",
            kind=QuestionKind.PICK,
            choices=tuple(s.value for s in steps),
            hint="turn: his turn; shuttle: the Shuttle phase; level-up: the Colony "
            "gained a level; tech: you used his Tech; score: the game ended.",
        )

    def loop(self) -> int:
        """Run until the player quits or input ends; returns the exit status."""
        self.write(
            "Lacerda, the On Mars solo bot (unofficial). Type ? at any prompt, help for commands."
        )
        try:
            while True:
                question = self.next_question()
                if question is None:
                    self.write("The game is over. Type undo to go back, or quit.")
                    question = _GAME_OVER
                try:
                    choice = self.ask(question, in_step=False)
                except _Cancel:  # undo or redo changed the game: ask afresh
                    continue
                if choice == "quit":
                    raise _Quit
                self.take(StepKind(choice))
        except _Quit:
            self.write(
                f"Saved in {self.path}. Resume with: lacerda-bot play --resume {self.path}"
            )
            return 0


def _card_words(card_id: int) -> str:
    card = card_by_id(card_id)
    x = ", X" if not card.travels else ""
    return f"{card.id} (Mission {card.mission.name}, action {card.action}{x})"


def use_colour(stream: TextIO, environ: Mapping[str, str], *, plain: bool) -> bool:
    """Colour only on a terminal, unless plain mode, ``NO_COLOR`` or ``TERM=dumb``."""
    if plain or "NO_COLOR" in environ or environ.get("TERM") == "dumb":
        return False
    return stream.isatty()
