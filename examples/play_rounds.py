"""Lacerda's side of a solo game on the reference host: set-up, then full rounds.

Usage: python examples/play_rounds.py [SEED] [ROUNDS]

Each round is his turn, then the Shuttle phase, then a level-up if the
reference host's (illustrative) Colony track rose. Every decision is printed
with the rule IDs that produced it. The human is not played here; the
Shuttle departs every round, alternating sides.
"""

import sys

import attrs

from lacerda_bot import (
    Board,
    Outcome,
    colony_level_up,
    new_bot,
    setup,
    shuttle_phase,
    take_turn,
)
from lacerda_bot.model import Side
from lacerda_bot.render import describe_with_rules
from lacerda_bot.testing import apply, level_up, reference_board


def show(title: str, outcome: Outcome) -> None:
    print(title)
    for decision in outcome.decisions:
        print(f"  {describe_with_rules(decision)}")
    for note in outcome.trace.notes:
        if not note.startswith("R-TURN-1:"):
            print(f"  ({note})")


def other(side: Side) -> Side:
    return Side.ORBIT if side is Side.COLONY else Side.COLONY


def main(seed: int = 2026, rounds: int = 14) -> None:
    board: Board = reference_board()
    bot = new_bot(seed)
    outcome = setup(bot, board)
    show("Set-up:", outcome)
    board, bot = apply(board, outcome.decisions), outcome.bot
    for number in range(1, rounds + 1):
        outcome = take_turn(bot, board)
        show(f"Round {number}, his turn ({board.side.value}):", outcome)
        board, bot = apply(board, outcome.decisions), outcome.bot
        board = attrs.evolve(
            board, shuttle_departs=True, shuttle_from=other(board.shuttle_from)
        )
        outcome = shuttle_phase(bot, board)
        show(
            f"Round {number}, Shuttle phase (departs from {board.shuttle_from.value}):",
            outcome,
        )
        board, bot = apply(board, outcome.decisions), outcome.bot
        board, levelled = level_up(board)
        if levelled:
            outcome = colony_level_up(bot, board)
            show(
                f"Round {number}, the Colony reaches level {board.colony_level}:",
                outcome,
            )
            board, bot = apply(board, outcome.decisions), outcome.bot
    print(
        f"After {rounds} rounds: pass {bot.pass_count}, Progress Bot on {bot.pointer.value}."
    )


if __name__ == "__main__":
    main(*[int(a) for a in sys.argv[1:3]])
