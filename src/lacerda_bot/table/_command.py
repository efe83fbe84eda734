"""``lacerda-bot play`` and ``lacerda-bot games``: the table companion's commands.

``play`` starts or resumes a table game and runs its prompt loop
(:mod:`.terminal`); ``games`` lists the saves in a folder (``--stats``: the
history of the finished ones, :mod:`._game.history`). Bad input never
ends in a traceback: each refusal is one line and a non-zero status, the save
as it was (``docs/guarantees.md``).
"""

import argparse
import contextlib
import datetime
import os
import secrets
import shutil
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Final, TextIO

from lacerda_bot._deck import MAX_SEED
from lacerda_bot._rules.goals import SOLO_GOALS
from lacerda_bot.errors import InvalidValueError, LacerdaBotError, SerializationError
from lacerda_bot.language import (
    ENGLISH,
    Language,
    Message,
    Text,
    Words,
    choose_language,
    msg,
    msg_n,
    words_for,
)
from lacerda_bot.options import Options, option_choices
from lacerda_bot.serialization import parse_json
from lacerda_bot.table._game.history import Finished, finished, history_lines
from lacerda_bot.table._game.printable import display_path, printable, quote_path
from lacerda_bot.table._game.rounds import round_number
from lacerda_bot.table._game.session import (
    SAVE_FORMAT,
    Game,
    SaveConflictError,
    held,
    loads_game,
    new_game,
    remove_stale_temporaries,
    replay,
    save_game,
    table_options,
)
from lacerda_bot.table._game.storage import keep_copy, read_save
from lacerda_bot.table.terminal import Style, Terminal, use_colour

__all__ = ["add_table_parsers", "game_stats", "games", "parse_options", "play"]


def add_table_parsers(
    commands: "argparse._SubParsersAction[argparse.ArgumentParser]",
) -> None:
    """Add the ``play`` and ``games`` commands to the ``lacerda-bot`` parser."""
    _play_parser(commands)
    games = commands.add_parser(
        "games",
        help="list the table games saved in a folder",
        description="List the lacerda-bot play saves in FOLDER (default: here), most "
        "recent first, with where each game stands; with --stats, the history of "
        "the finished games and the win rate and margins per Solo Goal.",
    )
    games.add_argument("folder", nargs="?", type=Path, default=Path("."))
    games.add_argument(
        "--stats",
        action="store_true",
        help="the finished games, newest first, and the figures per Solo Goal",
    )
    _add_language(games)
    games.set_defaults(run=_run_games)


def _add_language(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang",
        metavar="CODE",
        help="the language to speak and read: "
        + ", ".join(
            f"{language.value} ({language.native_name})" for language in Language
        )
        + " (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else en); "
        "saves are the same in every language",
    )


def _words(args: argparse.Namespace) -> Words:
    """The words of the language ``--lang`` or the environment chooses.

    Raises:
        InvalidValueError: ``--lang`` names no shipped language.
    """
    return words_for(choose_language(args.lang, os.environ))


_PLAY_EPILOG = """\
Steps, named at the "Next" prompt: setup (first), turn (his turn), shuttle (the
Shuttle phase), level-up (the Colony gained a level; once per level), tech (you
used one of his Techs), score (final scoring and your Solo Goal).

The companion asks only what Lacerda's decisions need: yes or no, a count, or a
pick from a short list, never a coordinate. Where a rule picks a place, it says
the criterion in words, and where several places are equally good you choose
(tie_policy=chosen, the default here). With tie_policy=cards, you report how many
tie and it breaks the tie with his solo cards, saying which option wins (number
tied hexes row by row from the top, left to right in each row).

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
        for c in option_choices(table_options())
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
    _add_language(play)
    play.add_argument(
        "--rules",
        action="store_true",
        help="show the rule IDs on every line (why always shows them)",
    )


def parse_options(pairs: Sequence[str]) -> Options:
    """A table game's options from ``NAME=VALUE`` texts (over the table's defaults).

    Raises:
        InvalidValueError: a pair is not a known option and value (named).
    """
    return table_options(pairs)


def play(args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    """Start or resume a table game and run its prompt loop."""
    game: Game
    path: Path
    saved: bytes
    try:
        words = _words(args)
    except InvalidValueError as error:
        err.write(f"lacerda-bot play: {error}\n")
        return 2
    if args.resume is not None:
        if args.seed is not None or args.option:
            both = msg("--seed and --option are for new games, not --resume")
            err.write(f"lacerda-bot play: {words.say(both)}\n")
            return 2
        path = args.resume
        try:
            saved = read_save(path)  # read once: the game and the bytes to expect
            game = loads_game(saved.decode("utf-8"))
            if game.converted:
                _keep_original(path, saved, game, out, words)
        except UnicodeDecodeError as error:
            text = msg("not a text file ({error})", error=str(error))
            return _not_resumed(path, text, err, words)
        except (OSError, SerializationError) as error:
            return _not_resumed(path, str(error), err, words)
    else:
        seed = secrets.randbelow(MAX_SEED) if args.seed is None else args.seed
        try:
            game = new_game(seed, parse_options(args.option), args.goal)
            path, saved = _create(game, args.save)
        except SaveConflictError as error:
            if args.save is None:
                err.write(f"lacerda-bot play: {printable(str(error))}\n")
                return 2
            exists = msg(
                "{path} already exists; resume it with --resume {quoted}, or choose "
                "another --save FILE",
                path=display_path(args.save),
                quoted=quote_path(args.save),
            )
            err.write(f"lacerda-bot play: {words.say(exists)}\n")
            return 2
        except OSError as error:
            found = _elsewhere(game, args.save or Path.cwd(), error, stdin, out, words)
            if found is None:
                failed = msg("cannot save the new game: {error}", error=str(error))
                err.write(f"lacerda-bot play: {words.say(failed)}\n")
                return 2
            path, saved = found
        except LacerdaBotError as error:
            err.write(f"lacerda-bot play: {printable(str(error))}\n")
            return 2
        new = msg(
            "New game, seed {seed}, saved in {path}.",
            seed=game.seed,
            path=display_path(path),
        )
        out.write(words.say(new) + "\n")
    remove_stale_temporaries(path)
    colour = use_colour(out, os.environ, plain=args.plain)
    editing = stdin.isatty() and os.environ.get("TERM") != "dumb" and _line_editing()
    try:
        with held(path):
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
                words=words,
            ).loop()
    except SaveConflictError as error:
        return _not_resumed(path, error.problem, err, words)


def _elsewhere(
    game: Game, tried: Path, error: OSError, stdin: TextIO, out: TextIO, words: Words
) -> tuple[Path, bytes] | None:
    """Save a new *game* in a file the player names, after *tried* failed.

    Asked until a save works; ``None`` when the player gives no name (or input
    ends). A name that exists is refused, as ``--save`` refuses it.
    """
    problem: Text = f"{error.strerror or error}"
    while True:
        failed = msg(
            "Cannot save the new game in {path}: {problem}.",
            path=display_path(tried),
            problem=printable(words.say(problem)),
        )
        another = msg("Another file to save it in (Enter to stop):")
        out.write(f"{words.say(failed)}\n{words.say(another)} ")
        out.flush()
        reply = stdin.readline().strip()
        if not reply:
            out.write("\n")
            return None
        tried = Path(reply)
        try:
            return tried, save_game(game, tried, create=True)
        except SaveConflictError:
            problem = msg("it already exists")
        except (OSError, InvalidValueError) as again:
            problem = f"{getattr(again, 'strerror', None) or again}"


def _not_resumed(path: Path, problem: Text, err: TextIO, words: Words) -> int:
    """Say on one line why *path* cannot be resumed (it is left as it was); status 2."""
    refused = msg(
        "cannot resume {path}: {problem}",
        path=display_path(path),
        problem=printable(words.say(problem)),
    )
    unchanged = msg("The file was not changed.")
    err.write(f"lacerda-bot play: {words.say(refused)}\n{words.say(unchanged)}\n")
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


def _saves(folder: Path) -> list[tuple[Path, tuple[float, bytes]]]:
    """The table saves in *folder*, most recent first: each path, its date and bytes."""
    claimed = ((p, _claimed_save(p)) for p in folder.glob("*.json"))
    return sorted(
        ((p, found) for p, found in claimed if found is not None),
        key=lambda item: (-item[1][0], item[0].name),
    )


def games(folder: Path, out: TextIO, words: Words = ENGLISH) -> int:
    """List the table saves in *folder*, most recent first: one line each, names escaped."""
    saves = _saves(folder)
    if not saves:
        none = msg(
            "No lacerda-bot play saves in {folder}.", folder=display_path(folder)
        )
        out.write(words.say(none) + "\n")
        return 0
    for path, (changed, data) in saves:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(changed))
        try:
            game = loads_game(data.decode("utf-8"))
        except (SerializationError, UnicodeDecodeError) as error:
            broken = msg("cannot be resumed: {error}", error=printable(str(error)))
            out.write(f"{display_path(path)}  {when}  {words.say(broken)}\n")
            continue
        state, _ = replay(game)
        where: Message
        if state.result is not None:
            scores = {
                "his": state.result.score.total,
                "yours": state.result.human_total,
            }
            where = (
                msg("over, Lacerda {his} OP, you {yours} OP: you win", **scores)
                if state.result.goal.passed
                else msg(
                    "over, Lacerda {his} OP, you {yours} OP: Lacerda wins", **scores
                )
            )
        elif state.side is None:
            where = msg("not set up")
        else:
            where = msg_n(
                "round {round}, {n} turn",
                "round {round}, {n} turns",
                state.turns,
                round=round_number(state),
            )
        line = msg(
            "seed {seed}, {goal}, {where}", seed=game.seed, goal=game.goal, where=where
        )
        out.write(f"{display_path(path)}  {when}  {words.say(line)}\n")
    return 0


def game_stats(folder: Path, out: TextIO, words: Words = ENGLISH) -> int:
    """The history of the finished games saved in *folder*, and its figures.

    A game is dated by its final scoring's day, or by its file's date when
    it was finished before days were kept; a save that cannot be read is
    left out and counted (``lacerda-bot games`` says what is wrong with it).
    """
    ended: list[Finished] = []
    unreadable = 0
    for path, (changed, data) in _saves(folder):
        try:
            game = loads_game(data.decode("utf-8"))
        except (SerializationError, UnicodeDecodeError):
            unreadable += 1
            continue
        state, _ = replay(game)
        stored = datetime.date.fromtimestamp(changed)
        found = finished(game, state, printable(path.name), stored)
        if found is not None:
            ended.append(found)
    if not ended:
        none = msg(
            "No finished lacerda-bot play games in {folder}.",
            folder=display_path(folder),
        )
        out.write(words.say(none) + "\n")
    for line in history_lines(ended, words):
        out.write(f"{line}\n")
    if unreadable:
        left = msg_n(
            "Left out: {n} save that cannot be read (lacerda-bot games says why).",
            "Left out: {n} saves that cannot be read (lacerda-bot games says why).",
            unreadable,
        )
        out.write(words.say(left) + "\n")
    return 0


def _keep_original(
    path: Path, original: bytes, game: Game, out: TextIO, words: Words
) -> None:
    """Keep a converted older save as it was, beside the file the game goes on in.

    The copy of a 0.1.0 save is ``FILE.0.1.0`` (of a version 2 save,
    ``FILE.v2``), or ``FILE.0.1.0.1``, ... when that name holds
    anything else (another original, a folder, a pipe, a link): nothing there
    is overwritten or followed (:func:`~lacerda_bot.table._game.storage.keep_copy`).

    Raises:
        OSError: the original cannot be kept (the game must not go on over it).
    """
    old = game.converted_from == 1
    kept = keep_copy(path, original, ".0.1.0" if old else f".v{game.converted_from}")
    where = display_path(kept)
    converted = (
        msg(
            "This save was written by lacerda-bot 0.1.0 and has been converted; the "
            "original is kept as {path}.",
            path=where,
        )
        if old
        else msg(
            "This save was written by an earlier version (his Lab in rows, before "
            "spec 1.3) and has been converted; the original is kept as {path}.",
            path=where,
        )
    )
    out.write(words.say(converted) + "\n")
    for note in game.converted[1:]:
        # Translators: {note} is what converting assumed, in English.
        assumed = (
            msg("Where 0.1.0 did not ask, it assumed that {note}.", note=note)
            if old
            else msg(
                "Where the old save did not ask, it assumed that {note}.", note=note
            )
        )
        out.write(f"  {words.say(assumed)}\n")
    if game.replay_stopped:
        stopped = msg("Not every step replays: {why}.", why=game.replay_stopped)
        out.write(f"  {words.say(stopped)}\n")


def _run_play(args: argparse.Namespace) -> int:
    try:
        return play(args, sys.stdin, sys.stdout, sys.stderr)
    except KeyboardInterrupt:
        try:
            words = _words(args)
        except InvalidValueError:
            words = ENGLISH
        stopped = msg("Stopped; the game is saved as of its last complete step.")
        sys.stdout.write(f"\n{words.say(stopped)}\n")
        return 130


def _run_games(args: argparse.Namespace) -> int:
    try:
        words = _words(args)
    except InvalidValueError as error:
        sys.stderr.write(f"lacerda-bot games: {error}\n")
        return 2
    problem = _folder_problem(args.folder)
    if problem is not None:
        sys.stderr.write(f"lacerda-bot games: {words.say(problem)}\n")
        return 2
    if args.stats:
        return game_stats(args.folder, sys.stdout, words)
    return games(args.folder, sys.stdout, words)


def _folder_problem(folder: Path) -> Message | None:
    """Why *folder* cannot be listed (``None`` if it can): missing, a file, unreadable."""
    shown = display_path(folder)
    try:
        with os.scandir(folder):
            return None
    except FileNotFoundError:
        return msg("no folder {folder}", folder=shown)
    except NotADirectoryError:
        return msg("{folder} is not a folder", folder=shown)
    except OSError as error:
        return msg(
            "cannot read the folder {folder} ({error})", folder=shown, error=str(error)
        )
