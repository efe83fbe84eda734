"""The table driver: each step of a game runs the library's own call on asked facts.

A step (his turn, a Shuttle phase, ...) is one call of the library: the same
:func:`~lacerda_bot._rules.turn.take_turn` a digital host runs, reading its
facts from :class:`~lacerda_bot.table._engine.asked.AskedFacts` instead of a board.
:func:`run_step` runs it with the answers given so far; where the rules read
a fact nobody has answered yet, the run stops and returns the question. Give
the answer and run again: the call is pure and seeded, so the new run repeats
the last one exactly and goes one question further. This is also how undo,
``back`` and resuming a save work: a game is its answers.

What the player reads comes from :mod:`lacerda_bot.render`: each decision and
each tie-break is worded as it happens, so the tie's outcome is on screen
before the questions that follow it.
"""

import datetime
import enum
from collections.abc import Sequence
from typing import Final, assert_never, final

import attrs

from lacerda_bot import _queries as q
from lacerda_bot._enum import IdentityEnum
from lacerda_bot._facts import Read
from lacerda_bot._rules import level, setup, shuttle, turn
from lacerda_bot._rules.goals import goal_by_id
from lacerda_bot._rules.play import Event
from lacerda_bot._rules.scoring import FinalResult, final_scoring
from lacerda_bot.decisions import Described, DevelopTech, StartingSpace, Travel
from lacerda_bot.errors import AnswerMismatchError, InvalidValueError
from lacerda_bot.language import msg
from lacerda_bot.model import Side
from lacerda_bot.outcome import Outcome
from lacerda_bot.render import (
    Line,
    TableContext,
    call_lines,
    instructions,
    score_lines,
    tile_stays,
)
from lacerda_bot.table._engine.asked import (
    AnswerSource,
    AskedFacts,
    FactSource,
    Unanswered,
    gives_values,
)
from lacerda_bot.table._engine.dialogue import Answer, Question, Say
from lacerda_bot.table._engine.tracked import Tracked
from lacerda_bot.table._engine.tracking import TrackedFacts, start_board
from lacerda_bot.table._game.fixing import apply_fix
from lacerda_bot.table._game.state import TableState
from lacerda_bot.terms import goal_name

__all__ = [
    "Recorded",
    "Run",
    "Step",
    "StepKind",
    "next_steps",
    "run_step",
    "step_key",
]


@enum.unique
class StepKind(IdentityEnum):
    """The steps of a game the companion guides, named as the player types them."""

    SETUP = "setup"
    TURN = "turn"
    SHUTTLE = "shuttle"
    LEVEL_UP = "level-up"
    TECH = "tech"
    SCORE = "score"
    FIX = "fix"
    """The player corrects a value the companion tracks (:mod:`.fixing`)."""


_PLAY_STEPS: Final = (
    StepKind.TURN,
    StepKind.SHUTTLE,
    StepKind.LEVEL_UP,
    StepKind.TECH,
    StepKind.SCORE,
)


@final
@attrs.frozen(kw_only=True)
class Step:
    """One complete step: its kind and the answers given, in order, with their keys."""

    kind: StepKind
    answers: tuple[tuple[str, Answer], ...] = ()
    on: datetime.date | None = None
    """The day the game's final scoring was taken (a ``score`` step's only):
    the history of games (:mod:`.history`) lists a finished game by it. The
    front end reads its clock; the rules never do."""

    def __attrs_post_init__(self) -> None:
        if self.on is not None and self.kind is not StepKind.SCORE:
            raise InvalidValueError("on", "no date: only a score step has one", self.on)


def next_steps(state: TableState) -> tuple[StepKind, ...]:
    """The steps that may come next: set-up first, nothing after scoring.

    You can use one of his Techs only once he has one, and fix a value only
    of a board the companion tracks.
    """
    if state.side is None:
        return (StepKind.SETUP,)
    if state.final_score is not None:
        return ()
    if state.tracked is None:
        return _PLAY_STEPS
    fix = (StepKind.FIX,)
    if not state.tracked.lacerda_techs:
        return (*(k for k in _PLAY_STEPS if k is not StepKind.TECH), *fix)
    return (*_PLAY_STEPS, *fix)


def step_key(kind: StepKind, state: TableState) -> str:
    """The prefix of the keys of a step's answers, e.g. ``turn3``."""
    match kind:
        case StepKind.SETUP:
            return "setup"
        case StepKind.SCORE:
            return "score"
        case StepKind.TURN:
            return f"turn{state.turns + 1}"
        case StepKind.SHUTTLE:
            return f"shuttle{state.shuttle_phases + 1}"
        case StepKind.LEVEL_UP:
            return f"levelup{state.level_ups + 1}"
        case StepKind.TECH:
            return f"tech{state.turns}"
        case StepKind.FIX:
            return "fix"
        case unreachable:
            assert_never(unreachable)


class Recorded:
    """An answer source that gives recorded answers in order, checking each one.

    Past the last answer it raises :class:`~lacerda_bot.table._engine.asked.Unanswered`.
    """

    def __init__(self, answers: Sequence[tuple[str, Answer]]) -> None:
        """Give *answers*, each a question key and its answer."""
        self.answers = answers
        self.given = 0
        """How many answers it gave."""

    def __call__(self, question: Question) -> Answer:
        """The next answer, if it answers *question*.

        Raises:
            Unanswered: no answer is left.
            AnswerMismatchError: the next answer is to another question, or out of range.
        """
        i = self.given
        sole = question.sole_answer()
        if sole is not None and (
            i >= len(self.answers) or self.answers[i][0] != question.key
        ):
            return sole  # not asked; a save that recorded it anyway gives it below
        if i >= len(self.answers):
            raise Unanswered(question)
        key, value = self.answers[i]
        if key != question.key:
            msg = f"expected the answer to {question.key!r}, got one to {key!r}"
            raise AnswerMismatchError(i, msg)
        if not question.accepts(value):
            msg = f"{key}: expected {question.valid_answers()}, got {value!r}"
            raise AnswerMismatchError(i, msg)
        self.given = i + 1
        return value


@final
@attrs.frozen(kw_only=True)
class Run:
    """A step run as far as its answers go."""

    lines: tuple[Say, ...]
    """What he does, worded, up to the question (or to the end of the step)."""
    question: Question | None
    """The next question to ask; ``None`` once the step is complete."""
    state: TableState
    """The state after the step; the state before it while a question is pending."""
    used: int
    """How many of the recorded answers the run used (0 when a *source* answered)."""
    asked: int = 0
    """How many questions were answered in the run (by the answers or the *source*)."""


def _opening(kind: StepKind, state: TableState) -> tuple[Line, ...]:
    match kind:
        case StepKind.SETUP:
            text = msg(
                "New game against Lacerda; Solo Goal: {goal}. Set up for 2 "
                "players, but he gets no Private Goals and his Bot starts on the "
                "Mine icon of his Progress area.",
                goal=goal_name(state.goal),
            )
            return (Line(text=text, rules=("R-SETUP-9",)),)
        case StepKind.LEVEL_UP:
            text = msg(
                "The Colony levelled up: Lacerda builds a Shelter, gains a Ship and a Bot."
            )
            return (Line(text=text, rules=("R-LEVEL-1", "R-LEVEL-6")),)
        case StepKind.TECH:
            text = msg("He does not keep the Oxygen you paid him.")
            return (Line(text=text, rules=("R-TURN-6",)),)
        case StepKind.TURN | StepKind.SHUTTLE | StepKind.SCORE | StepKind.FIX:
            return ()
        case unreachable:
            assert_never(unreachable)


def _closing(kind: StepKind) -> tuple[Line, ...]:
    if kind is StepKind.SETUP:
        text = msg("Now take your own starting space and its benefit.")
        return (Line(text=text, rules=("R-SETUP-9",)),)
    return ()


def _side_after(outcome: Outcome[Described], side: Side | None) -> Side | None:
    for decision in outcome.decisions:
        if isinstance(decision, StartingSpace | Travel):
            side = decision.side
    return side


def _after(
    kind: StepKind, state: TableState, outcome: Outcome[Described]
) -> TableState:
    state = attrs.evolve(state, bot=outcome.bot, side=_side_after(outcome, state.side))
    match kind:
        case StepKind.TURN:
            return attrs.evolve(state, turns=state.turns + 1, turn_this_round=True)
        case StepKind.SHUTTLE:
            return attrs.evolve(
                state, shuttle_phases=state.shuttle_phases + 1, turn_this_round=False
            )
        case StepKind.LEVEL_UP:
            return attrs.evolve(state, level_ups=state.level_ups + 1)
        case StepKind.SETUP | StepKind.TECH | StepKind.SCORE | StepKind.FIX:
            return state
        case unreachable:
            assert_never(unreachable)


def _call(
    kind: StepKind,
    state: TableState,
    facts: AskedFacts,
    observe: "list[Event[Described]]",
) -> Outcome[Described] | FinalResult:
    bot = state.bot
    match kind:
        case StepKind.SETUP:
            if isinstance(facts, TrackedFacts):
                facts.tracked = start_board(facts, state.side)
            return setup.setup(bot, facts, observe.append)
        case StepKind.TURN:
            return turn.take_turn(bot, facts, observe.append)
        case StepKind.SHUTTLE:
            return shuttle.shuttle_phase(bot, facts, observe.append)
        case StepKind.LEVEL_UP:
            return level.colony_level_up(bot, facts, observe.append)
        case StepKind.TECH:
            tech = facts.answer(q.UsedTech())
            return turn.human_used_tech(bot, facts, tech, observe.append)
        case StepKind.SCORE:
            return final_scoring(state.goal, facts)
        case StepKind.FIX:  # pragma: no cover - run_step runs a fix itself
            raise AssertionError("a fix calls no rule")
        case unreachable:
            assert_never(unreachable)


_NOT_SET_UP: Final = Tracked(crystals=0, depot=0)


def _facts(
    state: TableState,
    kind: StepKind,
    source: AnswerSource | FactSource,
    log: list[Read] | None,
) -> AskedFacts:
    """Tracked facts in a game that tracks his board; asked facts otherwise."""
    step = step_key(kind, state)
    options = state.bot.options
    if not state.tracking:
        return AskedFacts(source, step=step, side=state.side, options=options, log=log)
    return TrackedFacts(
        source,
        step=step,
        side=state.side,
        options=options,
        tracked=state.tracked or _NOT_SET_UP,
        log=log,
    )


def _fix(state: TableState, ask: AnswerSource, given: Recorded) -> Run:
    """A fix: which value and its true value; nothing of the rules runs."""
    assert state.tracked is not None  # next_steps offers a fix only then
    asked: list[Question] = []

    def counted(question: Question) -> Answer:
        answer = ask(question)
        asked.append(question)
        return answer

    try:
        tracked, words = apply_fix(state.tracked, counted)
    except Unanswered as stop:
        return Run(
            lines=(),
            question=stop.question,
            state=state,
            used=given.given,
            asked=len(asked),
        )
    return Run(
        lines=(Line(text=words),),
        question=None,
        state=attrs.evolve(state, tracked=tracked),
        used=given.given,
        asked=len(asked),
    )


def run_step(
    state: TableState,
    kind: StepKind,
    answers: Sequence[tuple[str, Answer]],
    *,
    source: AnswerSource | FactSource | None = None,
    log: list[Read] | None = None,
    words: bool = True,
) -> Run:
    """Run step *kind* from *state* with *answers*, as far as they go.

    A *source* replaces the recorded answers: a player's (questions in, answers
    out) or a :class:`~lacerda_bot.table._engine.asked.FactSource` that says what each
    fact is (a test's oracle). *log* collects every fact read. Without *words* the run's lines are left out (a replay
    that only checks a save).

    Raises:
        AnswerMismatchError: a recorded answer does not fit the question at its
            place.
        InvalidValueError: *source* gave an answer that does not fit its question.
        InvalidHostStateError: an answer breaks a rule's precondition (an
            ``other`` benefit with ``unknown_gain = error``, R-TO-9; benefits
            nested deeper than a board can hold).
    """
    given = Recorded(answers)
    if kind is StepKind.FIX:
        ask = source if source is not None and not gives_values(source) else given
        return _fix(state, ask, given)
    facts = _facts(state, kind, source or given, log)
    events: list[Event[Described]] = []
    tracked = state.tracked
    context = TableContext(
        side=state.side,
        options=state.bot.options,
        lab=None if tracked is None else tracked.lab_spaces,
    )
    question: Question | None = None
    result: Outcome[Described] | FinalResult | None = None
    try:
        result = _call(kind, state, facts, events)
    except Unanswered as stop:
        question = stop.question
    lines: list[Line] = []
    if words:
        lines.extend(_opening(kind, state))
        for event in events:
            lines.extend(instructions(event, context))
    after = state
    match result:
        case Outcome():
            if words:
                lines.extend(call_lines(result.trace))
                if kind is StepKind.TECH and not any(
                    isinstance(d, DevelopTech) for d in result.decisions
                ):
                    lines.append(tile_stays())
                lines.extend(_closing(kind))
            after = _after(kind, state, result)
        case FinalResult():
            if words:
                lines.extend(score_lines(result, goal_by_id(state.goal)))
            after = attrs.evolve(state, result=result)
        case None:
            pass
        case unreachable:
            assert_never(unreachable)
    if result is not None and isinstance(facts, TrackedFacts):
        tracked = facts.finish(level_up=kind is StepKind.LEVEL_UP)
        after = attrs.evolve(after, tracked=tracked)
    return Run(
        lines=tuple(lines),
        question=question,
        state=after,
        used=given.given,
        asked=facts.asked,
    )
