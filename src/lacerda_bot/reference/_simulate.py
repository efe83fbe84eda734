"""Batches of reference games: seeded, split over processes, summarised.

Game *i* of a batch with base seed *S* is ``play_game(S + i)``, whatever the
number of processes, so results are identical for any ``jobs``.
"""

import itertools
import json
import statistics
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from functools import partial
from typing import Final, final

import attrs

from lacerda_bot._rules.goals import Requirement, RequirementResult
from lacerda_bot.model import Action
from lacerda_bot.options import Options
from lacerda_bot.reference._game import GameRecord, play_game

__all__ = [
    "BatchFigures",
    "BatchSummary",
    "fold_batch",
    "game_seeds",
    "record_json",
    "render_summary",
    "run_batch",
    "summarise",
]

DEFAULT_GAMES: Final = 50


def game_seeds(seed: int, games: int) -> range:
    """The seeds of a batch: ``seed``, ``seed + 1``, ..."""
    return range(seed, seed + games)


def _play(
    seed: int, *, goal: str, options: Options | None, check: bool
) -> GameRecord | str:
    """One game, or the error it raised (a batch never stops on one bad game)."""
    try:
        return play_game(seed, goal=goal, options=options, check=check)
    except Exception as error:
        return f"seed {seed}: {type(error).__name__}: {error}"


def run_batch(
    seeds: Sequence[int],
    *,
    jobs: int = 1,
    goal: str = "first_colonists",
    options: Options | None = None,
    check: bool = False,
) -> Iterator[GameRecord | str]:
    """Play every seed, in seed order, over *jobs* processes; yield records in seed order.

    With *check*, every game checks its invariants as it goes (see ``play_game``).
    """
    work = partial(_play, goal=goal, options=options, check=check)
    if jobs <= 1:
        yield from map(work, seeds)
        return
    chunks = _chunks(seeds, jobs)
    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        # a bounded window of chunks in flight: memory stays flat for any batch size
        window: deque[Future[list[GameRecord | str]]] = deque(
            pool.submit(_play_many, chunk, work)
            for chunk in itertools.islice(chunks, jobs * _CHUNKS_PER_JOB)
        )
        while window:
            done = window.popleft().result()
            chunk = next(chunks, None)
            if chunk is not None:
                window.append(pool.submit(_play_many, chunk, work))
            yield from done
    finally:  # stopped early (Ctrl-C, or the caller had enough): drop what waits
        pool.shutdown(wait=True, cancel_futures=True)


_MOST_PER_CHUNK: Final = 64
"""Games a worker plays per task (fewer for small batches, to share the work)."""
_CHUNKS_PER_JOB: Final = 3
"""Tasks in flight per worker: enough to keep it busy, few enough to bound memory."""


def _chunks(seeds: Sequence[int], jobs: int) -> Iterator[Sequence[int]]:
    """The tasks of a batch over *jobs* workers: runs of consecutive seeds, in order."""
    size = max(1, min(_MOST_PER_CHUNK, len(seeds) // (jobs * 8)))
    return (seeds[i : i + size] for i in range(0, len(seeds), size))


def _play_many(
    seeds: Sequence[int], work: Callable[[int], GameRecord | str]
) -> list[GameRecord | str]:
    """One task of a worker: a few games, in seed order."""
    return [work(seed) for seed in seeds]


def record_json(record: GameRecord) -> str:
    """One game as one line of JSON (the ``--json`` format)."""
    data = {
        "seed": record.seed,
        "rounds": record.rounds,
        "lacerda_turns": record.lacerda_turns,
        "score": attrs.asdict(record.score),
        "human_score": record.human_score,
        "actions": {a.value: n for a, n in record.actions},
        "fallbacks": record.fallbacks,
        "skips": record.skips,
        "tie_breaks": record.tie_breaks,
        "goal": record.goal.goal if record.goal else None,
        "goal_met_but_score": record.goal_met_but_score,
    }
    return json.dumps(data, sort_keys=True)


@final
@attrs.frozen(kw_only=True)
class BatchSummary:
    """What a batch shows: spreads and rates."""

    games: int
    errors: tuple[str, ...]
    turns: tuple[int, float, int]
    """Lacerda's turns per game: min, median, max."""
    score: tuple[int, float, int]
    """Lacerda's final score: min, median, max."""
    actions: tuple[tuple[Action, float], ...]
    """Share of his turns per card action."""
    fallback_rate: float
    skip_rate: float
    tie_breaks_per_game: float
    goal_rate: float
    """Share of games where the goal's requirements other than the margin held."""


def _spread(values: list[int]) -> tuple[int, float, int]:
    return (
        (min(values), float(statistics.median(values)), max(values))
        if values
        else (0, 0.0, 0)
    )


@final
@attrs.frozen(kw_only=True)
class BatchFigures:
    """A batch folded into its summary and the per-game figures its plots show."""

    summary: BatchSummary
    scores: tuple[int, ...]
    """Lacerda's final score, game by game."""
    turns: tuple[int, ...]
    """Lacerda's turns, game by game."""
    fallbacks: tuple[int, ...]
    """His turns that fell back to the Rover (R-TURN-4), game by game."""
    skips: tuple[int, ...]
    """His skipped turns, game by game."""
    tie_breaks: tuple[int, ...]
    """Tie-breaks, game by game."""
    actions_by_pass: tuple[tuple[int, Action, int], ...]
    """``(pass, action, count)`` over the batch: the card actions by pass of his deck."""
    requirements: tuple[tuple[Requirement, int], ...]
    """Each requirement of the batch's Solo Goal and in how many games it held."""


@attrs.define
class _Tally:
    """Folds game records into a summary one by one, keeping no record."""

    games: int = 0
    errors: list[str] = attrs.Factory(list)
    turn_counts: list[int] = attrs.Factory(list)
    scores: list[int] = attrs.Factory(list)
    actions: dict[Action, int] = attrs.Factory(lambda: dict.fromkeys(Action, 0))
    fallbacks: list[int] = attrs.Factory(list)
    skips: list[int] = attrs.Factory(list)
    ties: list[int] = attrs.Factory(list)
    goals: int = 0
    by_pass: dict[tuple[int, Action], int] = attrs.Factory(dict)
    requirements: list[Requirement] = attrs.Factory(list)
    """The goal's requirements, in its order (the same in every game)."""
    met: list[int] = attrs.Factory(list)

    def add(self, result: GameRecord | str) -> None:
        """Count one game (or one error)."""
        if isinstance(result, str):
            self.errors.append(result)
            return
        self.games += 1
        self.turn_counts.append(result.lacerda_turns)
        self.scores.append(result.score.total)
        for action, n in result.actions:
            self.actions[action] += n
        for passes, action, n in result.actions_by_pass:
            self.by_pass[passes, action] = self.by_pass.get((passes, action), 0) + n
        self.fallbacks.append(result.fallbacks)
        self.skips.append(result.skips)
        self.ties.append(result.tie_breaks)
        self.goals += result.goal_met_but_score
        if result.goal is not None:
            self._add_goal(result.goal.requirements)

    def _add_goal(self, results: tuple[RequirementResult, ...]) -> None:
        if not self.requirements:
            self.requirements = [r.requirement for r in results]
            self.met = [0] * len(results)
        for i, r in enumerate(results):
            self.met[i] += r.passed

    def summary(self) -> "BatchSummary":
        """The summary of every game added so far."""
        turns = sum(self.turn_counts) or 1
        n = self.games or 1
        return BatchSummary(
            games=self.games,
            errors=tuple(self.errors),
            turns=_spread(self.turn_counts),
            score=_spread(self.scores),
            actions=tuple((a, self.actions[a] / turns) for a in Action),
            fallback_rate=sum(self.fallbacks) / turns,
            skip_rate=sum(self.skips) / turns,
            tie_breaks_per_game=sum(self.ties) / n,
            goal_rate=self.goals / n,
        )

    def figures(self) -> BatchFigures:
        """The summary and the per-game figures of every game added so far."""
        return BatchFigures(
            summary=self.summary(),
            scores=tuple(self.scores),
            turns=tuple(self.turn_counts),
            fallbacks=tuple(self.fallbacks),
            skips=tuple(self.skips),
            tie_breaks=tuple(self.ties),
            actions_by_pass=tuple(
                (passes, action, n)
                for (passes, action), n in sorted(
                    self.by_pass.items(), key=lambda kv: (kv[0][0], kv[0][1].value)
                )
            ),
            requirements=tuple(zip(self.requirements, self.met, strict=True)),
        )


def summarise(results: Iterable[GameRecord | str]) -> BatchSummary:
    """Summarise a batch (errors listed, not counted as games)."""
    return fold_batch(results).summary


def fold_batch(results: Iterable[GameRecord | str]) -> BatchFigures:
    """Fold a batch into its summary and per-game figures, keeping no record."""
    tally = _Tally()
    for result in results:
        tally.add(result)
    return tally.figures()


def render_summary(summary: BatchSummary, goal: str) -> str:
    """The summary table the command prints."""
    lo, mid, hi = summary.turns
    s_lo, s_mid, s_hi = summary.score
    lines = [
        f"games                      {summary.games}",
        f"errors                     {len(summary.errors)}",
        f"Lacerda turns per game     min {lo}  median {mid:g}  max {hi}",
        f"Lacerda final score        min {s_lo}  median {s_mid:g}  max {s_hi}",
        "card actions (share of his turns)",
        *(f"  {a.value:<22} {share:6.1%}" for a, share in summary.actions),
        f"fallback to the Rover      {summary.fallback_rate:6.1%} of turns",
        f"skipped turns              {summary.skip_rate:6.1%} of turns",
        f"tie-breaks per game        {summary.tie_breaks_per_game:.2f}",
        f"goal {goal}: requirements other than the margin met in {summary.goal_rate:.1%} of games",
    ]
    return "\n".join(lines)
