"""The field tables of ``docs/host-contract.md``: every field of the board and of each decision.

The tables are read from the JSON Schemas the package ships (``board.json`` and
``outcome.json``), which :mod:`lacerda_bot.schema` generates from the types: each
field's description is its docstring, its values its validator's bounds, and a board
collection's description ends with its canonical order (:mod:`lacerda_bot._field_docs`).
Reading the shipped files, not the types, keeps this module a leaf that imports nothing
of the package; the tests check that those files are current.

A field is named in *italics*, as the contract's table names a decision's fields, so
that no row of these tables starts like a row of that table.

>>> lines = field_tables()
>>> lines[0]
'## The fields of the board and of each decision'
>>> next(line for line in lines if line.startswith("| *lab_columns*"))
'| *lab_columns* | integer | 0 to 20 | The number of columns of his Lab: the highest level a Tech reaches (V9). |'
"""

import functools
import importlib.resources
import json
from collections.abc import Iterator, Mapping
from typing import Any, Final

__all__ = ["field_tables"]

Schema = Mapping[str, Any]
_REF: Final = "#/$defs/"
_HEADER: Final = ("| Field | JSON | Values | Description |", "|---|---|---|---|")


@functools.cache
def _defs(name: str) -> Mapping[str, Schema]:
    """The ``$defs`` of the shipped schema file *name*."""
    text = (
        importlib.resources.files("lacerda_bot")
        .joinpath("schemas", name)
        .read_text(encoding="utf-8")
    )
    defs: Mapping[str, Schema] = json.loads(text)["$defs"]
    return defs


def _name(schema: Schema) -> str | None:
    ref = schema.get("$ref")
    return ref.removeprefix(_REF) if isinstance(ref, str) else None


def _options(schema: Schema) -> list[Schema]:
    """The alternatives of a union (``anyOf``), or the schema itself."""
    options: list[Schema] = schema.get("anyOf", [schema])
    return options


def _json_type(schema: Schema) -> str:
    """How the field is written in JSON: ``integer``, ``list of `Hex` ``, ``null``..."""
    parts = []
    for option in _options(schema):
        name = _name(option)
        if name is not None:
            parts.append(f"`{name}`")
        elif "const" in option:
            parts.append(f"`{json.dumps(option['const'])}`")
        elif option.get("type") == "array":
            parts.append(f"list of {_json_type(option['items'])}")
        else:
            parts.append(str(option.get("type", "any")))
    return " or ".join(parts)


def _values(schema: Schema, defs: Mapping[str, Schema]) -> str:
    """The values allowed: an int range, an int or enum choice, else ``""``."""
    if "enum" in schema:
        return ", ".join(f"`{v}`" for v in schema["enum"])
    if "minimum" in schema:
        most = schema.get("maximum")
        return (
            f"≥ {schema['minimum']}"
            if most is None
            else f"{schema['minimum']} to {most}"
        )
    for option in _options(schema):
        inner = option.get("items", option)
        name = _name(inner)
        if name is not None and "enum" in defs[name]:
            return ", ".join(f"`{v}`" for v in defs[name]["enum"])
    return ""


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|") or "—"


def _table(name: str, defs: Mapping[str, Schema]) -> list[str]:
    """The section of object *name*: its summary, then one row per field."""
    schema = defs[name]
    rows = [
        f"| *{field}* | {_json_type(value)} | {_cell(_values(value, defs))} "
        f"| {_cell(value.get('description', ''))} |"
        for field, value in schema["properties"].items()
    ]
    summary = schema.get("description", "")
    return [f"#### `{name}`", "", summary, "", *_HEADER, *rows, ""]


def _records(root: str, defs: Mapping[str, Schema]) -> Iterator[str]:
    """*root* and every object it holds, breadth first, each once."""
    queue, seen = [root], {root}
    while queue:
        name = queue.pop(0)
        yield name
        for value in defs[name]["properties"].values():
            for option in _options(value):
                inner = _name(option.get("items", option))
                if (
                    inner is not None
                    and inner not in seen
                    and "properties" in defs[inner]
                ):
                    seen.add(inner)
                    queue.append(inner)


def field_tables() -> tuple[str, ...]:
    """The Markdown lines of the field tables: the board and its records, then each decision."""
    board = _defs("board.json")
    outcome = _defs("outcome.json")
    decisions = [_name(option) for option in outcome["Decision"]["oneOf"]]
    return (
        "## The fields of the board and of each decision",
        "",
        "Generated from the JSON Schemas (`lacerda_bot/schemas/board.json`,",
        "`outcome.json`), which take each field's description from its docstring (a",
        "board field's from its `HostState` property), its values from its validator",
        "or from what `read_view` accepts, and say the canonical order `read_view`",
        "reads a board collection in. The JSON column is the type of the bare data",
        "`serve` reads and writes.",
        "",
        "### The board and its records",
        "",
        *(line for name in _records("Board", board) for line in _table(name, board)),
        "### The decisions",
        "",
        "Each decision of an outcome carries its class name under `type`.",
        "",
        *(line for name in decisions if name for line in _table(name, outcome)),
    )
