"""What the JSON Schema says of each field: its description, its range, its order.

Everything here is read from the types, never written a second time:

* **Descriptions** are the field's docstring, the string literal under it in its
  class's source (read with :mod:`ast`: an attribute docstring has no place at run
  time). A :class:`~lacerda_bot.Board` field has none: its fields are the properties
  of :class:`~lacerda_bot.host.HostState`, and those properties' docstrings describe
  them. A field with neither, typed by a record, is described by that record's summary
  (a decision's ``trace``). RST markup becomes Markdown code (see :func:`markdown`).
* **Ranges** are what the field's validator accepts when it says so
  (:class:`~lacerda_bot._validate.IntRange`, :class:`~lacerda_bot._validate.IntChoice`),
  and for a board field, what :func:`~lacerda_bot.read_view` accepts
  (:func:`~lacerda_bot._board.board.int_range`).
* **Orders**: a board collection's description ends with the canonical order reading
  the view sorts it in (:data:`~lacerda_bot._board.board.ORDERS`), and a set of hexes
  with the order its JSON lists it in (:data:`~lacerda_bot._board.order.HEX_ORDER`).

>>> from lacerda_bot.records import LabSpace
>>> keywords = field_keywords(LabSpace, attrs.fields(LabSpace).column)
>>> keywords["description"], keywords["minimum"], keywords["maximum"]
("1 is the entry column; the highest is the board's `lab_columns`.", 1, 20)
"""

import ast
import functools
import inspect
import re
import sys
import typing
from collections.abc import Iterator, Mapping
from typing import Any, Final

import attrs

from lacerda_bot._board.board import ORDERS, Board, int_range
from lacerda_bot._board.order import HEX_ORDER
from lacerda_bot._validate import IntChoice, IntRange
from lacerda_bot.hexmap import Hex
from lacerda_bot.host import HostState

__all__ = ["class_summary", "field_keywords", "markdown"]

_DOCUMENTED_BY: Final[Mapping[type, type]] = {Board: HostState}
"""Classes whose fields are the properties of another, documented there."""

_ROLE: Final = re.compile(r":[a-z]+:`~?(?:[\w.]*\.)?(\w+)`")
_LITERAL: Final = re.compile(r"``(.+?)``")


_JSON: Final = {"`None`": "`null`", "`True`": "`true`", "`False`": "`false`"}
"""Python's constants as the JSON the schemas describe writes them."""


def _json_code(match: re.Match[str]) -> str:
    code = f"`{match[1]}`"
    return _JSON.get(code, code)


def markdown(text: str) -> str:
    r"""*text* with its RST roles and literals as Markdown code, its lines joined.

    Paragraphs stay apart (a blank line); the lines of each are joined by spaces.
    ``None``, ``True`` and ``False`` are written as JSON has them.

    >>> markdown("See :class:`~lacerda_bot.hexmap.Hex`\nand ``None``.")
    'See `Hex` and `null`.'
    """
    cleaned = _LITERAL.sub(_json_code, _ROLE.sub(r"`\1`", inspect.cleandoc(text)))
    paragraphs = (" ".join(p.split()) for p in cleaned.split("\n\n"))
    return "\n\n".join(p for p in paragraphs if p)


def class_summary(cls: type) -> str:
    """The first line of *cls*'s own docstring (not one it inherits), as Markdown."""
    doc = cls.__dict__.get("__doc__")
    return markdown(inspect.cleandoc(doc).splitlines()[0]) if doc else ""


def _classes(body: list[ast.stmt], prefix: str) -> Iterator[tuple[str, ast.ClassDef]]:
    for node in body:
        if isinstance(node, ast.ClassDef):
            name = f"{prefix}{node.name}"
            yield name, node
            yield from _classes(node.body, f"{name}.")


@functools.cache
def _docstrings(module: str) -> Mapping[tuple[str, str], str]:
    """(class qualname, field) -> the string literal under the field, in *module*."""
    tree = ast.parse(inspect.getsource(sys.modules[module]))
    found: dict[tuple[str, str], str] = {}
    for qualname, node in _classes(tree.body, ""):
        for statement, after in zip(node.body, node.body[1:], strict=False):
            if (
                isinstance(statement, ast.AnnAssign)
                and isinstance(statement.target, ast.Name)
                and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
            ):
                found[(qualname, statement.target.id)] = after.value.value
    return found


def field_doc(cls: type, name: str) -> str:
    """The docstring of field *name* of *cls* (or of a base class), else ``""``."""
    for klass in (c for c in cls.__mro__ if attrs.has(c)):
        doc = _docstrings(klass.__module__).get((klass.__qualname__, name))
        if doc is not None:
            return markdown(doc)
    owner = _DOCUMENTED_BY.get(cls)
    documented = getattr(owner, name, None) if owner is not None else None
    return markdown(documented.__doc__ or "") if documented is not None else ""


def _described(cls: type, field: "attrs.Attribute[Any]") -> str:
    """The field's own description, else the summary of its type if that is a record."""
    doc = field_doc(cls, field.name)
    kind = typing.get_origin(field.type) or field.type
    if not doc and isinstance(kind, type) and attrs.has(kind):
        doc = class_summary(kind)
    return doc


def _order(cls: type, field: "attrs.Attribute[Any]") -> str:
    """The sentence on the order of the field's items, if it has one."""
    if typing.get_origin(field.type) is frozenset and typing.get_args(field.type) == (
        Hex,
    ):
        return f"Listed in canonical order, {HEX_ORDER.words}, each hex once."
    if cls is Board and field.name in ORDERS:
        order = ORDERS[field.name][1]
        if order is None:
            return "Kept in the order given."
        return f"Read in canonical order, {order.words}; any order may be given."
    return ""


def _bounds(cls: type, field: "attrs.Attribute[Any]") -> dict[str, object]:
    validator = field.validator
    if isinstance(validator, IntRange):
        least: int | None = validator.minimum
        most = validator.maximum
    elif isinstance(validator, IntChoice):
        return {"enum": sorted(validator.allowed)}
    elif cls is Board and (span := int_range(field.name)) is not None:
        least, most = span
    else:
        return {}
    found = {"minimum": least, "maximum": most}
    return {key: value for key, value in found.items() if value is not None}


def field_keywords(cls: type, field: "attrs.Attribute[Any]") -> dict[str, object]:
    """The schema keywords field *field* of *cls* adds to its type's schema.

    ``description`` when it has one (with its order, for a collection), and the
    ``minimum``/``maximum`` or ``enum`` its validator or :func:`read_view` allows.
    """
    text = " ".join(p for p in (_described(cls, field), _order(cls, field)) if p)
    keywords: dict[str, object] = {"description": text} if text else {}
    return {**keywords, **_bounds(cls, field)}
