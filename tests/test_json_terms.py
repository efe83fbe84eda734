"""Values and places in JSON terms: what a JSON client reads in an error."""

import enum
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lacerda_bot._json_terms import (
    MAX_TERM_CHARS,
    RefusedError,
    first_problem,
    json_term,
    key_path,
    one_of,
)
from lacerda_bot.errors import InvalidValueError, SerializationError
from lacerda_bot.hexmap import Hex
from lacerda_bot.model import GainKind, Item, Side
from lacerda_bot.records import Stock


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Hex(40, 40), '{"q": 40, "r": 40}'),
        (True, "true"),
        (None, "null"),
        (1.0, "1.0"),
        ("laser", '"laser"'),
        ("café", '"café"'),
        (Side.ORBIT, '"orbit"'),
        ((1, 2), "[1, 2]"),
        ([Hex(0, 0)], '[{"q": 0, "r": 0}]'),
        (
            frozenset({Hex(1, 0), Hex(0, 1), Hex(0, 0)}),
            '[{"q": 0, "r": 0}, {"q": 1, "r": 0}, {"q": 0, "r": 1}]',
        ),
        (frozenset({"b", "a"}), '["a", "b"]'),
        ({"n": GainKind.BOT}, '{"n": "bot"}'),
        (Stock(item=Item.WATER, units=2), '{"item": "water", "units": 2}'),
        ("\ud800", '"\\ud800"'),
    ],
)
def test_json_term_writes_what_json_writes(value: object, shown: str) -> None:
    assert json_term(value) == shown


def test_json_term_shows_what_has_no_json_form_as_python_does() -> None:
    """A value a JSON host never sends (a host's own object): its repr."""
    thing = object()

    assert json_term(thing) == repr(thing)
    assert json_term([1, thing]) == repr([1, thing])


def test_json_term_cuts_long_values() -> None:
    shown = json_term(list(range(1000)))

    assert len(shown) == MAX_TERM_CHARS
    assert shown.endswith("...")
    assert json_term("abcdef", limit=5) == '"a...'


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(),
        lambda inner: (
            st.lists(inner, max_size=3)
            | st.dictionaries(st.text(max_size=3), inner, max_size=3)
        ),
    )
)
def test_json_term_of_json_data_reads_back(data: object) -> None:
    """JSON data shown whole is the JSON text of the same data."""
    shown = json_term(data, limit=10**9)

    assert json.loads(shown) == data


def test_one_of_lists_an_enums_values_in_order() -> None:
    class Colour(enum.Enum):
        RED = "red"
        GREEN = "green"

    assert one_of(Colour) == 'one of "red", "green"'
    assert one_of(["a", 1]) == 'one of "a", 1'


def test_key_path_writes_a_name_or_a_quoted_key() -> None:
    assert key_path("$.view", "buildings") == "$.view.buildings"
    assert key_path("$", "a b") == '$["a b"]'
    assert key_path("$", "") == '$[""]'


def test_first_problem_goes_on_to_the_field_a_validator_names() -> None:
    """``Class.field`` or ``field`` of the class built there; anything else stays put."""
    refused = InvalidValueError("Hex.q", "an int", True)

    assert first_problem(refused, "$.h", Hex) == ("$.h.q", "expected an int, got true")
    assert first_problem(refused, "$.h", Hex | None) == (
        "$.h.q",
        "expected an int, got true",
    )
    assert first_problem(InvalidValueError("s", "x", 1), "$.h", Hex) == (
        "$.h",
        "s: expected x, got 1",
    )
    assert first_problem(InvalidValueError("a + b", "x", 1), "$.h", Hex) == (
        "$.h",
        "a + b: expected x, got 1",
    )


def test_first_problem_words_the_other_errors() -> None:
    assert first_problem(SerializationError("$", "bad"), "$.a", None) == (
        "$.a",
        "$: bad",
    )
    assert first_problem(RefusedError("missing", at=".type"), "$[0]", None) == (
        "$[0].type",
        "missing",
    )
    assert first_problem(KeyError("x"), "$.a", None) == (
        "$.a",
        "required field missing",
    )
