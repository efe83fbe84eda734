"""The ``lacerda-bot`` command.

``lacerda-bot simulate`` runs batches of reference games; ``lacerda-bot play``
runs Lacerda for a physical game (the table companion, :mod:`lacerda_bot.table`)
and ``lacerda-bot games`` lists the saved ones; ``lacerda-bot serve`` answers
JSON requests of hosts in any language (:mod:`lacerda_bot.protocol`). With no
command it prints help.
"""

import argparse
import contextlib
import io
import os
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import TextIO, TypeAlias

from lacerda_bot import __version__
from lacerda_bot._conformance_command import add_conformance_parser
from lacerda_bot._deck import MAX_SEED
from lacerda_bot._rules.goals import SOLO_GOALS
from lacerda_bot._serve_command import add_serve_parser
from lacerda_bot.errors import ClusterError
from lacerda_bot.reference import GameRecord
from lacerda_bot.reference._cluster import LOCAL, run_batch_on_ray
from lacerda_bot.reference._simulate import (
    DEFAULT_GAMES,
    BatchFigures,
    fold_batch,
    game_seeds,
    record_json,
    render_summary,
    run_batch,
)
from lacerda_bot.table._command import add_table_parsers
from lacerda_bot.table._command import games as games
from lacerda_bot.table._command import parse_options as parse_options
from lacerda_bot.table._command import play as play
from lacerda_bot.table._game.printable import display_path, make_streams_tolerant
from lacerda_bot.web._command import add_web_parser

__all__ = ["main"]

_Renderer: TypeAlias = Callable[[BatchFigures], str]
"""A batch's figures to the text of its ``--report`` page."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="lacerda-bot",
        description="Lacerda, the On Mars solo bot (unofficial). Run seeded reference "
        "games (simulate), or run him for a game of the physical On Mars (play).",
    )
    parser.add_argument(
        "--version", action="version", version=f"lacerda-bot {__version__}"
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
    sim.set_defaults(run=_run_simulate)
    sim.add_argument(
        "--seed", type=int, default=0, help="seed of the first game (default 0)"
    )
    sim.add_argument(
        "--jobs",
        type=int,
        help="worker processes (default 1); with --ray, the games played at once "
        "(default: the cluster's CPUs)",
    )
    sim.add_argument(
        "--ray",
        nargs="?",
        const=LOCAL,
        metavar="ADDRESS",
        help="play on a Ray cluster (extra 'ray'): a new local instance, or the "
        "cluster at ADDRESS (auto, ray://HOST:PORT or HOST:PORT); --json is the "
        "same as with --jobs 1",
    )
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
    sim.add_argument(
        "--report",
        type=Path,
        metavar="FILE",
        help="write an HTML page of plots of the batch to FILE (extra 'report')",
    )
    add_table_parsers(commands)
    add_serve_parser(commands)
    add_conformance_parser(commands)
    add_web_parser(commands)
    return parser


def _progress(done: int, total: int, out: TextIO) -> None:
    width = 30
    filled = width * done // total
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
    out.flush()


def simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run the batch *args* describe; print the summary; write --json if asked."""
    if args.games < 1 or (args.jobs is not None and args.jobs < 1):
        err.write("lacerda-bot simulate: --games and --jobs must be at least 1\n")
        return 2
    if args.seed < 0 or args.seed + args.games > MAX_SEED:
        err.write(
            f"lacerda-bot simulate: the seeds must lie from 0 to {MAX_SEED - 1}: --seed "
            f"{args.seed} with --games {args.games} does not\n"
        )
        return 2
    for option, target in (("--json", args.json), ("--report", args.report)):
        problem = None if target is None else _target_problem(target)
        if problem is not None:
            err.write(
                f"lacerda-bot simulate: cannot write {option} {display_path(target)}: "
                f"{problem}\n"
            )
            return 2
    report = None if args.report is None else _report_renderer(args.goal)
    if args.report is not None and report is None:
        err.write(
            "lacerda-bot simulate: --report needs matplotlib: "
            "pip install 'lacerda-bot[report]'\n"
        )
        return 2
    seeds = game_seeds(args.seed, args.games)
    tmp: Path | None = None
    try:
        if args.json is not None:  # a new, unique file beside the target
            fd, name = tempfile.mkstemp(
                dir=args.json.parent, prefix=f".{args.json.name}.", suffix=".tmp"
            )
            os.close(fd)
            tmp = Path(name)
        return _simulate(args, seeds, tmp, report, out, err)
    except OSError as error:
        err.write(
            f"lacerda-bot simulate: cannot write --json {display_path(args.json)}: "
            f"{error}\n"
        )
        return 2
    except ClusterError as error:
        err.write(f"lacerda-bot simulate: {error}\n")
        return 2
    finally:  # done, Ctrl-C or a failure: leave no partial file behind
        if tmp is not None:
            tmp.unlink(missing_ok=True)


def _target_problem(path: Path) -> str | None:
    """Why --json or --report *path* cannot be written (checked before any game)."""
    folder = path.parent
    if not folder.is_dir():
        return f"no folder {display_path(folder)}"
    if path.is_symlink() or path.exists():
        if path.is_dir():
            return "it is a folder"
        if not path.is_file():
            return "it is not a regular file (a device or a pipe?)"
    if not os.access(folder, os.W_OK):
        return f"the folder {display_path(folder)} is not writable"
    return None


def _report_renderer(goal: str) -> _Renderer | None:
    """The ``--report`` page of a batch of *goal*, or ``None`` without matplotlib."""
    try:
        from lacerda_bot.reference._report import render_report
    except ModuleNotFoundError:  # the 'report' extra is not installed
        return None
    return partial(render_report, goal=goal)


def _write_report(path: Path, text: str) -> str | None:
    """Write the ``--report`` page whole or not at all; why it failed, if it did."""
    tmp: Path | None = None
    try:  # a new, unique file beside the target, then renamed over it
        fd, name = tempfile.mkstemp(
            dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"
        )
        tmp = Path(name)
        with os.fdopen(fd, "w", encoding="utf-8") as sink:
            sink.write(text)
        tmp.replace(path)
    except OSError as error:
        return str(error)
    finally:
        if tmp is not None:
            tmp.unlink(missing_ok=True)
    return None


def _simulate(
    args: argparse.Namespace,
    seeds: range,
    tmp: Path | None,
    report: _Renderer | None,
    out: TextIO,
    err: TextIO,
) -> int:
    show = err.isatty()
    with contextlib.ExitStack() as stack:
        sink = (
            None
            if tmp is None
            else stack.enter_context(tmp.open("w", encoding="utf-8"))
        )

        def watched() -> Iterator[GameRecord | str]:
            batch = (
                run_batch(seeds, jobs=args.jobs or 1, goal=args.goal)
                if args.ray is None
                else run_batch_on_ray(
                    seeds, address=args.ray, jobs=args.jobs, goal=args.goal
                )
            )
            for done, result in enumerate(batch, 1):
                if sink is not None and isinstance(result, GameRecord):
                    sink.write(record_json(result) + "\n")
                if show:
                    _progress(done, len(seeds), err)
                yield result

        figures = fold_batch(watched())
    summary = figures.summary
    if show:
        err.write("\n")
    if tmp is not None and args.json is not None:
        tmp.replace(args.json)  # the old file is replaced only by a complete new one
    out.write(render_summary(summary, args.goal) + "\n")
    for error in summary.errors:
        err.write(f"error: {error}\n")
    if report is not None:
        problem = _write_report(args.report, report(figures))
        if problem is not None:
            err.write(
                f"lacerda-bot simulate: cannot write --report "
                f"{display_path(args.report)}: {problem}\n"
            )
            return 2
    return 1 if summary.errors else 0


def _run_simulate(args: argparse.Namespace) -> int:
    return simulate(args, sys.stdout, sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``lacerda-bot`` command; with no command, print help."""
    make_streams_tolerant()
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        status = run(args)
        sys.stdout.flush()  # within reach of the handler below
    except BrokenPipeError:  # the reader went away (lacerda-bot games | head -1)
        _discard_output()
        return 1
    return status


def _discard_output() -> None:
    """Send what is left of standard output nowhere, so exiting raises nothing more."""
    with contextlib.suppress(OSError, ValueError, io.UnsupportedOperation):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
