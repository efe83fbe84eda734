"""Lacerda's turn (R-TURN-1) and his reaction to the human using his Tech (R-TURN-6)."""

import attrs

from lacerda_bot.actions import run_action
from lacerda_bot.board import read_view
from lacerda_bot.decisions import (
    AdvanceMission,
    CallTrace,
    CrystalSource,
    Outcome,
    RevealCard,
    Trace,
)
from lacerda_bot.deck import card_by_id
from lacerda_bot.errors import InvalidHostStateError, InvalidValueError
from lacerda_bot.gains import check_gains, resolve_gains
from lacerda_bot.host import HostState
from lacerda_bot.model import Action, TechType
from lacerda_bot.perform import do_develop, gain_crystals
from lacerda_bot.play import Play
from lacerda_bot.state import BotState, discard_card, reveal_card

__all__ = ["finish", "human_used_tech", "start", "take_turn"]


def start(bot: BotState, view: HostState) -> Play:
    """Read and check the view and the bot state; the first step of every call."""
    if not isinstance(bot, BotState):
        raise InvalidValueError("bot", "a BotState", bot)
    if bot.current_card is not None:
        raise InvalidValueError(
            "bot.current_card", "None between calls", bot.current_card
        )
    board = read_view(view)
    unknown = bot.options.unknown_gain
    for i, space in enumerate(board.turn_order_spaces):
        check_gains(space.gains, unknown, f"turn_order_spaces[{i}].gains")
    for i, row in enumerate(board.lab_rows):
        check_gains(row.entry_gains, unknown, f"lab_rows[{i}].entry_gains")
        for j, lab in enumerate(row.spaces):
            check_gains(lab.gains, unknown, f"lab_rows[{i}].spaces[{j}].gains")
    for i, placed in enumerate(board.map_tiles):
        check_gains(placed.tile.reward, unknown, f"map_tiles[{i}].tile.reward")
    for i, tile in enumerate(board.exploration_tiles):
        check_gains(tile.reward, unknown, f"exploration_tiles[{i}].reward")
    return Play(board=board, bot=bot)


def finish(
    play: Play,
    before: BotState,
    call: str,
    *,
    card: int | None = None,
    reshuffled: bool = False,
) -> Outcome:
    """Package the call's result with its trace (R-TURN-10)."""
    trace = CallTrace(
        call=call,
        options=play.bot.options,
        card=card,
        pass_count=play.bot.pass_count,
        reshuffled=reshuffled,
        random_events=tuple(range(before.events, play.bot.events)),
        notes=play.notes,
    )
    return Outcome(bot=play.bot, decisions=play.decisions, trace=trace)


def take_turn(bot: BotState, view: HostState) -> Outcome:
    """Lacerda's whole turn (R-TURN-1): reveal, Mission step, action or Rover, discard.

    >>> from lacerda_bot import new_bot
    >>> from lacerda_bot.testing import small_board
    >>> outcome = take_turn(new_bot(0), small_board())
    >>> outcome.decisions[0]
    RevealCard(card=7, pass_count=1, reshuffled=False, trace=...)
    """
    play = start(bot, view)
    play, reshuffled = _reveal(play)
    card = card_by_id(play.bot.current_card or 0)
    if play.bot.pass_count >= 2:
        play = _mission_step(play, card.mission)
    action = Action.for_card(play.board.side, card.action)
    play = play.note(
        f"R-TURN-1: card {card.id} action {card.action} on {play.board.side.value} is {action.value}"
    )
    play = run_action(play, action)
    play = attrs.evolve(play, bot=discard_card(play.bot))
    return finish(play, bot, "take_turn", card=card.id, reshuffled=reshuffled)


def _reveal(play: Play) -> tuple[Play, bool]:
    """R-DECK-2, R-DECK-3: reveal his card (reshuffling an empty draw pile)."""
    bot, card, reshuffled = reveal_card(play.bot)
    trace = Trace(rules=("R-DECK-2", "R-DECK-3"))
    play = attrs.evolve(play, bot=bot)
    return play.emit(
        RevealCard(
            card=card, pass_count=bot.pass_count, reshuffled=reshuffled, trace=trace
        )
    ), reshuffled


def _mission_step(play: Play, slot: object) -> Play:
    """R-MISSION-1, R-MISSION-2: advance the card's Mission and gain its Crystals, unless completed."""
    mission = next((m for m in play.board.missions if m.slot is slot), None)
    if mission is None:
        raise InvalidHostStateError("missions", f"a Mission in slot {slot}", None)
    if mission.completed:
        return play.note(
            f"R-MISSION-2: Mission {mission.id} is completed; nothing moves or is paid"
        )
    trace = Trace(rules=("R-MISSION-1",))
    play = play.emit(AdvanceMission(slot=mission.slot, mission=mission.id, trace=trace))
    if mission.crystals:
        play = gain_crystals(
            play, mission.crystals, CrystalSource.MISSION, "R-MISSION-1"
        )
    return play


def human_used_tech(bot: BotState, view: HostState, tech: TechType) -> Outcome:
    """R-TURN-6: the human used his *tech*: it develops one step, free, with its gain.

    Nothing happens if it is at its maximum. Raises InvalidHostStateError if he
    has no such Tech.
    """
    play = start(bot, view)
    if not any(t.tech is tech for t in play.board.lacerda_techs):
        raise InvalidHostStateError("tech", "one of Lacerda's Techs", tech)
    stepped, moved = do_develop(
        play, resolve_gains, most=True, previous=None, rules=("R-TURN-6",), only=tech
    )
    if moved is None:
        stepped = play.note(f"R-TURN-6: his {tech.value} Tech is at its maximum")
    return finish(stepped, bot, "human_used_tech")
