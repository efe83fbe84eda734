r"""File names and messages made safe to print on a terminal.

A file name may hold anything but ``/`` and NUL: a newline (so that one name
prints as two lines, and a listing shows a game that does not exist), escape
sequences a terminal acts on, or bytes that are not UTF-8 (which Python keeps
as lone surrogates, and which a UTF-8 stream refuses to write). A name made
only of printable characters is shown as it is; any other is shown in the
shell's ``$'...'`` quoting, each such character escaped (a byte that is not
UTF-8 as ``\xHH``), so the name is one line and can be pasted into a command.

>>> display_path("lacerda-7.json")
'lacerda-7.json'
>>> print(display_path("two\nlines.json"))
$'two\nlines.json'
>>> print(display_path(b"caf\xe9.json".decode("utf-8", "surrogateescape")))
$'caf\xe9.json'
>>> print(quote_path("my game.json"))
'my game.json'
>>> print(printable("line one\nline two"))
line one\nline two
"""

import io
import os
import shlex
import sys
from typing import Final

__all__ = ["display_path", "make_streams_tolerant", "printable", "quote_path"]

_NAMED: Final = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\x1b": "\\e"}


def _escape(char: str) -> str:
    """One character that is not printable, as the shell's ``$'...'`` writes it."""
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    if char in _NAMED:
        return _NAMED[char]
    if code < 0x80:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def printable(text: str) -> str:
    """*text* on one line: every character that is not printable escaped.

    For messages that quote what a file or a player gave (a key, a name).
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else _escape(c) for c in text)


def _name(path: "os.PathLike[str] | str") -> str:
    return os.fspath(path)


def _ansi_c(name: str) -> str:
    """*name* in the shell's ``$'...'`` quoting."""
    body = "".join(
        _escape(c) if not c.isprintable() else "\\" + c if c in "\\'" else c
        for c in name
    )
    return f"$'{body}'"


def display_path(path: "os.PathLike[str] | str") -> str:
    """*path* as a message shows it: as it is if printable, else ``$'...'`` quoted."""
    name = _name(path)
    return name if name.isprintable() else _ansi_c(name)


def quote_path(path: "os.PathLike[str] | str") -> str:
    """*path* as one shell word, to paste into a command (``--resume ...``)."""
    name = _name(path)
    return shlex.quote(name) if name.isprintable() else _ansi_c(name)


def make_streams_tolerant() -> None:
    """Standard streams that never raise on odd text: no traceback reaches a player.

    Input bytes that are not UTF-8 are kept as escapes (an answer made of them
    is refused like any other), and output that the terminal's encoding cannot
    write is written with backslash escapes; file names are made printable
    before they are written (:func:`display_path`). For a command's entry point.
    """
    for stream, errors in (
        (sys.stdin, "surrogateescape"),
        (sys.stdout, "backslashreplace"),
        (sys.stderr, "backslashreplace"),
    ):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors=errors)
