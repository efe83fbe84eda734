"""The boards the last calls ended on: each decision applied once, for the library and a host.

Inside a call the library applies every decision it makes to its working copy
of the board (R-SETUP-5). A host that then applies the same decisions with
:func:`lacerda_bot.testing.apply` would compute the same board again, and the
next call would check the fields that changed. Instead each call leaves here
what it read and what it ended on; :func:`applied` gives a host that applies
exactly that call's decisions (the very tuple of the
:class:`~lacerda_bot.outcome.Outcome`) to exactly the view it passed (by
identity) the board the call ended on, already checked.

The two boards differ in one way only: the host counts gained Crystals as
spendable at once, the working copy only under ``same_call_gains_spendable``
(R-CRYSTAL-3); the difference is the sum of the Crystals kept, added back
(and checked once, there).

The human's hand (his Techs and Blueprints) is the one place a reference host
keeps its own order, which the read sorts; no effect of a decision reads or
changes those two fields. So when the view differed from the board read only
there, in tuples, the result keeps the host's order, as applying the
decisions to the view does, and is registered to read as the sorted one: no
check runs when it, or a board the host makes from it, is read again. A view
out of order anywhere else is applied one by one, as before.

This is a cache: it changes how fast :func:`~lacerda_bot.testing.apply` is,
never what it returns (a test compares both over whole games). Only the last
four calls are kept (strong references, a handful of boards): a host applies
a call's decisions before its next calls; with calls in other threads an entry
may be pushed out, and those decisions are applied one by one. It cannot go
stale: it matches by identity only a decisions tuple (frozen) and a
:class:`Board` view (immutable, so the same object has the same content; a
host's own view is never kept, and a hand held in anything but a tuple is
never reused).
"""

import operator
from collections import deque
from typing import Final

from lacerda_bot._board.board import (
    Board,
    evolve_board,
    read_as,
    read_view,
    trust,
    values_of,
)
from lacerda_bot.decisions import Decision, GainCrystals
from lacerda_bot.errors import InvalidHostStateError

__all__ = ["HUMAN_HAND", "applied", "remember"]

HUMAN_HAND: Final = frozenset({"human_techs", "human_blueprints"})
"""Board fields no effect of a decision reads or writes (a test checks it)."""

_Entry = tuple[tuple[Decision, ...], object, Board, Board, bool]
_LAST: Final[deque[_Entry]] = deque(maxlen=4)
"""(decisions, view, board read, board ended on, gains spendable) of the last calls."""


def remember(
    view: object,
    start: Board,
    end: Board,
    decisions: tuple[Decision, ...],
    *,
    gains_spendable: bool,
) -> None:
    """Note that a call read *view* as *start*, made *decisions* and ended on *end*."""
    _LAST.append((decisions, view, start, end, gains_spendable))


def applied(host: object, decisions: object) -> Board | None:
    """The board *host* becomes after *decisions*, if a recent call made them on it.

    None unless *decisions* is the (non-empty) decisions tuple of one of the
    last calls and *host* the view that call read (both by identity), and that
    view differs from the board read at most in :data:`HUMAN_HAND`, held in
    tuples.
    """
    # A list is filled without allocating a tracked object, so no garbage
    # collection (and no other thread) runs while the deque is read.
    last = list(_LAST)
    entry = next(
        (e for e in reversed(last) if e[0] is decisions and e[1] is host), None
    )
    if entry is None:
        return None
    made, view, start, end, gains_spendable = entry
    if not made:  # the empty tuple is shared: the host is its own result
        return None
    hand: dict[str, object] = {}
    if view is not start:
        assert isinstance(view, Board)  # _run remembers Boards only
        differ = sum(map(operator.is_not, values_of(view), values_of(start)))
        for name in HUMAN_HAND:
            ours = getattr(view, name)
            if ours is not getattr(start, name):
                if type(ours) is not tuple:  # only by a back door (evolve_board)
                    return None
                hand[name] = ours
        if differ != len(hand):
            return None
    trust(end)
    gained = (
        0 if gains_spendable else sum(d.kept for d in made if type(d) is GainCrystals)
    )
    if gained:  # the host's Crystal count: checked now, like any board made from end
        board = evolve_board(end, spendable_crystals=end.spendable_crystals + gained)
        try:
            end = read_view(board)
        except InvalidHostStateError:
            return None  # applied one by one, the next call says what broke
    if not hand:
        return end
    # The human's hand in his order reads as the board read (sorted) did.
    board = evolve_board(end, **hand)
    read_as(board, values_of(end))
    return board
