"""The ``lacerda-bot`` command: ``lacerda-bot simulate`` runs batches of reference games."""

import argparse
import contextlib
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TextIO

from lacerda_bot.game import GameRecord
from lacerda_bot.goals import SOLO_GOALS
from lacerda_bot.simulate import (
    DEFAULT_GAMES,
    game_seeds,
    record_json,
    render_summary,
    run_batch,
    summarise,
)

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="lacerda-bot",
        description="Lacerda, the On Mars solo bot (unofficial). Run reference games.",
    )
    commands = parser.add_subparsers(dest="command")
    sim = commands.add_parser(
        "simulate",
        help="play seeded reference games and summarise them",
        description="Play seeded reference games and print a summary. Game i uses seed S + i, "
        "so results are the same for any --jobs.",
    )
    sim.add_argument(
        "--games",
        type=int,
        default=DEFAULT_GAMES,
        help=f"games to play (default {DEFAULT_GAMES})",
    )
    sim.add_argument(
        "--seed", type=int, default=0, help="seed of the first game (default 0)"
    )
    sim.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    sim.add_argument(
        "--goal",
        default="first_colonists",
        choices=[g.id for g in SOLO_GOALS],
        help="the Solo Goal to check (default first_colonists)",
    )
    sim.add_argument(
        "--json",
        type=Path,
        metavar="FILE",
        help="write one JSON record per game to FILE",
    )
    return parser


def _progress(done: int, total: int, out: TextIO) -> None:
    width = 30
    filled = width * done // total
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
    out.flush()


def simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run the batch *args* describe; print the summary; write --json if asked."""
    if args.games < 1 or args.jobs < 1:
        err.write("lacerda-bot simulate: --games and --jobs must be at least 1\n")
        return 2
    seeds = game_seeds(args.seed, args.games)
    tmp = None if args.json is None else args.json.with_name(args.json.name + ".tmp")
    show = err.isatty()
    with contextlib.ExitStack() as stack:
        sink = (
            None
            if tmp is None
            else stack.enter_context(tmp.open("w", encoding="utf-8"))
        )

        def watched() -> Iterator[GameRecord | str]:
            for done, result in enumerate(
                run_batch(seeds, jobs=args.jobs, goal=args.goal), 1
            ):
                if sink is not None and isinstance(result, GameRecord):
                    sink.write(record_json(result) + "\n")
                if show:
                    _progress(done, len(seeds), err)
                yield result

        summary = summarise(watched())
    if show:
        err.write("\n")
    if tmp is not None and args.json is not None:
        tmp.replace(args.json)  # the old file is replaced only by a complete new one
    out.write(render_summary(summary, args.goal) + "\n")
    for error in summary.errors:
        err.write(f"error: {error}\n")
    return 1 if summary.errors else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``lacerda-bot`` command."""
    args = _parser().parse_args(argv)
    if args.command is None:
        args = _parser().parse_args(["simulate", *(argv or [])])
    return simulate(args, sys.stdout, sys.stderr)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
