"""JSON Schema for every document ``dumps`` writes and ``serve`` reads or writes."""

import copy
import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from lacerda_bot import (
    Board,
    BotState,
    InvalidHostStateError,
    Outcome,
    colony_level_up,
    dumps,
    new_bot,
    score_lacerda,
    setup,
    shuttle_phase,
    take_turn,
)
from lacerda_bot.decisions import DECISION_TYPES
from lacerda_bot.hexmap import Hex
from lacerda_bot.protocol import handle
from lacerda_bot.schema import (
    SCHEMA_FILES,
    data_schema,
    load_schema,
    main,
    schema_documents,
    schema_texts,
    typescript_declarations,
)
from lacerda_bot.serialization import SCHEMA_VERSION, unstructure
from lacerda_bot.testing import reference_board

from .helpers_strategies import bot_states, host_states

FOLDER = Path(__file__).resolve().parent.parent / "src" / "lacerda_bot" / "schemas"
VALIDATORS = {name: Draft202012Validator(load_schema(name)) for name in SCHEMA_FILES}

CALLS: dict[str, Callable[[BotState, Board], Outcome]] = {
    "setup": setup,
    "take_turn": take_turn,
    "shuttle_phase": shuttle_phase,
    "colony_level_up": colony_level_up,
}


def check(name: str, document: object) -> None:
    VALIDATORS[name].validate(document)


def errors(name: str, document: object) -> list[str]:
    return [e.message for e in VALIDATORS[name].iter_errors(document)]


# --- the files ----------------------------------------------------------------------


def test_the_shipped_schemas_are_the_generator_output() -> None:
    """A change of a type needs new files: run ``python -m lacerda_bot.schema``."""
    texts = schema_texts()

    assert sorted(p.name for p in FOLDER.iterdir()) == sorted(SCHEMA_FILES)
    for name, text in texts.items():
        shipped = (FOLDER / name).read_text(encoding="utf-8")
        assert shipped == text, f"{name} is stale: run python -m lacerda_bot.schema"


@pytest.mark.parametrize("name", list(SCHEMA_FILES))
def test_every_file_is_a_draft_2020_12_schema(name: str) -> None:
    Draft202012Validator.check_schema(load_schema(name))


def test_main_writes_every_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([str(tmp_path)]) == 0

    for name, text in schema_texts().items():
        assert (tmp_path / name).read_text(encoding="utf-8") == text
    declared = (tmp_path / "lacerda_bot.d.ts").read_text(encoding="utf-8")
    assert declared == typescript_declarations()
    assert capsys.readouterr().out.count("wrote ") == len(SCHEMA_FILES) + 1


def test_only_shipped_schemas_load() -> None:
    with pytest.raises(KeyError):
        load_schema("nothing.json")


def test_the_generator_refuses_what_it_cannot_describe() -> None:
    @attrs.frozen
    class Measured:
        weight: float

    with pytest.raises(TypeError, match="float"):
        data_schema(Measured)

    Twin = attrs.make_class("Hex", {"x": attrs.field(type=int)})  # noqa: N806
    Pair = attrs.make_class(  # noqa: N806
        "Pair", {"a": attrs.field(type=Twin), "b": attrs.field(type=Hex)}
    )
    with pytest.raises(TypeError, match="two types are named Hex"):
        data_schema(Pair)


def test_every_decision_is_in_the_outcome_union() -> None:
    union = load_schema("outcome.json")["$defs"]["Decision"]

    assert union["properties"]["type"]["enum"] == [c.__name__ for c in DECISION_TYPES]


def test_bare_data_has_its_own_schema() -> None:
    Draft202012Validator(data_schema(Board)).validate(unstructure(reference_board()))


# --- the schemas refuse what is not written -------------------------------------------


def test_the_schemas_refuse_documents_dumps_never_writes() -> None:
    board = json.loads(dumps(reference_board()))
    outcome = json.loads(dumps(take_turn(new_bot(0), reference_board())))
    changes: list[tuple[str, dict[str, Any], Callable[[dict[str, Any]], None]]] = [
        ("board.json", board, lambda d: d["data"].pop("side")),
        ("board.json", board, lambda d: d["data"].update(colour="red")),
        ("board.json", board, lambda d: d["data"].update(side="mars")),
        ("board.json", board, lambda d: d["data"]["map_hexes"][0].update(q="0")),
        ("board.json", board, lambda d: d.update(version=2)),
        ("board.json", board, lambda d: d.update(type="BotState")),
        ("outcome.json", outcome, lambda d: d["data"]["decisions"][0].pop("type")),
        (
            "outcome.json",
            outcome,
            lambda d: d["data"]["decisions"][0].update(type="Nope"),
        ),
        ("outcome.json", outcome, lambda d: d["data"]["decisions"][0].pop("card")),
        ("outcome.json", outcome, lambda d: d["data"]["bot"].update(last_card="7")),
    ]
    for name, document, change in changes:
        changed = copy.deepcopy(document)
        change(changed)
        assert errors(name, changed), (name, changed)


# --- properties: every document dumps writes validates --------------------------------


@given(host_states(), bot_states())
def test_boards_bots_and_scores_validate(board: Board, bot: BotState) -> None:
    check("board.json", json.loads(dumps(board)))
    check("bot_state.json", json.loads(dumps(bot)))
    check("score_breakdown.json", json.loads(dumps(score_lacerda(board))))


@settings(deadline=None)  # slow: jsonschema checks a oneOf's variants one by one
@given(host_states(), bot_states(), st.sampled_from(list(CALLS)))
def test_outcomes_and_each_decision_validate(
    board: Board, bot: BotState, call: str
) -> None:
    try:
        outcome = CALLS[call](bot, board)
    except InvalidHostStateError:  # e.g. he travels and no space is free
        reject()

    check("outcome.json", json.loads(dumps(outcome)))
    for decision in outcome.decisions:
        check("decision.json", json.loads(dumps(decision)))


@settings(deadline=None)  # slow: jsonschema checks a oneOf's variants one by one
@given(host_states(), bot_states())
def test_protocol_requests_and_responses_validate(board: Board, bot: BotState) -> None:
    request = {
        "id": 1,
        "call": "take_turn",
        "bot": unstructure(bot),
        "view": unstructure(board),
    }
    request = json.loads(json.dumps(request))

    check("request.json", request)
    check("response.json", json.loads(handle(json.dumps(request))))
    check("response.json", json.loads(handle(json.dumps({**request, "view": None}))))


@given(st.text() | st.binary())
def test_every_response_validates(text: str | bytes) -> None:
    check("response.json", json.loads(handle(text)))


# --- the schema version -----------------------------------------------------------------

SCHEMA_SHAPES = {
    2: "c381142051d918d8c0b4a7e0c3256fc01b149dced6af3cc2be2e634a2e5d24de",
}
"""Each SCHEMA_VERSION and a digest of what its schemas accept and declare.

Version 1 is 0.1.0's schemas (before ``version``, ``apply``, ``why_illegal``,
``describe``, the discriminated unions and one error object per type).
"""


def _shape(schema: object) -> object:
    """*schema* without its descriptions: what it accepts and the names it declares."""
    if isinstance(schema, dict):
        return {k: _shape(v) for k, v in schema.items() if k != "description"}
    if isinstance(schema, list):
        return [_shape(v) for v in schema]
    return schema


def test_the_schema_version_names_what_the_schemas_accept() -> None:
    """A change to what the schemas accept or declare comes with its version.

    Before a release, a changed shape only needs its digest recorded again; once
    a version has been released, a new shape needs a new SCHEMA_VERSION.
    """
    text = json.dumps(_shape(schema_documents()), sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(text.encode()).hexdigest()

    assert SCHEMA_SHAPES.get(SCHEMA_VERSION) == digest, (
        f"the schemas' shape is {digest}: record it for SCHEMA_VERSION "
        f"{SCHEMA_VERSION}, or raise the version if {SCHEMA_VERSION} was released"
    )
