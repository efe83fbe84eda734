"""TypeScript declarations of lacerda_bot's JSON, generated from its JSON Schemas.

:func:`declarations` turns schema documents into the text of one ``.d.ts``
module, which a host written in TypeScript imports its types from
(:mod:`lacerda_bot.schema` ships it as ``lacerda_bot/types/lacerda_bot.d.ts``).
Each keyword of the schemas maps to one construct of TypeScript:

* a ``$defs`` entry, and any schema with a ``title``, is a named type; the
  caller names each document's root;
* an object with listed properties is an ``interface``: every property
  ``readonly``, and optional (``?``) when it is not ``required``;
* an ``enum`` is a union of literals, a ``const`` one literal;
* a ``oneOf`` or ``anyOf`` is a union, so a union tagged by a ``const``
  property stays a discriminated union in TypeScript;
* an array is ``readonly T[]``, one of fixed length a ``readonly`` tuple;
  ``integer`` and ``number`` are ``number``, and ``null`` stays ``null``;
* a ``description`` is the doc comment, followed by any ``minimum`` and
  ``maximum``.

The roots come first in the caller's order, then every other named type sorted
by name: the same schemas always give the same text.

>>> print(declarations([("Pair", {"type": "object", "properties": {
...     "left": {"type": "integer", "description": "The left one.", "minimum": 0},
...     "right": {"enum": ["a", "b"]}}, "required": ["left"]})]))
export interface Pair {
  /**
   * The left one.
   *
   * Minimum: 0.
   */
  readonly left: number;
  readonly right?: "a" | "b";
}
<BLANKLINE>
"""

import json
import re
import textwrap
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final, TypeAlias

__all__ = ["declarations"]

Schema: TypeAlias = Mapping[str, Any]
_Named: TypeAlias = dict[str, Schema]

_REF: Final = "#/$defs/"
_PRIMITIVES: Final[Mapping[str, str]] = {
    "string": "string",
    "integer": "number",
    "number": "number",
    "boolean": "boolean",
    "null": "null",
}
_UNIONS: Final = ("oneOf", "anyOf")
_IDENTIFIER: Final = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
_WIDTH: Final = 88
"""A declared union longer than this goes one member a line."""
_INDENT: Final = "  "


def declarations(
    roots: Sequence[tuple[str, Schema]], *, header: Sequence[str] = ()
) -> str:
    """The ``.d.ts`` text declaring *roots* (name, schema) and every type they name.

    *header* lines open the file as ``//`` comments.

    Raises:
        ValueError: two different schemas have one name, a ``$ref`` names no
            schema of *roots*, or a schema uses a keyword with no TypeScript
            form (``not``, ``if``, ``allOf``).
    """
    named = _collect(roots)
    root_names = [name for name, _ in roots]
    others = sorted(set(named) - set(root_names))
    blocks = [_declare(name, named[name], named) for name in (*root_names, *others)]
    head = "".join(f"// {line}".rstrip() + "\n" for line in header)
    return (head + "\n" if head else "") + "\n\n".join(blocks) + "\n"


def _subschemas(schema: Schema) -> Iterator[object]:
    """The schemas directly inside *schema* (not its ``$defs``)."""
    yield from schema.get("properties", {}).values()
    yield from schema.get("prefixItems", ())
    for key in ("items", "additionalProperties"):
        if isinstance(schema.get(key), Mapping):
            yield schema[key]
    for key in (*_UNIONS, "allOf"):
        yield from schema.get(key, ())


def _collect(roots: Sequence[tuple[str, Schema]]) -> _Named:
    """Every named schema: the roots, the ``$defs`` of each, and each titled schema."""
    named: _Named = {}

    def add(name: str, schema: Schema) -> None:
        if name in named and named[name] != schema:
            raise ValueError(f"two different schemas are named {name}")
        named[name] = schema

    def walk(schema: object, *, root: bool = False) -> None:
        if not isinstance(schema, Mapping):
            return  # true or false: any value, or none
        if "title" in schema and not root:
            add(schema["title"], schema)
        for name, definition in schema.get("$defs", {}).items():
            add(name, definition)
            walk(definition)
        for inner in _subschemas(schema):
            walk(inner)

    for name, schema in roots:
        add(name, schema)
        walk(schema, root=True)
    return named


def _declare(name: str, schema: Schema, named: _Named) -> str:
    """``export interface`` for an object of listed properties, else ``export type``."""
    doc = _doc(schema, "")
    if _is_interface(schema):
        members = _members(schema, named, _INDENT)
        body = "\n".join(members)
        return "\n".join((*doc, f"export interface {name} {{", body, "}"))
    members = _union_members(schema, named)
    line = f"export type {name} = {' | '.join(members)};"
    if len(members) > 1 and len(line) > _WIDTH:
        lines = (f"export type {name} =", *(f"{_INDENT}| {m}" for m in members))
        line = "\n".join(lines) + ";"
    return "\n".join((*doc, line))


def _is_interface(schema: Schema) -> bool:
    return (
        schema.get("type") == "object"
        and "properties" in schema
        and not any(key in schema for key in _UNIONS)
    )


def _union_members(schema: Schema, named: _Named) -> list[str]:
    """The members of a declared union (one member: the type itself)."""
    if "enum" in schema:
        return [_literal(value) for value in schema["enum"]]
    for key in _UNIONS:
        if key in schema:
            return [_type(option, named) for option in schema[key]]
    return [_type(schema, named, top=True)]


def _members(schema: Schema, named: _Named, indent: str) -> list[str]:
    """The ``readonly`` members of an object's properties, each with its doc comment."""
    required = set(schema.get("required", ()))
    lines: list[str] = []
    for key, value in schema["properties"].items():
        lines.extend(_doc(value, indent))
        optional = "" if key in required else "?"
        lines.append(f"{indent}readonly {_key(key)}{optional}: {_type(value, named)};")
    return lines


def _type(schema: object, named: _Named, *, top: bool = False) -> str:
    """The TypeScript type of *schema*; a titled one by its name unless *top*."""
    if schema is True:
        return "unknown"
    if schema is False:
        return "never"
    assert isinstance(schema, Mapping)
    if "title" in schema and not top:
        return str(schema["title"])
    if "$ref" in schema:
        return _reference(schema["$ref"], named)
    if "const" in schema:
        return _literal(schema["const"])
    if "enum" in schema:
        return " | ".join(_literal(value) for value in schema["enum"])
    for key in _UNIONS:
        if key in schema:
            return " | ".join(_type(option, named) for option in schema[key])
    match schema.get("type"):
        case list() as kinds:
            return " | ".join(_PRIMITIVES[k] for k in kinds)
        case "array":
            return _array(schema, named)
        case "object":
            return _inline_object(schema, named)
        case str() as kind if kind in _PRIMITIVES:
            return _PRIMITIVES[kind]
        case None if not any(key in schema for key in ("not", "if", "allOf")):
            return "unknown"  # no constraint on the value
    raise ValueError(f"no TypeScript for the schema {dict(schema)!r}")


def _reference(ref: str, named: _Named) -> str:
    name = ref.removeprefix(_REF)
    if name == ref or name not in named:
        raise ValueError(f"$ref {ref!r} names no schema of these documents")
    return name


def _array(schema: Schema, named: _Named) -> str:
    if "prefixItems" in schema:
        items = ", ".join(_type(item, named) for item in schema["prefixItems"])
        return f"readonly [{items}]"
    item = _type(schema.get("items", True), named)
    bare = " | " not in item and not item.startswith("readonly ")
    return f"readonly {item if bare else f'({item})'}[]"


def _inline_object(schema: Schema, named: _Named) -> str:
    properties = schema.get("properties", {})
    extra = schema.get("additionalProperties", True)
    if not properties:
        value = "unknown" if extra is True else _type(extra, named)
        return "{}" if extra is False else f"{{ readonly [key: string]: {value} }}"
    members = " ".join(line.strip() for line in _members(schema, named, ""))
    return f"{{ {members} }}"


def _literal(value: object) -> str:
    """A JSON value as a TypeScript literal type (JSON's literals are TypeScript's)."""
    return json.dumps(value)


def _key(name: str) -> str:
    return name if _IDENTIFIER.fullmatch(name) else json.dumps(name)


def _doc(schema: object, indent: str) -> list[str]:
    """The ``/** ... */`` comment of *schema*: its description, then its range."""
    if not isinstance(schema, Mapping):
        return []
    bounds = [
        f"{word}: {schema[key]}."
        for key, word in (("minimum", "Minimum"), ("maximum", "Maximum"))
        if key in schema
    ]
    parts = [p for p in (schema.get("description", ""), " ".join(bounds)) if p]
    if not parts:
        return []
    text = "\n\n".join(parts).replace("*/", "*\\/")
    if "\n" not in text and len(indent) + len(text) + 7 <= _WIDTH:
        return [f"{indent}/** {text} */"]
    width = _WIDTH - len(indent) - 3
    lines: list[str] = []
    for paragraph in text.split("\n\n"):
        words = " ".join(paragraph.split())
        lines.extend((*textwrap.wrap(words, width, break_long_words=False), ""))
    body = [f"{indent} * {line}".rstrip() for line in lines[:-1]]
    return [f"{indent}/**", *body, f"{indent} */"]
