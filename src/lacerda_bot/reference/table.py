"""The table companion played perfectly: every question answered from the board.

A :class:`PerfectPlayer` watches a reference game (the *watch* of
:func:`~lacerda_bot.reference.game.play_game`). Before each library call it
runs the same step at the table (:func:`~lacerda_bot.table.run_step`), and
answers every question with what the board's facts say, read by read: the
answers a player who reads his board without a mistake would give. It checks
that the table decides as the call does, and counts the questions of each
step, the measure of how much the companion asks (``benchmarks/run.py``).
"""

import statistics
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, final

import attrs

from lacerda_bot._board.board import Board
from lacerda_bot._board.facts import BoardFacts
from lacerda_bot._lab import level_of
from lacerda_bot._rules import level, setup, shuttle, turn
from lacerda_bot._rules.goals import GoalFacts, Requirement, evaluate_goal
from lacerda_bot._rules.scoring import final_scoring, tech_points
from lacerda_bot._state import BotState
from lacerda_bot.decisions import DevelopTech
from lacerda_bot.errors import LacerdaBotError
from lacerda_bot.facts import Fact, Facts, Read
from lacerda_bot.model import ContractKind, TechType, scored_type
from lacerda_bot.outcome import CallKind, Outcome
from lacerda_bot.reference.game import play_game
from lacerda_bot.table.driver import Run, StepKind, run_step
from lacerda_bot.table.state import TableState
from lacerda_bot.table.tracked import Tracked

__all__ = [
    "PerfectPlayer",
    "QuestionCounts",
    "TableMismatchError",
    "questions_per_step",
]

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
    fact = read.fact
    shelter = level_of(board.lab_spaces, TechType.SHELTER)
    match fact:
        case Fact.USED_TECH:
            return tech
        case Fact.START_CRYSTALS:
            return board.spendable_crystals
        case Fact.START_FREE_DEPOT:
            return board.free_depot_spaces
        case Fact.LAB_COLUMNS:
            return board.lab_columns
        case Fact.START_SHELTER_TECH:
            return shelter
        case Fact.START_LIVING_QUARTERS:
            return board.living_quarters_top
        case Fact.START_MISSION_CRYSTALS:
            (slot,) = read.args
            return next(m.crystals for m in board.missions if m.slot is slot)
        case _:
            raise TableMismatchError(f"no value on the board for {fact.value}")


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
    ) -> None:
        self.log = log
        self.board = board
        self.tech = tech
        self.entered = entered
        self.offset = 0

    def value(self, read: Read, index: int) -> object:
        """The board's value of *read*."""
        if read.fact.table_only:
            self.offset += 1
            return _printed(read, self.board, self.tech)
        at = index - self.offset
        if at >= len(self.log):
            raise TableMismatchError(
                f"the table reads {read.fact.value} past the board"
            )
        entry = self.log[at]
        if entry.fact is not read.fact:
            msg = (
                f"the table reads {read.fact.value}, the board read {entry.fact.value}"
            )
            raise TableMismatchError(msg)
        if entry.fact is Fact.DEVELOP_SPACES and entry.value == 1:
            step = sum(1 for r in self.log[:at] if r.fact is Fact.DEVELOP_SPACES)
            return (self.entered[step],)
        return entry.value

    def ahead(self, fact: Fact, index: int) -> object:
        """The board's value of its next read of *fact*."""
        start = index - self.offset + 1
        return next((r.value for r in self.log[start:] if r.fact is fact), None)


@final
class _ScoredBoard:
    """Final scoring's facts (:class:`~lacerda_bot._rules.scoring.FinalFacts`) of a board."""

    def __init__(
        self, board: Board, human: int, goal: tuple[str, GoalFacts], log: list[Read]
    ) -> None:
        self.board, self.human, self.log = board, human, log
        self.goal_id, self.goal = goal

    def _note(self, fact: Fact, args: tuple[object, ...], value: Any) -> Any:
        self.log.append(Read(fact=fact, args=args, value=value))
        return value

    def op_track(self) -> int:
        return int(self._note(Fact.OP_TRACK, (), self.board.op_track))

    def progress_cubes(self) -> int:
        return int(self._note(Fact.PROGRESS_CUBES, (), self.board.progress_cubes))

    def tech_points(self) -> int:
        board = self.board
        points = tech_points(
            board.lab_column_values, board.lab_spaces, board.lab_columns
        )
        return int(self._note(Fact.TECH_POINTS, (), points))

    def ships_in_hangar(self) -> int:
        return int(self._note(Fact.SHIPS_IN_HANGAR, (), self.board.ships_in_hangar))

    def built_blueprints(self, level: int) -> int:
        built = sum(
            1
            for b in self.board.lacerda_blueprints
            if b.used and b.blueprint.level == level
        )
        return int(self._note(Fact.BUILT_BLUEPRINTS, (level,), built))

    def scientist_buildings(self) -> int:
        advanced = {a.building: a.count for a in self.board.advanced_buildings_on_mars}
        count = sum(
            advanced.get(scored_type(s), 0) for s in self.board.lacerda_scientists
        )
        return int(self._note(Fact.SCIENTIST_BUILDINGS, (), count))

    def contracts(self, kind: ContractKind) -> int:
        count = self.board.lacerda_contracts.count(kind)
        return int(self._note(Fact.CONTRACTS, (kind,), count))

    def living_quarters_top(self) -> int:
        top = self.board.living_quarters_top
        return int(self._note(Fact.LIVING_QUARTERS_TOP, (), top))

    def human_total(self) -> int:
        return int(self._note(Fact.HUMAN_TOTAL, (), self.human))

    def requirement_met(self, index: int, requirement: Requirement) -> bool:
        met = any(
            r.requirement == requirement and r.passed
            for r in evaluate_goal(self.goal_id, self.goal).requirements
        )
        return bool(self._note(Fact.REQUIREMENT_MET, (index, requirement), met))


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


class PerfectPlayer:
    """Plays the table companion beside a reference game, answering from the board."""

    def __init__(self, goal: str = "first_colonists") -> None:
        """Play towards Solo Goal *goal*."""
        self.goal = goal
        self.state: TableState | None = None
        self.counts: dict[StepKind, list[int]] = {}

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
        run = self._run(state, step, _FromLog(log, board, tech, entered))
        if run.state.bot != on_board.bot:
            msg = f"{step.value}: the table's bot state differs from the board's"
            raise TableMismatchError(msg)
        self.state = run.state
        self._count(step, run.asked)

    def scoring(self, board: Board, human_total: int, goal: GoalFacts) -> None:
        """Run final scoring at the table, answered from the scored board."""
        log: list[Read] = []
        scored = _ScoredBoard(board, human_total, (self.goal, goal), log)
        on_board = final_scoring(self.goal, scored)
        assert self.state is not None
        run = self._run(self.state, StepKind.SCORE, _FromLog(log, board))
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
            by_step=tuple(
                (kind, tuple(self.counts[kind]))
                for kind in StepKind
                if kind in self.counts
            )
        )


def questions_per_step(
    seeds: Iterable[int], goal: str = "first_colonists"
) -> QuestionCounts:
    """Play a reference game for each seed with a :class:`PerfectPlayer` at the table."""
    totals: dict[StepKind, list[int]] = {}
    for seed in seeds:
        player = PerfectPlayer(goal)
        play_game(seed, goal=goal, watch=player)
        for kind, counts in player.result().by_step:
            totals.setdefault(kind, []).extend(counts)
    return QuestionCounts(
        by_step=tuple(
            (kind, tuple(totals[kind])) for kind in StepKind if kind in totals
        )
    )
