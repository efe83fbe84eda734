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

from lacerda_bot._rules.goals import SOLO_GOALS
from lacerda_bot.language import ENGLISH, Param, Words, msg, msg_n
from lacerda_bot.table._game.driver import StepKind
from lacerda_bot.table._game.session import Game
from lacerda_bot.table._game.state import TableState
from lacerda_bot.terms import goal_name

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


def _wins(tally: Tally, words: Words) -> str:
    margins = tally.margins
    return words.say(
        msg(
            "{games}, {wins} ({rate}); margin mean {mean}, best {best}, worst {worst}",
            games=msg_n("{n} game", "{n} games", len(tally.games)),
            wins=msg_n("{n} win", "{n} wins", tally.wins),
            rate=words.percent(tally.win_rate),
            mean=words.number(tally.mean_margin, 1, signed=True),
            best=words.number(max(margins), signed=True),
            worst=words.number(min(margins), signed=True),
        )
    )


def _game_line(game: Finished, words: Words) -> str:
    scores: dict[str, Param] = {
        "goal": goal_name(game.goal),
        "his": game.his_score,
        "yours": game.your_score,
        "margin": words.number(game.margin, signed=True),
    }
    if game.won:
        line = msg(
            "{goal}: Lacerda {his} OP, you {yours} OP, margin {margin}; you win",
            **scores,
        )
    else:
        line = msg(
            "{goal}: Lacerda {his} OP, you {yours} OP, margin {margin}; Lacerda wins",
            **scores,
        )
    day = msg("date unknown") if game.on is None else game.on.isoformat()
    return f"  {words.say(day)}  {game.name}  {words.say(line)}"


def history_lines(games: Sequence[Finished], words: Words = ENGLISH) -> tuple[str, ...]:
    """What ``lacerda-bot games --stats`` prints: each game, newest first, then the figures."""
    if not games:
        return ()
    everything = overall(games)
    lines = [
        words.say(msg("Finished games, newest first ({count}):", count=len(games)))
    ]
    lines.extend(_game_line(game, words) for game in everything.games)
    lines.append(words.say(msg("Per Solo Goal:")))
    lines.extend(
        f"  {words.say(goal_name(t.goal))}: {_wins(t, words)}"
        for t in by_goal(games)
        if t.goal is not None
    )
    lines.append(
        words.say(msg("All games: {figures}", figures=_wins(everything, words)))
    )
    return tuple(lines)
