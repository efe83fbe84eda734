"""The serve protocol, pure: one request text in, one response text out."""

import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lacerda_bot.protocol
from lacerda_bot import (
    Board,
    BotState,
    InvalidHostStateError,
    InvalidValueError,
    Options,
    colony_level_up,
    human_used_tech,
    new_bot,
    score_lacerda,
    setup,
    shuttle_phase,
    take_turn,
)
from lacerda_bot._json_terms import json_term
from lacerda_bot._lab import learned
from lacerda_bot.decisions import GainShip, PayCrystals, PaymentPurpose
from lacerda_bot.model import HostId, TechType
from lacerda_bot.options import TiePolicy
from lacerda_bot.outcome import Outcome
from lacerda_bot.protocol import (
    MAX_REQUEST_BYTES,
    PARAMETERS,
    RESULTS,
    Call,
    ErrorType,
    handle,
    reply,
    request_id,
    timed_out,
    too_large,
    versions,
)
from lacerda_bot.render import describe
from lacerda_bot.serialization import FORMAT_VERSION, SCHEMA_VERSION, unstructure
from lacerda_bot.testing import apply, reference_board, small_board, why_illegal

from .helpers_strategies import bot_states, host_states

BOARD = reference_board()
WITH_TECH = attrs.evolve(
    BOARD, lab_spaces=learned(BOARD.lab_spaces, HostId("c1-top"), TechType.ROVER)
)


def plain(value: object) -> Any:
    """*value*'s data as it reads back from JSON (tuples become lists)."""
    return json.loads(json.dumps(unstructure(value)))


def ask(**request: Any) -> dict[str, Any]:
    response: dict[str, Any] = json.loads(handle(json.dumps(request)))
    return response


def error_of(text: str | bytes) -> dict[str, Any]:
    response = json.loads(handle(text))
    assert set(response) == {"id", "error"}
    error: dict[str, Any] = response["error"]
    return error


def turn_decisions(bot: BotState, board: Board) -> list[dict[str, Any]]:
    """The tagged data of the decisions of his turn on *board*, as a host holds them."""
    decisions: list[dict[str, Any]] = plain(take_turn(bot, board))["decisions"]
    return decisions


def call_request(call: Call, bot: BotState, board: Board) -> dict[str, Any]:
    request: dict[str, Any] = {"id": 1, "call": call.value}
    for parameter in PARAMETERS[call]:
        match parameter.name:
            case "decisions":
                request["decisions"] = turn_decisions(bot, board)
            case "decision":
                request["decision"] = turn_decisions(bot, board)[1]
            case "bot":
                request["bot"] = unstructure(bot)
            case "view":
                request["view"] = unstructure(board)
            case "tech":
                request["tech"] = TechType.ROVER.value
            case "seed":
                request["seed"] = bot.seed
            case _:
                pass
    return request


CALLS: dict[Call, Callable[[BotState, Board], object]] = {
    Call.NEW_BOT: lambda bot, _: new_bot(bot.seed),
    Call.SETUP: setup,
    Call.TAKE_TURN: take_turn,
    Call.SHUTTLE_PHASE: shuttle_phase,
    Call.COLONY_LEVEL_UP: colony_level_up,
    Call.HUMAN_USED_TECH: lambda bot, view: human_used_tech(bot, view, TechType.ROVER),
    Call.SCORE_LACERDA: lambda _, view: score_lacerda(view),
    Call.VERSION: lambda _, __: versions(),
    Call.APPLY: lambda bot, view: apply(view, take_turn(bot, view).decisions),
    Call.WHY_ILLEGAL: lambda bot, view: "",
    Call.DESCRIBE: lambda bot, view: describe(take_turn(bot, view).decisions[1]),
}


# --- answers --------------------------------------------------------------------------


@pytest.mark.parametrize("call", list(Call), ids=lambda c: c.value)
def test_every_call_answers_as_the_python_call(call: Call) -> None:
    """The response holds exactly what the Python function returns, as unstructure writes it."""
    bot = setup(new_bot(5), WITH_TECH).bot

    response = ask(**call_request(call, bot, WITH_TECH))

    expected = CALLS[call](bot, WITH_TECH)
    assert response == {"id": 1, RESULTS[call].name: plain(expected)}


def test_version_names_the_library_the_format_and_the_schemas() -> None:
    assert ask(id=1, call="version") == {
        "id": 1,
        "version": {
            "library": lacerda_bot.__version__,
            "format": FORMAT_VERSION,
            "schema": SCHEMA_VERSION,
        },
    }


def test_version_takes_no_arguments() -> None:
    assert error_of('{"call": "version", "seed": 1}')["path"] == "$.seed"


def test_apply_over_a_game_equals_the_reference_host() -> None:
    """A host that lets the server apply his decisions holds the reference host's board."""
    bot, board = new_bot(4), BOARD
    view = unstructure(board)
    for _ in range(6):
        outcome = take_turn(bot, board)
        decisions = plain(outcome)["decisions"]
        response = ask(call="apply", view=view, decisions=decisions)
        board = apply(board, outcome.decisions)
        assert response == {"id": None, "view": plain(board)}
        bot, view = outcome.bot, response["view"]


def test_apply_refuses_a_decision_that_contradicts_its_board() -> None:
    trace = plain(take_turn(new_bot(1), BOARD))["decisions"][0]["trace"]
    ship = {"type": "GainShip", "trace": trace}
    view = unstructure(small_board(ships_left=1))

    response = ask(id=9, call="apply", view=view, decisions=[ship, ship])

    assert response == {
        "id": 9,
        "error": {
            "type": "IllegalDecisionError",
            "path": "$.decisions[1]",
            "decision_type": "GainShip",
            "reason": "no Ship left (R-LEVEL-4)",
            "message": "$.decisions[1] (GainShip): no Ship left (R-LEVEL-4)",
        },
    }


def test_apply_takes_the_options_the_decisions_were_made_under() -> None:
    options = Options(tie_policy=TiePolicy.UNIFORM)
    bot = new_bot(2, options)
    outcome = take_turn(bot, BOARD)

    response = ask(
        call="apply",
        view=unstructure(BOARD),
        decisions=plain(outcome)["decisions"],
        options=unstructure(options),
    )

    assert response["view"] == plain(apply(BOARD, outcome.decisions, options=options))


PAY_3 = PayCrystals(amount=3, purpose=PaymentPurpose.MOVEMENT)


def test_why_illegal_gives_the_reason_or_nothing() -> None:
    trace = plain(take_turn(new_bot(1), BOARD))["decisions"][0]["trace"]
    pay = plain(PAY_3)
    pay.update(type="PayCrystals", trace=trace)
    poor = unstructure(small_board(spendable_crystals=1))
    rich = unstructure(small_board(spendable_crystals=5))

    refused = ask(call="why_illegal", view=poor, decision=pay)
    allowed = ask(
        call="why_illegal", view=rich, decision=pay, options=unstructure(Options())
    )

    expected = why_illegal(small_board(spendable_crystals=1), PAY_3, None)
    assert expected != ""
    assert refused == {"id": None, "reason": expected}
    assert allowed == {"id": None, "reason": ""}


def test_describe_words_a_decision_as_render_does() -> None:
    data = plain(GainShip())
    data["type"] = "GainShip"

    assert ask(call="describe", decision=data) == {
        "id": None,
        "text": describe(GainShip()),
    }


def test_a_decision_without_its_type_is_refused_at_its_path() -> None:
    data = plain(GainShip())

    error = error_of(json.dumps({"call": "describe", "decision": data}))

    assert error["type"] in {"SerializationError", "InvalidValueError"}


def test_new_bot_takes_options() -> None:
    options = Options(tie_policy=TiePolicy.UNIFORM)

    response = ask(call="new_bot", seed=3, options=unstructure(options))

    assert response == {"id": None, "bot": plain(new_bot(3, options))}


def test_a_host_feeds_each_outcome_bot_into_the_next_call() -> None:
    """The bare data round-trips: three turns over the protocol equal three turns in Python."""
    bot = new_bot(11)
    data = ask(id="a", call="new_bot", seed=11)["bot"]
    for _ in range(3):
        outcome = take_turn(bot, BOARD)
        response = ask(id="a", call="take_turn", bot=data, view=unstructure(BOARD))
        assert response["outcome"] == plain(outcome)
        bot, data = outcome.bot, response["outcome"]["bot"]


def test_version_and_ids_are_echoed() -> None:
    for rid in ("x", 7, None):
        assert ask(id=rid, version=1, call="new_bot", seed=1)["id"] == rid
    assert ask(call="new_bot", seed=1)["id"] is None


def test_responses_are_one_ascii_line() -> None:
    board = reference_board()
    text = handle(
        json.dumps({"id": "é\n", "call": "score_lacerda", "view": unstructure(board)})
    )

    assert text.isascii()
    assert "\n" not in text
    assert json.loads(text)["id"] == "é\n"


# --- refusals ---------------------------------------------------------------------------

TURN = {"call": "take_turn", "bot": unstructure(new_bot(1)), "view": unstructure(BOARD)}


@pytest.mark.parametrize(
    ("request_text", "path"),
    [
        ("", "$"),
        ("{", "$"),
        ("not json", "$"),
        ("[1, 2]", "$"),
        ('"take_turn"', "$"),
        ('{"call": "new_bot", "seed": 1, "seed": 2}', "$"),
        ("[" * 100_000 + "]" * 100_000, "$"),
        ('{"id": 1.5, "call": "new_bot", "seed": 1}', "$.id"),
        ('{"id": true, "call": "new_bot", "seed": 1}', "$.id"),
        ('{"id": {}, "call": "new_bot", "seed": 1}', "$.id"),
        ('{"seed": 1}', "$.call"),
        ('{"call": 3}', "$.call"),
        ('{"call": "new_bot", "seed": 1, "version": 2}', "$.version"),
        ('{"call": "new_bot", "seed": 1, "version": "1"}', "$.version"),
        ('{"call": "new_bot"}', "$.seed"),
        ('{"call": "new_bot", "seed": "1"}', "$.seed"),
        ('{"call": "new_bot", "seed": true}', "$.seed"),
        ('{"call": "new_bot", "seed": 1, "view": {}}', "$.view"),
        ('{"call": "new_bot", "seed": 1, "options": {}}', "$.options"),
        ('{"call": "take_turn", "bot": {}}', "$.view"),
        ('{"call": "score_lacerda", "view": []}', "$.view"),
    ],
)
def test_bad_requests_get_a_serialization_error_naming_the_path(
    request_text: str, path: str
) -> None:
    error = error_of(request_text)

    assert error["type"] == "SerializationError"
    assert error["path"] == path
    assert error["message"].startswith(path)


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"view": {**TURN["view"], "side": "mars"}}, "$.view.side"),
        ({"view": {**TURN["view"], "op_track": "3"}}, "$.view.op_track"),
        ({"view": {**TURN["view"], "lacerda_rover": [0, 0]}}, "$.view.lacerda_rover"),
        ({"bot": {**TURN["bot"], "draw_pile": [1]}}, "$.bot"),
        ({"bot": {**TURN["bot"], "pointer": None}}, "$.bot.pointer"),
        ({"tech": "rover"}, "$.tech"),
    ],
)
def test_wrong_types_are_refused_with_their_path(
    change: dict[str, Any], path: str
) -> None:
    error = error_of(json.dumps({**TURN, **change}))

    assert (error["type"], error["path"]) == ("SerializationError", path)


def test_an_unknown_call_is_an_invalid_value() -> None:
    error = error_of('{"id": 4, "call": "make_coffee"}')

    assert error["type"] == "InvalidValueError"
    assert error["field"] == "call"
    assert "take_turn" in error["expected"]
    assert json.loads(handle('{"id": 4, "call": "make_coffee"}'))["id"] == 4
    assert "..." in error_of(json.dumps({"call": "x" * 1000}))["message"]


def test_a_seed_out_of_range_is_an_invalid_value() -> None:
    error = error_of('{"call": "new_bot", "seed": -1}')

    assert (error["type"], error["field"]) == ("InvalidValueError", "seed")


def test_a_view_breaking_the_rules_is_an_invalid_host_state() -> None:
    view = {**TURN["view"], "lacerda_rover": {"q": 40, "r": 0}}

    error = error_of(json.dumps({**TURN, "view": view}))

    assert error["type"] == "InvalidHostStateError"
    assert error["field"] == "lacerda_rover"
    assert error["expected"] == "a map hex, or none for no Rover"
    assert error["path"] == "$.view.lacerda_rover"
    assert error["message"] == (
        "$.view.lacerda_rover: expected a map hex, or none for no Rover,"
        ' got {"q": 40, "r": 0}'
    )


def test_an_oversized_request_is_refused_unread() -> None:
    text = json.dumps({**TURN, "pad": " " * MAX_REQUEST_BYTES})

    error = error_of(text)

    assert (error["type"], error["path"]) == ("SerializationError", "$")
    assert str(MAX_REQUEST_BYTES) in error["message"]
    assert reply("{}", limit=1).error is ErrorType.SERIALIZATION
    assert json.loads(too_large(None).text)["error"]["message"] == (
        f"$: the request is more than {MAX_REQUEST_BYTES} bytes"
    )


def test_bytes_that_are_not_utf8_are_refused() -> None:
    assert error_of(b'{"call": "\xff"}')["path"] == "$"


def test_a_bug_is_an_internal_error_and_the_next_request_is_served(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(bot: BotState, view: Board) -> Outcome:
        raise RuntimeError("boom")

    monkeypatch.setattr(lacerda_bot.protocol, "take_turn", broken)

    result = reply(json.dumps({"id": 9, **TURN}))
    assert result.error is ErrorType.INTERNAL
    assert json.loads(result.text) == {
        "id": 9,
        "error": {"type": "InternalError", "message": "RuntimeError: boom"},
    }
    assert "bot" in ask(call="new_bot", seed=1)


def test_the_helpers_of_the_transports() -> None:
    assert request_id('{"id": "r", "call": 1}') == "r"
    assert request_id("[]") is None
    assert request_id("nope") is None
    assert request_id('{"id": []}') is None
    timeout = timed_out(2.5, request_id=3)
    assert timeout.error is ErrorType.TIMEOUT
    assert json.loads(timeout.text) == {
        "id": 3,
        "error": {"type": "TimeoutError", "message": "no answer within 2.5 s"},
    }
    busy = json.loads(timed_out(1, busy=True).text)
    assert busy["id"] is None
    assert busy["error"]["message"] == "no free worker within 1 s (the server is busy)"


@pytest.mark.parametrize(
    ("text", "rid"),
    [
        (' \n{ "id" : 7 }', 7),
        ('{"call": "new_bot", "seed": [1, {"id": 2}], "id": "late"}', "late"),
        ('{"\\u0069d": "escaped"}', "escaped"),
        ('{"id": null, "call": 1}', None),
        ('{"id": true}', None),
        ('{"id": 1.5}', None),
        ('{"call": "x" "id": 1}', None),  # no comma: not read on
        ('{"call": "x"}', None),
        ('{"id": 4, then nothing JSON', 4),  # only the start is read
        (b'\xef\xbb\xbf{"id": "bom"}', "bom"),
        ('{"id": "caf\u00e9"}'.encode("utf-16"), "caf\u00e9"),
        (b'{"id": "\xff"}', None),
        ("[" * 100_000, None),
    ],
)
def test_request_id_reads_the_start_of_a_request(
    text: str | bytes, rid: object
) -> None:
    assert request_id(text) == rid


def test_request_id_never_parses_the_whole_request(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A timeout answer reads its id from the start alone: not by the full (slow) parse."""

    def slow_parse(text: str | bytes) -> object:
        raise AssertionError("the whole request was parsed")

    monkeypatch.setattr(lacerda_bot.protocol, "parse_json", slow_parse)
    pad = [{"k": i} for i in range(100_000)]
    request = json.dumps({"id": 11, "call": "score_lacerda", "view": pad})
    late = json.dumps({"view": pad, "id": 12})

    assert request_id(request) == 11
    assert request_id(request.encode()) == 11
    assert request_id(late) is None  # past the first ID_SCAN_CHARS characters
    assert request_id(late, scan=len(late)) == 12


@given(
    st.dictionaries(
        st.text(max_size=5),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.text(max_size=5),
            lambda inner: (
                st.lists(inner, max_size=3)
                | st.dictionaries(st.text(max_size=3), inner, max_size=3)
            ),
            max_leaves=8,
        ),
        max_size=5,
    ),
    st.sampled_from([None, 0, -3, 2**70, "", "r\u00e9q\n"]),
    st.booleans(),
)
def test_request_id_agrees_with_the_full_parse(
    data: dict[str, Any], rid: object, bytes_: bool
) -> None:
    text = json.dumps({**data, "id": rid}, indent=1 if bytes_ else None)

    assert request_id(text.encode() if bytes_ else text) == rid
    assert json.loads(handle(text))["id"] == rid


# --- properties -------------------------------------------------------------------------


@given(st.text() | st.binary())
def test_any_text_gets_one_json_response(text: str | bytes) -> None:
    """Never raises, never answers with anything but one line holding an id and one result."""
    response = json.loads(handle(text))

    assert "id" in response
    assert len(response) == 2


@given(host_states(), bot_states(), st.sampled_from(list(Call)))
def test_a_call_over_the_protocol_is_the_call(
    board: Board, bot: BotState, call: Call
) -> None:
    """Any board and bot: the response is what the Python call returns or raises.

    An error is the same error: its type, field and expectation, and its
    value in JSON terms at the end of the message.
    """
    response = ask(**call_request(call, bot, board))
    error: InvalidValueError | InvalidHostStateError | None = None
    result: object = None
    try:
        result = CALLS[call](bot, board)
    except (InvalidValueError, InvalidHostStateError) as raised:  # a Tech he lacks
        error = raised
    if error is None:
        assert response == {"id": 1, RESULTS[call].name: plain(result)}
    else:
        shown = response["error"]
        assert shown["message"].endswith(f", got {json_term(error.value)}")
        assert {k: shown[k] for k in ("type", "field", "expected")} == {
            "type": type(error).__name__,
            "field": error.field,
            "expected": error.expected,
        }
