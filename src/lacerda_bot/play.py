"""Play: the working state of one decision-making call.

A call threads one :class:`Play` value through the rules: the working copy
of the board (R-SETUP-5), the bot state (deck, pointer, random counter) and
the decisions emitted so far. :meth:`Play.emit` is the only way a decision
enters the result, so the working copy always reflects every decision before
the next is computed.
"""

from collections.abc import Sequence
from typing import final

import attrs

from lacerda_bot.board import Board
from lacerda_bot.decisions import AdvanceProgressBot, Construct, Decision, TieBreak
from lacerda_bot.effects import apply_decision
from lacerda_bot.state import BotState
from lacerda_bot.tiebreak import break_tie

__all__ = ["Play"]


@final
@attrs.frozen(kw_only=True)
class Play:
    """The working copy, the bot and the decisions of the call so far."""

    board: Board
    bot: BotState
    decisions: tuple[Decision, ...] = ()
    notes: tuple[str, ...] = ()

    def emit(self, *decisions: Decision) -> "Play":
        """Append *decisions* and apply each to the working copy and the pointer."""
        board, bot = self.board, self.bot
        gains_spendable = bot.options.same_call_gains_spendable
        for decision in decisions:
            board = apply_decision(board, decision, gains_spendable=gains_spendable)
            if isinstance(decision, Construct):
                bot = attrs.evolve(bot, pointer=decision.pointer_after)
            elif isinstance(decision, AdvanceProgressBot):
                bot = attrs.evolve(bot, pointer=decision.after)
        return attrs.evolve(
            self, board=board, bot=bot, decisions=self.decisions + decisions
        )

    def with_bot(self, **changes: object) -> "Play":
        """This play with the bot state's fields changed (e.g. a random event used)."""
        return attrs.evolve(self, bot=attrs.evolve(self.bot, **changes))  # type: ignore[arg-type]

    def note(self, text: str) -> "Play":
        """Record a rule note that produces no decision (e.g. R-MISSION-2)."""
        return attrs.evolve(self, notes=(*self.notes, text))

    def tie(
        self, options: Sequence[str], *, rule: str, merged: Sequence[str] = ()
    ) -> tuple[int, "Play", tuple[TieBreak, ...]]:
        """Break a tie among *options* (R-TIE); return the index and the record(s)."""
        result = break_tie(self.bot, options, rule=rule, merged=merged)
        records = () if result.record is None else (result.record,)
        return result.index, attrs.evolve(self, bot=result.bot), records
