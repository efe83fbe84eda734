"""The package's Hypothesis strategies, registered for ``st.from_type``.

The strategies live in :mod:`lacerda_bot.conformance`, where host authors use
them too; the tests import them from here.
"""

from hypothesis import strategies as st

from lacerda_bot import BotState, Options
from lacerda_bot._board.board import Board
from lacerda_bot.conformance import (
    GamePlan,
    bot_states,
    gains,
    game_plans,
    hexes,
    host_states,
    options,
    seeds,
)
from lacerda_bot.hexmap import Hex
from lacerda_bot.model import Gain

__all__ = [
    "bot_states",
    "gains",
    "game_plans",
    "hexes",
    "host_states",
    "options",
    "seeds",
]

st.register_type_strategy(Options, options())
st.register_type_strategy(BotState, bot_states())
st.register_type_strategy(Board, host_states())
st.register_type_strategy(Gain, gains())
st.register_type_strategy(Hex, hexes())
st.register_type_strategy(GamePlan, game_plans())
