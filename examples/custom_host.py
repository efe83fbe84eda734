"""Adapt your own game state to the host contract.

Two ways, neither inheriting anything from lacerda_bot:

* give your object read-only properties named as in ``lacerda_bot.host`` (a
  ``typing.Protocol``: mypy checks it structurally), or
* build a frozen ``Board`` snapshot from your state, as below: one function,
  fully typed, and the library reads it like any host.

The engine here keeps its own mutable state with its own names, asks
lacerda_bot for a decision, then applies the decisions itself.
"""

import attrs

from lacerda_bot import Board, new_bot, take_turn
from lacerda_bot.decisions import Construct, MoveRover
from lacerda_bot.hexmap import Hex
from lacerda_bot.model import BuildingType, Side
from lacerda_bot.render import describe
from lacerda_bot.testing import building, small_board


class MyEngine:
    """Stands in for a digital On Mars: mutable, with its own field names."""

    def __init__(self) -> None:
        self.where_lacerda_is = Side.COLONY
        self.lacerda_rover_at: Hex | None = None
        self.lacerda_crystals = 3
        self.mines: list[Hex] = [Hex(0, 0)]
        self.table = small_board()  # everything this sketch does not model


def view_of(engine: MyEngine) -> Board:
    """The host view: the engine's state in lacerda_bot's vocabulary."""
    mines = tuple(building(h.q, h.r, BuildingType.MINE) for h in engine.mines)
    return attrs.evolve(
        engine.table,
        side=engine.where_lacerda_is,
        lacerda_rover=engine.lacerda_rover_at,
        spendable_crystals=engine.lacerda_crystals,
        buildings=mines,
    )


def main() -> None:
    engine = MyEngine()
    bot = new_bot(42)
    for _ in range(3):
        outcome = take_turn(bot, view_of(engine))
        bot = outcome.bot
        for decision in outcome.decisions:
            print(describe(decision))
            if (
                isinstance(decision, Construct)
                and decision.building is BuildingType.MINE
            ):
                engine.mines.append(decision.hex)
            elif isinstance(decision, MoveRover) and decision.path:
                engine.lacerda_rover_at = decision.path[-1]


if __name__ == "__main__":
    main()
