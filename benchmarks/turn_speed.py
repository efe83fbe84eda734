"""Median time of one Lacerda turn on the reference map, against one plain BFS on it.

Usage: python benchmarks/turn_speed.py [REPEATS]

Both are measured in the same run, so the ratio means something on a noisy
machine. The turns are taken from a spread of seeds and game moments (the
board after k turns), so the median covers every kind of action.
"""

import statistics
import sys
import time
from collections import deque

from lacerda_bot import Board, BotState, Hex, new_bot, take_turn
from lacerda_bot.testing import apply, reference_board


def plain_bfs(hexes: frozenset[Hex], start: Hex) -> dict[Hex, int]:
    """The simplest breadth-first search over the same map: the yardstick."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in here.neighbours():
            if nxt in hexes and nxt not in seen:
                seen[nxt] = seen[here] + 1
                queue.append(nxt)
    return seen


def positions(count: int) -> list[tuple[BotState, Board]]:
    """Bot states and boards from several seeded games, at several moments."""
    out = []
    for seed in range(count):
        board, bot = reference_board(), new_bot(seed)
        for _ in range(seed % 20):
            outcome = take_turn(bot, board)
            board, bot = apply(board, outcome.decisions), outcome.bot
        out.append((bot, board))
    return out


def median_seconds(samples: list[float]) -> float:
    return statistics.median(samples)


def main(repeats: int = 400) -> None:
    cases = positions(repeats)
    turn_times = []
    for bot, board in cases:
        start = time.perf_counter()
        take_turn(bot, board)
        turn_times.append(time.perf_counter() - start)
    hexes = reference_board().map_hexes
    bfs_times = []
    for _ in range(repeats):
        start = time.perf_counter()
        plain_bfs(hexes, Hex(0, 0))
        bfs_times.append(time.perf_counter() - start)
    turn, bfs = median_seconds(turn_times), median_seconds(bfs_times)
    print(f"reference map: {len(hexes)} hexes, {repeats} samples each")
    print(f"median Lacerda turn : {turn * 1e6:9.1f} us")
    print(f"median plain BFS    : {bfs * 1e6:9.1f} us")
    print(f"ratio turn / BFS    : {turn / bfs:9.1f}")


if __name__ == "__main__":
    main(*[int(a) for a in sys.argv[1:2]])
