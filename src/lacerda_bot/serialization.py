"""JSON for every public value: ``dumps``/``loads`` through a private cattrs converter.

A document is an envelope ``{"format": "lacerda_bot", "version": 1, "type":
"BotState", "data": {...}}``. :func:`loads` refuses a truncated, corrupt,
foreign or wrong-version document, or one of another type, with a
:class:`~lacerda_bot.errors.SerializationError` naming the failing path;
nothing half-built is returned (R-DECK-6).
"""

import functools
import json
from typing import Any, Final, TypeVar

import cattrs
from cattrs.preconf.json import make_converter as _json_converter
from cattrs.strategies import configure_tagged_union
from cattrs.v import format_exception

from lacerda_bot.decisions import Decision
from lacerda_bot.errors import LacerdaBotError, SerializationError
from lacerda_bot.hexmap import Hex, canonical

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "dumps",
    "loads",
    "make_converter",
    "structure",
    "unstructure",
]

T = TypeVar("T")

FORMAT: Final = "lacerda_bot"
FORMAT_VERSION: Final = 1
"""Bumped, with a CHANGELOG entry, whenever a stored document would load differently."""


def make_converter(*, detailed_validation: bool = True) -> cattrs.Converter:
    """A fresh converter for lacerda_bot's values (never a global one).

    Decisions are tagged by class name under ``"type"``; hex sets are sorted
    lists so equal values give equal JSON. *detailed_validation* makes errors
    name the failing path, at some cost in speed.
    """
    converter = _json_converter(
        forbid_extra_keys=True, detailed_validation=detailed_validation
    )
    converter.register_unstructure_hook_func(
        lambda t: t == frozenset[Hex],
        lambda hexes: [converter.unstructure(h) for h in canonical(hexes)],
    )
    configure_tagged_union(Decision, converter, tag_name="type")
    return converter


@functools.cache
def _converter(*, detailed: bool = True) -> cattrs.Converter:
    """The converters ``dumps``/``loads`` share: built once, never changed afterwards.

    Building a converter generates code for every class, so doing it per call
    would dominate a save; callers who want to customise one use
    :func:`make_converter`, which always returns a fresh converter.
    """
    return make_converter(detailed_validation=detailed)


def dumps(value: object, *, indent: int | None = None) -> str:
    """Serialise a lacerda_bot value (bot state, outcome, decision, board...) to JSON.

    >>> from lacerda_bot import new_bot, BotState
    >>> loads(dumps(new_bot(7)), BotState) == new_bot(7)
    True
    """
    converter = _converter()
    data = converter.unstructure(value, unstructure_as=type(value))
    envelope = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "type": type(value).__name__,
        "data": data,
    }
    separators = (",", ":") if indent is None else None
    return json.dumps(
        envelope, indent=indent, separators=separators, ensure_ascii=False
    )


def loads(text: str | bytes, cls: type[T]) -> T:
    """Load a value of type *cls* from JSON written by :func:`dumps`.

    Raises:
        SerializationError: the document is not JSON, not ours, of another
            version or type, or a field is missing or invalid; the message
            names the path (``$.data.draw_pile[3]``) and the problem.
    """
    try:
        document = json.loads(text)
    except (ValueError, TypeError) as error:
        raise SerializationError("$", f"not valid JSON ({error})") from None
    return structure(_open_envelope(document, cls), cls, path="$.data")


def unstructure(value: object) -> Any:
    """*value* as plain JSON data (dicts, lists, strings, numbers), as :func:`dumps` writes it.

    For embedding lacerda_bot values in documents of your own.

    >>> from lacerda_bot import new_bot
    >>> unstructure(new_bot(7))["draw_pile"][:3]
    [9, 2, 12]
    """
    return _converter().unstructure(value, unstructure_as=type(value))


def structure(data: object, cls: type[T], *, path: str = "$") -> T:
    """Build a *cls* value from JSON data written by :func:`unstructure`.

    Raises:
        SerializationError: a field is missing or invalid; the message names
            its path under *path*.
    """
    try:
        return _converter(detailed=False).structure(data, cls)
    except Exception:
        pass
    converter = _converter()
    try:
        return converter.structure(data, cls)
    except cattrs.BaseValidationError as error:
        problems = cattrs.transform_error(error, path=path, format_exception=_describe)
        raise SerializationError(*_split(problems[0], path)) from None
    except (LacerdaBotError, ValueError, TypeError, KeyError) as error:
        raise SerializationError(path, str(error)) from None


def _open_envelope(document: Any, cls: type) -> Any:
    if not isinstance(document, dict):
        raise SerializationError("$", "expected a JSON object")
    checks = (
        ("format", FORMAT),
        ("version", FORMAT_VERSION),
        ("type", cls.__name__),
    )
    for key, expected in checks:
        if key not in document:
            raise SerializationError(f"$.{key}", "missing")
        if document[key] != expected:
            raise SerializationError(
                f"$.{key}", f"expected {expected!r}, got {document[key]!r}"
            )
    if "data" not in document:
        raise SerializationError("$.data", "missing")
    return document["data"]


def _describe(error: BaseException, cls: type | None) -> str:
    """Our own validation errors already name the field; cattrs words the rest."""
    if isinstance(error, LacerdaBotError):
        return str(error)
    return format_exception(error, cls)


def _split(problem: str, root: str) -> tuple[str, str]:
    """Cattrs says ``"what @ $.path"``; return (path, what)."""
    what, _, path = problem.rpartition(" @ ")
    return (path, what) if what else (root, problem)
