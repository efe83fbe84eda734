"""The optional orjson path (the ``fast`` extra) writes and reads what ``json`` does.

With orjson installed, ``dumps`` and ``parse_json`` (so ``loads``) use it where it
gives the very same text and values; every test here runs both paths on the same
input and compares: the same text, the same value, or the same error.
"""

import contextlib
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lacerda_bot import (
    Board,
    BotState,
    Options,
    Outcome,
    SerializationError,
    dumps,
    loads,
    new_bot,
    serialization,
    take_turn,
)
from lacerda_bot.testing import reference_board

from .helpers_serialization import documents, mutated
from .helpers_strategies import bot_states, host_states

orjson = pytest.importorskip("orjson")


def both(fn: Callable[[], Any]) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """*fn* with orjson and without it: each its result, or its error as a value."""
    results: list[tuple[Any, ...]] = []
    for fast in (orjson, None):
        saved = serialization._ORJSON
        serialization._ORJSON = fast  # type: ignore[misc]
        try:
            results.append(("value", fn()))
        except Exception as error:  # compared below
            results.append(("error", type(error), str(error)))
        finally:
            serialization._ORJSON = saved  # type: ignore[misc]
    return results[0], results[1]


def same_json_value(a: Any, b: Any) -> bool:
    """Equal, and of the same types all the way down (``1`` is not ``1.0`` or ``True``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same_json_value(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(map(same_json_value, a, b))
    if isinstance(a, float) and a != a:
        return bool(b != b)
    return bool(a == b)


def assert_same(fn: Callable[[], Any]) -> None:
    fast, plain = both(fn)
    if fast[0] == "value" and plain[0] == "value":
        assert same_json_value(fast[1], plain[1]), (fast, plain)
    else:
        assert fast == plain


def test_orjson_is_used_when_installed() -> None:
    assert serialization._ORJSON is orjson
    assert serialization._float_free(BotState)
    assert serialization._float_free(Board)
    assert not serialization._float_free(float)
    assert not serialization._float_free(Outcome)  # decisions may hold a host's values


# --- writing ------------------------------------------------------------------------


def saved_values() -> Iterator[object]:
    board, bot = reference_board(), new_bot(3)
    outcome = take_turn(bot, board)
    yield from (bot, board, outcome, Options(), *outcome.decisions, outcome.bot)


@pytest.mark.parametrize("value", list(saved_values()), ids=lambda v: type(v).__name__)
def test_dumps_writes_the_same_text(value: object) -> None:
    assert_same(lambda: dumps(value))


@settings(max_examples=100, deadline=None)
@given(st.one_of(bot_states(), host_states()))
def test_dumps_writes_the_same_text_for_any_state(value: object) -> None:
    assert_same(lambda: dumps(value))


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_the_compact_writer_writes_the_same_text(value: Any) -> None:
    """Floats, huge integers and lone surrogates included (they go to json)."""
    assert_same(lambda: serialization._compact(value, type(value)))


# --- reading ------------------------------------------------------------------------


@st.composite
def texts(draw: st.DrawFn) -> str | bytes:
    """JSON texts in every layout, with keys repeated, cut short or made bytes."""
    value = draw(json_values)
    layout = draw(st.sampled_from(["compact", "ascii", "spaced", "indented"]))
    try:
        if layout == "compact":
            text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
        elif layout == "ascii":
            text = json.dumps(value, separators=(",", ":"))
        else:
            text = json.dumps(value, indent=2 if layout == "indented" else None)
    except ValueError:  # pragma: no cover - json writes every value drawn
        text = "null"
    how = draw(st.sampled_from(["as is", "repeat", "truncate", "bytes", "bom"]))
    if how == "repeat" and text.endswith("}") and '":' in text:
        first = text.index('":') + 1
        text = text[:-1] + "," + text[text.index('"') : first] + ":1}"
    elif how == "truncate":
        text = text[: draw(st.integers(0, max(0, len(text) - 1)))]
    elif how == "bom":
        text = "\ufeff" + text
    if how == "bytes":
        return text.encode("utf-8", "surrogatepass")
    return text


@settings(max_examples=500, deadline=None)
@given(texts())
def test_parse_json_reads_the_same_value_or_refuses_the_same_way(
    text: str | bytes,
) -> None:
    assert_same(lambda: serialization.parse_json(text))


@pytest.mark.parametrize(
    "text",
    [
        '{"a":1,"a":1}',
        '{"a":{"b":1,"b":2}}',
        '[1e-05,1E5,-0,1.0]',
        '[18446744073709551616,-9223372036854775809]',
        '["\\ud800"]',
        '"\\u003a"',
        "[NaN,Infinity]",
        "[" * 2000 + "]" * 2000,
        "\ufeff{}",
        b"\xef\xbb\xbf{}",
        '{"a":1}'.encode("utf-16"),
        b"\xff",
        "",
        "nul",
        bytearray(b'{"a":1}'),
        memoryview(b'{"a":1}'),
        '{\n "a": 1\n}',
        '["a\\nb"]',
    ],
)  # fmt: skip
def test_parse_json_edge_cases(text: object) -> None:
    assert_same(lambda: serialization.parse_json(text))  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(st.data(), documents())
def test_loads_gives_the_same_value_or_error(
    data: st.DataObject, document: tuple[str, type]
) -> None:
    """Mutated saves, compact as dumps writes them or spaced: the same either way."""
    text, cls = document
    changed = data.draw(mutated(text))
    if data.draw(st.booleans()):
        with contextlib.suppress(ValueError):  # cut short: kept as it is
            changed = json.dumps(json.loads(changed), separators=(",", ":"))
    assert_same(lambda: loads(changed, cls))


def test_a_repeated_key_in_a_compact_save_is_refused() -> None:
    text = dumps(new_bot(7))[:-2] + ',"seed":7}}'
    with pytest.raises(SerializationError) as caught:
        loads(text, BotState)
    assert caught.value.path == "$"
    assert "twice" in caught.value.args[0] or "twice" in str(caught.value)
