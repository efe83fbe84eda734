"""File names and messages made safe to print: one line, escaped, ready to paste."""

import os
import shutil
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lacerda_bot.table._game.printable import (
    display_path,
    make_streams_tolerant,
    printable,
    quote_path,
)

# Names as a POSIX file system gives them to Python: any text without NUL or "/",
# bytes that are not UTF-8 kept as lone surrogates (U+DC80 to U+DCFF).
names = (
    st.binary(min_size=1, max_size=12)
    .filter(lambda b: b"\x00" not in b and b"/" not in b)
    .map(os.fsdecode)
)


@given(names)
def test_a_name_is_shown_on_one_printable_line(name: str) -> None:
    """No control character, newline or lone surrogate survives; plain names stay."""
    shown, quoted = display_path(name), quote_path(name)

    assert shown.isprintable()
    assert quoted.isprintable()
    assert (shown == name) is name.isprintable()
    shown.encode("utf-8")  # a UTF-8 terminal takes it


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
@given(names)
def test_a_quoted_name_pastes_back_as_the_same_bytes(name: str) -> None:
    """The shell reads the quoted word back as the very name (its bytes)."""
    done = subprocess.run(
        ["bash", "-c", f"printf %s {quote_path(name)}"],
        capture_output=True,
        check=True,
    )

    assert done.stdout == os.fsencode(name)


@given(st.text())
def test_a_message_is_one_printable_line(text: str) -> None:
    """Every character that is not printable is escaped; printable text is kept."""
    shown = printable(text)

    assert shown.isprintable()
    assert (shown == text) is text.isprintable()


def test_streams_take_odd_bytes_in_and_out() -> None:
    """A strict UTF-8 stdin and stdout, made tolerant: no UnicodeError either way."""
    code = (
        "import sys\n"
        "from lacerda_bot.table._game.printable import make_streams_tolerant\n"
        "make_streams_tolerant()\n"
        "line = sys.stdin.readline()\n"
        "print(line.strip(), '\\udcff')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        input=b"\xff\xfe\n",
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        check=False,
        timeout=120,
    )

    assert done.returncode == 0, done.stderr
    assert done.stdout == b"\\udcff\\udcfe \\udcff\n"


def test_other_streams_are_left_as_they_are(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stream that is not a text wrapper (a test's capture) is not touched."""
    import io

    fake = io.StringIO()
    monkeypatch.setattr(sys, "stdout", fake)
    make_streams_tolerant()

    assert sys.stdout is fake
