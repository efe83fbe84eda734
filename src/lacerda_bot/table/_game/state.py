"""What the table companion keeps between steps.

:class:`TableState` is the bot state plus what only Lacerda's own decisions
change, so the companion keeps it without asking: his side (V1) after set-up
and Travel, the counts of steps taken, and his player board
(:class:`~lacerda_bot.table._engine.tracked.Tracked`) in a game that tracks it.
"""

from typing import final

import attrs

from lacerda_bot._rules.scoring import FinalResult
from lacerda_bot._state import BotState
from lacerda_bot.model import Side
from lacerda_bot.table._engine.tracked import Tracked

__all__ = ["TableState"]


@final
@attrs.frozen(kw_only=True)
class TableState:
    """The companion's state between steps: the bot plus what the companion tracks."""

    bot: BotState
    goal: str
    """The Solo Goal id (T8) checked at the end."""
    side: Side | None = None
    """His side; ``None`` before set-up."""
    turns: int = 0
    shuttle_phases: int = 0
    turn_this_round: bool = False
    """Whether his turn came since the last Shuttle phase (the round's order)."""
    level_ups: int = 0
    result: FinalResult | None = None
    """The final scoring's result once the game has been scored; it is then over."""
    tracking: bool = True
    """Whether the companion tracks his player board (a game begun by 0.1.0 does not)."""
    tracked: Tracked | None = None
    """His player board, from set-up on, in a game that tracks it."""

    @property
    def final_score(self) -> int | None:
        """His total once the game has been scored (the game is then over), else None."""
        return None if self.result is None else self.result.score.total
