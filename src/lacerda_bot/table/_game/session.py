"""A table game as a log of answers: replay, undo, redo and safe saves.

A :class:`Game` stores the seed, the options, the Solo Goal and, for each
complete step, the answers the player gave, each with its question's key.
Everything else (the deck, the pointer, every card revealed) is recomputed by
replaying the answers through the library's own calls, so undo cannot change a
card: the bot state after step k is a function of the seed and the first k
steps' answers (R-DECK-1).

Saves are JSON. :func:`save_game` writes a temporary file next to the target
and renames it over the target, so an interruption leaves the previous save
whole; :func:`load_game` refuses a file that fails any check and never writes.
"""

import contextlib
import datetime
import errno
import glob
import json
import os
import re
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Final, final

import attrs

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no advisory locks
    fcntl = None  # type: ignore[assignment]

from lacerda_bot._rules.goals import goal_by_id
from lacerda_bot._state import new_bot
from lacerda_bot.errors import (
    AnswerMismatchError,
    InvalidHostStateError,
    InvalidValueError,
    LacerdaBotError,
    SerializationError,
)
from lacerda_bot.options import Options, parse_option_pairs
from lacerda_bot.serialization import parse_json, structure, unstructure
from lacerda_bot.table._engine.dialogue import Say
from lacerda_bot.table._game.driver import (
    Step,
    StepKind,
    next_steps,
    run_step,
)
from lacerda_bot.table._game.migrate import (
    asked_under_his_rover,
    migrate_step,
    migrate_v2_step,
    scored_by_category,
)
from lacerda_bot.table._game.printable import display_path
from lacerda_bot.table._game.state import TableState
from lacerda_bot.table._game.storage import checked_path, read_regular, read_save

__all__ = [
    "SAVE_FORMAT",
    "Game",
    "SaveConflictError",
    "Step",
    "dumps_game",
    "load_game",
    "loads_game",
    "new_game",
    "play_step",
    "record",
    "redo",
    "remove_stale_temporaries",
    "replay",
    "save_game",
    "undo",
]

SAVE_FORMAT: Final = "lacerda_bot.table"
_VERSION: Final = 3
"""Version 3: his Lab as the printed staggered spaces (spec 1.3)."""
_V2: Final = 2
"""The save version before spec 1.3 (his Lab in rows), converted when loaded."""
_V010: Final = 1
"""The save version of lacerda-bot 0.1.0, converted when loaded (:mod:`.migrate`)."""
_KEYS: Final = frozenset(
    {"format", "version", "seed", "goal", "options", "tracking", "steps", "undone"}
)
"""The keys of a save document; any other is refused."""


@final
@attrs.frozen(kw_only=True)
class Game:
    """Everything needed to rebuild a table game, and the steps undone (for redo)."""

    seed: int
    options: Options
    goal: str
    steps: tuple[Step, ...] = ()
    undone: tuple[Step, ...] = ()
    """Undone steps, the next one to redo first."""
    tracking: bool = True
    """Whether the companion tracks his player board (not in a game begun by 0.1.0)."""
    converted: tuple[str, ...] = attrs.field(default=(), eq=False)
    """When loaded from an older save: what converting it assumed.

    Not saved; empty for games of this version.
    """
    converted_from: int = attrs.field(default=0, eq=False)
    """The save version it was converted from (1: lacerda-bot 0.1.0; 0: none)."""
    replay_stopped: str = attrs.field(default="", eq=False)
    """When a version 2 save stopped replaying on the printed Lab: where and why.

    The game goes on from the last step that replayed; the rest is to play again.
    """


TABLE_DEFAULTS: Final = ("tie_policy=chosen",)
"""Where a table game's options differ from a host's: among places (and other
options) the rules leave equal, the player chooses, as the rulebook has it
(R-TIE-1, note of 1.3), so the table never asks to count them."""


def table_options(pairs: Sequence[str] = (), where: str = "--option") -> Options:
    """A table game's options: :data:`TABLE_DEFAULTS`, then ``NAME=VALUE`` *pairs*.

    Raises:
        InvalidValueError: a pair is not a known option and value (named).
    """
    parse_option_pairs(pairs, where)  # refuses anything but NAME=VALUE pairs
    return parse_option_pairs([*TABLE_DEFAULTS, *pairs], where)


def new_game(
    seed: int, options: Options | None = None, goal: str = "first_colonists"
) -> Game:
    """A game with no step yet; checks the seed, the options and the goal id.

    Without *options*, a table game's (:func:`table_options`): the player
    chooses among equal options; ``Options()`` breaks ties with his solo cards.
    """
    bot = new_bot(seed, table_options() if options is None else options)
    goal_by_id(goal)
    return Game(seed=bot.seed, options=bot.options, goal=goal)


def _require(value: object, kind: type, name: str) -> None:
    """Refuse *value* unless it is a *kind* (a front end may pass anything)."""
    if not isinstance(value, kind):
        raise InvalidValueError(name, f"a {kind.__name__}", value)


def _initial(game: Game) -> TableState:
    return TableState(
        bot=new_bot(game.seed, game.options), goal=game.goal, tracking=game.tracking
    )


def play_step(
    state: TableState, step: Step, where: str = "$", *, words: bool = True
) -> tuple[TableState, tuple[Say, ...]]:
    """Replay one recorded step; a mismatch raises SerializationError at *where*.

    Without *words* no lines are made (a replay that only checks).

    Raises:
        SerializationError: *step* does not replay from *state*.
        InvalidValueError: *state* is not a TableState or *step* not a Step.
    """
    _require(state, TableState, "state")
    _require(step, Step, "step")
    if step.kind not in next_steps(state):
        raise SerializationError(where, f"a {step.kind.value} step cannot come here")
    try:
        run = run_step(state, step.kind, step.answers, words=words)
    except AnswerMismatchError as error:
        raise SerializationError(
            f"{where}.answers[{error.index}]", str(error)
        ) from None
    except InvalidHostStateError as error:
        raise SerializationError(f"{where}.answers", str(error)) from None
    if run.question is not None:
        raise SerializationError(
            f"{where}.answers",
            f"the step stops before question {run.question.key!r} is answered",
        )
    if run.used != len(step.answers):
        raise SerializationError(
            f"{where}.answers", f"{len(step.answers) - run.used} answer(s) left over"
        )
    return run.state, run.lines


def replay(game: Game) -> tuple[TableState, tuple[tuple[Say, ...], ...]]:
    """The state after every step of *game*, and each step's lines.

    Raises:
        InvalidValueError: *game* is not a Game.
    """
    _require(game, Game, "game")
    state = _initial(game)
    shown: list[tuple[Say, ...]] = []
    for i, step in enumerate(game.steps):
        state, lines = play_step(state, step, f"$.steps[{i}]")
        shown.append(lines)
    return state, tuple(shown)


def record(game: Game, step: Step) -> Game:
    """*game* with *step* appended; a new step forgets what was undone.

    Raises:
        InvalidValueError: *game* is not a Game or *step* not a Step.
    """
    _require(game, Game, "game")
    _require(step, Step, "step")
    return attrs.evolve(game, steps=(*game.steps, step), undone=())


def undo(game: Game) -> Game:
    """*game* with its last step moved to the redo list (no change with no step).

    Raises:
        InvalidValueError: *game* is not a Game.
    """
    _require(game, Game, "game")
    if not game.steps:
        return game
    return attrs.evolve(
        game, steps=game.steps[:-1], undone=(game.steps[-1], *game.undone)
    )


def redo(game: Game) -> Game:
    """*game* with the last undone step replayed (no change with nothing undone).

    Raises:
        InvalidValueError: *game* is not a Game.
    """
    _require(game, Game, "game")
    if not game.undone:
        return game
    return attrs.evolve(
        game, steps=(*game.steps, game.undone[0]), undone=game.undone[1:]
    )


# --- JSON ---------------------------------------------------------------------


def _step_json(step: Step) -> dict[str, Any]:
    body: dict[str, Any] = {
        "kind": step.kind.value,
        "answers": [[k, v] for k, v in step.answers],
    }
    if step.on is not None:
        body["on"] = step.on.isoformat()
    return body


def _steps_json(steps: Sequence[Step]) -> list[dict[str, Any]]:
    return [_step_json(s) for s in steps]


def _parse_day(raw: object, at: str) -> datetime.date:
    """A step's ``on``: a day written ``YYYY-MM-DD``."""
    if isinstance(raw, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", raw):
        with contextlib.suppress(ValueError):
            return datetime.date.fromisoformat(raw)
    raise SerializationError(at, f"expected a day written YYYY-MM-DD, got {raw!r}")


def dumps_game(game: Game) -> str:
    """The save document of *game* (JSON text, one line per step).

    Raises:
        InvalidValueError: *game* is not a Game.
    """
    _require(game, Game, "game")
    body = {
        "format": SAVE_FORMAT,
        "version": _VERSION,
        "seed": game.seed,
        "goal": game.goal,
        "options": unstructure(game.options),
        "tracking": game.tracking,
        "steps": _steps_json(game.steps),
        "undone": _steps_json(game.undone),
    }
    return json.dumps(body, indent=1, sort_keys=True) + "\n"


def _field(doc: dict[str, Any], name: str, kind: type) -> Any:
    if name not in doc:
        raise SerializationError(f"$.{name}", "missing")
    value = doc[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SerializationError(
            f"$.{name}", f"expected {kind.__name__}, got {value!r}"
        )
    return value


def _parse_steps(raw: object, where: str) -> tuple[Step, ...]:
    if not isinstance(raw, list):
        raise SerializationError(where, "expected a list of steps")
    steps = []
    for i, item in enumerate(raw):
        at = f"{where}[{i}]"
        if (
            not isinstance(item, dict)
            or not {"kind", "answers"} <= set(item) <= _STEP_KEYS
        ):
            raise SerializationError(
                at, "expected an object with kind and answers (and a score step's on)"
            )
        try:
            kind = StepKind(item["kind"])
        except ValueError:
            raise SerializationError(
                f"{at}.kind", f"unknown step {item['kind']!r}"
            ) from None
        answers = item["answers"]
        if not isinstance(answers, list) or not all(
            isinstance(a, list)
            and len(a) == 2
            and isinstance(a[0], str)
            and isinstance(a[1], (bool, int, str))
            for a in answers
        ):
            raise SerializationError(f"{at}.answers", "expected [key, answer] pairs")
        on = _parse_day(item["on"], f"{at}.on") if "on" in item else None
        pairs = tuple((a[0], a[1]) for a in answers)
        try:
            steps.append(Step(kind=kind, answers=pairs, on=on))
        except InvalidValueError as refused:
            raise SerializationError(f"{at}.on", refused.expected) from None
    return tuple(steps)


_STEP_KEYS: Final = frozenset({"kind", "answers", "on"})

_DEEPEST: Final = 16
"""The most arrays and objects a save nests (it needs 4): a deeper file is refused
before it is parsed, which a browser's small stack might not survive."""


def loads_game(text: str) -> Game:
    """Parse and fully check a save: every step and every undone step must replay.

    Raises:
        SerializationError: the document is not a save of this version, or a
            field, a step or an answer is wrong; names where.
    """
    doc = parse_json(text, deepest=_DEEPEST)
    if not isinstance(doc, dict):
        raise SerializationError("$", "expected a JSON object")
    unknown = sorted(set(doc) - _KEYS)
    if unknown:
        raise SerializationError(f"$.{unknown[0]}", "not a key of a save")
    if doc.get("format") != SAVE_FORMAT:
        raise SerializationError(
            "$.format", f"expected {SAVE_FORMAT!r}, got {doc.get('format')!r}"
        )
    version = doc.get("version")
    if type(version) is not int or version not in (_VERSION, _V2, _V010):
        raise SerializationError(
            "$.version",
            f"expected {_VERSION} (or {_V2}, or {_V010} from lacerda-bot 0.1.0), got "
            f"{version!r}",
        )
    options = structure(_field(doc, "options", dict), Options, path="$.options")
    try:
        game = new_game(_field(doc, "seed", int), options, _field(doc, "goal", str))
    except LacerdaBotError as error:
        raise SerializationError("$", str(error)) from None
    steps = _parse_steps(doc.get("steps"), "$.steps")
    undone = _parse_steps(doc.get("undone"), "$.undone")
    if version != _V010:  # your score asked whole, before it was asked by category
        steps, undone = scored_by_category(steps), scored_by_category(undone)
        # "none" to his Rover's tile, before the tile under his Rover was asked
        steps, undone = asked_under_his_rover(steps), asked_under_his_rover(undone)
    if version == _V010:
        return _converted(attrs.evolve(game, tracking=False), steps, undone)
    tracking = _field(doc, "tracking", bool) if "tracking" in doc else True
    if version == _V2:
        return _converted(attrs.evolve(game, tracking=tracking), steps, undone, _V2)
    game = attrs.evolve(game, steps=steps, undone=undone, tracking=tracking)
    _check_replays(game)
    return game


def _converted(
    game: Game,
    steps: tuple[Step, ...],
    undone: tuple[Step, ...],
    version: int = _V010,
) -> Game:
    """An older game with its steps asked again in today's questions (:mod:`.migrate`).

    Version 1 (0.1.0) by :func:`~.migrate.migrate_step`: a step that does not
    convert refuses the save. Version 2 (his Lab in rows, before spec 1.3) by
    :func:`~.migrate.migrate_v2_step`: his Lab now follows the printed board,
    so a game may go another way than it went with rows (a third Tech he can
    no longer learn, a space whose gain was asked as another's); the game then
    goes on from the last step that replays, and says which steps are to play
    again (the original save is kept beside it, ``FILE.v2``).
    """
    state = _initial(game)
    done: list[Step] = []
    assumed: dict[str, None] = {}
    places = [f"$.steps[{i}]" for i in range(len(steps))]
    places += [f"$.undone[{i}]" for i in range(len(undone))]
    migrate = migrate_v2_step if version == _V2 else migrate_step
    stopped = ""
    for i, (step, where) in enumerate(zip((*steps, *undone), places, strict=True)):
        try:
            new, notes, state = migrate(state, step, i, where)
        except SerializationError as error:
            if version != _V2:
                raise
            stopped = _stopped_at(i, len(steps), error)
            break
        done.append(new)
        assumed.update((note.assumption, None) for note in notes)
    source = "a version 2 save" if version == _V2 else "a lacerda-bot 0.1.0 save"
    words = [f"converted {len(done)} step(s) from {source}", *assumed]
    return attrs.evolve(
        game,
        steps=tuple(done[: len(steps)]),
        undone=tuple(done[len(steps) :]),
        converted=tuple(words),
        converted_from=version,
        replay_stopped=stopped,
    )


def _stopped_at(index: int, played: int, error: SerializationError) -> str:
    """What a version 2 game that stops replaying at step *index* tells the player."""
    if index >= played:
        return (
            "the undone steps from the first that does not replay on the printed Lab"
            f" are dropped ({error})"
        )
    return (
        f"his Lab of rows and the printed Lab go different ways at step {index + 1}"
        f" of {played} ({error}): the game goes on after step {index}; play steps"
        f" {index + 1} to {played} again"
    )


def _check_replays(game: Game) -> None:
    """Replay every step, then every undone step after them (redo must work too)."""
    state = _initial(game)
    places = [f"$.steps[{i}]" for i in range(len(game.steps))]
    places += [f"$.undone[{i}]" for i in range(len(game.undone))]
    for step, where in zip((*game.steps, *game.undone), places, strict=True):
        state, _ = play_step(state, step, where, words=False)


class SaveConflictError(LacerdaBotError):
    """The save file is not as this session left it: another process wrote it.

    Or, for a new game, the file already exists. Nothing was written.
    """

    def __init__(self, path: Path, problem: str) -> None:
        """Say which file and what is wrong with it."""
        super().__init__(f"{display_path(path)}: {problem}")
        self.path = path
        self.problem = problem


def save_game(
    game: Game, path: Path, *, create: bool = False, expect: bytes | None = None
) -> bytes:
    """Write *game* to *path* atomically; return the bytes written.

    The text goes to a new temporary file beside the target (a unique name,
    created exclusively), flushed to disk, and then replaces the target in
    one step, so an interruption leaves the old save whole. A symbolic link is
    written through: its target is replaced.

    With *create*, the file must not exist yet: it appears complete or not at
    all (a hard link of the finished temporary file; where the file system has
    no hard links, an exclusively created placeholder that the finished file
    then replaces), so two new games can never share one file. With *expect*,
    the file must still hold exactly those bytes (what this session read or
    last wrote), so a second session on the same save is refused instead of
    silently losing the other's steps; the check and the replacement happen
    under an exclusive lock on the file where the platform has ``flock``.

    Once the target is replaced the save has happened: a failure to sync the
    folder afterwards is not reported (the data is written and flushed).

    Raises:
        SaveConflictError: *create* and the file exists, or it changed since.
        OSError: the file could not be written (the old save is left whole).
        InvalidValueError: *game* is not a Game, or *path* not a file path.
    """
    data = dumps_game(game).encode("utf-8")
    target = Path(os.path.realpath(checked_path(path)))
    fd, name = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.{os.getpid()}.", suffix=".tmp"
    )
    tmp = Path(name)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        if create:
            _create_from(tmp, target, path)
        else:
            with _locked(target):
                if expect is not None and _current(target) != expect:
                    raise SaveConflictError(
                        path,
                        "changed since this session read it (another lacerda-bot play?)",
                    )
                tmp.replace(target)
    finally:
        tmp.unlink(missing_ok=True)
    with contextlib.suppress(OSError):  # written and replaced: the save stands
        _sync_directory(target.parent)
    return data


def _current(target: Path) -> bytes | None:
    """What the file at *target* holds (``b""`` if absent; ``None`` if not a file)."""
    try:
        return read_regular(target)
    except FileNotFoundError:
        return b""


@contextlib.contextmanager
def _locked(target: Path) -> Iterator[None]:
    """Hold an exclusive lock on the file at *target* (nothing to lock if absent).

    A second session waiting for the lock gets it on the file this one
    replaced; it then reads the new file at *target*, which differs from what
    it expects, and is refused.
    """
    try:  # never waits for a writer, should a pipe have taken the file's place
        fd = os.open(target, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        yield
        return
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


@contextlib.contextmanager
def held(path: Path) -> Iterator[None]:
    """Hold the save at *path* for one session: a second session on it is refused.

    The hold is an exclusive lock on a file beside the save (``.NAME.session``),
    kept open while the session runs; the system lets go of it when the session
    ends, however it ends, so a killed session never leaves the save held.
    Where the platform has no ``flock``, or that file cannot be made (a
    read-only folder, where no save can be written either), nothing is held.

    Raises:
        SaveConflictError: another session holds the save.
    """
    target = Path(os.path.realpath(path))
    try:
        fd = os.open(
            target.with_name(f".{target.name}.session"), os.O_RDWR | os.O_CREAT
        )
    except OSError:
        fd = None
    try:
        if fd is not None and fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise SaveConflictError(
                    path,
                    "open in another lacerda-bot play session; quit that one first",
                ) from None
        yield
    finally:
        if fd is not None:
            os.close(fd)


def _create_from(tmp: Path, target: Path, path: Path) -> None:
    """Put the finished *tmp* at *target*, which must not exist yet."""
    try:
        os.link(tmp, target)
        return
    except FileExistsError:
        raise SaveConflictError(path, "already exists") from None
    except OSError as error:
        if error.errno not in _NO_LINKS:
            raise
    try:  # no hard links here: claim the name, then fill it in one step
        os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
    except FileExistsError:
        raise SaveConflictError(path, "already exists") from None
    tmp.replace(target)


_NO_LINKS: Final = frozenset(
    {errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV}
)
"""What ``link`` raises where a file system has no hard links (FAT, some mounts)."""


def remove_stale_temporaries(path: Path) -> int:
    """Remove the temporary files a killed session left beside *path*; how many.

    Only files of :func:`save_game`'s own pattern (``.NAME.PID.XXXX.tmp``,
    NAME matched literally) whose process is no longer alive are removed.
    """
    target = Path(os.path.realpath(path))
    prefix = f".{target.name}."
    removed = 0
    for tmp in target.parent.glob(glob.escape(prefix) + "*.tmp"):
        middle = tmp.name[len(prefix) : -len(".tmp")]
        pid = middle.partition(".")[0]
        if not pid.isascii() or not pid.isdigit() or _alive(int(pid)):
            continue
        tmp.unlink(missing_ok=True)
        removed += 1
    return removed


def _alive(pid: int) -> bool:
    """Whether process *pid* exists (signal 0 probes without sending anything)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def _sync_directory(folder: Path) -> None:
    """Make the rename durable where the platform allows opening a directory."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - e.g. Windows
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def load_game(path: Path) -> Game:
    """Read and check the save at *path*; it is never modified.

    Raises:
        SerializationError: the file cannot be read (or is not a file) or fails
            a check; the message names the problem.
        InvalidValueError: *path* is not a file name.
    """
    data = read_save(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SerializationError("$", f"cannot read the file ({error})") from None
    return loads_game(text)
