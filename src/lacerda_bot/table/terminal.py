"""The ``lacerda-bot play`` prompt loop: all the table companion's input and output.

The loop reads lines, prints what Lacerda does, and saves the game after
every complete step (and after undo and redo). Every prompt accepts ``?``
(the valid answers and the criterion), ``help``, ``why``, ``status``,
``undo``, ``redo`` and ``quit``. The "Next" prompt offers the step the round
expects (:mod:`.rounds`; Enter takes it) and refuses one out of order unless
the player insists with ``!``. Output is wrapped to the terminal's width; rule
IDs show with ``why``, or on every line with ``--rules``.
"""

import datetime
import enum
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Final, TextIO, assert_never, final

import attrs

from lacerda_bot._enum import IdentityEnum
from lacerda_bot.errors import InvalidHostStateError, InvalidValueError
from lacerda_bot.language import ENGLISH, Param, Words, folded, msg, msg_n
from lacerda_bot.model import Side
from lacerda_bot.table._engine.dialogue import Answer, Question, QuestionKind, Say
from lacerda_bot.table._engine.tracked import Tracked
from lacerda_bot.table._game.driver import StepKind, next_steps, run_step
from lacerda_bot.table._game.printable import display_path, quote_path
from lacerda_bot.table._game.recap import changes, put_back, status_lines
from lacerda_bot.table._game.rounds import expected, refusal, reminder, round_number
from lacerda_bot.table._game.session import (
    Game,
    SaveConflictError,
    Step,
    play_step,
    record,
    redo,
    replay,
    save_game,
    undo,
)
from lacerda_bot.table._lines import (
    for_readline,
    shown,
    unbroken,
    visible_width,
    whole,
    wrap,
)

__all__ = [
    "Command",
    "Style",
    "Terminal",
]

_COMMAND_HELP: Final = (
    ("?", msg("the answers this prompt accepts, and what the question means")),
    ("help", msg("this list")),
    ("why", msg("the rules and tie-breaks behind the last step")),
    ("status", msg("what a player may see of Lacerda's deck (never the draw order)")),
    ("back", msg("take back your last answer in the step in progress")),
    ("undo", msg("cancel the step in progress, or take back the last step")),
    ("redo", msg("replay the last step undone")),
    ("quit", msg("stop; the game is saved after every complete step")),
)
_STEP_HELP: Final = (
    ("turn", msg("Lacerda's turn")),
    ("shuttle", msg("the Shuttle phase, at the end of each round")),
    ("level-up", msg("the Colony levelled up this turn (once per level)")),
    ("tech", msg("you used one of Lacerda's Techs this turn")),
    ("fix", msg("correct a value of his board the companion keeps")),
    ("score", msg("final scoring and your Solo Goal")),
)


def help_text(words: Words = ENGLISH) -> str:
    """The ``help`` list: the commands and the steps, in *words*' language."""
    commands = [(words.answer(word), words.say(what)) for word, what in _COMMAND_HELP]
    steps = [(words.answer(word), words.say(what)) for word, what in _STEP_HELP]
    width = max(len(word) for word, _ in (*commands, *steps)) + 2

    def rows(said: list[tuple[str, str]]) -> list[str]:
        return [f"  {word:<{width}}{what}" for word, what in said]

    return "\n".join(
        [
            words.say(msg("Commands, at any prompt:")),
            *rows(commands),
            words.say(
                msg('Steps, at the "Next" prompt (Enter takes the one offered):')
            ),
            *rows(steps),
            words.say(
                msg(
                    "A step out of order is refused with the reason; add ! to insist "
                    "({example}).",
                    example=words.answer("turn") + "!",
                )
            ),
        ]
    )


HELP: Final = help_text()
"""The ``help`` list in English."""


@enum.unique
class Command(IdentityEnum):
    """The commands every prompt accepts, as the player types them."""

    EXPLAIN = "?"
    HELP = "help"
    WHY = "why"
    STATUS = "status"
    BACK = "back"
    UNDO = "undo"
    REDO = "redo"
    QUIT = "quit"


def _command(typed: str, words: Words) -> Command | None:
    """The command *typed* names, in *words*' language or English; else ``None``."""
    word = folded(typed)
    for command in Command:
        if word in words.answers(command.value):
            return command
    return None


_NARROWEST: Final = 20
"""Below this many columns, lines are not wrapped (they would not fit anyway)."""
_WHOLE_REMINDER: Final = 36
"""An answer reminder this short (``[y/n]``, ``[no/1-250]``, a benefits example)
is never split; a longer pick list breaks only after a ``/``."""
_ANSWER_ROOM: Final = 6
"""Columns a wrapped prompt's last line leaves for the answer typed after it."""
_GAME_OVER: Final = Question(
    key="over", text=msg("Game over:"), kind=QuestionKind.PICK, choices=("quit",)
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
        self,
        game: Game,
        path: Path,
        stdin: TextIO,
        stdout: TextIO,
        style: Style,
        *,
        width: int = 80,
        rules: bool = False,
        line_editing: bool = False,
        saved: bytes | None = None,
        today: Callable[[], datetime.date] = datetime.date.today,
        words: Words = ENGLISH,
    ) -> None:
        """Start from *game* (new or resumed); every save goes to *path*.

        Lines are wrapped to *width* columns; *rules* shows the rule IDs on
        every line; with *line_editing* the prompt reads through :func:`input`
        (line editing and history where :mod:`readline` is loaded). *saved*
        is what the file held when the game was read: a save is refused if
        another session changed it since. *today* is the clock that dates the
        final scoring, for the history of games. *words* is the language
        the companion speaks and reads.
        """
        self.game = game
        self.path = path
        self.stdin = stdin
        self.stdout = stdout
        self.style = style
        self.width = width
        self.rules = rules
        self.line_editing = line_editing
        self.saved = saved
        self.today = today
        self.words = words
        self.unsaved = False
        """Set when the player quit while a save was failing."""
        self.create = False
        """Whether the next save creates its file (after the player named a new one)."""
        self.state, shown = replay(game)
        self.last: tuple[Say, ...] = shown[-1] if shown else ()

    # --- output -----------------------------------------------------------

    def say(self, message: Param) -> str:
        """*message* in the player's language."""
        return self.words.say(message)

    def write(self, text: str = "", indent: str = "") -> None:
        """Print *text*, each line wrapped to the width.

        Continuation lines get *indent*, or the line's own indent and two more.
        """
        if self.width >= _NARROWEST:
            text = "\n".join(
                "\n".join(
                    wrap(
                        line,
                        self.width,
                        indent or " " * (len(line) - len(line.lstrip()) + 2),
                    )
                )
                if visible_width(line) > self.width
                else line
                for line in text.split("\n")
            )
        text = shown(text)
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def show(self, line: Say, number: int | None = None) -> None:
        """Print one thing Lacerda does (numbered within its step); rule IDs with --rules."""
        head = "  - " if number is None else f"{number:>3}. "
        said = self.say(line.text)
        text = self.style.card(said) if line.card is not None else said
        if self.rules and line.rules:
            text += self.style.rules(f"  [{', '.join(line.rules)}]")
        self.write(head + text, indent=" " * len(head))

    def why(self) -> None:
        """Print the last step's lines with their rules and traces."""
        if not self.last:
            self.write(self.say(msg("Nothing has happened yet.")))
            return
        for line in self.last:
            self.write(f"  - {self.say(line.text)}", indent="    ")
            if line.rules:
                rules = self.say(msg("rules: {rules}", rules=", ".join(line.rules)))
                self.write(f"      {rules}", indent="      ")
            for detail in line.why:
                self.write(f"      {self.say(detail)}", indent="      ")

    def status(self) -> None:
        """Print the redacted bot view (R-DECK-5), his tracked board and the counters."""
        lines = status_lines(self.state)
        saved = msg(
            "{counters}; saved in {path}",
            counters=lines[-1],
            path=display_path(self.path),
        )
        said: tuple[Param, ...] = (*lines[:-1], saved)
        for text in said:
            self.write(f"  {self.say(text)}", indent="    ")

    def recap(self) -> None:
        """Where a resumed game stands: the round, his side, his last step."""
        if not self.game.steps:
            return
        kind = self.game.steps[-1].kind
        turns = self.state.turns
        where: dict[str, Param] = {
            "round": round_number(self.state),
            "step": self.words.answer(kind.value),
        }
        match self.state.side:
            case None:
                resumed = msg_n(
                    "Resumed: round {round}, {n} turn taken, he is on no side yet. "
                    "His last step ({step}):",
                    "Resumed: round {round}, {n} turns taken, he is on no side yet. "
                    "His last step ({step}):",
                    turns,
                    **where,
                )
            case Side.ORBIT:
                resumed = msg_n(
                    "Resumed: round {round}, {n} turn taken, he is on the Orbit side. "
                    "His last step ({step}):",
                    "Resumed: round {round}, {n} turns taken, he is on the Orbit side. "
                    "His last step ({step}):",
                    turns,
                    **where,
                )
            case Side.COLONY:
                resumed = msg_n(
                    "Resumed: round {round}, {n} turn taken, he is on the Colony side. "
                    "His last step ({step}):",
                    "Resumed: round {round}, {n} turns taken, he is on the Colony "
                    "side. His last step ({step}):",
                    turns,
                    **where,
                )
            case unreachable:
                assert_never(unreachable)
        self.write(self.say(resumed), indent="  ")
        for n, line in enumerate(self.last, 1):
            self.show(line, n)
        self.write(
            self.say(
                msg(
                    "Type {status} for his whole board.",
                    status=self.words.answer("status"),
                )
            )
        )

    # --- input ------------------------------------------------------------

    def read(self, prompt: str) -> str:
        """One line of input; end of input quits.

        A long prompt's first lines are printed wrapped; its last line is the prompt.
        """
        if self.width >= _NARROWEST and visible_width(prompt) > self.width:
            glued = prompt.rstrip().replace(" >", "\xa0>")  # keep "> " on its line
            *head, last = wrap(glued, self.width - _ANSWER_ROOM, "")
            self.stdout.write("".join(part + "\n" for part in head))
            prompt = last + " "
        prompt = shown(prompt)
        if self.line_editing:  # pragma: no cover - needs a real terminal
            try:
                return input(for_readline(prompt)).strip()
            except EOFError:
                self.write()
                raise _Quit from None
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
                valid = unbroken(
                    question.valid_answers(self.words), _items(question, self.words)
                )
                self.write(
                    "  " + self.say(msg("Answer with {answers}.", answers=valid)),
                    indent="  ",
                )
                if question.hint:
                    self.write(f"  {self.say(question.hint)}", indent="  ")
                commands = ", ".join(
                    self.words.answer(c.value)
                    for c in Command
                    if c is not Command.EXPLAIN
                )
                self.write(
                    "  "
                    + self.say(msg("Or a command: {commands}.", commands=commands)),
                    indent="  ",
                )
            case Command.BACK:
                if can_go_back:
                    raise _Back
                self.write(
                    "  "
                    + self.say(
                        msg(
                            "No answer to take back here; {undo} takes back a whole "
                            "step.",
                            undo=self.words.answer("undo"),
                        )
                    )
                )
            case Command.HELP:
                self.write(help_text(self.words))
            case Command.WHY:
                if in_step:
                    self.write(
                        "  "
                        + self.say(
                            msg("The last complete step (this one is not done yet):")
                        )
                    )
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
                    self.write("  " + self.say(msg("Finish or undo this step first.")))
                    return
                self.redo()
                raise _Cancel
            case unreachable:
                assert_never(unreachable)

    def typed(
        self, question: Question, *, in_step: bool = True, can_go_back: bool = False
    ) -> str:
        """The next line that is not a command (commands are carried out)."""
        reminder = question.short_form(self.words)
        short = (
            whole(reminder)
            if len(reminder) <= _WHOLE_REMINDER
            else unbroken(reminder, question.labels(self.words))
        )
        prompt = self.style.ask(self.say(question.text)) + f" {short} > "
        while True:
            typed = self.read(prompt)
            command = _command(typed, self.words)
            if command is None:
                return typed
            self.command(command, question, in_step=in_step, can_go_back=can_go_back)

    def refuse(self, question: Question) -> None:
        """Say that an answer does not fit."""
        expected = question.valid_answers(self.words)
        self.write(
            self.style.error(
                "  " + self.say(msg("Please answer with {answers}", answers=expected))
            )
            + " "
            + self.say(msg("(? for help).")),
            indent="  ",
        )

    def ask(
        self, question: Question, *, in_step: bool = True, can_go_back: bool = False
    ) -> Answer:
        """Ask until a valid answer or a step-ending command arrives.

        An answer that contradicts an earlier one (more than
        :attr:`Question.expected_most`) is pointed out and asked again; the
        same answer twice is kept (the earlier answer may be the wrong one).
        """
        doubted: Answer | None = None
        while True:
            typed = self.typed(question, in_step=in_step, can_go_back=can_go_back)
            try:
                value = question.parse(typed, self.words)
            except InvalidValueError:
                self.refuse(question)
                continue
            said = question.contradiction(value, doubted, self.words)
            if not said:
                return value
            doubted = value
            self.write(
                self.style.error(f"  {said}")
                + " "
                + self.say(
                    msg(
                        "Answer again ({value} again keeps it; {back} changes the "
                        "earlier answer).",
                        value=value,
                        back=self.words.answer("back"),
                    )
                ),
                indent="  ",
            )

    def ask_step(self, question: Question) -> str:
        """The next step, in order for the round unless the player insists with ``!``."""
        while True:
            typed = self.typed(question, in_step=False)
            insist = typed.endswith("!")
            try:
                choice = str(question.parse(typed.rstrip("!").strip(), self.words))
            except InvalidValueError:
                self.refuse(question)
                continue
            if choice == "quit" or insist:
                return choice
            reason = refusal(self.state, StepKind(choice))
            if reason is None:
                return choice
            self.write(
                self.style.error(
                    "  " + self.say(msg("Not now: {reason}.", reason=reason))
                )
                + " "
                + self.say(
                    msg(
                        "Type {step}! to take it anyway.",
                        step=self.words.answer(choice),
                    )
                ),
                indent="  ",
            )

    # --- steps ------------------------------------------------------------

    def save(self) -> None:
        """Save the game (atomically); if that fails, say why and let the player retry.

        The game stays in memory meanwhile: Enter tries again, a file name saves
        there instead (a new file, never one that exists).
        """
        while True:
            try:
                self.saved = save_game(
                    self.game, self.path, create=self.create, expect=self.saved
                )
            except (OSError, SaveConflictError, InvalidValueError) as error:
                shown = display_path(self.path)
                self.write(
                    self.style.error(
                        "  "
                        + self.say(
                            msg(
                                "Could not save to {path}: {error}.",
                                path=shown,
                                error=str(error),
                            )
                        )
                    )
                    + " "
                    + self.say(msg("The step is kept; nothing was lost yet.")),
                    indent="  ",
                )
                try:
                    reply = self.read(
                        self.say(
                            msg(
                                "Enter to try again, a new file to save to, or {quit}:",
                                quit=self.words.answer("quit"),
                            )
                        )
                        + " "
                    )
                except (_Quit, KeyboardInterrupt):
                    self.unsaved = True
                    raise _Quit from None
                command = _command(reply, self.words)
                if command is Command.QUIT:
                    self.unsaved = True
                    raise _Quit from None
                if command is not None:  # not a file name: no other command here
                    self.write(
                        "  "
                        + self.say(
                            msg(
                                "Only Enter, a file name or {quit} here.",
                                quit=self.words.answer("quit"),
                            )
                        )
                    )
                elif reply:
                    self.path, self.create, self.saved = Path(reply), True, None
                continue
            self.create = False
            return

    def undo(self) -> None:
        """Take back the last complete step, saying what to put back on the table."""
        if not self.game.steps:
            self.write("  " + self.say(msg("Nothing to undo.")))
            return
        kind = self.game.steps[-1].kind
        undone, after = self.last, self.state.tracked
        self.game = undo(self.game)
        self.state, shown = replay(self.game)
        self.last = shown[-1] if shown else ()
        self.save()
        self.write(
            "  "
            + self.say(
                msg_n(
                    "Undone: the last {step} step. {n} step to redo.",
                    "Undone: the last {step} step. {n} steps to redo.",
                    len(self.game.undone),
                    step=self.words.answer(kind.value),
                )
            )
        )
        self.write("  " + self.say(msg("Take back what it did, last first:")))
        for numbered in put_back(undone):
            line = self.say(numbered)
            self.write(f"    {line}", indent=" " * (6 + line.index(". ")))
        back = changes(after, self.state.tracked)
        if back and kind is not StepKind.SETUP:
            self.write(
                "  "
                + self.say(
                    msg(
                        "His board back to: {changes}.",
                        changes="; ".join(self.say(c) for c in back),
                    )
                ),
                indent="    ",
            )

    def redo(self) -> None:
        """Replay the last undone step, showing its lines and his board's changes again."""
        if not self.game.undone:
            self.write("  " + self.say(msg("Nothing to redo.")))
            return
        step = self.game.undone[0]
        self.write(
            "  "
            + self.say(msg("Redo: {step}", step=self.words.answer(step.kind.value)))
        )
        before = self.state.tracked
        self.state, self.last = play_step(self.state, step)
        for n, line in enumerate(self.last, 1):
            self.show(line, n)
        self.game = redo(self.game)
        self.save()
        self.after_step(step.kind, before)

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
                    self.style.error(
                        "  "
                        + self.say(
                            msg("That answer breaks a rule: {error}.", error=str(error))
                        )
                    )
                    + " "
                    + self.say(msg("Answer again."))
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
                self.write("  " + self.say(msg("Back one question.")))
                shown = run_step(self.state, kind, answers).lines
                continue
            except _Cancel:
                self.write(
                    "  " + self.say(msg("Step cancelled; nothing is saved of it."))
                )
                if shown:
                    self.write(
                        "  " + self.say(msg("Take back what it showed, last first:"))
                    )
                    for numbered in put_back(shown):
                        line = self.say(numbered)
                        self.write(f"    {line}", indent=" " * (6 + line.index(". ")))
                return
            answers.append((question.key, value))
        before = self.state.tracked
        self.state, self.last = run.state, run.lines
        on = self.today() if kind is StepKind.SCORE else None
        self.game = record(self.game, Step(kind=kind, answers=tuple(answers), on=on))
        self.save()
        self.after_step(kind, before)

    def after_step(self, kind: StepKind, before: Tracked | None) -> None:
        """What changed on his board (to check against the table), and what comes next."""
        changed = changes(before, self.state.tracked)
        if changed and kind is not StepKind.SETUP:
            self.write(
                "  "
                + self.say(
                    msg(
                        "His board now: {changes}.",
                        changes="; ".join(self.say(c) for c in changed),
                    )
                ),
                indent="    ",
            )
        said = reminder(self.state, kind)
        if said:
            self.write(self.say(said), indent="  ")

    def _show_new(
        self, shown: tuple[Say, ...], lines: tuple[Say, ...]
    ) -> tuple[Say, ...]:
        """Print the lines past those shown (a run repeats the last one exactly)."""
        for n, line in enumerate(lines[len(shown) :], len(shown) + 1):
            self.show(line, n)
        return lines

    def next_question(self) -> Question | None:
        """The "Next" prompt, offering the step the round expects; ``None`` when over."""
        steps = next_steps(self.state)
        step = expected(self.state)
        if step is None:
            return None
        if steps == (StepKind.SETUP,):
            return Question(
                key="step",
                text=msg("Next:"),
                kind=QuestionKind.PICK,
                choices=("setup",),
                default="setup",
                hint=msg("Set-up draws Lacerda's starting space."),
            )
        return Question(
            key="step",
            text=msg("Round {round}, next:", round=round_number(self.state)),
            kind=QuestionKind.PICK,
            choices=tuple(s.value for s in steps),
            default=step.value,
            hint=msg(
                "{turn}: his turn; {shuttle}: the Shuttle phase, once both turns of "
                "the round are played; {level_up}: the Colony gained a level this "
                "turn; {tech}: you used his Tech; {fix}: correct a value of his "
                "board; {score}: the game ended. Enter takes the step offered.",
                **{
                    word.replace("-", "_"): self.words.answer(word)
                    for word in ("turn", "shuttle", "level-up", "tech", "fix", "score")
                },
            ),
        )

    def loop(self) -> int:
        """Run until the player quits or input ends; returns the exit status."""
        self.write(
            self.say(
                msg(
                    "Lacerda, the On Mars solo bot (unofficial). Type ? at any prompt, "
                    "{help} for commands.",
                    help=self.words.answer("help"),
                )
            )
        )
        self.recap()
        try:
            while True:
                question = self.next_question()
                if question is None:
                    self.write(
                        self.say(
                            msg(
                                "The game is over. Type {undo} to go back, or {quit}; "
                                "{command} lists your finished games.",
                                undo=self.words.answer("undo"),
                                quit=self.words.answer("quit"),
                                command="lacerda-bot games --stats",
                            )
                        )
                    )
                    question = _GAME_OVER
                try:
                    choice = self.ask_step(question)
                except _Cancel:  # undo or redo changed the game: ask afresh
                    continue
                if choice == "quit":
                    raise _Quit
                self.take(StepKind(choice))
        except (_Quit, KeyboardInterrupt) as stop:
            interrupted = isinstance(stop, KeyboardInterrupt)
            if interrupted:  # Ctrl-C: as quit, on a new line, with the usual status
                self.write(
                    "\n"
                    + self.say(
                        msg(
                            "Stopped (Ctrl-C): the game is saved as of its last "
                            "complete step."
                        )
                    )
                )
            if self.unsaved:
                self.write(
                    self.say(msg("Stopped without saving the last step: it is lost."))
                )
                return 1
            resume = f"lacerda-bot play --resume {quote_path(self.path)}"
            self.write(self.say(msg("Saved in {path}.", path=display_path(self.path))))
            with_command = self.say(msg("Resume with: {command}", command=resume))
            if visible_width(with_command) <= self.width:
                self.write(with_command)
            else:  # the command on a line of its own, never wrapped: copy it whole
                self.write(self.say(msg("Resume with:")))
                self.stdout.write(f"  {resume}\n")
            return _INTERRUPTED if interrupted else 0


_INTERRUPTED: Final = 130
"""The exit status after Ctrl-C, as shells give a program stopped by SIGINT."""


def _items(question: Question, words: Words) -> list[str]:
    """The choices of *question* as its answer list names them, each kept whole."""
    labels = question.labels(words)
    numbered = [f"{i} {label}" for i, label in enumerate(labels, 1)]
    return [*numbered, *labels]


def use_colour(stream: TextIO, environ: Mapping[str, str], *, plain: bool) -> bool:
    """Colour only on a terminal, unless plain mode, ``NO_COLOR`` or ``TERM=dumb``."""
    if plain or "NO_COLOR" in environ or environ.get("TERM") == "dumb":
        return False
    return stream.isatty()
