"""Field documentation in the schemas: every field described, ranges from the validators."""

import typing
from typing import Any

import attrs
import pytest

from lacerda_bot import read_view
from lacerda_bot._board.board import ORDERS, Board, int_range
from lacerda_bot._field_docs import field_doc, field_keywords, markdown
from lacerda_bot._validate import IntChoice, IntRange
from lacerda_bot.decisions import DECISION_TYPES, Construct
from lacerda_bot.errors import InvalidHostStateError, InvalidValueError
from lacerda_bot.records import MAX_LAB_LEVEL, MAX_PROGRESS_CUBES, LabSpace
from lacerda_bot.schema import load_schema
from lacerda_bot.testing import reference_board
from lacerda_bot.trace import TraceShape

BOARD_DEFS = load_schema("board.json")["$defs"]
OUTCOME_DEFS = load_schema("outcome.json")["$defs"]


def records_of(cls: type) -> list[type]:
    """*cls* and every attrs class its fields hold, at any depth, in field order."""
    found: list[type] = []

    def walk(kind: object) -> None:
        for arg in typing.get_args(kind):
            walk(arg)
        origin = typing.get_origin(kind) or kind
        if isinstance(origin, type) and attrs.has(origin) and origin not in found:
            found.append(origin)
            for field in attrs.fields(origin):
                walk(field.type)

    walk(cls)
    return found


BOARD_RECORDS = records_of(Board)


@pytest.mark.parametrize("cls", BOARD_RECORDS, ids=lambda c: c.__name__)
def test_every_field_of_the_board_and_its_records_is_described(cls: type) -> None:
    properties = BOARD_DEFS[cls.__name__]["properties"]

    assert list(properties) == [f.name for f in attrs.fields(cls)]
    for name, schema in properties.items():
        assert schema.get("description", "").strip(), f"{cls.__name__}.{name}"


@pytest.mark.parametrize("cls", DECISION_TYPES, ids=lambda c: c.__name__)
def test_every_field_of_every_decision_is_described(cls: type) -> None:
    properties = OUTCOME_DEFS[cls.__name__]["properties"]

    assert set(properties) == {"type", *(f.name for f in attrs.fields(cls))}
    for name, schema in properties.items():
        assert schema.get("description", "").strip(), f"{cls.__name__}.{name}"


def test_descriptions_come_from_the_field_docstrings() -> None:
    """A field's docstring is its description, RST made Markdown."""
    miner = OUTCOME_DEFS["Construct"]["properties"]["miner"]["description"]
    owner = BOARD_DEFS["Building"]["properties"]["owner"]["description"]

    assert miner == field_doc(Construct, "miner")
    assert miner.startswith("Whether one of his Colonists goes on the new Mine")
    assert owner == (
        "Shelters have an owner; other buildings belong to the colony (`null`)."
    )


def test_a_board_field_is_described_by_its_host_view_property() -> None:
    """Board's fields are HostState's properties: their docstrings describe them."""
    side = BOARD_DEFS["Board"]["properties"]["side"]["description"]

    assert side == "Orbit or Colony."
    assert field_doc(Board, "lss_markers") == "The marker level of each LSS type."


def test_a_field_without_a_docstring_is_described_by_its_record() -> None:
    trace = attrs.fields(Construct).trace

    assert field_doc(Construct, "trace") == ""
    assert field_keywords(Construct, trace)["description"] == (
        "Why a decision was made (R-TURN-10)."
    )
    assert OUTCOME_DEFS["Construct"]["properties"]["trace"]["$ref"] == "#/$defs/Trace"
    note = attrs.fields(TraceShape).note  # no docstring, and a str
    assert field_keywords(TraceShape, note) == {}


def test_rst_becomes_markdown() -> None:
    assert markdown(":func:`lacerda_bot.read_view` takes ``True``") == (
        "`read_view` takes `true`"
    )
    assert markdown("one\nline\n\n  two ") == "one line\n\ntwo"


# --- ranges ------------------------------------------------------------------------


def test_ranges_come_from_the_validators() -> None:
    column = BOARD_DEFS["LabSpace"]["properties"]["column"]
    level = BOARD_DEFS["Blueprint"]["properties"]["level"]
    units = BOARD_DEFS["Stock"]["properties"]["units"]

    assert (column["minimum"], column["maximum"]) == (1, MAX_LAB_LEVEL)
    assert level["enum"] == [1, 3]
    assert units["minimum"] == 0
    assert "maximum" not in units
    assert "minimum" not in BOARD_DEFS["Building"]["properties"]["id"]


def _int_fields(cls: type) -> list["attrs.Attribute[Any]"]:
    return [f for f in attrs.fields(cls) if isinstance(f.validator, IntRange)]


@pytest.mark.parametrize(
    "cls", [c for c in BOARD_RECORDS if _int_fields(c)], ids=lambda c: c.__name__
)
def test_a_record_refuses_what_its_schema_range_excludes(cls: type) -> None:
    """The bounds a schema states are the validator's own: one past them is refused."""
    properties = BOARD_DEFS[cls.__name__]["properties"]
    for field in _int_fields(cls):
        schema, check = properties[field.name], field.validator
        assert isinstance(check, IntRange)

        assert schema["minimum"] == check.minimum
        check(object(), field, check.minimum)
        with pytest.raises(InvalidValueError, match=field.name):
            check(object(), field, check.minimum - 1)
        if check.maximum is not None:
            assert schema["maximum"] == check.maximum
            with pytest.raises(InvalidValueError, match=field.name):
                check(object(), field, check.maximum + 1)


def test_a_choice_refuses_what_its_schema_enum_excludes() -> None:
    field = attrs.fields(LabSpace).column  # an IntRange, for contrast
    assert not isinstance(field.validator, IntChoice)
    level = next(
        f
        for c in BOARD_RECORDS
        for f in attrs.fields(c)
        if isinstance(f.validator, IntChoice)
    )
    assert isinstance(level.validator, IntChoice)

    level.validator(object(), level, 3)
    with pytest.raises(InvalidValueError, match="one of"):
        level.validator(object(), level, 2)


@pytest.mark.parametrize(
    "name",
    [f.name for f in attrs.fields(Board) if int_range(f.name) is not None],
)
def test_reading_a_board_refuses_what_its_schema_range_excludes(name: str) -> None:
    """read_view refuses one below the schema's minimum and one above its maximum."""
    schema = BOARD_DEFS["Board"]["properties"][name]
    board = reference_board()

    with pytest.raises(InvalidHostStateError, match=name):
        read_view(attrs.evolve(board, **{name: schema["minimum"] - 1}))
    if "maximum" in schema:
        with pytest.raises(InvalidHostStateError, match=name):
            read_view(attrs.evolve(board, **{name: schema["maximum"] + 1}))


def test_the_board_maxima_are_the_rules_limits() -> None:
    properties = BOARD_DEFS["Board"]["properties"]

    assert properties["lab_columns"]["maximum"] == MAX_LAB_LEVEL
    assert properties["progress_cubes"]["maximum"] == MAX_PROGRESS_CUBES
    assert properties["own_upgrade_capacity"]["minimum"] == 1
    assert int_range("side") is None


# --- orders ------------------------------------------------------------------------


def test_every_board_collection_says_its_order() -> None:
    properties = BOARD_DEFS["Board"]["properties"]

    for name, (_, order) in ORDERS.items():
        text = properties[name]["description"]
        if order is None:
            assert text.endswith("Kept in the order given."), name
        else:
            assert f"Read in canonical order, {order.words};" in text, name
    for name in ("map_hexes", "crystal_hexes"):
        assert properties[name]["description"].endswith(
            "Listed in canonical order, by `r`, then `q`, each hex once."
        )
