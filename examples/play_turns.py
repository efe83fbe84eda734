"""Run Lacerda for 14 turns on the reference host and print what he does and why.

Usage: python examples/play_turns.py [SEED] [TURNS]

The reference host stands in for a real game: every 4 turns it moves him to
the other side of the board, as the Shuttle phase would.
"""

import sys

import attrs

from lacerda_bot import Side, new_bot, take_turn
from lacerda_bot.render import describe_with_rules
from lacerda_bot.testing import apply, reference_board


def main(seed: int = 2026, turns: int = 14) -> None:
    board = reference_board()
    bot = new_bot(seed)
    for number in range(1, turns + 1):
        print(f"Turn {number} ({board.side.value}):")
        outcome = take_turn(bot, board)
        for decision in outcome.decisions:
            print(f"  {describe_with_rules(decision)}")
        board = apply(board, outcome.decisions)
        bot = outcome.bot
        if number % 4 == 0:
            other = Side.ORBIT if board.side is Side.COLONY else Side.COLONY
            board = attrs.evolve(board, side=other)
    print(
        f"After {turns} turns: pass {bot.pass_count}, Progress Bot on {bot.pointer.value}."
    )


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    main(*args)
