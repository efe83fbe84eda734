"""A host's save bundle (bot state, board, decision log) and what a player sees."""

import json

import pytest
from hypothesis import given, settings

from lacerda_bot import (
    Board,
    BotState,
    HostSave,
    SerializationError,
    dumps,
    loads,
    new_bot,
    take_turn,
)
from lacerda_bot.testing import apply, reference_board

from .helpers_strategies import bot_states, host_states


@settings(max_examples=25, deadline=None)
@given(host_states(), bot_states())
def test_a_bundle_round_trips_whole(board: Board, bot: BotState) -> None:
    outcome = take_turn(bot, board)
    save = HostSave(
        bot=outcome.bot, board=apply(board, outcome.decisions), log=(outcome,)
    )
    assert loads(dumps(save), HostSave) == save


def test_a_bundle_is_checked_strictly() -> None:
    save = HostSave(bot=new_bot(1), board=reference_board())
    document = json.loads(dumps(save))
    document["data"]["secret"] = 1
    with pytest.raises(SerializationError, match="secret"):
        loads(json.dumps(document), HostSave)
    del document["data"]["secret"]
    del document["data"]["log"]
    with pytest.raises(SerializationError, match="log"):
        loads(json.dumps(document), HostSave)


def test_the_player_view_hides_the_draw_order_and_the_seed() -> None:
    """R-DECK-5: what a host may show the player of the bundle."""
    save = HostSave(bot=new_bot(1), board=reference_board())
    shown = save.player_view()
    assert shown.draw_pile_size == len(save.bot.draw_pile)
    assert not hasattr(shown, "draw_pile")
    assert not hasattr(shown, "seed")
