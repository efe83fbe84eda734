"""The table companion played perfectly: every question answered from the board.

A :class:`PerfectPlayer` watches a reference game (the *watch* of
:func:`~lacerda_bot.reference.play_game`). Before each library call it
runs the same step at the table (:func:`~lacerda_bot.table.run_step`), and
answers every question with what the board's facts say, read by read: the
answers a player who reads his board without a mistake would give. It checks
that the table decides as the call does, and counts the questions of each
step, the measure of how much the companion asks (``benchmarks/run.py``).
"""

import statistics
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, TypeVar, final

import attrs

from lacerda_bot import _queries as q
from lacerda_bot._board.board import Board
from lacerda_bot._board.facts import BoardFacts
from lacerda_bot._facts import Facts, Query, Read
from lacerda_bot._lab import level_of
from lacerda_bot._rules import level, setup, shuttle, turn
from lacerda_bot._rules.goals import GoalFacts, evaluate_goal
from lacerda_bot._rules.scoring import (
    BuiltBlueprints,
    Contracts,
    HumanCategory,
    HumanScore,
    LivingQuartersTop,
    OpTrack,
    ProgressCubes,
    RequirementMet,
    ScientistBuildings,
    ShipsInHangar,
    TechPoints,
    final_scoring,
    tech_points,
)
from lacerda_bot._state import BotState
from lacerda_bot.decisions import DevelopTech, Travel
from lacerda_bot.errors import LacerdaBotError
from lacerda_bot.model import TechType, scored_type
from lacerda_bot.options import Options
from lacerda_bot.outcome import CallKind, Outcome
from lacerda_bot.reference._game import play_game
from lacerda_bot.table._engine.tracked import Tracked
from lacerda_bot.table._game.driver import Run, StepKind, run_step
from lacerda_bot.table._game.state import TableState

__all__ = [
    "PerfectPlayer",
    "QuestionCounts",
    "TableMismatchError",
    "percentile",
    "questions_per_step",
]

T = TypeVar("T")

_STEPS: Final = {
    CallKind.SETUP: StepKind.SETUP,
    CallKind.TAKE_TURN: StepKind.TURN,
    CallKind.SHUTTLE_PHASE: StepKind.SHUTTLE,
    CallKind.COLONY_LEVEL_UP: StepKind.LEVEL_UP,
    CallKind.HUMAN_USED_TECH: StepKind.TECH,
}


class TableMismatchError(LacerdaBotError, AssertionError):
    """The table, answered from the board, did not do what the board's call did."""


def _printed(read: Read, board: Board, tech: TechType | None) -> object:
    """What a player reads off *board* for a fact only the table asks."""
    match read.query:
        case q.UsedTech():
            return tech
        case q.StartCrystals():
            return board.spendable_crystals
        case q.StartFreeDepot():
            return board.free_depot_spaces
        case q.LabColumns():
            return board.lab_columns
        case q.StartShelterTech():
            return level_of(board.lab_spaces, TechType.SHELTER)
        case q.StartLivingQuarters():
            return board.living_quarters_top
        case q.StartMissionCrystals(slot=slot):
            return next(m.crystals for m in board.missions if m.slot is slot)
        case _:
            raise TableMismatchError(f"no value on the board for {read.key}")


@final
class _FromLog:
    """Says each fact the table reads is what the board's source read at the same place.

    Facts only the table reads (his printed start, the Tech you used) are read
    off the board the call was made on. Where one of two empty Lab spaces helps
    him most (R-ORBIT-6), the board's read says only that one does: which one
    is the space his tile entered on the board (*entered*, in order).
    """

    def __init__(
        self,
        log: Sequence[Read],
        board: Board,
        tech: TechType | None = None,
        entered: Sequence[str] = (),
        asked: list[Read] | None = None,
    ) -> None:
        self.log = log
        self.board = board
        self.tech = tech
        self.entered = entered
        self.offset = 0
        self.asked = [] if asked is None else asked
        """Every read the table asked, in order."""

    def value(self, read: Read, index: int) -> object:
        """The board's value of *read*."""
        self.asked.append(read)
        if read.query.table_only:
            self.offset += 1
            return _printed(read, self.board, self.tech)
        at = index - self.offset
        if at >= len(self.log):
            raise TableMismatchError(f"the table reads {read.key} past the board")
        entry = self.log[at]
        if type(entry.query) is not type(read.query):
            msg = f"the table reads {read.key}, the board read {entry.key}"
            raise TableMismatchError(msg)
        if isinstance(entry.query, q.DevelopSpaces) and entry.value == 1:
            step = sum(1 for r in self.log[:at] if isinstance(r.query, q.DevelopSpaces))
            return (self.entered[step],)
        return entry.value

    def ahead(self, kind: type[Query[object]], index: int) -> object:
        """The board's value of its next read of a *kind* fact."""
        start = index - self.offset + 1
        return next((r.value for r in self.log[start:] if type(r.query) is kind), None)


@final
class _ScoredBoard:
    """Final scoring's facts (:class:`~lacerda_bot._rules.scoring.FinalFacts`) of a board."""

    def __init__(
        self, board: Board, human: int, goal: tuple[str, GoalFacts], log: list[Read]
    ) -> None:
        self.board, self.human, self.log = board, human, log
        self.goal_id, self.goal = goal

    def answer(self, query: Query[T]) -> T:
        """The count or requirement *query* asks, read off the board (and logged)."""
        value = self._value(query)
        self.log.append(Read(query=query, value=value))
        return value  # type: ignore[return-value]

    def _value(self, query: Query[object]) -> int | bool:
        board = self.board
        match query:
            case OpTrack():
                return board.op_track
            case ProgressCubes():
                return board.progress_cubes
            case TechPoints():
                return tech_points(
                    board.lab_column_values, board.lab_spaces, board.lab_columns
                )
            case ShipsInHangar():
                return board.ships_in_hangar
            case BuiltBlueprints(level=level):
                return sum(
                    1
                    for b in board.lacerda_blueprints
                    if b.used and b.blueprint.level == level
                )
            case ScientistBuildings():
                advanced = {
                    a.building: a.count for a in board.advanced_buildings_on_mars
                }
                return sum(
                    advanced.get(scored_type(s), 0) for s in board.lacerda_scientists
                )
            case Contracts(kind=kind):
                return board.lacerda_contracts.count(kind)
            case LivingQuartersTop():
                return board.living_quarters_top
            case HumanScore(category=category):  # the scripted human has a total only
                return self.human if category is HumanCategory.OP_TRACK else 0
            case RequirementMet(requirement=requirement):
                return any(
                    r.requirement == requirement and r.passed
                    for r in evaluate_goal(self.goal_id, self.goal).requirements
                )
            case _:
                raise TableMismatchError(f"no final count on the board for {query.key}")


def _tiles(tracked: Tracked) -> dict[str, TechType]:
    """Which Tech tile stands on which Lab space (V9)."""
    return {s.id: s.tech for s in tracked.lab_spaces if s.tech is not None}


def _shape(tracked: Tracked) -> list[tuple[str, int, int, tuple[str, ...]]]:
    """His Lab's printed spaces: id, column, place and the spaces each touches."""
    return [(s.id, s.column, s.position, s.touches) for s in tracked.lab_spaces]


def _check_tracking(tracked: Tracked, board: Board, *, level_up: bool) -> None:
    """What the table tracks of his player board is what the board shows."""
    truth = Tracked.of(board)
    same = {
        "Crystals": tracked.crystals == truth.crystals,
        "Depot": tracked.depot == truth.depot,
        "Lab": _tiles(tracked) == _tiles(truth),
        "Lab shape": _shape(tracked) == _shape(truth),
        "Blueprints": sorted(tracked.cards, key=repr) == sorted(truth.cards, key=repr),
        "markers": tracked.free_advanced_markers == truth.free_advanced_markers,
        "Scientists": sorted(s.value for s in tracked.lacerda_scientists)
        == sorted(s.value for s in truth.lacerda_scientists),
        "Hire slot": tracked.colonist_on_hire_slot == truth.colonist_on_hire_slot,
        "supplies": (tracked.shelters_left, tracked.ships_left, tracked.bots_left)
        == (truth.shelters_left, truth.ships_left, truth.bots_left),
        "Colony level": level_up or tracked.colony_level == truth.colony_level,
        "Shuttle": tracked.shuttle_from is truth.shuttle_from,
        "Missions": all(
            (not m.completed or t.completed) and m.crystals in (None, t.crystals)
            for m, t in zip(tracked.missions, truth.missions, strict=True)
        ),
    }
    wrong = [name for name, ok in same.items() if not ok]
    if wrong:
        msg = f"the table tracks his {', '.join(wrong)} otherwise than the board shows"
        raise TableMismatchError(msg)


def _board_call(
    kind: CallKind, tech: TechType | None
) -> Callable[[BotState, Facts[Any]], Outcome[Any]]:
    match kind:
        case CallKind.SETUP:
            return setup.setup
        case CallKind.TAKE_TURN:
            return turn.take_turn
        case CallKind.SHUTTLE_PHASE:
            return shuttle.shuttle_phase
        case CallKind.COLONY_LEVEL_UP:
            return level.colony_level_up
        case CallKind.HUMAN_USED_TECH:
            assert tech is not None
            return lambda bot, facts: turn.human_used_tech(bot, facts, tech)


@final
@attrs.frozen(kw_only=True)
class QuestionCounts:
    """The questions each step of the games asked, by kind of step."""

    by_step: tuple[tuple[StepKind, tuple[int, ...]], ...]
    arrivals: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """The Shuttle phases' counts by where he ends: ``stays``, ``orbit``, ``colony``."""

    def arriving(self, where: str) -> tuple[int, ...]:
        """The question counts of the Shuttle phases that end *where*."""
        return next((counts for w, counts in self.arrivals if w == where), ())

    def of(self, kind: StepKind) -> tuple[int, ...]:
        """The question counts of every step of *kind*, in play order."""
        return next((counts for k, counts in self.by_step if k is kind), ())

    def median(self, kind: StepKind) -> float:
        """The median count of *kind* (0 if none was played)."""
        counts = self.of(kind)
        return float(statistics.median(counts)) if counts else 0.0

    def most(self, kind: StepKind) -> int:
        """The largest count of *kind* (0 if none was played)."""
        return max(self.of(kind), default=0)

    def percentile(self, kind: StepKind, p: int) -> int:
        """The count *p* % of the steps of *kind* stay at or below (0 if none)."""
        return percentile(self.of(kind), p)


def percentile(counts: Sequence[int], p: int) -> int:
    """The least count that *p* % of *counts* stay at or below (0 for none).

    >>> percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90), percentile([], 90)
    (9, 0)
    """
    ordered = sorted(counts)
    if not ordered:
        return 0
    return ordered[max(0, -(-p * len(ordered) // 100) - 1)]


class PerfectPlayer:
    """Plays the table companion beside a reference game, answering from the board."""

    def __init__(self, goal: str = "first_colonists") -> None:
        """Play towards Solo Goal *goal*."""
        self.goal = goal
        self.state: TableState | None = None
        self.counts: dict[StepKind, list[int]] = {}
        self.asked: list[Read] = []
        """Every question the table asked, in play order."""
        self.arrivals: dict[str, list[int]] = {}

    def _count(self, kind: StepKind, asked: int) -> None:
        self.counts.setdefault(kind, []).append(asked)

    def call(
        self, kind: CallKind, bot: BotState, board: Board, tech: TechType | None
    ) -> None:
        """Run the step of call *kind* at the table; check it against the board's."""
        log: list[Read] = []
        call = _board_call(kind, tech)
        on_board = call(bot, BoardFacts.read(board, bot.options, log=log))
        state = self.state or TableState(bot=bot, goal=self.goal)
        if state.tracked is not None:
            _check_tracking(
                state.tracked, board, level_up=kind is CallKind.COLONY_LEVEL_UP
            )
        step = _STEPS[kind]
        entered = [d.space for d in on_board.decisions if isinstance(d, DevelopTech)]
        run = self._run(
            state, step, _FromLog(log, board, tech, entered, asked=self.asked)
        )
        if run.state.bot != on_board.bot:
            msg = f"{step.value}: the table's bot state differs from the board's"
            raise TableMismatchError(msg)
        self.state = run.state
        self._count(step, run.asked)
        if step is StepKind.SHUTTLE:
            travel = next(
                (d for d in on_board.decisions if isinstance(d, Travel)), None
            )
            where = "stays" if travel is None else travel.side.value
            self.arrivals.setdefault(where, []).append(run.asked)

    def scoring(self, board: Board, human_total: int, goal: GoalFacts) -> None:
        """Run final scoring at the table, answered from the scored board."""
        log: list[Read] = []
        scored = _ScoredBoard(board, human_total, (self.goal, goal), log)
        on_board = final_scoring(self.goal, scored)
        assert self.state is not None
        run = self._run(
            self.state, StepKind.SCORE, _FromLog(log, board, asked=self.asked)
        )
        if run.state.final_score != on_board.score.total:
            raise TableMismatchError(
                "score: the table's total differs from the board's"
            )
        self.state = run.state
        self._count(StepKind.SCORE, run.asked)

    def _run(self, state: TableState, step: StepKind, source: _FromLog) -> Run:
        run = run_step(state, step, (), source=source, words=False)
        if run.question is not None:
            raise TableMismatchError(f"{step.value}: the step stopped at a question")
        return run

    def result(self) -> QuestionCounts:
        """The counts so far."""
        return QuestionCounts(
            arrivals=tuple((w, tuple(c)) for w, c in sorted(self.arrivals.items())),
            by_step=tuple(
                (kind, tuple(self.counts[kind]))
                for kind in StepKind
                if kind in self.counts
            ),
        )


def questions_per_step(
    seeds: Iterable[int],
    goal: str = "first_colonists",
    options: Options | None = None,
) -> QuestionCounts:
    """Play a reference game for each seed with a :class:`PerfectPlayer` at the table."""
    totals: dict[StepKind, list[int]] = {}
    arrivals: dict[str, list[int]] = {}
    for seed in seeds:
        player = PerfectPlayer(goal)
        play_game(seed, goal=goal, options=options, watch=player)
        result = player.result()
        for kind, counts in result.by_step:
            totals.setdefault(kind, []).extend(counts)
        for where, counts in result.arrivals:
            arrivals.setdefault(where, []).extend(counts)
    return QuestionCounts(
        arrivals=tuple((w, tuple(c)) for w, c in sorted(arrivals.items())),
        by_step=tuple(
            (kind, tuple(totals[kind])) for kind in StepKind if kind in totals
        ),
    )
