"""The ``lacerda-bot serve`` protocol: one JSON request in, one JSON response out.

This module is the whole protocol, and it is pure: :func:`handle` turns the
text of one request into the text of its response, with no I/O, clock or
global state. The transports (lines over stdio, POST bodies over HTTP) only
move texts; ``docs/protocol.md`` is the reference for host authors, and
``lacerda_bot/schemas/request.json`` and ``response.json`` describe both
sides as JSON Schema.

A request is one JSON object: ``"call"`` names the call, ``"id"`` (a string,
an integer or ``null``; optional) is echoed in the response, ``"version"``
(optional) pins the data format, and the call's arguments are the *bare data*
that :func:`~lacerda_bot.serialization.unstructure` writes: the ``"data"`` of
a :func:`~lacerda_bot.dumps` document, with no envelope. The call already
says what each argument is, and a host feeds the ``bot`` of one outcome into
its next request as it is:

>>> import json
>>> from lacerda_bot.serialization import unstructure
>>> from lacerda_bot.testing import reference_board
>>> created = json.loads(handle('{"id": 1, "call": "new_bot", "seed": 0}'))
>>> request = {"id": 2, "call": "take_turn", "bot": created["bot"],
...            "view": unstructure(reference_board())}
>>> response = json.loads(handle(json.dumps(request)))
>>> response["id"], response["outcome"]["decisions"][0]["type"]
(2, 'RevealCard')

A request that cannot be carried out gets a typed error naming where, as a
JSON path into the request, and the next request is served as usual:

>>> handle('{"id": 3, "call": "take_turn", "bot": {}}')
'{"id":3,"error":{"type":"SerializationError","path":"$.view","message":"$.view: missing"}}'

Errors speak JSON: a value is shown as the host sent it (``true``,
``{"q": 40, "r": 40}``), not as Python writes it. :data:`ERRORS` holds what
each error type carries; ``docs/protocol.md``'s error table is made from it.
"""

import enum
import json
import re
from collections.abc import Mapping
from http import HTTPStatus
from importlib.metadata import version as _installed
from typing import Any, Final, Never, TypeAlias, TypeVar, assert_never, cast, final

import attrs

from lacerda_bot._board.board import Board
from lacerda_bot._calls import (
    colony_level_up,
    human_used_tech,
    setup,
    shuttle_phase,
    take_turn,
)
from lacerda_bot._enum import IdentityEnum
from lacerda_bot._json_terms import json_term, key_path, one_of
from lacerda_bot._rules.scoring import ScoreBreakdown, score_lacerda
from lacerda_bot._state import BotState, new_bot
from lacerda_bot.decisions import Decision
from lacerda_bot.errors import (
    IllegalDecisionError,
    InvalidHostStateError,
    InvalidValueError,
    LacerdaBotError,
    SerializationError,
)
from lacerda_bot.model import TechType
from lacerda_bot.options import Options
from lacerda_bot.outcome import Outcome
from lacerda_bot.render import describe
from lacerda_bot.serialization import (
    FORMAT_VERSION,
    SCHEMA_VERSION,
    parse_json,
    structure,
    unstructure,
)
from lacerda_bot.testing import apply, why_illegal

__all__ = [
    "ERRORS",
    "MAX_REQUEST_BYTES",
    "PARAMETERS",
    "RESULTS",
    "Call",
    "ErrorShape",
    "ErrorType",
    "Parameter",
    "Reply",
    "Versions",
    "handle",
    "versions",
]

T = TypeVar("T")

MAX_REQUEST_BYTES: Final = 1 << 20
"""The largest request read, in bytes of UTF-8 (1 MiB); a larger one is refused whole."""

RequestId: TypeAlias = str | int | None
"""A request's ``"id"``: echoed in its response (``null`` when absent or unreadable)."""


@enum.unique
class Call(IdentityEnum):
    """The calls a request can name: the host entry points of :mod:`lacerda_bot`."""

    NEW_BOT = "new_bot"
    SETUP = "setup"
    TAKE_TURN = "take_turn"
    SHUTTLE_PHASE = "shuttle_phase"
    COLONY_LEVEL_UP = "colony_level_up"
    HUMAN_USED_TECH = "human_used_tech"
    SCORE_LACERDA = "score_lacerda"
    VERSION = "version"
    APPLY = "apply"
    WHY_ILLEGAL = "why_illegal"
    DESCRIBE = "describe"


@enum.unique
class ErrorType(IdentityEnum):
    """The ``"type"`` of an error response: the error class's name.

    The first three are the library's own errors (:mod:`lacerda_bot.errors`);
    the transports add the last two.
    """

    SERIALIZATION = "SerializationError"
    """The request cannot be read as its call's arguments (see :data:`ERRORS`)."""
    INVALID_VALUE = "InvalidValueError"
    """A value is not allowed: an unknown call, a seed out of range."""
    INVALID_HOST_STATE = "InvalidHostStateError"
    """The view breaks a rule's precondition."""
    ILLEGAL_DECISION = "IllegalDecisionError"
    """An ``apply`` request's decision contradicts the board it would be applied
    to; ``"path"`` names it (``$.decisions[2]``), ``"reason"`` says why."""
    TIMEOUT = "TimeoutError"
    """The server found no answer within its time bound."""
    INTERNAL = "InternalError"
    """A bug in lacerda_bot; please report it with the request."""


@final
@attrs.frozen(kw_only=True)
class Versions:
    """What the ``version`` call answers: the versions a host can check at start."""

    library: str
    """The installed lacerda-bot release (``lacerda_bot.__version__``)."""
    format: int
    """The data format of every argument and result (``"version"`` of a request)."""
    schema: int
    """The version of the shipped JSON Schemas and TypeScript declarations."""


def versions() -> Versions:
    """The versions this server speaks.

    >>> versions().format
    1
    """
    return Versions(
        library=_installed("lacerda-bot"), format=FORMAT_VERSION, schema=SCHEMA_VERSION
    )


@final
@attrs.frozen(kw_only=True)
class ErrorShape:
    """What an error response of one type holds, and when the server sends it.

    ``docs/protocol.md``'s error table is written from these, and a test
    provokes each type and checks that its response has these keys exactly.
    """

    keys: tuple[str, ...]
    """The keys of the ``"error"`` object besides ``"type"``, in the order written."""
    nullable: frozenset[str] = frozenset()
    """The keys that may be ``null`` (every other one is always a string)."""
    when: str
    """When it is sent (Markdown)."""
    status: HTTPStatus
    """Its HTTP status over ``serve --http``."""
    transport_statuses: tuple[HTTPStatus, ...] = ()
    """The other statuses the HTTP transport sends it with, refusing a request
    before reading its body (``docs/protocol.md`` lists them)."""
    example: str
    """An example ``"error"`` object, as compact JSON."""


_LOCATED: Final = ("path", "field", "expected", "message")

ERRORS: Final[Mapping[ErrorType, ErrorShape]] = {
    ErrorType.SERIALIZATION: ErrorShape(
        keys=("path", "message"),
        when=(
            "the request cannot be read as its call's arguments: it is not JSON,"
            " not an object, too large or nested too deeply; a key is missing,"
            " unknown or repeated; a value is of the wrong JSON type, not one of its"
            " enum's values, or out of its range inside `bot`, `view` or `options`"
            " (a card id, a count below 0)"
        ),
        status=HTTPStatus.BAD_REQUEST,
        transport_statuses=(
            HTTPStatus.LENGTH_REQUIRED,
            HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
            HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
            HTTPStatus.HTTP_VERSION_NOT_SUPPORTED,
        ),
        example=(
            '{"type":"SerializationError","path":"$.bot.draw_pile[2]",'
            '"message":"$.bot.draw_pile[2]: expected a card id from 1 to 12, got 99"}'
        ),
    ),
    ErrorType.INVALID_VALUE: ErrorShape(
        keys=_LOCATED,
        nullable=frozenset({"path"}),
        when=(
            "an unknown `call`; a `seed` out of range; over HTTP, a method,"
            " `Content-Type` or `Host` refused (`path` is then `null`:"
            " it is not in the request's JSON)"
        ),
        status=HTTPStatus.BAD_REQUEST,
        transport_statuses=(
            HTTPStatus.METHOD_NOT_ALLOWED,
            HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
            HTTPStatus.MISDIRECTED_REQUEST,
        ),
        example=(
            '{"type":"InvalidValueError","path":"$.seed","field":"seed",'
            '"expected":"an int with 0 <= seed < 2**63",'
            '"message":"$.seed: expected an int with 0 <= seed < 2**63, got -1"}'
        ),
    ),
    ErrorType.INVALID_HOST_STATE: ErrorShape(
        keys=_LOCATED,
        when=(
            "the view breaks a rule's precondition: a Rover off the map, a"
            " repeated id (named where it is the second time)..."
        ),
        status=HTTPStatus.BAD_REQUEST,
        example=(
            '{"type":"InvalidHostStateError","path":"$.view.buildings[3].id",'
            '"field":"buildings[3].id",'
            '"expected":"an id no other item has (buildings[1].id has it too)",'
            '"message":"$.view.buildings[3].id: expected an id no other item has'
            ' (buildings[1].id has it too), got \\"b2,-1\\""}'
        ),
    ),
    ErrorType.ILLEGAL_DECISION: ErrorShape(
        keys=("path", "decision_type", "reason", "message"),
        when=(
            "an `apply` request's decision contradicts the board it would be"
            " applied to (none is applied)"
        ),
        status=HTTPStatus.BAD_REQUEST,
        example=(
            '{"type":"IllegalDecisionError","path":"$.decisions[1]",'
            '"decision_type":"GainShip","reason":"no Ship left (R-LEVEL-4)",'
            '"message":"$.decisions[1] (GainShip): no Ship left (R-LEVEL-4)"}'
        ),
    ),
    ErrorType.TIMEOUT: ErrorShape(
        keys=("message",),
        when=(
            "no answer within the time bound, or no free worker within it"
            " (the server is busy)"
        ),
        status=HTTPStatus.SERVICE_UNAVAILABLE,
        example='{"type":"TimeoutError","message":"no answer within 10 s"}',
    ),
    ErrorType.INTERNAL: ErrorShape(
        keys=("message",),
        when=(
            "a bug in lacerda_bot: please report it with the request; or the"
            " worker answering it ended (killed, out of memory)"
        ),
        status=HTTPStatus.INTERNAL_SERVER_ERROR,
        example=(
            '{"type":"InternalError",'
            '"message":"the worker process ended without an answer"}'
        ),
    ),
}
"""Every error type the server sends, with its keys, when, HTTP status and an example."""


@final
@attrs.frozen(kw_only=True)
class Parameter:
    """One argument of a call: its key in the request and the type of its data."""

    name: str
    kind: Any
    """A type, or a type form such as ``tuple[Decision, ...]``."""
    required: bool = True
    """An optional argument may be left out: ``options`` of ``new_bot`` (the defaults)."""


_BOT: Final = Parameter(name="bot", kind=BotState)
_VIEW: Final = Parameter(name="view", kind=Board)
_OPTIONS: Final = Parameter(name="options", kind=Options, required=False)
# A host's decision, ``Decision[Never]``: mypy cannot subscript a union alias, Python can.
_DECISION: Final = Parameter(name="decision", kind=Decision[Never])  # type: ignore[misc]

PARAMETERS: Final[Mapping[Call, tuple[Parameter, ...]]] = {
    Call.NEW_BOT: (
        Parameter(name="seed", kind=int),
        _OPTIONS,
    ),
    Call.SETUP: (_BOT, _VIEW),
    Call.TAKE_TURN: (_BOT, _VIEW),
    Call.SHUTTLE_PHASE: (_BOT, _VIEW),
    Call.COLONY_LEVEL_UP: (_BOT, _VIEW),
    Call.HUMAN_USED_TECH: (_BOT, _VIEW, Parameter(name="tech", kind=TechType)),
    Call.SCORE_LACERDA: (_VIEW,),
    Call.VERSION: (),
    Call.APPLY: (
        _VIEW,
        Parameter(name="decisions", kind=tuple[Decision[Never], ...]),
        _OPTIONS,
    ),
    Call.WHY_ILLEGAL: (_VIEW, _DECISION, _OPTIONS),
    Call.DESCRIBE: (_DECISION,),
}
"""The arguments of each call, in the order of the Python function's parameters."""

_OUTCOME: Final = Parameter(name="outcome", kind=Outcome)

RESULTS: Final[Mapping[Call, Parameter]] = {
    Call.NEW_BOT: Parameter(name="bot", kind=BotState),
    Call.SETUP: _OUTCOME,
    Call.TAKE_TURN: _OUTCOME,
    Call.SHUTTLE_PHASE: _OUTCOME,
    Call.COLONY_LEVEL_UP: _OUTCOME,
    Call.HUMAN_USED_TECH: _OUTCOME,
    Call.SCORE_LACERDA: Parameter(name="score", kind=ScoreBreakdown),
    Call.VERSION: Parameter(name="version", kind=Versions),
    Call.APPLY: _VIEW,
    Call.WHY_ILLEGAL: Parameter(name="reason", kind=str),
    Call.DESCRIBE: Parameter(name="text", kind=str),
}
"""The key of each call's result in its response, and the type of its data."""

ENVELOPE_KEYS: Final = ("id", "version", "call")
"""The keys every request may have besides its call's arguments (``call`` is required)."""


@final
@attrs.frozen(kw_only=True)
class Reply:
    """The text of one response, and the type of its error (``None``: an answer)."""

    text: str
    """One line of JSON (ASCII only: any other character is escaped)."""
    error: ErrorType | None = None


def handle(request: str | bytes) -> str:
    """The response text to one request text (see the module docstring).

    Never raises: a bad request gets a typed error response.
    """
    return reply(request).text


def reply(request: str | bytes, *, limit: int = MAX_REQUEST_BYTES) -> Reply:
    """The response to one request, with its error type; requests over *limit* bytes are refused."""
    size = len(
        request.encode("utf-8", "surrogatepass")
        if isinstance(request, str)
        else request
    )
    if size > limit:
        return too_large(size, limit=limit)
    rid: RequestId = None
    call: Call | None = None
    try:
        data = parse_json(request)
        if not isinstance(data, dict):
            raise SerializationError("$", "expected a JSON object (a request)")
        rid = _request_id(data)
        call = _call(data)
        result = _run(call, _arguments(call, data))
    except LacerdaBotError as error:
        return refused(error, request_id=rid, at=_located(error, call))
    except Exception as error:  # a bug: say so, and keep serving
        return failed(f"{type(error).__name__}: {error}", request_id=rid)
    return Reply(text=_text({"id": rid, RESULTS[call].name: unstructure(result)}))


def refused(
    error: LacerdaBotError, *, request_id: RequestId = None, at: str | None = None
) -> Reply:
    """The error response for *error*: its class name, where, and the message.

    *at* is the JSON path in the request of the value an
    :class:`~lacerda_bot.errors.InvalidValueError` or
    :class:`~lacerda_bot.errors.InvalidHostStateError` names (``None``: it
    is not in the request's JSON, as an HTTP header is not). The message
    shows the value refused as JSON (``true``, ``{"q": 40, "r": 40}``).
    """
    match error:
        case SerializationError():
            return _reply(
                request_id,
                ErrorType.SERIALIZATION,
                {"path": error.path, "message": str(error)},
            )
        case IllegalDecisionError():
            path = f"$.decisions[{error.index}]"
            illegal = {
                "path": path,
                "decision_type": error.decision_type,
                "reason": error.reason,
                "message": f"{path} ({error.decision_type}): {error.reason}",
            }
            return _reply(request_id, ErrorType.ILLEGAL_DECISION, illegal)
        case InvalidValueError() | InvalidHostStateError():
            kind = (
                ErrorType.INVALID_VALUE
                if isinstance(error, InvalidValueError)
                else ErrorType.INVALID_HOST_STATE
            )
            got = json_term(error.value)
            message = f"{at or error.field}: expected {error.expected}, got {got}"
            fields = {"path": at, "field": error.field, "expected": error.expected}
            return _reply(request_id, kind, {**fields, "message": message})
        case _:  # pragma: no cover - no call raises another LacerdaBotError
            return _reply(request_id, ErrorType.INTERNAL, {"message": str(error)})


_FIELD_PATH: Final = re.compile(
    r"(?P<name>[A-Za-z_][A-Za-z0-9_]*)(?:\[\d+\]|\.[A-Za-z_][A-Za-z0-9_]*)*"
)
_VIEW_FIELDS: Final = frozenset(a.name for a in attrs.fields(Board))


def _located(error: LacerdaBotError, call: Call | None) -> str | None:
    """The JSON path in the request of what *error* names (its ``field``).

    A field that names a key of the request is under ``$`` (``seed``,
    ``tech``, ``bot.current_card``), one that names a property of the view
    under ``$.view`` (``buildings[3].id``); anything else is the argument
    as a whole (the view for a rule's precondition), or the request.
    """
    if not isinstance(error, InvalidValueError | InvalidHostStateError):
        return None
    names = {p.name for p in PARAMETERS[call]} if call is not None else set()
    match = _FIELD_PATH.fullmatch(error.field)
    if match is not None:
        if match["name"] in names or match["name"] in ENVELOPE_KEYS:
            return f"$.{error.field}"
        if "view" in names and match["name"] in _VIEW_FIELDS:
            return f"$.view.{error.field}"
    return "$.view" if isinstance(error, InvalidHostStateError) else "$"


def failed(message: str, *, request_id: RequestId = None) -> Reply:
    """The ``InternalError`` response to a request the server could not answer.

    *message* says why (the worker answering it ended without an answer).
    """
    return _reply(request_id, ErrorType.INTERNAL, {"message": message})


def too_large(size: int | None, *, limit: int = MAX_REQUEST_BYTES) -> Reply:
    """The error response to a request over *limit* bytes (*size*, if known)."""
    what = "more than" if size is None else f"{size} bytes, more than"
    return refused(SerializationError("$", f"the request is {what} {limit} bytes"))


def timed_out(
    seconds: float, *, request_id: RequestId = None, busy: bool = False
) -> Reply:
    """The error response to a request that found no answer within *seconds*.

    *request_id* is the request's id, if known: read it with :func:`request_id`,
    which never parses the whole request. *busy*: the call never started, for
    want of a free worker within *seconds*.
    """
    message = (
        f"no free worker within {seconds:g} s (the server is busy)"
        if busy
        else f"no answer within {seconds:g} s"
    )
    return _reply(request_id, ErrorType.TIMEOUT, {"message": message})


ID_SCAN_CHARS: Final = 1 << 16
"""How far into a request :func:`request_id` looks for its ``"id"`` (64 Ki characters)."""

_DECODER: Final = json.JSONDecoder()
_SPACE: Final = re.compile(r"[ \t\n\r]*")


def request_id(request: str | bytes, *, scan: int = ID_SCAN_CHARS) -> RequestId:
    """The ``"id"`` of a request text, read cheaply; ``None`` if it cannot be.

    Only the first *scan* characters are looked at, and only the top-level
    keys before ``"id"`` and its value are decoded (with no repeated-key
    check), so the cost is bounded whatever the request's size: this is for
    answering a request that the full parse in :func:`reply` has not finished
    with. An id past the first *scan* characters, or after something that is
    not JSON, is not found.
    """
    text = _head(request, scan)
    if text is None:
        return None
    try:
        at = _skip(text, 0)
        if text[at] != "{":
            return None
        at = _skip(text, at + 1)
        while text[at] == '"':
            key, at = _DECODER.raw_decode(text, at)
            at = _skip(text, at)
            if text[at] != ":":
                return None
            at = _skip(text, at + 1)
            value, at = _DECODER.raw_decode(text, at)
            if key == "id":
                return value if value is None or type(value) in (str, int) else None
            at = _skip(text, at)
            if text[at] != ",":
                return None
            at = _skip(text, at + 1)
    except (ValueError, IndexError, RecursionError):
        return None
    return None


def _skip(text: str, at: int) -> int:
    """The index of the first character at or after *at* that is not JSON white space."""
    match = _SPACE.match(text, at)
    return match.end() if match else at


def _head(request: str | bytes, size: int) -> str | None:
    """The first *size* characters of *request* (about, for bytes), or ``None`` if unreadable."""
    if isinstance(request, str):
        return request[:size]
    head = request[:size]
    try:
        return head.decode(json.detect_encoding(head))
    except UnicodeDecodeError as error:
        if error.end != len(head):  # not a character cut in two at the end
            return None
        return head[: error.start].decode(json.detect_encoding(head), "strict")
    except LookupError:  # pragma: no cover - detect_encoding names known codecs
        return None


def _reply(rid: RequestId, kind: ErrorType, fields: Mapping[str, str | None]) -> Reply:
    error = {"type": kind.value, **fields}
    return Reply(text=_text({"id": rid, "error": error}), error=kind)


def _text(response: Mapping[str, Any]) -> str:
    return json.dumps(response, separators=(",", ":"))


def _request_id(data: Mapping[str, Any]) -> RequestId:
    value = data.get("id")
    if value is None or type(value) in (str, int):
        return value
    raise SerializationError("$.id", "expected a JSON string, integer or null")


_CALLS: Final = {c.value: c for c in Call}


def _call(data: Mapping[str, Any]) -> Call:
    if "version" in data and (
        type(data["version"]) is not int or data["version"] != FORMAT_VERSION
    ):
        shown = json_term(data["version"])
        raise SerializationError("$.version", f"expected {FORMAT_VERSION}, got {shown}")
    if "call" not in data:
        raise SerializationError("$.call", "missing")
    name = data["call"]
    if not isinstance(name, str):
        shown = json_term(name)
        raise SerializationError("$.call", f"expected a JSON string, got {shown}")
    call = _CALLS.get(name)
    if call is None:
        shown = name if len(name) <= 64 else f"{name[:64]}..."
        raise InvalidValueError("call", one_of(list(_CALLS)), shown)
    return call


def _arguments(call: Call, data: Mapping[str, Any]) -> dict[str, object]:
    """The call's arguments, built from their data; a missing or extra key is refused."""
    parameters = PARAMETERS[call]
    names = {p.name for p in parameters}
    extra = [k for k in data if k not in names and k not in ENVELOPE_KEYS]
    if extra:
        raise SerializationError(
            key_path("$", extra[0]), f"not a key of a {call.value} request"
        )
    missing = [p.name for p in parameters if p.required and p.name not in data]
    if missing:
        raise SerializationError(f"$.{missing[0]}", "missing")
    return {
        p.name: structure(data[p.name], p.kind, path=f"$.{p.name}")
        for p in parameters
        if p.name in data
    }


def _get(arguments: Mapping[str, object], name: str, kind: type[T]) -> T:
    value = arguments[name]
    assert isinstance(value, kind)
    return value


def _run(call: Call, args: Mapping[str, object]) -> object:
    """Run *call* on its arguments; its result goes under ``RESULTS[call].name``."""
    match call:
        case Call.NEW_BOT:
            options = _get(args, "options", Options) if "options" in args else None
            return new_bot(_get(args, "seed", int), options)
        case Call.SETUP:
            return setup(_get(args, "bot", BotState), _get(args, "view", Board))
        case Call.TAKE_TURN:
            return take_turn(_get(args, "bot", BotState), _get(args, "view", Board))
        case Call.SHUTTLE_PHASE:
            return shuttle_phase(_get(args, "bot", BotState), _get(args, "view", Board))
        case Call.COLONY_LEVEL_UP:
            bot, view = _get(args, "bot", BotState), _get(args, "view", Board)
            return colony_level_up(bot, view)
        case Call.HUMAN_USED_TECH:
            bot, view = _get(args, "bot", BotState), _get(args, "view", Board)
            return human_used_tech(bot, view, _get(args, "tech", TechType))
        case Call.SCORE_LACERDA:
            return score_lacerda(_get(args, "view", Board))
        case Call.VERSION:
            return versions()
        case Call.APPLY:
            decisions = args["decisions"]
            assert isinstance(decisions, tuple)
            options = _get(args, "options", Options) if "options" in args else None
            return apply(_get(args, "view", Board), decisions, options=options)
        case Call.WHY_ILLEGAL:
            options = _get(args, "options", Options) if "options" in args else None
            decision = cast(Decision, args["decision"])
            return why_illegal(_get(args, "view", Board), decision, options)
        case Call.DESCRIBE:
            return describe(cast(Decision, args["decision"]))
        case unreachable:
            assert_never(unreachable)
