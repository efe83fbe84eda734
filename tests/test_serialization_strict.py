"""``loads`` takes exactly what ``dumps`` writes, and refuses the rest whole.

The property: any text made by mutating a ``dumps`` document either loads to a
value whose ``dumps`` is that same document (up to whitespace and key order),
or raises :class:`SerializationError` naming where. Nothing else escapes.
"""

import json
from typing import Any

import cattrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lacerda_bot import (
    Board,
    BotState,
    SerializationError,
    dumps,
    loads,
    new_bot,
    serialization,
    take_turn,
)
from lacerda_bot.conformance import bot_states
from lacerda_bot.decisions import Construct, GainCrystals
from lacerda_bot.testing import reference_board

from .helpers_serialization import documents, mutated

# --- the property -----------------------------------------------------------------


def canonical(text: str) -> str:
    """A JSON text in one layout: sorted keys, no spaces (1, 1.0 and true stay apart)."""
    return json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"))


@settings(max_examples=300, deadline=None)
@given(st.data(), documents())
def test_loads_takes_exactly_what_dumps_writes(
    data: st.DataObject, document: tuple[str, type]
) -> None:
    """A mutated document loads to itself or is refused with SerializationError."""
    text, cls = document
    changed = data.draw(mutated(text))
    refused: SerializationError | None = None
    value: object = None
    try:
        value = loads(changed, cls)
    except SerializationError as error:
        refused = error
    if refused is None:
        assert canonical(dumps(value)) == canonical(changed)
    else:
        assert refused.path.startswith("$")


# --- the cases found by hand --------------------------------------------------------

BOT = json.loads(dumps(new_bot(7)))


def with_data(**fields: object) -> str:
    return json.dumps({**BOT, "data": {**BOT["data"], **fields}})


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("[" * 100000 + "]" * 100000, "$"),
        (json.dumps({**BOT, "version": True}), "$.version"),
        (json.dumps({**BOT, "extra": 1}), "$.extra"),
        (with_data(seed="7"), "$.data.seed"),
        (with_data(seed=7.9), "$.data.seed"),
        (with_data(seed=True), "$.data.seed"),
        (with_data(draw_pile="12"), "$.data.draw_pile"),
        (with_data(pointer=["mine"]), "$.data.pointer"),
        (with_data(options={**BOT["data"]["options"], "prefer_own_tech": "false"}),
         "$.data.options.prefer_own_tech"),
        (with_data(zzz=1), "$.data.zzz"),
        (dumps(new_bot(7))[:-2] + ',"seed":7}}', "$"),
    ],
    ids=[
        "deep", "version-true", "envelope-extra", "int-as-string", "int-as-float",
        "int-as-bool", "tuple-as-string", "enum-as-list", "bool-as-string",
        "extra-field", "repeated-key",
    ],
)  # fmt: skip
def test_each_lax_load_is_now_refused(text: str, where: str) -> None:
    with pytest.raises(SerializationError) as caught:
        loads(text, BotState)
    assert caught.value.path == where


def test_a_missing_field_with_a_default_is_refused() -> None:
    """Decided: dumps writes every field, so a document without one is not ours."""
    options = dict(BOT["data"]["options"])
    options.pop("prefer_own_tech")
    with pytest.raises(SerializationError, match=r"missing field.*prefer_own_tech"):
        loads(with_data(options=options), BotState)


@pytest.mark.parametrize("data", [[1, 2], "Construct", 7, None])
def test_a_decision_whose_data_is_not_an_object_is_refused(data: object) -> None:
    text = dumps(take_turn(new_bot(3), reference_board()).decisions[0])
    document = json.loads(text)
    with pytest.raises(SerializationError):
        loads(json.dumps({**document, "data": data}), type(document))
    for cls in (Construct, GainCrystals):
        with pytest.raises(SerializationError):
            loads(json.dumps({**document, "type": cls.__name__, "data": data}), cls)


def test_hexes_must_be_listed_in_canonical_order_once() -> None:
    board = json.loads(dumps(reference_board()))
    hexes = board["data"]["map_hexes"]
    for wrong in (hexes[::-1], [*hexes, hexes[0]]):
        text = json.dumps({**board, "data": {**board["data"], "map_hexes": wrong}})
        with pytest.raises(SerializationError, match="map_hexes"):
            loads(text, Board)


def test_a_field_its_class_would_normalise_is_refused() -> None:
    """Trace.rules drops repeats when built: a document with a repeat is not dumps'."""
    decision = take_turn(new_bot(3), reference_board()).decisions[0]
    document = json.loads(dumps(decision))
    rules = document["data"]["trace"]["rules"]
    document["data"]["trace"]["rules"] = [*rules, rules[0]]
    with pytest.raises(SerializationError, match="normal form"):
        loads(json.dumps(document), type(decision))


def test_a_lone_surrogate_is_refused() -> None:
    """A string dumps could never write out as UTF-8 is not dumps' output."""
    decision = take_turn(new_bot(3), reference_board()).decisions[0]
    document = json.loads(dumps(decision))
    document["data"]["trace"]["note"] = "\ud800"
    with pytest.raises(SerializationError, match="not a Unicode text"):
        loads(json.dumps(document), type(decision))


# --- the direct path of a bot state -----------------------------------------------------

_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.text(max_size=3),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.text(max_size=2), inner, max_size=2)
    ),
    max_leaves=4,
)


def _generic_converter() -> cattrs.Converter:
    """The converter without the bot state's direct paths: its generic hooks only."""
    converter = serialization.make_converter()
    generic = serialization._structure_all_fields(BotState, converter)
    converter.register_structure_hook(BotState, generic)
    return converter


def _outcome(structure: Any) -> object:
    try:
        return structure()
    except Exception as error:  # the kind and text of the refusal
        return (type(error).__name__, str(error))


@given(bot=bot_states(), data=st.data())
def test_a_bot_state_loads_as_the_generic_path_loads_it(
    bot: BotState, data: st.DataObject
) -> None:
    """Whatever one field holds, the direct path builds or refuses as the generic one."""
    document = serialization.unstructure(bot)
    generic = _generic_converter()
    assert document == generic.unstructure(bot, unstructure_as=BotState)
    name = data.draw(st.sampled_from([*document, "extra"]))
    if data.draw(st.booleans()):
        if name in document and data.draw(st.booleans()):
            del document[name]
        else:
            document[name] = data.draw(_JSON_VALUES)

    fast = _outcome(lambda: serialization._converter().structure(document, BotState))
    slow = _outcome(lambda: generic.structure(document, BotState))

    assert fast == slow
