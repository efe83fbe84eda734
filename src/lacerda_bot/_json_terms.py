"""Values and places in JSON terms, for the error messages a JSON client reads.

A host that speaks JSON never sees a Python object, so an error it reads must
show the value it sent as it sent it: ``{"q": 40, "r": 40}``, not
``Hex(q=40, r=40)``; ``true`` and ``null``, not ``True`` and ``None``;
``"laser"``, not ``'laser'``. :func:`json_term` writes any value the library
refuses that way (an enum member as its value, a record as its fields, a
tuple as a list, a set of hexes in canonical order), and :func:`key_path`
extends a JSON path by one key.

:func:`first_problem` finds, in the errors cattrs gathers while building a
value, the JSON path of the first one and its wording: down to the item a
validator refused (``$.bot.draw_pile[2]``, not ``$.bot``).

``str()`` of a library error stays in Python terms, for Python callers (a
``list`` given where a ``tuple`` is declared must read as one); the serve
protocol and :func:`lacerda_bot.loads` word theirs with these.
"""

import enum
import json
import re
import typing
from collections.abc import Mapping
from typing import Final

import attrs
import cattrs
from cattrs.v import format_exception

from lacerda_bot.errors import (
    InvalidHostStateError,
    InvalidValueError,
    LacerdaBotError,
)
from lacerda_bot.hexmap import Hex, canonical

__all__ = [
    "MAX_TERM_CHARS",
    "RefusedError",
    "first_problem",
    "json_term",
    "key_path",
    "one_of",
]

MAX_TERM_CHARS: Final = 120
"""The longest value shown in a message: a longer one is cut, ending in ``...``."""

_IDENTIFIER: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class _NotJsonError(TypeError):
    """A value with no JSON form (a function, a host's own object)."""


def json_term(value: object, *, limit: int = MAX_TERM_CHARS) -> str:
    """*value* as compact JSON text (its ``repr`` if it has no JSON form), cut at *limit*.

    >>> json_term(Hex(40, 40)), json_term(True), json_term(None), json_term("laser")
    ('{"q": 40, "r": 40}', 'true', 'null', '"laser"')
    >>> json_term(list(range(100)), limit=12)
    '[0, 1, 2,...'
    """
    try:
        text = json.dumps(_data(value), ensure_ascii=False)
    except (_NotJsonError, ValueError, RecursionError):
        text = repr(value)
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate: escape it, as JSON may
            text = json.dumps(_data(value))
    return text if len(text) <= limit else f"{text[: limit - 3]}..."


def one_of(values: object) -> str:
    """``one of "a", "b", "c"``: each of *values* (an enum: its members) in JSON terms."""
    if isinstance(values, type) and issubclass(values, enum.Enum):
        shown = [json_term(member.value) for member in values]
    else:
        assert isinstance(values, tuple | list)
        shown = [json_term(v) for v in values]
    return f"one of {', '.join(shown)}"


def key_path(path: str, key: str) -> str:
    """*path* extended by object key *key*: ``$.view`` or, if not a name, ``$["a b"]``."""
    if _IDENTIFIER.fullmatch(key):
        return f"{path}.{key}"
    return f"{path}[{json.dumps(key)}]"


def _data(value: object) -> object:
    """*value* as JSON data (as :func:`~lacerda_bot.serialization.unstructure` writes it)."""
    if isinstance(value, enum.Enum):  # first: a StrEnum's member is a str too
        return _data(value.value)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    kind = type(value)
    if attrs.has(kind):
        return {
            a.alias: _data(getattr(value, a.name)) for a in attrs.fields(kind) if a.init
        }
    if isinstance(value, frozenset | set):
        if all(isinstance(v, Hex) for v in value):
            return [_data(h) for h in canonical(value)]
        return sorted((_data(v) for v in value), key=json.dumps)
    if isinstance(value, tuple | list):
        return [_data(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _data(v) for k, v in value.items()}
    raise _NotJsonError(type(value).__name__)


class RefusedError(ValueError):
    """A JSON value that is not what ``dumps`` writes there; the message says why.

    *at* extends the value's path to the part of it refused: ``.type``, ``[2]``.
    """

    def __init__(self, message: str, *, at: str = "") -> None:
        """Build the error from what is wrong, and where within the value (*at*)."""
        super().__init__(message)
        self.at = at


def first_problem(error: BaseException, path: str, cls: object) -> tuple[str, str]:
    """The JSON path of the first problem in *error* at *path* (a *cls* value), and what it is.

    Walks cattrs' tree of errors as :func:`cattrs.transform_error` does, each
    field adding ``.name`` and each item ``[i]``, down to the first error
    that is not one of cattrs' groups.
    """
    while isinstance(
        error, cattrs.ClassValidationError | cattrs.IterableValidationError
    ):
        if isinstance(error, cattrs.ClassValidationError):
            fields, unnoted = error.group_exceptions()
            if not fields:  # raised by the class itself: a validator
                cls, error = error.cl, unnoted[0]
                break
            error, field = fields[0]
            path, cls = f"{path}.{field.name}", field.type
        else:
            items, unnoted = error.group_exceptions()
            if not items:
                error = unnoted[0]
                break
            error, item = items[0]
            path, cls = f"{path}[{item.index!r}]", item.type
    return _problem(error, path, cls)


def _problem(error: BaseException, path: str, cls: object) -> tuple[str, str]:
    """The path of *error*, raised for a *cls* value at *path*, and its wording in JSON terms.

    A validator's error names its field (``Tile.crystal_cost``,
    ``draw_pile[2]``): its path goes on to that field, when it is one of
    *cls*; cattrs words the errors that are neither ours nor a validator's.
    """
    if isinstance(error, InvalidValueError | InvalidHostStateError):
        problem = f"expected {error.expected}, got {json_term(error.value)}"
        within = _within(error.field, cls)
        if within is None:
            return path, f"{error.field}: {problem}"
        return f"{path}.{within}", problem
    if isinstance(error, RefusedError):
        return f"{path}{error.at}", str(error)
    if isinstance(error, cattrs.ForbiddenExtraKeysError):
        extra = sorted(error.extra_fields)[0]
        return key_path(path, extra), f"not a key of a {error.cl.__name__}"
    if isinstance(error, LacerdaBotError):
        return path, str(error)
    return path, format_exception(error, cls if isinstance(cls, type) else None)


_FIELD_PATH: Final = re.compile(
    r"(?:[A-Z][A-Za-z0-9]*\.)?"  # the class, as a record's validator names it
    r"(?P<name>[a-z_][a-z0-9_]*)(?:\[\d+\]|\.[a-z_][a-z0-9_]*)*"
)


def _within(field: str, cls: object) -> str | None:
    """*field* as a path within a *cls* value (``crystal_cost`` for ``Tile.crystal_cost``).

    ``None`` if *field* is no field of *cls* (``draw_pile + discard_pile``),
    or *cls* is not an attrs class (nor a union holding one).
    """
    match = _FIELD_PATH.fullmatch(field)
    if match is None:
        return None
    for kind in (cls, *typing.get_args(cls)):
        origin = typing.get_origin(kind) or kind
        if (
            isinstance(origin, type)
            and attrs.has(origin)
            and match["name"] in attrs.fields_dict(origin)
        ):
            return field[match.start("name") :]
    return None
