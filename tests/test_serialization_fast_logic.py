"""The logic of the optional fast JSON path, tested without orjson.

The ``fast`` extra's code takes orjson's output only where it is provably what
``json`` gives (see :mod:`lacerda_bot.serialization`). Here a stand-in module made
of ``json`` plays orjson, so that logic runs (and is covered) without the extra;
``test_serialization_fast.py`` runs the real orjson.
"""

import json
from typing import Any

import pytest

from lacerda_bot import (
    Board,
    BotState,
    Outcome,
    SerializationError,
    dumps,
    loads,
    new_bot,
    serialization,
    take_turn,
)
from lacerda_bot.testing import reference_board


class StandIn:
    """orjson's ``dumps`` and ``loads`` as far as the fast path uses them."""

    @staticmethod
    def dumps(value: Any) -> bytes:
        try:
            text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
            return text.encode()
        except ValueError as error:  # orjson raises a TypeError for what it refuses
            raise TypeError(str(error)) from None

    @staticmethod
    def loads(raw: bytes) -> Any:
        return json.loads(raw)


@pytest.fixture
def stand_in(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serialization, "_ORJSON", StandIn)


def test_which_types_are_float_free() -> None:
    assert serialization._float_free(BotState)
    assert serialization._float_free(Board)
    assert serialization._float_free(int)
    assert not serialization._float_free(float)
    assert not serialization._float_free(dict)
    assert not serialization._float_free(Outcome)  # decisions may hold a host's values


@pytest.mark.usefixtures("stand_in")
def test_the_fast_path_writes_and_reads_what_json_does() -> None:
    board, bot = reference_board(), new_bot(3)
    outcome = take_turn(bot, board)
    for value in (bot, board, outcome):
        text = dumps(value)
        assert loads(text, type(value)) == value
        assert serialization.parse_json(text.encode()) == json.loads(text)
    assert (
        dumps("\ud800")
        == '{"format":"lacerda_bot","version":1,"type":"str","data":"\ud800"}'
    )


@pytest.mark.usefixtures("stand_in")
@pytest.mark.parametrize(
    "text",
    [
        dumps(new_bot(7))[:-2] + ',"seed":7}}',  # a repeated key
        dumps(new_bot(7), indent=1),  # indented: json reads it
        dumps(new_bot(7)).replace(":", ": "),  # spaced: written back otherwise
        "\ud800",
        "[1.0",
    ],
    ids=["repeated", "indented", "spaced", "surrogate", "cut"],
)
def test_texts_the_fast_path_leaves_to_json(text: str) -> None:
    expected: object
    try:
        expected = ("value", json.loads(text))
    except ValueError:
        expected = "error"
    try:
        got: object = ("value", serialization.parse_json(text))
    except SerializationError:
        got = "error"
    if '"seed":7}}' in text and text.count('"seed"') == 2:
        assert got == "error"  # json's own loads keeps the last; ours refuses
    else:
        assert got == expected


@pytest.mark.usefixtures("stand_in")
def test_other_byte_types_are_left_to_json() -> None:
    with pytest.raises(SerializationError):
        serialization.parse_json(memoryview(b"{}"))  # type: ignore[arg-type]
    assert serialization.parse_json(bytearray(b"{}")) == {}  # type: ignore[arg-type]
