"""The ``lacerda-bot`` command.

``lacerda-bot simulate`` runs batches of reference games; ``lacerda-bot play``
runs Lacerda for a physical game (the table companion, :mod:`lacerda_bot.table`)
and ``lacerda-bot games`` lists the saved ones; ``lacerda-bot serve`` answers
JSON requests of hosts in any language (:mod:`lacerda_bot.protocol`). With no
command it prints help.
"""

import argparse
import contextlib
import os
import secrets
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Final, TextIO

from lacerda_bot import __version__
from lacerda_bot._deck import MAX_SEED
from lacerda_bot._rules.goals import SOLO_GOALS
from lacerda_bot._server import DEFAULT_TIMEOUT, Answerer, http_server, serve_stdio
from lacerda_bot.errors import ClusterError, LacerdaBotError, SerializationError
from lacerda_bot.options import Options, option_choices, parse_option_pairs
from lacerda_bot.reference.cluster import LOCAL, run_batch_on_ray
from lacerda_bot.reference.game import GameRecord
from lacerda_bot.reference.simulate import (
    DEFAULT_GAMES,
    game_seeds,
    record_json,
    render_summary,
    run_batch,
    summarise,
)
from lacerda_bot.serialization import parse_json
from lacerda_bot.table.printable import (
    display_path,
    make_streams_tolerant,
    printable,
    quote_path,
)
from lacerda_bot.table.rounds import round_number
from lacerda_bot.table.session import (
    SAVE_FORMAT,
    Game,
    SaveConflictError,
    loads_game,
    new_game,
    remove_stale_temporaries,
    replay,
    save_game,
)
from lacerda_bot.table.storage import keep_copy, read_save
from lacerda_bot.table.terminal import Style, Terminal, use_colour
from lacerda_bot.web._command import add_web_parser

__all__ = ["main"]


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
    _play_parser(commands)
    games = commands.add_parser(
        "games",
        help="list the table games saved in a folder",
        description="List the lacerda-bot play saves in FOLDER (default: here), most "
        "recent first, with where each game stands.",
    )
    games.add_argument("folder", nargs="?", type=Path, default=Path("."))
    games.set_defaults(run=_run_games)
    _serve_parser(commands)
    add_web_parser(commands)
    return parser


def _serve_parser(
    commands: "argparse._SubParsersAction[argparse.ArgumentParser]",
) -> None:
    serve = commands.add_parser(
        "serve",
        help="answer JSON requests from a host in any language",
        description="Answer the JSON requests of a host written in any language "
        "(see docs/protocol.md): one request per line on standard input, one "
        "response per line on standard output, until end of input; or, with "
        "--http, one request per POST body.",
    )
    serve.set_defaults(run=_run_serve)
    serve.add_argument(
        "--http",
        type=int,
        metavar="PORT",
        help="serve HTTP on PORT instead of stdio (0: any free port; the address "
        "is printed on standard output)",
    )
    serve.add_argument(
        "--host",
        help="the address --http listens on (default 127.0.0.1, this machine only)",
    )
    serve.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"time bound of one request (default {DEFAULT_TIMEOUT:g})",
    )


_PLAY_EPILOG = """\
Steps, named at the "Next" prompt: setup (first), turn (his turn), shuttle (the
Shuttle phase), level-up (the Colony gained a level; once per level), tech (you
used one of his Techs), score (final scoring and your Solo Goal).

The companion asks only what Lacerda's decisions need: yes or no, a count, or a
pick from a short list, never a coordinate. Where a rule picks a place, it says
the criterion in words; when you report a tie, it breaks it with his solo cards
and says which option wins (number tied hexes row by row from the top, left to
right in each row).

At any prompt: ? (valid answers and what the question means), help, why (rules
and tie-breaks behind the last step), status (his discard pile, pass, cards
left and Progress Bot; never the draw order), back (your last answer in this
step), undo (the step in progress, or the last step), redo, quit. The game is saved to FILE after every complete
step, by writing a temporary file and renaming it, so an interruption leaves
the last save whole; a corrupt save is refused and left as it was. Without
--save, a new game goes to lacerda-SEED.json (or lacerda-SEED-2.json, ... if
taken); lacerda-bot games lists the saves in a folder.

The Next prompt offers the step the round expects (Enter takes it): his turn,
then the Shuttle phase once both turns are played. A step out of order is
refused with the reason; add ! to take it anyway (turn!).

Options (--option NAME=VALUE, repeatable; spec section 3), with defaults:
"""


def _option_lines() -> str:
    """One line per option: its name, the values it takes, and its default."""
    return "\n".join(
        f"  {c.name}={'|'.join(c.values) or 'a whole number'} (default {c.default})"
        for c in option_choices()
    )


def _play_parser(
    commands: "argparse._SubParsersAction[argparse.ArgumentParser]",
) -> None:
    play = commands.add_parser(
        "play",
        help="run Lacerda for a physical game of On Mars",
        description="Run Lacerda, step by step, for a game at the table.",
        epilog=_PLAY_EPILOG + _option_lines(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play.set_defaults(run=_run_play)
    play.add_argument(
        "--seed", type=int, help="the game's seed (default: a random one)"
    )
    play.add_argument(
        "--goal",
        default="first_colonists",
        choices=[g.id for g in SOLO_GOALS],
        help="the Solo Goal checked at the end (default first_colonists)",
    )
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set a rules option for a new game (repeatable)",
    )
    play.add_argument(
        "--save",
        type=Path,
        metavar="FILE",
        help="where a new game is saved (default lacerda-SEED.json in this folder, "
        "numbered if taken; an existing FILE is never overwritten)",
    )
    play.add_argument(
        "--resume", type=Path, metavar="FILE", help="continue the game saved in FILE"
    )
    play.add_argument("--plain", action="store_true", help="no colour")
    play.add_argument(
        "--rules",
        action="store_true",
        help="show the rule IDs on every line (why always shows them)",
    )


def parse_options(pairs: Sequence[str]) -> Options:
    """Options from ``NAME=VALUE`` texts; a bad one raises InvalidValueError naming it."""
    return parse_option_pairs(pairs)


def play(args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    """Start or resume a table game and run its prompt loop."""
    game: Game
    path: Path
    saved: bytes
    if args.resume is not None:
        if args.seed is not None or args.option:
            err.write(
                "lacerda-bot play: --seed and --option are for new games, not --resume\n"
            )
            return 2
        path = args.resume
        try:
            saved = read_save(path)  # read once: the game and the bytes to expect
            game = loads_game(saved.decode("utf-8"))
            if game.converted:
                _keep_original(path, saved, game, out)
        except UnicodeDecodeError as error:
            return _not_resumed(path, f"not a text file ({error})", err)
        except (OSError, SerializationError) as error:
            return _not_resumed(path, str(error), err)
    else:
        seed = secrets.randbelow(MAX_SEED) if args.seed is None else args.seed
        try:
            game = new_game(seed, parse_options(args.option), args.goal)
            path, saved = _create(game, args.save)
        except SaveConflictError as error:
            if args.save is None:
                err.write(f"lacerda-bot play: {printable(str(error))}\n")
                return 2
            err.write(
                f"lacerda-bot play: {display_path(args.save)} already exists; resume "
                f"it with --resume {quote_path(args.save)}, or choose another "
                "--save FILE\n"
            )
            return 2
        except OSError as error:
            err.write(f"lacerda-bot play: cannot save the new game: {error}\n")
            return 2
        except LacerdaBotError as error:
            err.write(f"lacerda-bot play: {printable(str(error))}\n")
            return 2
        out.write(f"New game, seed {game.seed}, saved in {display_path(path)}.\n")
    remove_stale_temporaries(path)
    colour = use_colour(out, os.environ, plain=args.plain)
    editing = stdin.isatty() and os.environ.get("TERM") != "dumb" and _line_editing()
    return Terminal(
        game,
        path,
        stdin,
        out,
        Style(colour),
        width=shutil.get_terminal_size().columns,
        rules=args.rules,
        line_editing=editing,
        saved=saved,
    ).loop()


def _not_resumed(path: Path, problem: str, err: TextIO) -> int:
    """Say on one line why *path* cannot be resumed (it is left as it was); status 2."""
    err.write(
        f"lacerda-bot play: cannot resume {display_path(path)}: {printable(problem)}\n"
        "The file was not changed.\n"
    )
    return 2


def _create(game: Game, path: Path | None) -> tuple[Path, bytes]:
    """Save a new *game* to a file that did not exist: *path*, or a free name here.

    Raises:
        SaveConflictError: *path* exists.
        OSError: the file cannot be written.
    """
    if path is not None:
        return path, save_game(game, path, create=True)
    for _ in range(_MOST_TRIES):  # another process may take a free name first
        free = _free_name(Path("."), game.seed)
        with contextlib.suppress(SaveConflictError):
            return free, save_game(game, free, create=True)
    raise SaveConflictError(Path("."), "no free lacerda-SEED file name; use --save")


_MOST_TRIES: Final = 100
"""How many free names a new game tries before giving up (races, odd files)."""


def _line_editing() -> bool:  # pragma: no cover - needs a real terminal
    """Load :mod:`readline` for line editing and history, where the platform has it."""
    try:
        import readline  # noqa: F401 - loading it is what enables editing
    except ImportError:
        return False
    return True


def _free_name(folder: Path, seed: int) -> Path:
    """``lacerda-SEED.json`` in *folder*, numbered (``-2``, ``-3``, ...) if taken."""
    path = folder / f"lacerda-{seed}.json"
    n = 1
    while os.path.lexists(path):  # a dangling link takes its name too
        n += 1
        path = folder / f"lacerda-{seed}-{n}.json"
    return path


def _claimed_save(path: Path) -> tuple[float, bytes] | None:
    """When a file claiming to be a table save was changed, and its bytes; else None.

    Only a regular file is read (never a pipe or a device), and once.
    """
    try:
        changed = path.stat().st_mtime
        data = read_save(path)
        doc = parse_json(data)
    except (OSError, SerializationError):
        return None
    if isinstance(doc, dict) and doc.get("format") == SAVE_FORMAT:
        return changed, data
    return None


def games(folder: Path, out: TextIO) -> int:
    """List the table saves in *folder*, most recent first: one line each, names escaped."""
    claimed = ((p, _claimed_save(p)) for p in folder.glob("*.json"))
    saves = sorted(
        ((p, found) for p, found in claimed if found is not None),
        key=lambda item: (-item[1][0], item[0].name),
    )
    if not saves:
        out.write(f"No lacerda-bot play saves in {display_path(folder)}.\n")
        return 0
    for path, (changed, data) in saves:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(changed))
        try:
            game = loads_game(data.decode("utf-8"))
        except (SerializationError, UnicodeDecodeError) as error:
            out.write(
                f"{display_path(path)}  {when}  cannot be resumed: "
                f"{printable(str(error))}\n"
            )
            continue
        state, _ = replay(game)
        if state.final_score is not None:
            where = f"over, Lacerda {state.final_score} OP"
        elif state.side is None:
            where = "not set up"
        else:
            where = f"round {round_number(state)}, {state.turns} turn(s)"
        out.write(
            f"{display_path(path)}  {when}  seed {game.seed}, {game.goal}, {where}\n"
        )
    return 0


def _keep_original(path: Path, original: bytes, game: Game, out: TextIO) -> None:
    """Keep a converted 0.1.0 save as it was, beside the file the game goes on in.

    The copy is ``FILE.0.1.0``, or ``FILE.0.1.0.1``, ... when that name holds
    anything else (another original, a folder, a pipe, a link): nothing there
    is overwritten or followed (:func:`~lacerda_bot.table.storage.keep_copy`).

    Raises:
        OSError: the original cannot be kept (the game must not go on over it).
    """
    kept = keep_copy(path, original, ".0.1.0")
    out.write(
        f"This save was written by lacerda-bot 0.1.0 and has been converted; the "
        f"original is kept as {display_path(kept)}.\n"
    )
    for note in game.converted[1:]:
        out.write(f"  Where 0.1.0 did not ask, it assumed that {note}.\n")


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
    problem = None if args.json is None else _json_target_problem(args.json)
    if problem is not None:
        err.write(f"lacerda-bot simulate: cannot write --json {args.json}: {problem}\n")
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
        return _simulate(args, seeds, tmp, out, err)
    except OSError as error:
        err.write(f"lacerda-bot simulate: cannot write --json {args.json}: {error}\n")
        return 2
    except ClusterError as error:
        err.write(f"lacerda-bot simulate: {error}\n")
        return 2
    finally:  # done, Ctrl-C or a failure: leave no partial file behind
        if tmp is not None:
            tmp.unlink(missing_ok=True)


def _json_target_problem(path: Path) -> str | None:
    """Why --json *path* cannot be written (checked before any game is played)."""
    folder = path.parent
    if not folder.is_dir():
        return f"no folder {folder}"
    if path.is_symlink() or path.exists():
        if path.is_dir():
            return "it is a folder"
        if not path.is_file():
            return "it is not a regular file (a device or a pipe?)"
    if not os.access(folder, os.W_OK):
        return f"the folder {folder} is not writable"
    return None


def _simulate(
    args: argparse.Namespace,
    seeds: range,
    tmp: Path | None,
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

        summary = summarise(watched())
    if show:
        err.write("\n")
    if tmp is not None and args.json is not None:
        tmp.replace(args.json)  # the old file is replaced only by a complete new one
    out.write(render_summary(summary, args.goal) + "\n")
    for error in summary.errors:
        err.write(f"error: {error}\n")
    return 1 if summary.errors else 0


def _run_play(args: argparse.Namespace) -> int:
    try:
        return play(args, sys.stdin, sys.stdout, sys.stderr)
    except KeyboardInterrupt:
        sys.stdout.write("\nStopped; the game is saved as of its last complete step.\n")
        return 130


def _run_simulate(args: argparse.Namespace) -> int:
    return simulate(args, sys.stdout, sys.stderr)


def _run_games(args: argparse.Namespace) -> int:
    return games(args.folder, sys.stdout)


def _run_serve(args: argparse.Namespace) -> int:
    problem = _serve_problem(args)
    if problem:
        sys.stderr.write(f"lacerda-bot serve: {problem}\n")
        return 2
    with Answerer(timeout=args.timeout) as answerer:
        if args.http is None:
            serve_stdio(sys.stdin.buffer, sys.stdout.buffer, answerer)
            return 0
        return _serve_http(args.host or "127.0.0.1", args.http, answerer)


def _serve_problem(args: argparse.Namespace) -> str:
    """Why the serve arguments cannot work ("" if they can)."""
    if args.host is not None and args.http is None:
        return "--host goes with --http PORT"
    if args.http is not None and not 0 <= args.http <= 65535:
        return f"--http takes a port from 0 to 65535, not {args.http}"
    if not args.timeout > 0:
        return f"--timeout takes a number of seconds above 0, not {args.timeout}"
    return ""


def _serve_http(host: str, port: int, answerer: Answerer) -> int:
    try:
        server = http_server(host, port, answerer, log=sys.stderr)
    except OSError as error:
        sys.stderr.write(
            f"lacerda-bot serve: cannot listen on {host}:{port}: {error}\n"
        )
        return 2
    shown = f"[{host}]" if ":" in host else host
    sys.stdout.write(
        f"lacerda-bot serve: listening on http://{shown}:{server.server_port}/\n"
    )
    sys.stdout.flush()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``lacerda-bot`` command; with no command, print help."""
    make_streams_tolerant()
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    run: Callable[[argparse.Namespace], int] = args.run
    return run(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
