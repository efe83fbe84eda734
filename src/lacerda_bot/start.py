"""The start of the game for Lacerda (R-SETUP-7, R-SETUP-8)."""

from lacerda_bot.decisions import Outcome, StartingSpace, Trace
from lacerda_bot.deck import uniform_pick
from lacerda_bot.errors import InvalidHostStateError
from lacerda_bot.gains import resolve_gains
from lacerda_bot.host import HostState
from lacerda_bot.records import TurnOrderSpace
from lacerda_bot.state import BotState
from lacerda_bot.turn import finish, start

__all__ = ["setup", "starting_spaces"]


def starting_spaces(
    spaces: tuple[TurnOrderSpace, ...], tiles: tuple[str, ...]
) -> tuple[TurnOrderSpace, ...]:
    """The spaces the First Colonist tiles name, in canonical order (spec §0)."""
    named = set(tiles)
    return tuple(s for s in spaces if s.id in named)


def setup(bot: BotState, view: HostState) -> Outcome:
    """Draw his First Colonist tile and place him (R-SETUP-7), then its gain (R-SETUP-8).

    The tile is one uniform pick (R-DECK-1, R-TIE-7) among the tiles in the order
    of the spaces they name; his starting side is that space's side. With
    ``starting_space_benefit`` he takes the space's gain, and nothing else: no
    travel and no arrival steps.

    >>> from lacerda_bot import new_bot
    >>> from lacerda_bot.testing import reference_board
    >>> setup(new_bot(0), reference_board()).decisions[0].space
    'S2'
    """
    play = start(bot, view)
    spaces = starting_spaces(
        play.board.turn_order_spaces, play.board.first_colonist_tiles
    )
    if not spaces:
        raise InvalidHostStateError("first_colonist_tiles", "at least one tile", ())
    event = play.bot.events
    index = uniform_pick(len(spaces), seed=play.bot.seed, event=event)
    play = play.with_bot(events=event + 1)
    space = spaces[index]
    trace = Trace(
        rules=("R-SETUP-7", "R-DECK-1", "R-TIE-7"), note=f"random event {event}"
    )
    play = play.emit(StartingSpace(space=space.id, side=space.side, trace=trace))
    if play.bot.options.starting_space_benefit:
        play = resolve_gains(play, space.gains, f"starting space {space.id}")
    else:
        play = play.note("R-SETUP-8: starting_space_benefit is off; no gain taken")
    return finish(play, bot, "setup")
