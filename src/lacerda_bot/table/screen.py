"""The table companion as JSON-friendly screens, for front ends in other runtimes.

A web page (issue 12: the companion in a browser, running this package under
Pyodide) or any other front end keeps two things: the save text (exactly the
``lacerda-bot play`` save format, so games move between the page and the
terminal) and the answers of the step in progress. :func:`screen` turns them
into one screen to show, as plain dicts, lists, strings and numbers:

* ``"next"``: the steps that may come now, the one the round expects, his
  tracked board and the last step's lines;
* ``"question"``: the step's lines so far and the question to answer (its
  kind, choices or range, the explanation ``?`` shows), with the reason if the
  typed answer was refused;
* ``"done"``: the step is complete: its lines, what changed on his board,
  what comes next, and the new save text to store.

Every rule runs in the library's own calls, as in the terminal; this module
only converts values.

>>> from lacerda_bot.table.session import dumps_game, new_game
>>> first = screen(dumps_game(new_game(2)))
>>> first["kind"], first["steps"], first["expected"]
('next', ['setup'], 'setup')
>>> asked = screen(dumps_game(new_game(2)), "setup", [])
>>> asked["kind"], asked["question"]["kind"], asked["question"]["low"]
('question', 'count', 0)
"""

from collections.abc import Sequence
from typing import Any, Final

from lacerda_bot.errors import InvalidHostStateError, InvalidValueError
from lacerda_bot.render import Line
from lacerda_bot.table.dialogue import Answer, Question
from lacerda_bot.table.driver import StepKind, next_steps, run_step
from lacerda_bot.table.recap import board_lines, changes
from lacerda_bot.table.rounds import expected, refusal, reminder, round_number
from lacerda_bot.table.session import (
    Step,
    dumps_game,
    loads_game,
    record,
    redo,
    replay,
    undo,
)

__all__ = ["redo_save", "screen", "undo_save"]

JSON = dict[str, Any]

_STEPS: Final = {kind.value: kind for kind in StepKind}


def _line(line: Line) -> JSON:
    return {"text": line.text, "rules": list(line.rules), "why": list(line.why)}


def _question(question: Question) -> JSON:
    return {
        "key": question.key,
        "text": question.text,
        "kind": question.kind.value,
        "choices": list(question.choices),
        "low": question.low,
        "high": question.high,
        "hint": question.hint,
        "valid": question.valid_answers(),
        "prompt": question.short_form(),
        "default": question.default,
        "expected_most": question.expected_most,
        "limit": question.limit,
    }


def screen(
    save: str,
    step: str | None = None,
    answers: Sequence[Sequence[Answer]] = (),
    typed: str | None = None,
) -> JSON:
    """The screen for the game in *save*, with step *step* in progress, if any.

    *answers* are the ``[key, answer]`` pairs of the step so far (as a previous
    screen returned them); *typed* is the player's answer to the pending
    question, parsed here (a refused answer comes back with ``"error"``).

    Raises:
        SerializationError: *save* is not a valid save.
        InvalidValueError: *step* is not a step that may come now, or an
            answer pair is not ``[key, answer]``.
    """
    game = loads_game(save)
    state, shown = replay(game)
    if step is None:
        kind = expected(state)
        return {
            "kind": "next",
            "round": round_number(state),
            "steps": [s.value for s in next_steps(state)],
            "expected": None if kind is None else kind.value,
            "board": [] if state.tracked is None else list(board_lines(state.tracked)),
            "last": [_line(line) for line in (shown[-1] if shown else ())],
            "can_undo": bool(game.steps),
            "can_redo": bool(game.undone),
        }
    kind = _STEPS.get(step)
    if kind is None or kind not in next_steps(state):
        raise InvalidValueError("step", "a step that may come now", step)
    pairs = [_pair(p) for p in answers]
    run = run_step(state, kind, pairs)
    error = ""
    if typed is not None and run.question is not None:
        try:
            pairs.append((run.question.key, run.question.parse(typed)))
            run = run_step(state, kind, pairs)
        except InvalidValueError as refused:
            error = f"Please answer with {refused.expected}."
        except InvalidHostStateError as broken:
            pairs.pop()
            error = f"That answer breaks a rule: {broken}."
    lines = [_line(line) for line in run.lines]
    answered = [[k, v] for k, v in pairs]
    if run.question is not None:
        return {
            "kind": "question",
            "step": step,
            "answers": answered,
            "lines": lines,
            "question": _question(run.question),
            "error": error,
            "refusal": refusal(state, kind) or "",
        }
    after = record(game, Step(kind=kind, answers=tuple(pairs)))
    return {
        "kind": "done",
        "step": step,
        "lines": lines,
        "changes": list(changes(state.tracked, run.state.tracked)),
        "reminder": reminder(run.state, kind),
        "save": dumps_game(after),
    }


def _pair(pair: Sequence[Answer]) -> tuple[str, Answer]:
    if len(pair) != 2 or not isinstance(pair[0], str):
        raise InvalidValueError("answers", "[key, answer] pairs", pair)
    return pair[0], pair[1]


def undo_save(save: str) -> str:
    """*save* with its last step taken back (kept for redo); never changes a card."""
    return dumps_game(undo(loads_game(save)))


def redo_save(save: str) -> str:
    """*save* with the last undone step played again."""
    return dumps_game(redo(loads_game(save)))
