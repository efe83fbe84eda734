"""Files a table game reads and keeps: only regular files, never a link followed to write.

A save named by a player may be anything the file system holds: a folder, a
pipe (which a plain read waits on forever, for a writer that never comes), a
device, a link. :func:`read_save` reads only a regular file, opened without
waiting and checked on the open descriptor, so what is read is what was
checked. :func:`keep_copy` puts a copy beside a file under a name it creates
exclusively, so nothing already there (a file, a folder, a pipe, a link, even
a dangling one) is overwritten or written through.
"""

import contextlib
import errno
import os
import shutil
import stat
from pathlib import Path
from typing import Final

from lacerda_bot.errors import InvalidValueError, SerializationError
from lacerda_bot.table._game.printable import display_path

__all__ = ["MAX_SAVE_BYTES", "checked_path", "keep_copy", "read_regular", "read_save"]

_NONBLOCK: Final = getattr(os, "O_NONBLOCK", 0)
_NOCTTY: Final = getattr(os, "O_NOCTTY", 0)
MAX_SAVE_BYTES: Final = 64 << 20
"""The largest save read (64 MiB; a whole game's answers take some kilobytes)."""
_MOST_COPIES: Final = 100
"""How many names :func:`keep_copy` tries beside a file before giving up."""


def checked_path(path: object) -> Path:
    """*path* as a :class:`~pathlib.Path`, if it can name a file.

    Raises:
        InvalidValueError: *path* is not text or a path, is empty, or holds a
            NUL character (no file can have one); names ``path``.
    """
    name = os.fspath(path) if isinstance(path, (str, os.PathLike)) else None
    if not isinstance(name, str) or not name or "\x00" in name:
        raise InvalidValueError("path", "a file name (text, no NUL character)", path)
    return Path(name)


def read_regular(path: Path) -> bytes | None:
    """The bytes of the regular file at *path*, or ``None`` if it is something else.

    Raises:
        OSError: *path* cannot be opened or read (missing, no permission...),
            or holds more than :data:`MAX_SAVE_BYTES` (``EFBIG``: no save is
            that large, and reading it whole could exhaust memory).
    """
    fd = os.open(path, os.O_RDONLY | _NONBLOCK | _NOCTTY)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        with os.fdopen(fd, "rb") as handle:
            fd = -1  # the handle closes it
            data = handle.read(MAX_SAVE_BYTES + 1)
        if len(data) > MAX_SAVE_BYTES:
            message = f"larger than {MAX_SAVE_BYTES} bytes, no save is"
            raise OSError(errno.EFBIG, message)
        return data
    finally:
        if fd >= 0:
            os.close(fd)


def read_save(path: Path) -> bytes:
    """The bytes of the save file at *path*, read once; it is never modified.

    Only a regular file (or a link to one) is read: a folder, a pipe or a
    device is refused at once, without waiting for it.

    Raises:
        SerializationError: the file cannot be read, or is not a file; at ``$``.
        InvalidValueError: *path* is not a file name.
    """
    target = checked_path(path)
    try:
        data = read_regular(target)
    except OSError as error:
        raise SerializationError("$", f"cannot read the file ({error})") from None
    if data is None:
        kind = "a folder" if target.is_dir() else "a pipe, a socket or a device"
        raise SerializationError(
            "$", f"cannot read the file (it is {kind}, not a file)"
        )
    return data


def keep_copy(path: Path, data: bytes, suffix: str) -> Path:
    """Keep *data* beside *path* as ``NAME{suffix}``, or ``NAME{suffix}.1``, ...; where.

    A name that already holds exactly *data* (a regular file, not a link) is
    kept as it is; any other taken name is left alone and the next is tried.
    The new file is created exclusively, written and synced, with the times
    and mode of *path*.

    Raises:
        OSError: no copy can be written (a partial one is removed), or no
            name is free after 100 tries.
    """
    for copies in range(_MOST_COPIES):
        kept = path.with_name(f"{path.name}{suffix}{f'.{copies}' if copies else ''}")
        if _holds(kept, data):
            return kept
        if _write_new(kept, data):
            with contextlib.suppress(OSError):  # its times and mode, as a copy keeps
                shutil.copystat(path, kept)
            return kept
    msg = f"no free name to keep a copy of {display_path(path)}"
    raise OSError(msg)


def _holds(path: Path, data: bytes) -> bool:
    """Whether *path* is a regular file (not a link) holding exactly *data*."""
    if path.is_symlink():
        return False
    try:
        return read_regular(path) == data
    except OSError:
        return False


def _write_new(path: Path, data: bytes) -> bool:
    """Create *path* holding *data*; False if the name is taken (by anything).

    Raises:
        OSError: the file cannot be created or written (a partial one is removed).
    """
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:  # a file, a folder, a pipe or a link, even dangling
        return False
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except OSError:
        path.unlink(missing_ok=True)
        raise
    return True
