"""The serve protocol's errors: the table of docs/protocol.md against the server.

The table is written from ``lacerda_bot.protocol.ERRORS``; each error type is
provoked, through ``handle`` and over HTTP, and its response must have exactly
the documented keys, the documented HTTP status, and, where the request is the
documented one, exactly the documented example.
"""

import copy
import json
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

import lacerda_bot.protocol
from lacerda_bot import (
    Board,
    BotState,
    InvalidHostStateError,
    InvalidValueError,
    LacerdaBotError,
    new_bot,
)
from lacerda_bot._server import Answerer
from lacerda_bot.protocol import (
    ERRORS,
    ErrorType,
    Reply,
    failed,
    handle,
    reply,
    timed_out,
)
from lacerda_bot.schema import load_schema
from lacerda_bot.serialization import unstructure
from lacerda_bot.testing import reference_board

from .helpers_serve import HEAD, JSON, post, raw, serving
from .helpers_strategies import host_states

DOCS = Path(__file__).resolve().parent.parent / "docs" / "protocol.md"
RESPONSE = Draft202012Validator(load_schema("response.json"))

BOARD = unstructure(reference_board())
BOT = unstructure(new_bot(1))


def error_table() -> str:
    """docs/protocol.md's error table, written from ``ERRORS``."""
    lines = [
        "| `error.type` | when | keys | example | HTTP status |",
        "|---|---|---|---|---|",
    ]
    for kind, shape in ERRORS.items():
        keys = ", ".join(f"`{k}`" for k in shape.keys)
        status = str(shape.status.value)
        if shape.transport_statuses:
            others = ", ".join(str(s.value) for s in shape.transport_statuses)
            status += f"; {others} from HTTP itself (below)"
        example = json.dumps(json.loads(shape.example), separators=(", ", ": "))
        row = (f"`{kind.value}`", shape.when, keys, f"`{example}`", status)
        lines.append(f"| {' | '.join(row)} |")
    return "\n".join(lines) + "\n"


def example(kind: ErrorType) -> dict[str, Any]:
    value: dict[str, Any] = json.loads(ERRORS[kind].example)
    return value


def error_of(text: str | bytes) -> dict[str, Any]:
    response = json.loads(handle(text))
    RESPONSE.validate(response)
    assert set(response) == {"id", "error"}
    error: dict[str, Any] = response["error"]
    return error


def has_its_keys(error: dict[str, Any]) -> bool:
    shape = ERRORS[ErrorType(error["type"])]
    return list(error) == ["type", *shape.keys]


# --- the table --------------------------------------------------------------------------


def test_the_docs_hold_the_error_table() -> None:
    """docs/protocol.md holds the table ERRORS writes (paste it from the message)."""
    table = error_table()

    assert table in DOCS.read_text(encoding="utf-8"), f"expected:\n{table}"


def test_every_error_type_is_in_the_table() -> None:
    assert list(ERRORS) == list(ErrorType)


@pytest.mark.parametrize("kind", list(ErrorType), ids=lambda k: k.value)
def test_each_example_has_exactly_its_keys(kind: ErrorType) -> None:
    """An example is a response the schema takes, holding its type's keys in order."""
    error = example(kind)

    RESPONSE.validate({"id": None, "error": error})
    assert error["type"] == kind.value
    assert has_its_keys(error)


def test_the_transport_statuses_are_the_ones_listed_below_the_table() -> None:
    """The HTTP table of docs/protocol.md names each status with the error type it sends."""
    text = DOCS.read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d{3}) \| [^|]+ \| `(\w+)`", text, flags=re.MULTILINE)
    listed: dict[ErrorType, set[int]] = {kind: set() for kind in ErrorType}
    for status, name in rows:
        listed[ErrorType(name)].add(int(status))

    for kind, shape in ERRORS.items():
        sent = {shape.status.value, *(s.value for s in shape.transport_statuses)}
        assert {s.value for s in shape.transport_statuses} <= listed[kind], kind
        assert listed[kind] <= sent, kind


# --- each type provoked -----------------------------------------------------------------


def with_card(card: int) -> str:
    """A take_turn request whose bot's third card is *card*."""
    bot = copy.deepcopy(BOT)
    bot["draw_pile"][2] = card
    return json.dumps({"call": "take_turn", "bot": bot, "view": BOARD})


def with_repeated_id() -> str:
    """A take_turn request whose view's building 3 has building 1's id."""
    view = copy.deepcopy(BOARD)
    view["buildings"][3]["id"] = view["buildings"][1]["id"]
    return json.dumps({"call": "take_turn", "bot": BOT, "view": view})


def with_a_second_ship() -> str:
    """An apply request: two GainShip decisions on a view with one Ship left."""
    trace = {"rules": [], "candidates": [], "removed": [], "tie_breaks": [], "note": ""}
    ship = {"type": "GainShip", "trace": trace}
    view = {**BOARD, "ships_left": 1}
    return json.dumps({"call": "apply", "view": view, "decisions": [ship, ship]})


DOCUMENTED: dict[ErrorType, str] = {
    ErrorType.SERIALIZATION: with_card(99),
    ErrorType.INVALID_VALUE: '{"call": "new_bot", "seed": -1}',
    ErrorType.INVALID_HOST_STATE: with_repeated_id(),
    ErrorType.ILLEGAL_DECISION: with_a_second_ship(),
}
"""The requests whose errors are the examples of the table."""


@pytest.mark.parametrize("kind", list(DOCUMENTED), ids=lambda k: k.value)
def test_the_documented_request_gets_the_documented_error(kind: ErrorType) -> None:
    assert error_of(DOCUMENTED[kind]) == example(kind)


def turn(**changes: object) -> str:
    return json.dumps({"call": "take_turn", "bot": BOT, "view": BOARD, **changes})


@pytest.mark.parametrize(
    ("request_text", "kind", "path"),
    [
        ("{", ErrorType.SERIALIZATION, "$"),
        ('{"call": "new_bot", "seed": true}', ErrorType.SERIALIZATION, "$.seed"),
        ('{"call": "make_coffee"}', ErrorType.INVALID_VALUE, "$.call"),
        (
            turn(view={**BOARD, "colony_level": -1}),
            ErrorType.INVALID_HOST_STATE,
            "$.view.colony_level",
        ),
        (
            turn(view={**BOARD, "lacerda_rover": {"q": 40, "r": 40}}),
            ErrorType.INVALID_HOST_STATE,
            "$.view.lacerda_rover",
        ),
        (
            turn(call="human_used_tech", tech="rover"),  # a Tech he lacks
            ErrorType.INVALID_HOST_STATE,
            "$.tech",
        ),
    ],
)
def test_every_library_error_has_exactly_its_keys(
    request_text: str, kind: ErrorType, path: str
) -> None:
    error = error_of(request_text)

    assert (error["type"], error["path"]) == (kind.value, path)
    assert has_its_keys(error)
    assert error["message"].startswith(f"{path}: ")


def test_an_internal_error_has_exactly_its_keys(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(bot: BotState, view: Board) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(lacerda_bot.protocol, "take_turn", broken)

    error = error_of(json.dumps({"call": "take_turn", "bot": BOT, "view": BOARD}))

    assert error == {"type": "InternalError", "message": "RuntimeError: boom"}


def test_the_examples_of_the_transports_errors_are_what_they_send() -> None:
    """A call past the default bound, a worker that died: their very texts."""
    timeout = json.loads(timed_out(10).text)["error"]
    ended = "the worker process ended without an answer"

    assert timeout == example(ErrorType.TIMEOUT)
    assert json.loads(failed(ended).text)["error"] == example(ErrorType.INTERNAL)


# --- over HTTP --------------------------------------------------------------------------


def slow(request: bytes) -> Reply:
    """Answers after the 0.1 s bound of the server it runs in."""
    time.sleep(1)
    return reply(request)


def ended(request: bytes) -> Reply:
    """The worker process ends without an answer (as if killed)."""
    os._exit(1)


def test_over_http_each_type_has_its_status_and_keys() -> None:
    """Each error type, provoked over HTTP, has the status and the keys of the table."""
    answers: dict[ErrorType, tuple[int, dict[str, Any]]] = {}
    with serving(Answerer(workers=1)) as port:
        for kind, request in DOCUMENTED.items():
            answers[kind] = post(port, request.encode())
    with serving(Answerer(timeout=0.1, workers=1, answer=slow)) as port:
        answers[ErrorType.TIMEOUT] = post(port, b'{"call": "new_bot", "seed": 1}')
    with serving(Answerer(workers=1, answer=ended)) as port:
        answers[ErrorType.INTERNAL] = post(port, b'{"call": "new_bot", "seed": 1}')

    for kind, (status, response) in answers.items():
        RESPONSE.validate(response)
        assert status == ERRORS[kind].status.value, kind
        assert response["error"]["type"] == kind.value
        assert has_its_keys(response["error"]), kind
        if kind is not ErrorType.TIMEOUT:
            assert response["error"] == example(kind), kind


LENGTH = b"Content-Length: 2\r\n\r\n{}"

TRANSPORT: list[tuple[bytes, int, str]] = [
    (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 405, "method"),
    (HEAD + b"\r\n", 411, ""),
    (HEAD + b"Content-Length: -1\r\n\r\n", 400, ""),
    (HEAD + b"Content-Length: 99999999\r\n\r\n", 413, ""),
    (
        b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n" + LENGTH,
        415,
        "Content-Type",
    ),
    (
        b"POST / HTTP/1.1\r\nHost: evil.example\r\nContent-Type: application/json\r\n"
        + LENGTH,
        421,
        "Host",
    ),
    (HEAD + b"X-Many: 1\r\n" * 101 + b"\r\n", 431, ""),
    (b"POST / HTTP/2.0\r\n\r\n", 505, ""),
]


@pytest.mark.parametrize(
    ("data", "status", "field"), TRANSPORT, ids=[str(s) for _, s, _ in TRANSPORT]
)
def test_the_transports_own_refusals_have_exactly_their_keys(
    data: bytes, status: int, field: str
) -> None:
    """What HTTP refuses before reading the body is a protocol error of the table too."""
    with serving(Answerer(workers=1)) as port:
        got, response = raw(port, data)

    RESPONSE.validate(response)
    error = response["error"]
    assert got == status
    assert has_its_keys(error)
    assert got in {
        ERRORS[ErrorType(error["type"])].status.value,
        *(s.value for s in ERRORS[ErrorType(error["type"])].transport_statuses),
    }
    if field:  # a header or the method: not in the request's JSON
        assert (error["path"], error["field"]) == (None, field)
        assert error["message"].startswith(f"{field}: expected ")


def test_a_refused_content_type_is_shown_as_json() -> None:
    with serving(Answerer(workers=1)) as port:
        body = b'{"call": "new_bot", "seed": 1}'
        length = {"Content-Length": str(len(body))}
        _, response = post(port, body, headers={**JSON, "Content-Type": "text/plain"})
        _, missing = post(port, body, headers=length)

    assert response["error"]["message"] == (
        'Content-Type: expected application/json, got "text/plain"'
    )
    assert missing["error"]["message"] == (
        "Content-Type: expected application/json, got null"
    )


# --- every path names a place of the request ----------------------------------------------

_STEP = re.compile(r'\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]')


def resolve(document: object, path: str) -> object:
    """The value at JSON path *path* in *document*; KeyError/IndexError if there is none."""
    assert path.startswith("$"), path
    at, rest = document, path[1:]
    while rest:
        step = _STEP.match(rest)
        assert step is not None, path
        name, index, quoted = step.groups()
        if index is not None:
            assert isinstance(at, list), path
            at = at[int(index)]
        else:
            assert isinstance(at, dict), path
            at = at[name if name is not None else json.loads(quoted)]
        rest = rest[step.end() :]
    return at


def places(document: object, path: str = "$") -> list[str]:
    """Every JSON path of *document*, itself first."""
    found = [path]
    if isinstance(document, dict):
        for key, value in document.items():
            found += places(value, f"{path}.{key}")
    elif isinstance(document, list):
        for i, value in enumerate(document):
            found += places(value, f"{path}[{i}]")
    return found


def replaced(document: Any, path: str, value: object) -> Any:
    """A copy of *document* with the value at *path* replaced by *value*."""
    if path == "$":
        return value
    copied = copy.deepcopy(document)
    parent, last = path.rsplit("[", 1) if path.endswith("]") else path.rsplit(".", 1)
    holder: Any = resolve(copied, parent)
    holder[int(last[:-1]) if path.endswith("]") else last] = value
    return copied


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**64), 2**64)
    | st.floats(allow_nan=False)
    | st.text(max_size=5)
    | st.sampled_from(["mine", "rover", "orbit", "S1", "b0,0"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["q", "r", "id", "x y"]), inner, max_size=3)
    ),
    max_leaves=6,
)


@given(st.data(), host_states(), st.sampled_from(["take_turn", "score_lacerda"]))
def test_a_corrupted_board_gets_an_error_whose_path_is_in_the_request(
    data: st.DataObject, board: Board, call: str
) -> None:
    """Any value of a generated board replaced by any JSON: the error's path is a place of the request."""
    request = {"call": call, "view": unstructure(board)}
    if call == "take_turn":
        request["bot"] = BOT
    where = data.draw(st.sampled_from(places(request["view"], "$.view")[1:]))
    corrupted = replaced(request, where, data.draw(JSON_VALUES))

    response = json.loads(handle(json.dumps(corrupted)))

    RESPONSE.validate(response)
    if "error" in response:
        error = response["error"]
        assert error["type"] != "InternalError", error
        assert has_its_keys(error)
        resolve(corrupted, error["path"])
        assert error["message"].startswith(f"{error['path']}: ")


def test_resolve_reads_the_paths_the_server_writes() -> None:
    document = {"a": [{"b c": 1}], "d": None}

    assert resolve(document, '$.a[0]["b c"]') == 1
    assert resolve(document, "$.d") is None
    with pytest.raises(KeyError):
        resolve(document, "$.e")
    with pytest.raises(IndexError):
        resolve(document, "$.a[1]")


@pytest.mark.parametrize(
    ("raised", "path"),
    [
        (
            InvalidHostStateError("gain", "benefits nested at most 9 deep", "x"),
            "$.view",
        ),
        (
            InvalidHostStateError("missions", "a Mission in slot a", None),
            "$.view.missions",
        ),
        (
            InvalidValueError("bot.current_card", "none between turns", 3),
            "$.bot.current_card",
        ),
        (InvalidValueError("draw_pile + discard_pile", "the 12 cards", []), "$"),
    ],
)
def test_an_error_raised_by_a_call_is_located_by_its_field(
    monkeypatch: pytest.MonkeyPatch, raised: LacerdaBotError, path: str
) -> None:
    """A field naming an argument is under ``$``, a view property under ``$.view``."""

    def refusing(bot: BotState, view: Board) -> None:
        raise raised

    monkeypatch.setattr(lacerda_bot.protocol, "take_turn", refusing)

    error = error_of(turn())

    assert error["path"] == path
    assert has_its_keys(error)
