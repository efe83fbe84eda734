"""A save bundle for hosts: Lacerda's state, the board and what he did, in one document.

A digital host that saves a game keeps three things for Lacerda: his bot
state (the seed, the event counter and the order of his draw pile), a
snapshot of the board as he last saw it, and the log of the outcomes he
produced. :class:`HostSave` holds them, and ``dumps``/``loads`` write and
read it as one versioned, strictly checked document like any other value.

**What the player may see (R-DECK-5).** The bot state holds the seed and the
draw order: whoever reads it knows every card to come. Keep the bundle on the
host's side (a server, a file the client never shows) and give the player
:meth:`HostSave.player_view`: the discard pile, the number of cards left, the
pass, the Progress Bot and the options, never the draw order or the seed.
Each outcome in the log holds his bot state after it (``Outcome.bot``), so
the log is as secret as the bot state: show the player an outcome's
decisions (their tie-break records name only cards already revealed),
never the outcome itself.

>>> from lacerda_bot import dumps, loads, new_bot, take_turn
>>> from lacerda_bot.testing import apply, reference_board
>>> board = reference_board()
>>> outcome = take_turn(new_bot(3), board)
>>> save = HostSave(bot=outcome.bot, board=apply(board, outcome.decisions), log=(outcome,))
>>> loads(dumps(save), HostSave) == save
True
>>> save.player_view().draw_pile_size
11
"""

from typing import final

import attrs

from lacerda_bot._board.board import Board
from lacerda_bot._state import BotState, BotView, redacted
from lacerda_bot.outcome import Outcome

__all__ = ["HostSave"]


@final
@attrs.frozen(kw_only=True)
class HostSave:
    """Everything a host saves for Lacerda: bot state, board snapshot, decision log."""

    bot: BotState
    """His private state: secret from the player (see :meth:`player_view`)."""
    board: Board
    """The board after the last outcome was applied (the host's snapshot, read as a view)."""
    log: tuple[Outcome, ...] = ()
    """Every outcome of the game so far, oldest first."""

    def player_view(self) -> BotView:
        """What the player may see of his state: no draw order, no seed (R-DECK-5)."""
        return redacted(self.bot)
