"""JSON for every public value: ``dumps``/``loads`` through a private cattrs converter.

A document is an envelope ``{"format": "lacerda_bot", "version": 1, "type":
"BotState", "data": {...}}``. :func:`loads` refuses a truncated, corrupt,
foreign or wrong-version document, or one of another type, with a
:class:`~lacerda_bot.errors.SerializationError` naming the failing path;
nothing half-built is returned (R-DECK-6).

Loading is strict: a document loads only if it is what :func:`dumps` writes
for some valid value, up to whitespace and key order. So:

* every JSON type is exact: ``true`` is no number, ``7.9`` and ``"7"`` are
  no integer, ``"false"`` is no boolean, a string is no list;
* every field is present (a field with a default too: ``dumps`` writes them
  all), and no other key is (``forbid_extra_keys``);
* a key appears once in an object (JSON allows duplicates; we refuse them);
* a set of hexes is listed once each, in canonical order, as ``dumps`` writes it;
* nesting deeper than Python's parser allows is refused, not a crash.
"""

import enum
import functools
import importlib
import json
import re
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, Never, TypeVar

import attrs
import cattrs
from cattrs.cols import homogenous_tuple_structure_factory, is_any_set, is_sequence
from cattrs.gen import make_dict_structure_fn
from cattrs.preconf.json import make_converter as _json_converter

from lacerda_bot._json_terms import (
    RefusedError,
    first_problem,
    json_term,
    key_path,
    one_of,
)
from lacerda_bot._state import BotState
from lacerda_bot.decisions import DECISION_TYPES, Decision, Described
from lacerda_bot.errors import (
    LacerdaBotError,
    SerializationError,
)
from lacerda_bot.hexmap import Hex, canonical
from lacerda_bot.model import BuildingType
from lacerda_bot.options import Options
from lacerda_bot.trace import Trace, TraceShape

__all__ = [
    "ADDED_FIELDS",
    "FORMAT",
    "FORMAT_VERSION",
    "SCHEMA_VERSION",
    "dumps",
    "loads",
    "make_converter",
    "parse_json",
    "structure",
    "unstructure",
    "unstructure_decisions",
]

T = TypeVar("T")

FORMAT: Final = "lacerda_bot"
FORMAT_VERSION: Final = 1
"""Bumped, with a CHANGELOG entry, whenever a stored document would load differently."""
SCHEMA_VERSION: Final = 2
"""The version of the shipped JSON Schemas (``lacerda_bot/schemas/``) and the
TypeScript declarations made from them: raised whenever what they accept or
declare changes, even where the data format (:data:`FORMAT_VERSION`) does not."""


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
    for kind in (bool, int, str):
        converter.register_structure_hook(kind, _exactly(kind))
    converter.register_structure_hook_factory(_is_enum, _structure_enum)
    converter.register_structure_hook_factory(_is_tuple, _structure_tuple)
    converter.register_structure_hook_factory(is_any_set, _structure_set)
    converter.register_structure_hook_factory(_is_attrs, _structure_all_fields)
    converter.register_structure_hook_factory(_names_never, _structure_named)
    converter.register_structure_hook_factory(_may_describe, _structure_described)
    converter.register_unstructure_hook_func(_is_decision_union, _tagged(converter))
    converter.register_structure_hook_factory(_is_decision_union, _untagged)
    options = _remembered(_structure_all_fields(Options, converter))
    converter.register_structure_hook(Options, options)
    converter.register_structure_hook(
        BotState, _bot_state(_structure_all_fields(BotState, converter), options)
    )
    converter.register_unstructure_hook(BotState, _bot_state_data())
    # A trace is written as its five values (its explanation built if it was not).
    converter.register_unstructure_hook(
        Trace, lambda trace: converter.unstructure(TraceShape.of(trace), TraceShape)
    )
    shape = _structure_all_fields(TraceShape, converter)
    converter.register_structure_hook(
        Trace, lambda value, _: shape(value, TraceShape).trace()
    )
    return converter


_BOT_FIELDS: Final = len(attrs.fields(BotState))
_POINTERS: Final = {member.value: member for member in BuildingType}


def _bot_state(
    generic: Callable[[Any, Any], Any], options: Callable[[Any, Any], Any]
) -> Callable[[Any, Any], Any]:
    """*generic*, the strict structure of a bot state, with a direct path first.

    A bot state is the document a host sends with every call. The direct path
    builds it from data of exactly the JSON types it needs; the state's own
    checks (``BotState.__attrs_post_init__``) then test every value, as on the
    generic path. Anything else (a key missing or extra, another JSON type, a
    value the state refuses) goes to *generic*, which refuses it with its path.
    """

    def structure(value: Any, cls: Any) -> Any:
        try:
            if type(value) is not dict or len(value) != _BOT_FIELDS:
                return generic(value, cls)
            draw, discard = value["draw_pile"], value["discard_pile"]
            pointer = value["pointer"]
            if type(draw) is not list or type(discard) is not list:
                return generic(value, cls)
            return BotState(
                seed=value["seed"],
                events=value["events"],
                draw_pile=tuple(draw),
                discard_pile=tuple(discard),
                pass_count=value["pass_count"],
                pointer=_POINTERS[pointer],
                last_card=value["last_card"],
                current_card=value["current_card"],
                options=options(value["options"], Options),
            )
        except Exception:  # a key missing, a value refused: the generic path says which
            return generic(value, cls)

    return structure


def _bot_state_data() -> Callable[[BotState], dict[str, Any]]:
    """A bot state's data as the generic converter writes it, built directly.

    The options of a game are one value: their data is made once and copied,
    remembered by identity (the value itself is held, so its id stays its own).
    """
    written: dict[int, tuple[Options, tuple[tuple[str, Any], ...]]] = {}

    def options_data(options: Options) -> dict[str, Any]:
        found = written.get(id(options))
        if found is None or found[0] is not options:
            if len(written) >= _REMEMBERED:
                written.clear()
            items = tuple(
                (name, value.value if isinstance(value, enum.Enum) else value)
                for name, value in ((n, getattr(options, n)) for n in _OPTION_FIELDS)
            )
            found = written[id(options)] = (options, items)
        return dict(found[1])

    def data(bot: BotState) -> dict[str, Any]:
        return {
            "seed": bot.seed,
            "events": bot.events,
            "draw_pile": list(bot.draw_pile),
            "discard_pile": list(bot.discard_pile),
            "pass_count": bot.pass_count,
            "pointer": bot.pointer.value,
            "last_card": bot.last_card,
            "current_card": bot.current_card,
            "options": options_data(bot.options),
        }

    return data


_OPTION_FIELDS: Final = tuple(f.name for f in attrs.fields(Options))


_REMEMBERED: Final = 32
"""How many distinct option documents a converter remembers (all dropped when full)."""


def _remembered(structure: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """*structure* for a flat JSON object, remembering what it built from each one.

    Nearly every document of a game holds the same options: building and
    validating them again is half of a load. The key holds each value's exact
    type, so ``1`` and ``true`` (equal in Python) never share a result, and
    only documents that structured without error are remembered.
    """
    built: dict[tuple[tuple[Any, ...], ...], Any] = {}

    def remembered(value: Any, cls: Any) -> Any:
        if type(value) is not dict:
            return structure(value, cls)
        try:
            values = tuple(value.values())
            key = (tuple(value), values, tuple(map(type, values)))
            found = built.get(key)
        except TypeError:  # an unhashable value: a list or an object
            return structure(value, cls)
        if found is None:
            found = structure(value, cls)
            if len(built) >= _REMEMBERED:
                built.clear()
            built[key] = found
        return found

    return remembered


_JSON_NAMES: Final = {bool: "boolean", int: "integer", str: "string"}


def _exactly(kind: type) -> Callable[[Any, Any], Any]:
    """A hook that takes a JSON value of exactly *kind* (no ``True`` for ``1``)."""
    return _EXACT[kind]


def _make_exactly(kind: type) -> Callable[[Any, Any], Any]:
    name = _JSON_NAMES[kind]

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise RefusedError(f"expected a JSON {name}, got {json_term(value)}")
        if isinstance(value, str) and not value.isascii():
            try:  # a lone surrogate ("\ud800") could never be written out again
                value.encode("utf-8")
            except UnicodeEncodeError:
                shown = json_term(value)
                raise RefusedError(f"not a Unicode text: {shown}") from None
        return value

    return structure


_EXACT: Final[dict[type, Callable[[Any, Any], Any]]] = {
    kind: _make_exactly(kind) for kind in (bool, int, str)
}
"""One hook per JSON type, shared by every converter (a tuple of ints is checked in C)."""
_INT: Final = frozenset({int})


def _is_enum(t: object) -> bool:
    return isinstance(t, type) and issubclass(t, enum.Enum)


def _structure_enum(t: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """An enum member by its value, of the values' own JSON type."""
    kinds = {type(member.value) for member in t}

    def structure(value: Any, _: Any) -> Any:
        if type(value) in kinds:
            try:
                return t(value)
            except ValueError:
                pass
        raise RefusedError(f"expected {one_of(t)}, got {json_term(value)}")

    return structure


def _is_tuple(t: object) -> bool:
    return is_sequence(t) and (typing.get_origin(t) or t) is tuple


def _structure_tuple(t: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """A tuple from a JSON list only (a string is not a tuple of its characters)."""
    args = typing.get_args(t)
    if (len(args) == 2 and args[1] is Ellipsis) or not args:
        many = homogenous_tuple_structure_factory(t, converter)
        ints = args[0] is int and converter.get_structure_hook(int) is _EXACT[int]

        def structure(value: Any, _: Any) -> Any:
            if not isinstance(value, list):
                raise RefusedError(f"expected a JSON list, got {json_term(value)}")
            if ints and set(map(type, value)) <= _INT:
                return tuple(value)  # exact ints, checked in C: what the hook keeps
            return many(value, t)

        return structure
    hooks = [converter.get_structure_hook(a) for a in args]

    def fixed(value: Any, _: Any) -> Any:
        if not isinstance(value, list) or len(value) != len(args):
            shown = json_term(value)
            raise RefusedError(f"expected a JSON list of {len(args)}, got {shown}")
        return tuple(h(v, a) for h, v, a in zip(hooks, value, args, strict=True))

    return fixed


def _structure_set(t: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """A set from a JSON list with no repeats; hexes in canonical order too.

    The members are built as a tuple's items, so that a member refused is
    named by its index (``$.view.map_hexes[3].q``).
    """
    (arg,) = typing.get_args(t) or (Any,)
    listed = tuple[arg, ...]  # type: ignore[valid-type]
    hook = converter.get_structure_hook(listed)

    def structure(value: Any, _: Any) -> Any:
        items = hook(value, listed)
        result = frozenset(items)
        if len(result) != len(items):
            _refuse_repeat(items)
        if arg is Hex and tuple(canonical(result)) != items:
            _refuse_disorder(items)
        return result

    return structure


def _refuse_repeat(items: tuple[Any, ...]) -> None:
    """Refuse the second of two equal members of a set, naming its index and the first's."""
    first: dict[Any, int] = {}
    for i, item in enumerate(items):
        at = first.setdefault(item, i)
        if at != i:
            raise RefusedError(
                f"expected each member once, got {json_term(item)} again"
                f" ([{at}] is the same)",
                at=f"[{i}]",
            )
    raise AssertionError("unreachable: fewer members than items")  # pragma: no cover


def _refuse_disorder(hexes: tuple[Hex, ...]) -> None:
    """Refuse the first hex listed before one it follows in canonical order."""
    for i in range(1, len(hexes)):
        if hexes[i] < hexes[i - 1]:
            raise RefusedError(
                "expected the hexes in canonical order (by r, then q),"
                f" got {json_term(hexes[i])} after {json_term(hexes[i - 1])}",
                at=f"[{i}]",
            )
    raise AssertionError("unreachable: a list out of order")  # pragma: no cover


def _is_attrs(t: object) -> bool:
    origin = typing.get_origin(t) or t
    return isinstance(origin, type) and attrs.has(origin)


def _structure_all_fields(
    t: Any, converter: cattrs.Converter
) -> Callable[[Any, Any], Any]:
    """An attrs value from a JSON object holding every field, defaults included."""
    base = make_dict_structure_fn(t, converter)
    origin = typing.get_origin(t) or t
    later = ADDED_FIELDS.get(origin, frozenset())
    names = tuple(
        a.name for a in attrs.fields(origin) if a.init and a.name not in later
    )
    # a field with a converter may normalise what it is given (Trace.rules drops
    # repeats): such a field must already be in its normal form
    normalised = tuple(a.name for a in attrs.fields(origin) if a.converter is not None)

    def structure(value: Any, _: Any) -> Any:
        if not isinstance(value, dict):
            raise RefusedError(f"expected a JSON object, got {json_term(value)}")
        missing = [n for n in names if n not in value]
        if missing:
            raise RefusedError(
                _gone(value) or f"missing field(s): {', '.join(missing)}"
            )
        try:
            result = base(value, t)
        except Exception:  # an extra key among them: say so if it is a gone field
            gone = _gone(value)
            if gone:
                raise RefusedError(gone) from None
            raise
        for name in normalised:
            if converter.unstructure(getattr(result, name)) != value[name]:
                shown = json_term(value[name])
                raise RefusedError(
                    f"expected its normal form (as dumps writes it), got {shown}",
                    at=f".{name}",
                )
        return result

    return structure


ADDED_FIELDS: Final[Mapping[type, frozenset[str]]] = {
    Options: frozenset({"solo_deck"}),
}
"""Fields added after 0.2 that a document may leave out: their default applies, so
a bot state or a save written before them still loads. Every other field is
required."""

_GONE: Final = {
    "lab_rows": (
        "lab_rows: his Lab in rows (spec 1.2) is gone since spec 1.3; describe it as"
        " lab_spaces (per space: id, column, position, gains, touches, tech: his"
        " tile on it or null) and lab_columns, as in docs/host-contract.md,"
        " 'His Laboratory'"
    ),
    "lacerda_techs": (
        "lacerda_techs: his Techs are read from lab_spaces since spec 1.3 (each"
        " space names the tech on it); see docs/host-contract.md, 'His Laboratory'"
    ),
}
"""Fields of earlier documents that are gone, and how to say the same now."""


def _gone(value: dict[str, Any]) -> str:
    """The message for the first gone field *value* holds, if any."""
    return next((why for name, why in _GONE.items() if name in value), "")


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
            shown = json_term(data)
            raise RefusedError(f"expected a decision (a JSON object), got {shown}")
        if "type" not in data:
            raise RefusedError("missing", at=".type")
        fields = dict(data)
        tag = fields.pop("type")
        cls = by_tag.get(tag) if isinstance(tag, str) else None
        if cls is None:
            raise RefusedError(
                f"expected the name of a decision class, got {json_term(tag)}",
                at=".type",
            )
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
    if indent is None:
        return _compact(envelope, type(value))
    return json.dumps(envelope, indent=indent, ensure_ascii=False)


def _optional_orjson() -> Any:
    """The ``orjson`` module if the ``fast`` extra is installed, else ``None``."""
    try:
        return importlib.import_module("orjson")
    except ImportError:  # pragma: no cover - CI installs the extra
        return None


_ORJSON: Final[Any] = _optional_orjson()
"""orjson writes and reads the text the ``json`` path would, only faster (see
:func:`_compact` and :func:`parse_json`); ``None`` without the ``fast`` extra."""
_COMPACT: Final = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)
"""``json.dumps(..., separators=(",", ":"), ensure_ascii=False)``, built once."""


def _compact(document: Any, cls: type) -> str:
    """*document* as compact JSON text, exactly as :data:`_COMPACT` writes it.

    With orjson, for a type whose declared fields hold no float (orjson writes
    some floats otherwise: ``0.00001`` for ``1e-05``, ``null`` for NaN); what
    orjson refuses (a lone surrogate, an integer beyond 64 bits, a key that is
    not a string) goes to ``json``, which writes it or raises its own error.
    A value built by hand with a float where its class declares an integer
    (attrs does not check types) may be written differently if that float is
    below 1e-4 in size, a NaN or an infinity; :func:`loads` refuses both texts alike.
    """
    fast = _ORJSON
    if fast is not None and _float_free(cls):
        try:
            text: str = fast.dumps(document).decode()
        except TypeError:
            pass
        else:
            return text
    return _COMPACT.encode(document)


_PLAIN: Final = frozenset({int, str, bool, type(None), Never, Ellipsis})
_CONTAINERS: Final = frozenset({tuple, frozenset, list, typing.Union, types.UnionType})


@functools.cache
def _float_free(cls: type) -> bool:
    """Whether no value of *cls* unstructures to JSON with a float in it.

    Found from the declared field types of attrs classes (recursively); a
    type variable, ``Any``, ``float`` or an unknown type answers no.
    """
    return _no_float(cls, set())


def _no_float(t: Any, seen: set[Any]) -> bool:
    if t is Trace:  # written as its shape
        t = TraceShape
    if t in _PLAIN:
        return True
    supertype = getattr(t, "__supertype__", None)  # a NewType
    if supertype is not None:
        return _no_float(supertype, seen)
    origin = typing.get_origin(t)
    if origin in _CONTAINERS:
        return all(_no_float(a, seen) for a in typing.get_args(t))
    if origin is not None or not isinstance(t, type):
        return False  # a parametrised generic class, a type variable, Any...
    if issubclass(t, enum.Enum):
        return all(type(m.value) in (int, str) for m in t)
    if not attrs.has(t) or getattr(t, "__parameters__", None):
        return False  # not attrs, or generic: its fields may hold anything
    if t in seen:
        return True
    seen.add(t)
    try:
        hints = typing.get_type_hints(t)
    except Exception:  # pragma: no cover - an annotation that does not resolve
        return False
    return all(_no_float(hints.get(a.name, Any), seen) for a in attrs.fields(t))


def loads(text: str | bytes, cls: type[T]) -> T:
    """Load a value of type *cls* from JSON written by :func:`dumps`.

    Raises:
        SerializationError: the document is not JSON, not ours, of another
            version or type, or a field is missing or invalid; the message
            names the path (``$.data.draw_pile[3]``) and the problem.
    """
    return structure(_open_envelope(parse_json(text), cls), cls, path="$.data")


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) == len(pairs):
        return result
    seen: set[str] = set()
    for key, _ in pairs:  # linear: a huge object with one repeat is cheap to refuse
        if key in seen:
            raise ValueError(f"a key appears twice in one object: {key!r}")
        seen.add(key)
    raise AssertionError(
        "unreachable: fewer keys than pairs means a repeat"
    )  # pragma: no cover


_STRINGS: Final = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS: Final = re.compile(r"[\[\]{}]")


def _deeper_than(text: str, most: int) -> bool:
    """Whether *text* opens more than *most* arrays or objects inside one another.

    A linear scan, strings left out, before any parser recurses: a deep
    document can overflow a small C stack (a browser's) before Python's
    recursion limit is reached.
    """
    depth = 0
    for bracket in _BRACKETS.finditer(_STRINGS.sub("", text)):
        if bracket.group() in "[{":
            depth += 1
            if depth > most:
                return True
        else:
            depth -= 1
    return False


def parse_json(text: str | bytes, *, deepest: int | None = None) -> Any:
    """JSON text as data; a key twice in one object or nesting too deep is refused.

    With *deepest*, a ``str`` document nesting more arrays or objects than that
    is refused before it is parsed.

    Raises:
        SerializationError: at ``$``, naming the problem.
    """
    if deepest is not None and isinstance(text, str) and _deeper_than(text, deepest):
        raise SerializationError("$", f"nested more than {deepest} levels deep")
    fast = _ORJSON
    if fast is not None:
        data = _parse_fast(fast, text)
        if data is not _UNPARSED:
            return data
    try:
        return _DECODER.decode(_json_text(text))
    except RecursionError:
        raise SerializationError("$", "nested too deeply") from None
    except (ValueError, TypeError) as error:
        raise SerializationError("$", f"not valid JSON ({error})") from None


_DECODER: Final = json.JSONDecoder(object_pairs_hook=_no_repeats)
"""``json.loads(..., object_pairs_hook=_no_repeats)``'s decoder, built once."""


_UNPARSED: Final = object()


def _parse_fast(fast: Any, text: object) -> Any:
    """*text* parsed by orjson if that is what ``json`` gives, else :data:`_UNPARSED`.

    orjson keeps the last of a key given twice and parses a little more or
    less than ``json``, so its result is taken only when orjson writes it
    back as exactly *text*: then every key is there once, every number reads
    back the same, and ``json`` parses it to the same value. Anything else
    (spaces, indents, escapes, floats, repeated keys, errors) is left to
    ``json``, which parses it or says why not, as without orjson.
    """
    if type(text) is str:
        try:
            raw = text.encode()
        except UnicodeEncodeError:  # a lone surrogate: json decides
            return _UNPARSED
    elif type(text) is bytes:
        raw = text
    else:  # a bytearray, a memoryview...: json takes what it takes
        return _UNPARSED
    if b"\n" in raw:  # never in what orjson writes: an indented text goes to json
        return _UNPARSED
    try:
        data = fast.loads(raw)
        same = fast.dumps(data) == raw
    except Exception:  # json parses it or words the error
        return _UNPARSED
    return data if same else _UNPARSED


def _json_text(text: object) -> str:
    """*text* as :func:`json.loads` takes it: a ``str``, or bytes in a UTF encoding.

    Raises:
        ValueError: a ``str`` that starts with a byte order mark (as ``json.loads``).
        TypeError: neither ``str`` nor bytes (as ``json.loads``).
    """
    if isinstance(text, str):
        if text.startswith("\ufeff"):
            raise json.JSONDecodeError(
                "Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0
            )
        return text
    if not isinstance(text, bytes | bytearray):
        raise TypeError(
            "the JSON object must be str, bytes or bytearray, "
            f"not {text.__class__.__name__}"
        )
    return text.decode(json.detect_encoding(text), "surrogatepass")


def unstructure(value: object) -> Any:
    """*value* as plain JSON data (dicts, lists, strings, numbers), as :func:`dumps` writes it.

    For embedding lacerda_bot values in documents of your own.

    >>> from lacerda_bot import new_bot
    >>> unstructure(new_bot(7))["draw_pile"][:3]
    [9, 2, 12]
    """
    return _converter().unstructure(value, unstructure_as=type(value))


def unstructure_decisions(decisions: Iterable[Any]) -> list[Any]:
    """*decisions* as plain JSON data, each with its ``"type"``, as an outcome holds them.

    What the ``apply`` call of ``serve`` and a conformance host read.

    >>> from lacerda_bot.decisions import GainShip
    >>> unstructure_decisions([GainShip()])[0]["type"]
    'GainShip'
    """
    data: list[Any] = _converter().unstructure(
        tuple(decisions), unstructure_as=tuple[Decision, ...]
    )
    return data


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
    except (
        cattrs.BaseValidationError,
        LacerdaBotError,
        ValueError,
        TypeError,
        KeyError,
        cattrs.StructureHandlerNotFoundError,
    ) as error:
        raise SerializationError(*first_problem(error, path, cls)) from None


_ENVELOPE: Final = frozenset({"format", "version", "type", "data"})


def _open_envelope(document: Any, cls: type) -> Any:
    if (
        type(document) is dict
        and len(document) == len(_ENVELOPE)
        and type(document.get("version")) is int
        and document.get("version") == FORMAT_VERSION
        and document.get("format") == FORMAT
        and document.get("type") == cls.__name__
        and "data" in document
    ):  # the usual document, checked at once (strings compare equal only to strings)
        return document["data"]
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
        if type(document[key]) is not type(expected) or document[key] != expected:
            shown = json_term(document[key])
            raise SerializationError(
                f"$.{key}", f"expected {json_term(expected)}, got {shown}"
            )
    if "data" not in document:
        raise SerializationError("$.data", "missing")
    extra = sorted(set(document) - _ENVELOPE)
    if extra:
        raise SerializationError(key_path("$", extra[0]), "not a key of the envelope")
    return document["data"]
