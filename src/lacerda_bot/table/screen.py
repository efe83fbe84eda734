"""The table companion as JSON-friendly screens, for front ends in other runtimes.

A web page (the companion in a browser, running this package under Pyodide)
or any other front end keeps two things: the save text (exactly the
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

Around them: :func:`start_choices` (what a new-game form offers),
:func:`new_save`, :func:`check_save` (an imported file, refused whole if it
is not a valid save), :func:`status`, :func:`undo_save` / :func:`redo_save` and
:func:`last_step` (what undo puts back, and what redo changes again).

Every rule runs in the library's own calls, as in the terminal; this module
only converts values.

>>> from lacerda_bot.table._game.session import dumps_game, new_game
>>> first = screen(dumps_game(new_game(2)))
>>> first["kind"], first["steps"], first["expected"]
('next', ['setup'], 'setup')
>>> asked = screen(dumps_game(new_game(2)), "setup", [])
>>> asked["kind"], asked["question"]["kind"], asked["question"]["low"]
('question', 'count', 0)
"""

import datetime
import functools
import re
from collections.abc import Sequence
from typing import Any, Final, assert_never

from lacerda_bot._deck import MAX_SEED, card_by_id
from lacerda_bot._rules.goals import SOLO_GOALS
from lacerda_bot.errors import (
    InvalidHostStateError,
    InvalidValueError,
    LacerdaBotError,
)
from lacerda_bot.language import (
    ENGLISH,
    Language,
    Words,
    msg,
    parse_language,
    words_for,
)
from lacerda_bot.model import Side
from lacerda_bot.options import OptionChoice, option_choices
from lacerda_bot.render import Line
from lacerda_bot.table._board_picture import board_picture as _board_picture
from lacerda_bot.table._charts import margin_chart, scores_chart
from lacerda_bot.table._engine.dialogue import COUNTED_MOST, NOTHING, Answer, Question
from lacerda_bot.table._game.driver import Run, StepKind, next_steps, run_step
from lacerda_bot.table._game.history import Finished, Tally, by_goal, finished, overall
from lacerda_bot.table._game.recap import board_lines, changes, put_back, status_lines
from lacerda_bot.table._game.rounds import expected, refusal, reminder, round_number
from lacerda_bot.table._game.session import (
    Game,
    Step,
    dumps_game,
    loads_game,
    new_game,
    record,
    redo,
    replay,
    table_options,
    undo,
)
from lacerda_bot.table._game.state import TableState
from lacerda_bot.table._icons import action_icon, card_icon, sequence_icon
from lacerda_bot.terms import goal_name, side_name

__all__ = [
    "board_picture",
    "check_save",
    "history",
    "last_step",
    "new_save",
    "redo_save",
    "same_game",
    "screen",
    "start_choices",
    "status",
    "status_picture",
    "undo_save",
]

JSON = dict[str, Any]

_RULE_IDS: Final = re.compile(r" \((R-[A-Z]+-\d+(?:, R-[A-Z]+-\d+)*)\)(?=\.$)")
"""The rule IDs an option's words end with, which a player is not shown."""

_STEPS: Final = {kind.value: kind for kind in StepKind}


_STEP_LABELS: Final = {
    StepKind.SETUP: msg("Set-up"),
    StepKind.TURN: msg("His turn"),
    StepKind.SHUTTLE: msg("Shuttle phase"),
    StepKind.LEVEL_UP: msg("Colony level-up"),
    StepKind.TECH: msg("You used his Tech"),
    StepKind.SCORE: msg("Final scoring"),
    StepKind.FIX: msg("Correct his board"),
}


def step_label(kind: StepKind, words: Words = ENGLISH) -> str:
    """A step as a button names it."""
    return words.say(_STEP_LABELS[kind])


def _words(lang: object) -> Words:
    """The words of the language *lang* names (a page's choice); English if none."""
    language = parse_language(lang) if isinstance(lang, str) else None
    return words_for(language or Language.EN)


def _is_checklist(kind: StepKind) -> bool:
    """Whether a step's lines are things to do on the board (not a report)."""
    match kind:
        case StepKind.SCORE:
            return False
        case (
            StepKind.SETUP
            | StepKind.TURN
            | StepKind.SHUTTLE
            | StepKind.LEVEL_UP
            | StepKind.TECH
            | StepKind.FIX
        ):
            return True
        case _:
            assert_never(kind)


def _confirmation(kind: StepKind, words: Words) -> str:
    """What a player is asked to confirm before a step that is in order but final."""
    match kind:
        case StepKind.SCORE:
            return words.say(
                msg("Final scoring ends the game. Undo takes it back if it was a slip.")
            )
        case (
            StepKind.SETUP
            | StepKind.TURN
            | StepKind.SHUTTLE
            | StepKind.LEVEL_UP
            | StepKind.TECH
            | StepKind.FIX
        ):
            return ""
        case _:
            assert_never(kind)


def _card(card_id: int | None, side: Side | None, words: Words) -> JSON | None:
    if card_id is None:
        return None
    card = card_by_id(card_id)
    return {
        "id": card.id,
        "face": card.face,
        "action": card.action,
        "mission": card.mission.name,
        "travels": card.travels,
        "side": None if side is None else words.say(side_name(side)),
        "icon": card_icon(card, words),
    }


def _line(line: Line, words: Words, side: Side | None = None) -> JSON:
    return {
        "text": words.say(line.text),
        "rules": list(line.rules),
        "why": [words.say(why) for why in line.why],
        "card": _card(line.card, side, words),
        "icon": None if line.action is None else action_icon(line.action, words),
    }


def _question(question: Question, words: Words) -> JSON:
    """A question: its words in the player's language; its answers as stored.

    ``choices``, ``counted``, ``builds``, ``buildings``, ``zero`` and ``nothing``
    are the answers the engine takes back (English, as saves hold them);
    ``labels`` and the ``*_labels`` say each in the player's language.
    """

    def said(answers: Sequence[str]) -> list[str]:
        return [words.answer(answer) for answer in answers]

    return {
        "key": question.key,
        "text": words.say(question.text),
        "kind": question.kind.value,
        "choices": list(question.choices),
        "labels": said(question.choices),
        "low": question.low,
        "high": question.high,
        "hint": words.say(question.hint),
        "valid": question.valid_answers(words),
        "prompt": question.short_form(words),
        "default": question.default,
        "expected_most": question.expected_most,
        "limit": words.say(question.limit),
        "zero": question.zero,
        "zero_label": words.answer(question.zero) if question.zero else "",
        "counted": list(question.counted),
        "builds": question.builds,
        "buildings": list(question.buildings),
        "building_labels": said(question.buildings),
        "example": question.example,
        "counted_most": COUNTED_MOST,
        "nothing": NOTHING,
        "nothing_label": words.answer(NOTHING),
    }


def screen(
    save: str,
    step: str | None = None,
    answers: Sequence[Sequence[Answer]] = (),
    typed: str | None = None,
    doubted: Answer | None = None,
    today: str | None = None,
    *,
    lang: str = "en",
) -> JSON:
    """The screen for the game in *save*, with step *step* in progress, if any.

    *answers* are the ``[key, answer]`` pairs of the step so far (as a previous
    screen returned them); *typed* is the player's answer to the pending
    question, parsed here (a refused answer comes back with ``"error"``). An
    answer that contradicts an earlier one comes back with ``"error"`` and
    ``"doubted"``: passed back as *doubted* with the same answer, it is kept.
    *today* (``YYYY-MM-DD``, the page's local day) dates a final scoring that
    this answer completes, for the history of games (:func:`history`).
    *lang* is the player's language (``en``, ``pt``, ``de``, ``fr``, ``es``;
    English for any other): its words, and typed answers read in it too.

    Raises:
        SerializationError: *save* is not a valid save.
        InvalidValueError: an argument is not of its type (named: ``save``,
            ``step``, ``answers[i]``, ``typed``, ``doubted``, ``today``), *step* is not a
            step that may come now, or an answer pair is not ``[key, answer]``.
        AnswerMismatchError: an answer does not fit the question at its place.
    """
    if typed is not None and not isinstance(typed, str):
        raise InvalidValueError("typed", "the typed answer as text, or None", typed)
    if doubted is not None and not isinstance(doubted, (bool, int, str)):
        raise InvalidValueError("doubted", "a doubted answer, or None", doubted)
    day = None if today is None else _day(today, "today")
    words = _words(lang)
    game, state, shown = _replayed(_text(save))
    if step is None:
        kind = expected(state)
        steps = next_steps(state)
        return {
            "kind": "next",
            "round": round_number(state),
            "steps": [s.value for s in steps],
            "labels": {s.value: step_label(s, words) for s in steps},
            "refusals": {s.value: words.say(refusal(state, s) or "") for s in steps},
            "confirmations": {s.value: _confirmation(s, words) for s in steps},
            "expected": None if kind is None else kind.value,
            "board": []
            if state.tracked is None
            else [words.say(b) for b in board_lines(state.tracked)],
            "last": [_line(line, words) for line in (shown[-1] if shown else ())],
            "last_step": game.steps[-1].kind.value if game.steps else None,
            "last_label": step_label(game.steps[-1].kind, words)
            if game.steps
            else None,
            "last_checklist": _is_checklist(game.steps[-1].kind)
            if game.steps
            else True,
            "can_undo": bool(game.steps),
            "can_redo": bool(game.undone),
            "over": state.final_score is not None,
            "seed": str(game.seed),
            "goal": words.say(goal_name(game.goal)),
            "taken": len(game.steps),
        }
    asked: object = step  # a front end may pass anything
    kind = _STEPS.get(asked) if isinstance(asked, str) else None
    if kind is None or kind not in next_steps(state):
        raise InvalidValueError("step", "a step that may come now", step)
    if isinstance(answers, str) or not isinstance(answers, Sequence):
        raise InvalidValueError("answers", "a list of [key, answer] pairs", answers)
    pairs = [_pair(p, i) for i, p in enumerate(answers)]
    run = run_step(state, kind, pairs)
    error = ""
    doubt: Answer | None = None
    if typed is not None and run.question is not None:
        question = run.question
        try:
            value = question.parse(typed, words)
        except InvalidValueError:
            valid = question.valid_answers(words)
            refused = words.say(msg("Please answer with {answers}.", answers=valid))
            return _asked(step, kind, state, run, pairs, words, refused)
        said = question.contradiction(value, doubted, words)
        if said:
            doubt = value
            error = words.say(
                msg(
                    "{contradiction} Answer again: the same answer keeps it; Back "
                    "changes the earlier answer.",
                    contradiction=said,
                )
            )
        else:
            pairs.append((question.key, value))
            try:
                run = run_step(state, kind, pairs)
            except (InvalidValueError, InvalidHostStateError) as broken:
                pairs.pop()
                error = words.say(
                    msg("That answer breaks a rule: {error}.", error=str(broken))
                )
    if run.question is not None:
        return _asked(step, kind, state, run, pairs, words, error, doubt)
    lines = [_line(line, words, state.side) for line in run.lines]
    on = day if kind is StepKind.SCORE else None
    after = record(game, Step(kind=kind, answers=tuple(pairs), on=on))
    return {
        "kind": "done",
        "step": step,
        "label": step_label(kind, words),
        "lines": lines,
        "changes": [words.say(c) for c in changes(state.tracked, run.state.tracked)],
        "reminder": words.say(reminder(run.state, kind, tapped=True)),
        "save": dumps_game(after),
        "steps": len(after.steps),
        "checklist": _is_checklist(kind),
    }


def _asked(
    step: str,
    kind: StepKind,
    state: TableState,
    run: Run,
    pairs: list[tuple[str, Answer]],
    words: Words,
    error: str,
    doubt: Answer | None = None,
) -> JSON:
    """The question screen of *run*, which has a question."""
    assert run.question is not None
    return {
        "kind": "question",
        "step": step,
        "answers": [[k, v] for k, v in pairs],
        "lines": [_line(line, words, state.side) for line in run.lines],
        "question": _question(run.question, words),
        "label": step_label(kind, words),
        "error": error,
        "doubted": doubt,
        "refusal": words.say(refusal(state, kind) or ""),
    }


@functools.lru_cache(maxsize=4)
def _replayed(save: str) -> tuple[Game, TableState, tuple[tuple[Line, ...], ...]]:
    """*save* read and replayed, the last few kept (a bounded memo).

    A page sends the same save with every answer of a step; the values are
    frozen, so sharing them is safe.
    """
    game = loads_game(save)
    state, shown = replay(game)
    return game, state, shown


def _text(save: object) -> str:
    """*save* if it is text (a save is JSON text), else InvalidValueError naming it."""
    if not isinstance(save, str):
        raise InvalidValueError("save", "the save's JSON text", save)
    return save


def _pair(pair: object, index: int) -> tuple[str, Answer]:
    """One ``[key, answer]`` pair of a step so far; anything else names its place."""
    if (
        isinstance(pair, str)
        or not isinstance(pair, Sequence)
        or len(pair) != 2
        or not isinstance(pair[0], str)
        or not isinstance(pair[1], (bool, int, str))
    ):
        raise InvalidValueError(f"answers[{index}]", "a [key, answer] pair", pair)
    return pair[0], pair[1]


def undo_save(save: str) -> str:
    """*save* with its last step taken back (kept for redo); never changes a card.

    Raises:
        SerializationError: *save* is not a valid save.
        InvalidValueError: *save* is not text.
    """
    return dumps_game(undo(loads_game(_text(save))))


def last_step(save: str, *, lang: str = "en") -> JSON:
    """The last step of *save*: what its undo puts back, and what it changed.

    ``put_back``: its lines, last first, numbered as shown; ``board_back``: his
    board's parts as undo leaves them (``Crystals: 3 -> 2``); ``board_now``: the
    same parts as the step (or its redo) changed them. Empty lists before the
    first step. *lang* is the player's language, as for :func:`screen`.

    Raises:
        SerializationError: *save* is not a valid save.
        InvalidValueError: *save* is not text.
    """
    words = _words(lang)
    game, after, shown = _replayed(_text(save))
    if not game.steps:
        return {"label": "", "put_back": [], "board_back": [], "board_now": []}
    kind = game.steps[-1].kind
    _, before, _ = _replayed(dumps_game(undo(game)))
    counted = kind is not StepKind.SETUP  # set-up reads his whole board, not a change
    return {
        "label": step_label(kind, words),
        "put_back": [words.say(p) for p in put_back(shown[-1])],
        "board_back": [words.say(c) for c in changes(after.tracked, before.tracked)]
        if counted
        else [],
        "board_now": [words.say(c) for c in changes(before.tracked, after.tracked)]
        if counted
        else [],
    }


def redo_save(save: str) -> str:
    """*save* with the last undone step played again.

    Raises:
        SerializationError: *save* is not a valid save.
        InvalidValueError: *save* is not text.
    """
    return dumps_game(redo(loads_game(_text(save))))


def _option(choice: OptionChoice, words: Words) -> JSON:
    """One option for the new-game form: its words for a player, its rule IDs apart."""
    found = _RULE_IDS.search(choice.about)
    return {
        "name": choice.name,
        "values": list(choice.values),
        "default": choice.default,
        "about": _RULE_IDS.sub("", words.say(choice.said)),
        "rules": found.group(1) if found else "",
    }


def start_choices(*, lang: str = "en") -> JSON:
    """What a new-game form offers: the Solo Goals, the options, the seed range.

    In the player's language *lang*, as for :func:`screen`.

    >>> choices = start_choices()
    >>> choices["goals"][0]["id"], int(choices["max_seed"]) > 0
    ('first_colonists', True)
    """
    words = _words(lang)
    return {
        "goals": [{"id": g.id, "name": words.say(goal_name(g.id))} for g in SOLO_GOALS],
        "options": [_option(c, words) for c in option_choices(table_options())],
        "max_seed": str(MAX_SEED - 1),
    }


def new_save(
    seed: str, goal: str, options: Sequence[str] = (), *, lang: str = "en"
) -> JSON:
    """A new game: ``{"save", "seed", "goal", "steps"}``, *options* as ``NAME=VALUE``.

    *seed* is in decimal digits, as typed: seeds go beyond what a JavaScript
    number holds exactly.

    Raises:
        InvalidValueError: the seed, the goal or an option is not valid.
    """
    typed: object = seed  # a front end may pass anything
    text = typed.strip() if isinstance(typed, str) else ""
    if not (text.isascii() and text.isdigit() and len(text) <= len(str(MAX_SEED))):
        raise InvalidValueError(
            "seed", f"a whole number from 0 to {MAX_SEED - 1}", seed
        )
    game = new_game(int(text), table_options(options, "options"), goal)
    return {
        "save": dumps_game(game),
        "seed": str(game.seed),
        "goal": _words(lang).say(goal_name(game.goal)),
        "steps": 0,
    }


def check_save(text: str, *, lang: str = "en") -> JSON:
    """*text* checked as a save, as :func:`screen` reads it.

    Returns ``{"save": ...}`` (the save rewritten) with its seed, goal, number
    of steps and round, or ``{"error": why}``: a bad save (or anything but
    text) is refused whole.
    """
    try:
        game, state, _ = _replayed(_text(text))
    except LacerdaBotError as refused:
        return {"error": str(refused)}
    return {
        "save": dumps_game(game),
        "seed": str(game.seed),
        "goal": _words(lang).say(goal_name(game.goal)),
        "steps": len(game.steps),
        "round": round_number(state),
        "over": state.final_score is not None,
    }


def same_game(imported: str, kept: str) -> str:
    """How the game in save *imported* stands to the one in save *kept*.

    ``"same"`` (the same steps), ``"older"`` (the same game, fewer steps: *kept*
    went on from it), ``"newer"`` (the same game, more steps) or ``"other"``
    (another seed, Solo Goal or options, or a different history). The page
    asks before it imports an older or a newer copy of a game it has.

    Raises:
        SerializationError: either is not a valid save.
        InvalidValueError: either is not text.
    """
    one, other = loads_game(_text(imported)), loads_game(_text(kept))
    if (one.seed, one.goal, one.options) != (other.seed, other.goal, other.options):
        return "other"
    shorter, longer = sorted((one.steps, other.steps), key=len)
    if longer[: len(shorter)] != shorter:
        return "other"
    if len(one.steps) == len(other.steps):
        return "same"
    return "older" if len(one.steps) < len(other.steps) else "newer"


def status(save: str, *, lang: str = "en") -> list[str]:
    """The lines of the ``status`` command for the game in *save*, in *lang*.

    Raises:
        SerializationError: *save* is not a valid save.
        InvalidValueError: *save* is not text.
    """
    _, state, _ = _replayed(_text(save))
    words = _words(lang)
    return [words.say(line) for line in status_lines(state)]


def _day(value: object, name: str) -> datetime.date:
    """*value* as a day written ``YYYY-MM-DD``, else InvalidValueError naming *name*."""
    if isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        try:
            return datetime.date.fromisoformat(value)
        except ValueError:
            pass
    raise InvalidValueError(name, "a day written YYYY-MM-DD", value)


def _tally(tally: Tally, words: Words) -> JSON:
    his, yours = tally.mean_scores
    goal = msg("All games") if tally.goal is None else goal_name(tally.goal)
    return {
        "goal": words.say(goal),
        "games": len(tally.games),
        "wins": tally.wins,
        "win_rate": words.percent(tally.win_rate),
        "mean_margin": words.number(tally.mean_margin, 1, signed=True),
        "best": words.number(max(tally.margins), signed=True),
        "worst": words.number(min(tally.margins), signed=True),
        "his_mean": words.number(his),
        "your_mean": words.number(yours),
    }


def _finished_row(game: Finished, words: Words) -> JSON:
    return {
        "name": game.name,
        "day": "" if game.on is None else game.on.isoformat(),
        "goal": words.say(goal_name(game.goal)),
        "his": game.his_score,
        "yours": game.your_score,
        "margin": words.number(game.margin, signed=True),
        "won": game.won,
        "verdict": words.say(msg("you win") if game.won else msg("Lacerda wins")),
    }


def history(kept: object, *, lang: str = "en") -> JSON:
    """The History view of the games kept on a device: ``[name, save, day]`` each.

    *day* (``YYYY-MM-DD`` or ``None``) is when the page last stored the game,
    which dates a game finished before final scorings were dated. A save
    that does not load is left out and counted in ``"unreadable"`` (the list
    of games says what is wrong with it). Returns the finished games newest
    first, the figures per Solo Goal and over all games, and two charts
    (SVG text with their words: :mod:`lacerda_bot.table._charts`), in the
    player's language *lang* as for :func:`screen`.

    Raises:
        InvalidValueError: *kept* or an item is not of its shape (named
            ``kept[i]``), or a day is not ``YYYY-MM-DD``.
    """
    if isinstance(kept, str) or not isinstance(kept, Sequence):
        raise InvalidValueError("kept", "a list of [name, save, day] items", kept)
    games: list[Finished] = []
    unreadable = 0
    for i, item in enumerate(kept):
        at = f"kept[{i}]"
        if isinstance(item, str) or not isinstance(item, Sequence) or len(item) != 3:
            raise InvalidValueError(at, "a [name, save, day] item", item)
        name, save, day = tuple(item)
        if not isinstance(name, str) or not isinstance(save, str):
            raise InvalidValueError(at, "a game's name and its save, as text", item)
        stored = None if day is None else _day(day, f"{at}[2]")
        try:  # not through the memo, which keeps the game being played
            game = loads_game(save)
            state, _ = replay(game)
        except LacerdaBotError:
            unreadable += 1
            continue
        ended = finished(game, state, name, stored)
        if ended is not None:
            games.append(ended)
    everything = overall(games)
    goals = by_goal(games)
    words = _words(lang)
    return {
        "games": [_finished_row(g, words) for g in everything.games],
        "goals": [_tally(t, words) for t in goals],
        "all": _tally(everything, words) if games else None,
        "unreadable": unreadable,
        "charts": [
            {
                "svg": margin_chart(everything.games[::-1], words),
                "caption": words.say(msg("Margin over games")),
            },
            {
                "svg": scores_chart(goals, words),
                "caption": words.say(msg("Scores per Solo Goal")),
            },
        ]
        if games
        else [],
    }


def status_picture(save: str, *, lang: str = "en") -> str:
    """The building sequence with his Progress Bot, as SVG, for the Status panel.

    Raises:
        SerializationError: *save* is not a valid save.
        InvalidValueError: *save* is not text.
    """
    _, state, _ = _replayed(_text(save))
    return sequence_icon(state.bot.pointer, _words(lang))


def board_picture(save: str, *, lang: str = "en") -> str | None:
    """His tracked board as an SVG panel for Status, or ``None`` if it is not tracked.

    Its text alternative is the board in words, as the ``status`` command
    prints it (:mod:`lacerda_bot.table._board_picture`).

    Raises:
        SerializationError: *save* is not a valid save.
        InvalidValueError: *save* is not text.
    """
    _, state, _ = _replayed(_text(save))
    if state.tracked is None:
        return None
    return _board_picture(state.tracked, _words(lang))
