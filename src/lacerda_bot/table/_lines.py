r"""Text laid out for a terminal: wrapped on its visible width, never inside a choice.

Colour codes take no columns on screen, so lines are measured without them
(:func:`visible_width`) and wrapped by :func:`wrap`. A choice list is laid
out by :func:`unbroken`: each choice is kept whole and a line may break only
between choices; a short answer reminder is kept on one line (:func:`whole`). A prompt given to :func:`input` marks its colour codes for
readline (:func:`for_readline`), which would otherwise count them as columns
and redraw over the line above when typing passes the prompt.

>>> wrap("\x1b[1mHis turn\x1b[0m: build a Mine", 14, "  ")
['\x1b[1mHis turn\x1b[0m:', '  build a Mine']
>>> wrap(unbroken("[water extractor/mine]", ("water extractor", "mine")), 12, "")
['[water extractor/', 'mine]']
"""

import re
from collections.abc import Sequence
from typing import Final

__all__ = ["for_readline", "shown", "unbroken", "visible_width", "whole", "wrap"]

_COLOUR: Final = re.compile(r"\x1b\[[0-9;]*m")
"""An ANSI colour code (SGR), the only escape codes the terminal prints."""

_KEEP: Final = "\xa0"
"""Inside a choice: a space where no line may break, printed as a space."""
_MAY_BREAK: Final = "\u200b"
"""After a choice's separator: a line may break here; printed as nothing."""
_BREAKS: Final = re.compile(f"( |{_MAY_BREAK})")


def visible_width(text: str) -> int:
    """The columns *text* takes on screen: its length without colour codes."""
    return len(_COLOUR.sub("", text))


def unbroken(text: str, choices: Sequence[str]) -> str:
    """*text* with each of *choices* in it kept whole, and a break allowed after ``/``."""
    for choice in sorted(choices, key=len, reverse=True):
        text = text.replace(choice, choice.replace(" ", _KEEP))
    return text.replace("/", "/" + _MAY_BREAK)


def whole(text: str) -> str:
    """*text* kept on one line: a short answer reminder such as ``[y/n]``.

    >>> wrap("Is it? " + whole("[no/1-250]"), 12, "")
    ['Is it?', '[no/1-250]']
    """
    return text.replace(" ", _KEEP)


def wrap(line: str, width: int, indent: str) -> list[str]:
    """*line* in lines of at most *width* visible columns; continuations get *indent*.

    Lines break at spaces (dropped) and where :func:`unbroken` allows; a word
    wider than the line stays whole. The line's own leading spaces are kept.
    """
    body = line.lstrip(" ")
    parts = _BREAKS.split(body)
    words, gaps = parts[::2], ["", *parts[1::2]]
    lines: list[str] = []
    current = line[: len(line) - len(body)]
    started = False
    for word, gap in zip(words, gaps, strict=True):
        joined = (
            current + (gap if gap == " " else "") + word if started else current + word
        )
        if started and visible_width(joined) > width:
            lines.append(current)
            current = indent + word
        else:
            current = joined
        started = started or bool(word)
    lines.append(current)
    return [shown(part) for part in lines]


def shown(text: str) -> str:
    """*text* as printed: the marks of :func:`unbroken` taken out."""
    return text.replace(_KEEP, " ").replace(_MAY_BREAK, "")


def for_readline(prompt: str) -> str:
    r"""*prompt* with each colour code between ``\001`` and ``\002``.

    Readline counts what lies between them as taking no column.
    """
    return _COLOUR.sub(lambda code: f"\x01{code.group()}\x02", prompt)
