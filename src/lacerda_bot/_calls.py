"""The decision-making calls for a digital host: read its view, run the rules.

Each call checks the bot state, reads the host's view (a ``None`` view raises
InvalidValueError; a missing, raising or wrongly typed property raises
InvalidHostStateError naming it) into
:class:`~lacerda_bot._board.facts.BoardFacts` (the checked, canonical working
copy, R-SETUP-5) and runs the one implementation of the rules in
:mod:`lacerda_bot._rules`. The table companion runs the same rules on facts
it asks the player for.
"""

import functools
from collections.abc import Callable

from lacerda_bot._board.board import Board
from lacerda_bot._board.facts import BoardFacts
from lacerda_bot._board.results import remember
from lacerda_bot._rules import level, shuttle, turn
from lacerda_bot._rules import setup as start
from lacerda_bot._rules.play import check_bot
from lacerda_bot._state import BotState
from lacerda_bot.errors import InvalidValueError
from lacerda_bot.host import PlayView
from lacerda_bot.model import TechType
from lacerda_bot.outcome import Outcome

__all__ = [
    "colony_level_up",
    "human_used_tech",
    "setup",
    "shuttle_phase",
    "take_turn",
]


def _run(
    rules: Callable[[BotState, BoardFacts], Outcome], bot: BotState, view: PlayView
) -> Outcome:
    """Read *view* for *bot*, run *rules*, and leave the board it ended on for the host."""
    check_bot(bot)
    facts = BoardFacts.read(view, bot.options)
    outcome = rules(bot, facts)
    if type(view) is Board:  # so that testing.apply need not apply the decisions again
        remember(
            view,
            facts.start,
            facts.board,
            outcome.decisions,
            gains_spendable=bot.options.same_call_gains_spendable,
        )
    return outcome


def setup(bot: BotState, view: PlayView) -> Outcome:
    """Draw his First Colonist tile and place him (R-SETUP-7), then its gain (R-SETUP-8).

    The tile is one uniform pick (R-DECK-1, R-TIE-7) among the tiles in the order
    of the spaces they name; his starting side is that space's side. With
    ``starting_space_benefit`` he takes the space's gain, and nothing else: no
    travel and no arrival steps.

    >>> from lacerda_bot import new_bot
    >>> from lacerda_bot.testing import reference_board
    >>> setup(new_bot(0), reference_board()).decisions[0].space
    'S2'

    Raises:
        InvalidValueError: *bot* is not a bot state between calls, or *view*
            is not a host view (``None``).
        InvalidHostStateError: the view breaks a precondition, lacks a
            property, a property raises, or it names no First Colonist tile;
            the error names the field.
    """
    return _run(start.setup, bot, view)


def take_turn(bot: BotState, view: PlayView) -> Outcome:
    """Lacerda's whole turn (R-TURN-1): reveal, Mission step, action or Rover, discard.

    >>> from lacerda_bot import new_bot
    >>> from lacerda_bot.testing import small_board
    >>> outcome = take_turn(new_bot(0), small_board())
    >>> outcome.decisions[0]
    RevealCard(card=7, pass_count=1, reshuffled=False, trace=...)

    Raises:
        InvalidValueError: *bot* is not a bot state between calls, or *view*
            is not a host view (``None``).
        InvalidHostStateError: the view breaks a precondition, lacks a
            property, or a property raises; names the field.
    """
    return _run(turn.take_turn, bot, view)


def shuttle_phase(bot: BotState, view: PlayView) -> Outcome:
    """Lacerda's Shuttle phase (R-SHUTTLE-1..6): stay, or travel and arrive.

    He stays unless the Shuttle departs from his side and his most recent card
    has no X. Travelling, he takes a uniformly random free Turn Order space of
    the other side (R-SHUTTLE-3). To Orbit he only takes its gain (R-SHUTTLE-4);
    to the Colony he first places a Discovery tile, then takes the space's gain,
    then constructs as Colony action 1 with no placement cost (R-SHUTTLE-5).

    Raises:
        InvalidValueError: *bot* is not a bot state between calls, or *view*
            is not a host view (``None``).
        InvalidHostStateError: the view breaks a precondition (a missing or
            raising property included), or he travels
            and no space of the arrival side is free; no partial result is
            returned.
    """
    return _run(shuttle.shuttle_phase, bot, view)


def colony_level_up(bot: BotState, view: PlayView) -> Outcome:
    """What he does when the Colony levels up (R-LEVEL-1..6), once per level gained.

    The host calls it at the end of the turn in which the Colony levelled up
    (R-LEVEL-1): he builds a Shelter, gains a Ship and a Bot (R-LEVEL-6).

    Raises:
        InvalidValueError: *bot* is not a bot state between calls, or *view*
            is not a host view (``None``).
        InvalidHostStateError: the view breaks a precondition, lacks a
            property, or a property raises; names the field.
    """
    return _run(level.colony_level_up, bot, view)


def human_used_tech(bot: BotState, view: PlayView, tech: TechType) -> Outcome:
    """R-TURN-6: the human used his *tech*: it develops one step, free, with its gain.

    Nothing happens if it cannot advance (no empty space it touches, R-ORBIT-6).

    Raises:
        InvalidValueError: *bot* is not a bot state between calls, or *tech*
            is not a :class:`~lacerda_bot.model.TechType` (its string value
            is refused too).
        InvalidHostStateError: the view breaks a precondition, or he has no
            such Tech.
    """
    if not isinstance(tech, TechType):
        raise InvalidValueError("tech", "a TechType", tech)
    return _run(functools.partial(turn.human_used_tech, tech=tech), bot, view)
