"""The history of finished games: how each one ended, and the figures across them.

The history is kept in the saves themselves, nothing beside them: a save whose
last step is the final scoring is a finished game, and that step holds the day
it was taken (:attr:`~lacerda_bot.table._game.driver.Step.on`). So a game
finished in the terminal and imported on the page counts there too, and
undoing the final scoring takes the game out of the history again. A save
finished before days were kept is dated by where it is stored (its file's
date, or when the page last stored it), which the caller passes.

:func:`finished` reads one game; :func:`by_goal` and :func:`overall` fold many
into the figures ``lacerda-bot games --stats`` and the page's History show:
games, wins, the win rate and the margins per Solo Goal (R-GOAL-2: the margin
is your total minus his).

>>> from lacerda_bot.table._game.session import new_game, replay
>>> game = new_game(7)
>>> finished(game, replay(game)[0], "lacerda-7.json") is None  # not scored yet
True
"""

import datetime
from collections.abc import Iterable, Sequence
from typing import final

import attrs

from lacerda_bot._rules.goals import SOLO_GOALS, goal_by_id
from lacerda_bot.table._game.driver import StepKind
from lacerda_bot.table._game.session import Game
from lacerda_bot.table._game.state import TableState

__all__ = ["Finished", "Tally", "by_goal", "finished", "history_lines", "overall"]


@final
@attrs.frozen(kw_only=True)
class Finished:
    """One finished game, as the history lists it."""

    name: str
    """Where it is kept: the save's file name, or the page's name for the game."""
    seed: int
    goal: str
    """The Solo Goal's id."""
    on: datetime.date | None
    """The day of its final scoring (``None``: not known)."""
    his_score: int
    your_score: int
    won: bool
    """Whether you won: every requirement of the Solo Goal held (R-GOAL-2)."""

    @property
    def margin(self) -> int:
        """Your total minus his (R-GOAL-2)."""
        return self.your_score - self.his_score


def finished(
    game: Game, state: TableState, name: str, stored_on: datetime.date | None = None
) -> Finished | None:
    """*game*, replayed as *state*, as the history lists it; ``None`` if not finished.

    *stored_on* dates a game whose final scoring carries no day (finished
    before days were kept).
    """
    result = state.result
    if result is None:
        return None
    last = game.steps[-1]
    assert last.kind is StepKind.SCORE  # nothing comes after the final scoring
    return Finished(
        name=name,
        seed=game.seed,
        goal=game.goal,
        on=last.on or stored_on,
        his_score=result.score.total,
        your_score=result.human_total,
        won=result.goal.passed,
    )


@final
@attrs.frozen
class Tally:
    """The figures of some finished games: of one Solo Goal, or of all of them."""

    goal: str | None
    """The Solo Goal's id; ``None`` for all games."""
    games: tuple[Finished, ...]

    @property
    def wins(self) -> int:
        """How many of the games you won."""
        return sum(g.won for g in self.games)

    @property
    def win_rate(self) -> float:
        """The share of the games you won (0 with no game)."""
        return self.wins / len(self.games) if self.games else 0.0

    @property
    def margins(self) -> tuple[int, ...]:
        """Each game's margin, in the order of :attr:`games`."""
        return tuple(g.margin for g in self.games)

    @property
    def mean_margin(self) -> float:
        """The mean margin (0 with no game)."""
        return sum(self.margins) / len(self.games) if self.games else 0.0

    @property
    def mean_scores(self) -> tuple[float, float]:
        """His mean score and yours (0 with no game)."""
        n = len(self.games) or 1
        return (
            sum(g.his_score for g in self.games) / n,
            sum(g.your_score for g in self.games) / n,
        )


def _newest_first(games: Iterable[Finished]) -> tuple[Finished, ...]:
    undated = datetime.date.min
    ordered = sorted(games, key=lambda g: g.name)
    return tuple(sorted(ordered, key=lambda g: g.on or undated, reverse=True))


def by_goal(games: Iterable[Finished]) -> tuple[Tally, ...]:
    """One :class:`Tally` per Solo Goal played, in the order of the Solo Goals."""
    played = _newest_first(games)
    return tuple(
        Tally(goal.id, tuple(g for g in played if g.goal == goal.id))
        for goal in SOLO_GOALS
        if any(g.goal == goal.id for g in played)
    )


def overall(games: Iterable[Finished]) -> Tally:
    """One :class:`Tally` of every game, newest first."""
    return Tally(None, _newest_first(games))


def _verdict(game: Finished) -> str:
    return "you win" if game.won else "Lacerda wins"


def _wins(tally: Tally) -> str:
    n = len(tally.games)
    games = "1 game" if n == 1 else f"{n} games"
    wins = "1 win" if tally.wins == 1 else f"{tally.wins} wins"
    return (
        f"{games}, {wins} ({tally.win_rate:.0%}); margin mean "
        f"{tally.mean_margin:+.1f}, best {max(tally.margins):+d}, worst "
        f"{min(tally.margins):+d}"
    )


def history_lines(games: Sequence[Finished]) -> tuple[str, ...]:
    """What ``lacerda-bot games --stats`` prints: each game, newest first, then the figures."""
    if not games:
        return ()
    everything = overall(games)
    lines = [f"Finished games, newest first ({len(games)}):"]
    for game in everything.games:
        day = "date unknown" if game.on is None else game.on.isoformat()
        lines.append(
            f"  {day}  {game.name}  {goal_by_id(game.goal).name}: Lacerda "
            f"{game.his_score} OP, you {game.your_score} OP, margin "
            f"{game.margin:+d}; {_verdict(game)}"
        )
    lines.append("Per Solo Goal:")
    lines.extend(
        f"  {goal_by_id(t.goal).name}: {_wins(t)}"
        for t in by_goal(games)
        if t.goal is not None
    )
    lines.append(f"All games: {_wins(everything)}")
    return tuple(lines)
