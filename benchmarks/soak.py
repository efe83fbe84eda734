"""Soak: play many checked reference games and report errors and invariant breaks.

Usage: python benchmarks/soak.py [GAMES] [JOBS]     (default 10000 games, 2 jobs)

Every call of every game is checked: each decision is legal on the board it is
applied to, the 12 cards are conserved, Crystals fit the Depot, and the bot
state survives JSON. The target is zero errors.
"""

import sys
import time

from lacerda_bot.reference._simulate import (
    game_seeds,
    render_summary,
    run_batch,
    summarise,
)


def main(games: int = 10_000, jobs: int = 2) -> int:
    start = time.perf_counter()
    summary = summarise(run_batch(game_seeds(0, games), jobs=jobs, check=True))
    seconds = time.perf_counter() - start
    print(render_summary(summary, "first_colonists"))
    print(
        f"checked games: {summary.games}, errors and invariant breaks: {len(summary.errors)}"
    )
    print(
        f"time: {seconds:.0f} s with {jobs} jobs ({summary.games / seconds:.1f} games/s)"
    )
    for error in summary.errors[:20]:
        print(f"  {error}")
    return 1 if summary.errors else 0


if __name__ == "__main__":
    sys.exit(main(*[int(a) for a in sys.argv[1:3]]))
