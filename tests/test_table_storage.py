"""Files a table game reads and keeps: regular files only, copies never written through."""

import os
import socket
from pathlib import Path

import pytest

from lacerda_bot.errors import InvalidValueError, SerializationError
from lacerda_bot.table._game.storage import (
    checked_path,
    keep_copy,
    read_regular,
    read_save,
)


def a_socket(path: Path) -> socket.socket:
    """A Unix socket bound at *path* (the caller closes it)."""
    bound = socket.socket(socket.AF_UNIX)
    bound.bind(str(path))
    return bound


@pytest.mark.parametrize("kind", ["folder", "pipe", "socket", "device"])
def test_only_a_regular_file_is_read(tmp_path: Path, kind: str) -> None:
    """A folder, a pipe, a socket or a device is refused at once, naming what it is."""
    path = tmp_path / "x.json"
    opened = None
    if kind == "folder":
        path.mkdir()
    elif kind == "pipe":
        os.mkfifo(path)
    elif kind == "socket":
        opened = a_socket(path)
    else:
        path = Path(os.devnull)
    try:
        with pytest.raises(SerializationError, match="cannot read the file") as caught:
            read_save(path)
    finally:
        if opened is not None:
            opened.close()

    assert caught.value.path == "$"


def test_read_regular_tells_a_file_from_anything_else(tmp_path: Path) -> None:
    """The bytes of a file; None for a folder; OSError for a missing name."""
    (tmp_path / "f").write_bytes(b"abc")

    assert read_regular(tmp_path / "f") == b"abc"
    assert read_regular(tmp_path) is None
    with pytest.raises(FileNotFoundError):
        read_regular(tmp_path / "missing")


@pytest.mark.parametrize("given", ["", "a\x00b", 5, None, b"name"])
def test_a_name_no_file_can_have_is_refused(given: object) -> None:
    """Empty, holding a NUL, or not text: InvalidValueError naming the path."""
    with pytest.raises(InvalidValueError) as caught:
        checked_path(given)

    assert caught.value.field == "path"


@pytest.mark.parametrize("taken_by", ["file", "folder", "pipe", "socket", "link"])
def test_a_copy_goes_to_the_next_free_name(tmp_path: Path, taken_by: str) -> None:
    """Whatever holds the first name is left alone; the copy takes the next one."""
    original = tmp_path / "old.json"
    original.write_bytes(b"original")
    taken = tmp_path / "old.json.bak"
    opened = None
    if taken_by == "file":
        taken.write_bytes(b"another original")
    elif taken_by == "folder":
        taken.mkdir()
    elif taken_by == "pipe":
        os.mkfifo(taken)
    elif taken_by == "socket":
        opened = a_socket(taken)
    else:
        taken.symlink_to(tmp_path / "elsewhere")
    try:
        kept = keep_copy(original, b"original", ".bak")
    finally:
        if opened is not None:
            opened.close()

    assert kept == tmp_path / "old.json.bak.1"
    assert kept.read_bytes() == b"original"
    assert not (tmp_path / "elsewhere").exists()
    if taken_by == "file":
        assert taken.read_bytes() == b"another original"


def test_a_copy_already_kept_is_kept_once(tmp_path: Path) -> None:
    """The same bytes under the first name: that name, and no second copy."""
    original = tmp_path / "old.json"
    original.write_bytes(b"original")

    assert keep_copy(original, b"original", ".bak") == tmp_path / "old.json.bak"
    assert keep_copy(original, b"original", ".bak") == tmp_path / "old.json.bak"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.json", "old.json.bak"]


def test_a_link_to_the_same_bytes_is_not_taken_for_the_copy(tmp_path: Path) -> None:
    """A link is never the kept copy, even to a file holding the same bytes."""
    original = tmp_path / "old.json"
    original.write_bytes(b"original")
    (tmp_path / "old.json.bak").symlink_to(original)

    assert keep_copy(original, b"original", ".bak") == tmp_path / "old.json.bak.1"


def test_no_free_name_is_an_error(tmp_path: Path) -> None:
    """After 100 taken names, OSError says so; nothing is written."""
    original = tmp_path / "old.json"
    original.write_bytes(b"original")
    (tmp_path / "old.json.bak").mkdir()
    for n in range(1, 100):
        (tmp_path / f"old.json.bak.{n}").mkdir()

    with pytest.raises(OSError, match="no free name to keep a copy of"):
        keep_copy(original, b"original", ".bak")
    assert not any(p.is_file() for p in tmp_path.iterdir() if p != original)


def test_a_failed_write_leaves_no_partial_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A copy that cannot be written is removed and the error raised."""
    original = tmp_path / "old.json"
    original.write_bytes(b"original")

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError, match="No space left"):
        keep_copy(original, b"original", ".bak")
    assert [p.name for p in tmp_path.iterdir()] == ["old.json"]
