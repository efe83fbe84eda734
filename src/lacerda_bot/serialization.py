"""JSON for every public value: ``dumps``/``loads`` through a private cattrs converter.

A document is an envelope ``{"format": "lacerda_bot", "version": 1, "type":
"BotState", "data": {...}}``. :func:`loads` refuses a truncated, corrupt,
foreign or wrong-version document, or one of another type, with a
:class:`~lacerda_bot.errors.SerializationError` naming the failing path;
nothing half-built is returned (R-DECK-6).
"""

import functools
import json
import typing
from collections.abc import Callable
from typing import Any, Final, Never, TypeVar

import cattrs
from cattrs.preconf.json import make_converter as _json_converter
from cattrs.v import format_exception

from lacerda_bot.decisions import DECISION_TYPES, Described
from lacerda_bot.errors import (
    InvalidValueError,
    LacerdaBotError,
    SerializationError,
)
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
    converter.register_structure_hook_factory(_names_never, _structure_named)
    converter.register_structure_hook_factory(_may_describe, _structure_described)
    converter.register_unstructure_hook_func(_is_decision_union, _tagged(converter))
    converter.register_structure_hook_factory(_is_decision_union, _untagged)
    return converter


def _union_args(t: object) -> tuple[object, ...]:
    origin = typing.get_origin(t)
    return typing.get_args(t) if origin is typing.Union else ()


def _names_never(t: object) -> bool:
    """A host value's type ``X | Never`` (see :data:`lacerda_bot.decisions.D`)."""
    return Never in _union_args(t)


def _structure_named(t: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """Structure ``X | Never`` as ``X``: a host's decisions name things themselves."""
    rest = tuple(a for a in _union_args(t) if a is not Never)
    inner: Any = rest[0] if len(rest) == 1 else typing.Union[rest]  # noqa: UP007
    hook = converter.get_structure_hook(inner)
    return lambda value, _: hook(value, inner)


def _may_describe(t: object) -> bool:
    """A table value's type ``X | Described`` (see :class:`~lacerda_bot.decisions.Described`)."""
    return Described in _union_args(t)


def _structure_described(
    t: Any, converter: cattrs.Converter
) -> Callable[[Any, Any], Any]:
    """Structure ``X | Described``: a description is the object with a ``criterion``."""
    rest = tuple(a for a in _union_args(t) if a is not Described)
    inner: Any = rest[0] if len(rest) == 1 else typing.Union[rest]  # noqa: UP007
    named = converter.get_structure_hook(inner)
    described = converter.get_structure_hook(Described)

    def structure(value: Any, _: Any) -> Any:
        if isinstance(value, dict) and "criterion" in value:
            return described(value, Described)
        return named(value, inner)

    return structure


def _is_decision_union(t: object) -> bool:
    """The :data:`~lacerda_bot.decisions.Decision` union, in any parametrisation."""
    args = _union_args(t)
    return bool(args) and all(
        (typing.get_origin(a) or a) in DECISION_TYPES for a in args
    )


def _tagged(converter: cattrs.Converter) -> Callable[[Any], Any]:
    """A decision as its fields plus ``"type"``: its class name (JSON tags)."""

    def unstructure(decision: Any) -> Any:
        data = converter.unstructure(decision, unstructure_as=type(decision))
        data["type"] = type(decision).__name__
        return data

    return unstructure


def _untagged(t: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """The member of union *t* named by ``"type"``, built from the other fields."""
    by_tag: dict[str, Any] = {
        getattr(typing.get_origin(a) or a, "__name__", ""): a for a in _union_args(t)
    }

    def structure(data: Any, _: Any) -> Any:
        if not isinstance(data, dict):
            raise InvalidValueError("decision", "a decision object", data)
        fields = dict(data)
        tag = fields.pop("type", None)
        cls = by_tag.get(tag) if isinstance(tag, str) else None
        if cls is None:
            raise InvalidValueError("type", "the name of a decision class", tag)
        return converter.structure(fields, cls)

    return structure


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
    except (
        LacerdaBotError,
        ValueError,
        TypeError,
        KeyError,
        cattrs.StructureHandlerNotFoundError,
    ) as error:
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
