"""The field tables of docs/host-contract.md: a table per record and per decision, a row per field."""

import re

import attrs

from lacerda_bot._board.board import Board
from lacerda_bot._field_tables import field_tables
from lacerda_bot.contract import format_markdown
from lacerda_bot.decisions import DECISION_TYPES

from .test_field_docs import BOARD_RECORDS


def sections() -> dict[str, list[str]]:
    """Each table's object name and its field rows."""
    found: dict[str, list[str]] = {}
    name = ""
    for line in field_tables():
        heading = re.fullmatch(r"#### `(\w+)`", line)
        if heading:
            name = heading[1]
            found[name] = []
        elif line.startswith("| *"):
            found[name].append(line)
    return found


def test_the_board_its_records_then_each_decision_have_a_table() -> None:
    names = list(sections())

    assert names[0] == "Board"
    assert set(names[: len(BOARD_RECORDS)]) == {c.__name__ for c in BOARD_RECORDS}
    assert names[len(BOARD_RECORDS) :] == [c.__name__ for c in DECISION_TYPES]


def test_every_field_has_a_row_with_a_description() -> None:
    tables = sections()

    for cls in (*BOARD_RECORDS, *DECISION_TYPES):
        rows = tables[cls.__name__]
        fields = [re.match(r"\| \*(\w+)\* \|", row) for row in rows]
        names = [m[1] for m in fields if m]
        expected = [f.name for f in attrs.fields(cls)]
        assert names == (expected if cls in BOARD_RECORDS else ["type", *expected])
        for row in rows:
            assert row.count(" | ") == 3, row
            assert not row.endswith("| — |"), row


def test_a_row_shows_the_json_type_the_values_and_the_order() -> None:
    rows = {row.split(" | ")[0]: row for row in sections()["Board"]}

    assert rows["| *lab_columns*"].startswith("| *lab_columns* | integer | 0 to 20 |")
    assert rows["| *lacerda_rover*"].startswith("| *lacerda_rover* | `Hex` or null |")
    assert "| `orbit`, `colony` |" in rows["| *side*"]
    assert "by `hex.r`, then `hex.q`, then `id`" in rows["| *buildings*"]
    assert len(rows) == len(attrs.fields(Board))


def test_the_contract_document_ends_with_the_field_tables() -> None:
    """format_markdown appends them; no row of theirs reads as a decision's contract row."""
    text = format_markdown()

    assert text.endswith("\n".join(field_tables()))
    assert not any(line.startswith("| `") for line in field_tables())
