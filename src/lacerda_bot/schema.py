"""JSON Schema (draft 2020-12) for the JSON lacerda_bot writes and ``serve`` reads.

The schemas are generated from the types, the way the private converter of
:mod:`lacerda_bot.serialization` writes them: an attrs class is an object
holding every field (defaults too) and no other key; an enum is one of its
values; a tuple is a list, a set of hexes a list of unique hexes; ``X | None``
may be ``null``; a decision inside an outcome carries its class name under
``"type"``. The decisions are the host's (``Decision[Never]``): a host's
decisions name every place and card themselves.

A schema checks the shape of a document, not the rules: the 12 solo cards
each once, hexes in canonical order and the view's cross-item preconditions
are checked by the library, which names the field when it refuses a value.
Each field says what it is (:mod:`lacerda_bot._field_docs`): its docstring is
its ``description``, an int has the ``minimum`` and ``maximum`` its validator
accepts, and a board collection's description says its canonical order.

The package ships the generated files in ``lacerda_bot/schemas/`` (see
:data:`SCHEMA_FILES`), and TypeScript declarations generated from them in
``lacerda_bot/types/lacerda_bot.d.ts`` (:data:`DECLARATIONS`, see
:func:`typescript_declarations`); ``python -m lacerda_bot.schema`` writes them
all again, and a test fails when they differ from what it writes. Each union
is a ``oneOf`` discriminated by one key (a decision's ``"type"``, a request's
``"call"``), the form type generators read as a tagged union.

>>> board = schema_documents()["board.json"]
>>> board["properties"]["type"]["const"], board["properties"]["data"]["$ref"]
('Board', '#/$defs/Board')
>>> board["$defs"]["Hex"]["required"]
['q', 'r']
"""

import enum
import functools
import importlib.resources
import json
import sys
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, Never

import attrs

from lacerda_bot._board.board import Board
from lacerda_bot._field_docs import class_summary, field_keywords
from lacerda_bot._rules.scoring import ScoreBreakdown
from lacerda_bot._state import BotState
from lacerda_bot._typescript import declarations
from lacerda_bot._validate import a_name
from lacerda_bot.decisions import DECISION_TYPES
from lacerda_bot.outcome import Outcome
from lacerda_bot.protocol import ERRORS, PARAMETERS, RESULTS, Call, ErrorShape
from lacerda_bot.serialization import ADDED_FIELDS, FORMAT, FORMAT_VERSION
from lacerda_bot.trace import Trace, TraceShape

__all__ = [
    "DECLARATIONS",
    "SCHEMA_FILES",
    "data_schema",
    "document_schema",
    "load_schema",
    "typescript_declarations",
    "write_declarations",
    "write_schemas",
]

DIALECT: Final = "https://json-schema.org/draft/2020-12/schema"

Schema = dict[str, Any]
_Defs = dict[str, tuple[object, Schema]]
"""The definitions of one document so far: name -> (what it defines, its schema)."""

_PRIMITIVES: Final[Mapping[object, str]] = {
    bool: "boolean",
    int: "integer",
    str: "string",
    type(None): "null",
}


def _titled(cls: type, schema: Schema) -> Schema:
    description = class_summary(cls)
    head: Schema = {"title": cls.__name__}
    if description:
        head["description"] = description
    return {**head, **schema}


def _is_decision_union(args: tuple[object, ...]) -> bool:
    return bool(args) and all(
        (typing.get_origin(a) or a) in DECISION_TYPES for a in args
    )


def _define(
    name: str, owner: object, defs: _Defs, build: Callable[[], Schema]
) -> Schema:
    """A ``$ref`` to ``$defs/name``, building the definition of *owner* once."""
    if name in defs:
        if defs[name][0] != owner:
            raise TypeError(f"two types are named {name}: {defs[name][0]!r}, {owner!r}")
    else:
        defs[name] = (owner, {})  # a placeholder: a type may refer to itself
        defs[name] = (owner, build())
    return {"$ref": f"#/$defs/{name}"}


def _schema(t: object, defs: _Defs) -> Schema | None:
    """The schema of *t*'s data, or ``None`` for no value at all (``Never``)."""
    if t is Never or isinstance(t, typing.TypeVar):
        return None  # Decision[D] for a host: D is Never
    supertype = getattr(t, "__supertype__", None)
    if supertype is not None:  # a NewType such as HostId
        return _schema(supertype, defs)
    if t in _PRIMITIVES:
        return {"type": _PRIMITIVES[t]}
    origin = typing.get_origin(t) or t
    args = typing.get_args(t)
    if origin in (typing.Union, types.UnionType):
        return _union(args, defs)
    if origin is tuple:
        return _tuple(args, defs)
    if origin is frozenset:
        return {"type": "array", "items": _schema(args[0], defs), "uniqueItems": True}
    if isinstance(origin, type) and issubclass(origin, enum.Enum):
        return _define(origin.__name__, origin, defs, lambda: _enum(origin))
    if isinstance(origin, type) and attrs.has(origin):
        return _define(
            origin.__name__, origin, defs, lambda: _object(origin, defs, tag=None)
        )
    raise TypeError(f"no JSON Schema for {t!r}")


def _union(args: tuple[object, ...], defs: _Defs) -> Schema | None:
    if _is_decision_union(args):
        return _define("Decision", DECISION_TYPES, defs, lambda: _decisions(args, defs))
    options = [s for s in (_schema(a, defs) for a in args) if s is not None]
    if not options:
        return None
    return options[0] if len(options) == 1 else {"anyOf": options}


def _tuple(args: tuple[object, ...], defs: _Defs) -> Schema:
    if not args or (len(args) == 2 and args[1] is Ellipsis):
        items = _schema(args[0], defs) if args else {}
        return {"type": "array", "items": items}
    return {
        "type": "array",
        "prefixItems": [_schema(a, defs) for a in args],
        "items": False,
        "minItems": len(args),
        "maxItems": len(args),
    }


def _enum(cls: type[enum.Enum]) -> Schema:
    values = [member.value for member in cls]
    kinds = sorted({_PRIMITIVES[type(v)] for v in values})
    return _titled(
        cls, {"type": kinds[0] if len(kinds) == 1 else kinds, "enum": values}
    )


def _object(cls: type, defs: _Defs, *, tag: str | None) -> Schema:
    """An attrs class: every init field required, no other key; *tag* adds ``"type"``.

    A :class:`~lacerda_bot.trace.Trace` is written as its five values
    (:class:`~lacerda_bot.trace.TraceShape`); a field added after 0.2 may be left
    out (:data:`~lacerda_bot.serialization.ADDED_FIELDS`).
    """
    properties: Schema = {}
    if tag is not None:
        properties["type"] = {"const": tag, "description": "The decision's class."}
    shape = TraceShape if cls is Trace else cls
    for field in attrs.fields(shape):
        if field.init:
            value = _schema(field.type, defs)
            keywords = field_keywords(shape, field)
            properties[field.name] = False if value is None else {**value, **keywords}
    later = ADDED_FIELDS.get(cls, frozenset())
    required = [name for name in properties if name not in later]
    body = {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }
    return _titled(cls, body)


_NAMES: Final = "The class name of a decision, one of DECISION_TYPES (spec §6)."


def _decisions(args: tuple[object, ...], defs: _Defs) -> Schema:
    """A decision of an outcome: the member named by its ``"type"`` (its class name).

    Each member is a ``$defs`` entry of its class name, its ``"type"`` required.
    """
    variants: list[tuple[str, Schema]] = []
    for member in (typing.get_origin(a) or a for a in args):
        assert isinstance(member, type)
        name = member.__name__
        variants.append(
            (
                name,
                _define(
                    name,
                    member,
                    defs,
                    functools.partial(_object, member, defs, tag=name),
                ),
            )
        )
    return {
        "title": "Decision",
        "description": (
            'What Lacerda does: one decision class, named by its "type"'
            ' (a union discriminated by "type").'
        ),
        **_tagged_union("type", variants, title="DecisionType", description=_NAMES),
    }


def _tagged_union(
    key: str, variants: list[tuple[str, Schema]], *, title: str, description: str
) -> Schema:
    """An object whose *key* names its variant: ``oneOf`` the variants, *key* a ``const`` in each.

    The variants exclude each other by their *key*, so exactly one fits a
    valid document; *key* is also listed with every tag (its type named
    *title*), so a missing or unknown tag is reported as such. This is the
    discriminated union that type generators (TypeScript, ``quicktype``) read.
    *title* and *description* name and describe the tags.
    """
    tags = [tag for tag, _ in variants]
    return {
        "type": "object",
        "properties": {key: {"title": title, "description": description, "enum": tags}},
        "required": [key],
        "oneOf": [schema for _, schema in variants],
    }


def _root(title: str, description: str, body: Schema, defs: _Defs) -> Schema:
    """A whole schema document: the dialect, a title, the body, then ``$defs`` sorted."""
    head: Schema = {"$schema": DIALECT, "title": title, "description": description}
    return {**head, **body, "$defs": {name: defs[name][1] for name in sorted(defs)}}


def data_schema(cls: type) -> Schema:
    """The schema of *cls*'s bare data, as :func:`~lacerda_bot.serialization.unstructure` writes it."""
    defs: _Defs = {}
    body = _schema(cls, defs)
    assert body is not None
    description = f"The data of {a_name(cls)}, as lacerda_bot's unstructure writes it."
    return _root(cls.__name__, description, body, defs)


def _envelope(type_name: str, data: Schema) -> Schema:
    return {
        "type": "object",
        "properties": {
            "format": {
                "const": FORMAT,
                "description": "Names the format: always this.",
            },
            "version": {
                "const": FORMAT_VERSION,
                "description": "The data format version it was written in.",
            },
            "type": {"const": type_name, "description": "The class of its data."},
            "data": {**data, "description": "The value itself, as bare data."},
        },
        "required": ["format", "version", "type", "data"],
        "additionalProperties": False,
    }


def document_schema(cls: type) -> Schema:
    """The schema of what :func:`~lacerda_bot.dumps` writes for a value of *cls*."""
    defs: _Defs = {}
    data = _schema(cls, defs)
    assert data is not None
    description = (
        f"A{a_name(cls)[1:]} as lacerda_bot.dumps writes it: an envelope and its data."
    )
    return _root(
        f"{cls.__name__} document", description, _envelope(cls.__name__, data), defs
    )


def _decision_documents() -> Schema:
    """Any one decision as ``dumps`` writes it (its data has no ``"type"`` tag)."""
    defs: _Defs = {}
    documents = []
    for cls in DECISION_TYPES:
        data = _schema(cls, defs)
        assert data is not None
        documents.append((cls.__name__, _envelope(cls.__name__, data)))
    description = "One decision as lacerda_bot.dumps writes it; the envelope's type names its class."
    body = _tagged_union("type", documents, title="DecisionType", description=_NAMES)
    return _root("Decision document", description, body, defs)


_ID: Final[Schema] = {
    "type": ["string", "integer", "null"],
    "description": "The request's id, echoed in its response.",
}


def _pascal(name: str) -> str:
    """``TakeTurn`` for ``take_turn``: the name of a call or result in a type's name."""
    return "".join(word.capitalize() for word in name.split("_"))


def _request_variant(call: Call, defs: _Defs) -> Schema:
    """A request of *call*: its keys, and its arguments' bare data."""
    parameters = PARAMETERS[call]
    properties: Schema = {
        "id": {**_ID, "description": "Any id: the response echoes it (optional)."},
        "version": {
            "const": FORMAT_VERSION,
            "description": "The data format the host was written for (optional).",
        },
        "call": {"const": call.value, "description": "The call."},
    }
    for parameter in parameters:
        argument = _schema(parameter.kind, defs)
        assert argument is not None
        properties[parameter.name] = argument
    required = ["call", *(p.name for p in parameters if p.required)]
    result = RESULTS[call].name
    return {
        "title": f"{_pascal(call.value)}Request",
        "description": f"A {call.value} request; its result comes under {result!r}.",
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


def _request() -> Schema:
    defs: _Defs = {}
    variants = [(call.value, _request_variant(call, defs)) for call in PARAMETERS]
    description = (
        "One request of lacerda-bot serve: the call and its arguments' bare data."
    )
    body = _tagged_union(
        "call", variants, title="Call", description=class_summary(Call)
    )
    return _root("lacerda-bot serve request", description, body, defs)


def _response_title(call: Call) -> str:
    """The title of the response schema that answers *call* (``OutcomeResponse``)."""
    return f"{_pascal(RESULTS[call].name)}Response"


_ERROR_KEYS: Final[Mapping[str, str]] = {
    "path": "A JSON path into the request ($ is all of it): where the refused value is;"
    " null when it is not in the request's JSON (an HTTP header).",
    "field": "The value or view item refused, as the library names it.",
    "expected": "What the field should have held.",
    "decision_type": "The refused decision's type.",
    "reason": "Why the decision cannot be carried out, as why_illegal words it.",
    "message": "The whole error, for people.",
}


def _error() -> Schema:
    """The ``"error"`` of a response: one object per error type, keyed on ``type``."""
    return {
        "title": "ServeError",
        "description": "Why a request was not carried out; programs read type, path"
        " and field.",
        "oneOf": [_error_shape(kind.value, shape) for kind, shape in ERRORS.items()],
    }


def _error_shape(name: str, shape: ErrorShape) -> Schema:
    """One error type's ``"error"`` object: exactly its keys (:data:`~lacerda_bot.protocol.ERRORS`)."""
    keys: Schema = {
        key: {
            "type": ["string", "null"] if key in shape.nullable else "string",
            "description": _ERROR_KEYS[key],
        }
        for key in shape.keys
    }
    return {
        "title": name,
        "description": _one_line(shape.when),
        "type": "object",
        "properties": {"type": {"const": name}, **keys},
        "required": ["type", *shape.keys],
        "additionalProperties": False,
    }


def _one_line(markdown: str) -> str:
    """*markdown* as plain text: its code spans unmarked."""
    return markdown.replace("`", "")


def _response() -> Schema:
    defs: _Defs = {}
    answers = {
        _response_title(call): (p.name, _schema(p.kind, defs))
        for call, p in RESULTS.items()
    }
    answered = {"id": {**_ID, "description": "The request's id, or null if unread."}}
    variants = [
        {
            "title": title,
            "description": f"A call carried out: its result under {name!r}.",
            "type": "object",
            "properties": {**answered, name: schema},
            "required": ["id", name],
            "additionalProperties": False,
        }
        for title, (name, schema) in answers.items()
    ]
    variants.append(
        {
            "title": "ErrorResponse",
            "description": "A request that was not carried out.",
            "type": "object",
            "properties": {**answered, "error": _error()},
            "required": ["id", "error"],
            "additionalProperties": False,
        }
    )
    description = "One response of lacerda-bot serve: the call's result, or an error."
    return _root("lacerda-bot serve response", description, {"oneOf": variants}, defs)


SCHEMA_FILES: Final[Mapping[str, Callable[[], Schema]]] = {
    "board.json": lambda: document_schema(Board),
    "bot_state.json": lambda: document_schema(BotState),
    "outcome.json": lambda: document_schema(Outcome),
    "decision.json": _decision_documents,
    "score_breakdown.json": lambda: document_schema(ScoreBreakdown),
    "request.json": _request,
    "response.json": _response,
}
"""The files of ``lacerda_bot/schemas/`` and what each describes."""


def schema_documents() -> dict[str, Schema]:
    """Every shipped schema by file name, freshly generated."""
    return {name: build() for name, build in SCHEMA_FILES.items()}


def schema_texts() -> dict[str, str]:
    """Every shipped schema file's text, exactly as :func:`write_schemas` writes it."""
    return {
        name: json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
        for name, schema in schema_documents().items()
    }


_FOLDER: Final = "schemas"


@functools.cache
def _shipped(name: str) -> str:
    return (
        importlib.resources.files("lacerda_bot")
        .joinpath(_FOLDER, name)
        .read_text(encoding="utf-8")
    )


def load_schema(name: str) -> Schema:
    """The shipped schema file *name* (``"board.json"``...) as data.

    Raises:
        KeyError: *name* is not one of :data:`SCHEMA_FILES`.
    """
    if name not in SCHEMA_FILES:
        raise KeyError(name)
    loaded: Schema = json.loads(_shipped(name))
    return loaded


def write_schemas(folder: Path | None = None) -> tuple[Path, ...]:
    """Write every schema file into *folder* (default: the package's ``schemas/``)."""
    target = Path(__file__).parent / _FOLDER if folder is None else folder
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in schema_texts().items():
        path = target / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return tuple(written)


# --- TypeScript ----------------------------------------------------------------------

DECLARATIONS: Final = "types/lacerda_bot.d.ts"
"""The TypeScript declarations of the schemas, in the package (see :func:`typescript_declarations`)."""

_TYPESCRIPT_ROOTS: Final[Mapping[str, str]] = {
    "BoardDocument": "board.json",
    "BotStateDocument": "bot_state.json",
    "OutcomeDocument": "outcome.json",
    "ScoreBreakdownDocument": "score_breakdown.json",
    "ServeRequest": "request.json",
    "ServeResponse": "response.json",
}
"""The TypeScript name of each schema's root. ``decision.json`` has none: its data
would be a second, untagged ``RevealCard``...; a host gets decisions in outcomes."""

_HEADER: Final = (
    "TypeScript declarations of the JSON of lacerda_bot (lacerda_bot.dumps documents",
    "and lacerda-bot serve requests and responses; see docs/protocol.md).",
    "Generated from its JSON Schemas by `python -m lacerda_bot.schema`: do not edit.",
)


def _serve_results(response: Schema) -> Schema:
    """``ServeResults``: the response each call gets when it is carried out."""
    variants = {variant["title"]: variant for variant in response["oneOf"]}
    return {
        "description": (
            "The response each call of lacerda-bot serve gets when it is carried out;"
            " any call may get an ErrorResponse instead."
        ),
        "type": "object",
        "properties": {call.value: variants[_response_title(call)] for call in RESULTS},
        "required": [call.value for call in RESULTS],
        "additionalProperties": False,
    }


def typescript_declarations() -> str:
    """The text of :data:`DECLARATIONS`: one TypeScript module of every schema's types.

    Every ``$defs`` entry and titled schema is an exported type (``Board``,
    ``Decision`` and its members, ``ServeRequest``...); see
    :mod:`lacerda_bot._typescript` for the mapping.
    """
    documents = schema_documents()
    roots = [(name, documents[file]) for name, file in _TYPESCRIPT_ROOTS.items()]
    roots.append(("ServeResults", _serve_results(documents["response.json"])))
    return declarations(roots, header=_HEADER)


def write_declarations(path: Path | None = None) -> Path:
    """Write :func:`typescript_declarations` to *path* (default: the package's)."""
    target = Path(__file__).parent / DECLARATIONS if path is None else path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(typescript_declarations(), encoding="utf-8")
    return target


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m lacerda_bot.schema [FOLDER]``: regenerate the shipped schema files.

    The package's schemas and its TypeScript declarations (:data:`DECLARATIONS`);
    with *FOLDER*, write them all into that folder instead.
    """
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0]) if args else None
    written = write_schemas(folder)
    typescript = write_declarations(
        None if folder is None else folder / Path(DECLARATIONS).name
    )
    for path in (*written, typescript):
        sys.stdout.write(f"wrote {path}\n")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
