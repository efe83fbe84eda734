"""``lacerda-bot serve`` over stdio and HTTP, and a host written in Node.

Every server a test starts listens on an ephemeral loopback port and is shut
down in a ``finally``; every process a test starts is ended there too.
"""

import concurrent.futures
import contextlib
import http.client
import http.server
import io
import json
import os
import select
import socket
import socketserver
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final

import pytest

import lacerda_bot._server
import lacerda_bot.protocol
from lacerda_bot import new_bot
from lacerda_bot._server import MAX_HEAD_BYTES, Answerer, serve_stdio
from lacerda_bot.cli import main
from lacerda_bot.protocol import MAX_REQUEST_BYTES, ErrorType, Reply, reply
from lacerda_bot.serialization import unstructure
from lacerda_bot.testing import reference_board

from .helpers_serve import (
    HEAD,
    JSON,
    NEVER,
    NEW_BOT_REQUEST,
    never_ending,
    post,
    raw,
    serving,
)

ROOT = Path(__file__).resolve().parent.parent
SERVE = [sys.executable, "-m", "lacerda_bot", "serve"]

BOARD = unstructure(reference_board())
NEW_BOT = {"id": "new", "call": "new_bot", "seed": 7}
BAD = [
    b"{not json",  # malformed JSON
    json.dumps({"id": "types", "call": "new_bot", "seed": "7"}).encode(),  # wrong type
    json.dumps({"id": "call", "call": "make_coffee"}).encode(),  # unknown call
]
BAD_ERRORS = [
    (None, "SerializationError"),
    ("types", "SerializationError"),
    ("call", "InvalidValueError"),
]


def turn_request(bot: Any) -> bytes:
    return json.dumps(
        {"id": "turn", "call": "take_turn", "bot": bot, "view": BOARD}
    ).encode()


def kinds(lines: list[dict[str, Any]]) -> list[tuple[Any, str]]:
    """(id, error type or result key) of each response."""
    return [
        (
            r["id"],
            r["error"]["type"] if "error" in r else next(k for k in r if k != "id"),
        )
        for r in lines
    ]


# --- stdio ------------------------------------------------------------------------------


def run_stdio(data: bytes, answerer: Answerer | None = None) -> list[dict[str, Any]]:
    out = io.BytesIO()
    with answerer or Answerer() as using:
        serve_stdio(io.BytesIO(data), out, using)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_stdio_answers_every_line_and_serves_on_after_bad_ones() -> None:
    """Malformed JSON, a wrong type, an unknown call, an oversized line: typed errors, then a turn."""
    bot = unstructure(new_bot(7))
    oversized = b'{"id": "big", "pad": "' + b"x" * MAX_REQUEST_BYTES + b'"}'
    lines = [
        json.dumps(NEW_BOT).encode(),
        *BAD,
        b"",
        b"  ",
        oversized,
        turn_request(bot),
    ]

    responses = run_stdio(b"\n".join(lines) + b"\n")

    assert kinds(responses) == [
        ("new", "bot"),
        *BAD_ERRORS,
        (None, "SerializationError"),
        ("turn", "outcome"),
    ]
    assert responses[0]["bot"] == bot
    assert "more than 1048576 bytes" in responses[4]["error"]["message"]


def test_stdio_limit_is_on_the_request_not_its_line_end() -> None:
    """A request of exactly the limit is read, CRLF or not; one byte more is refused."""
    request = json.dumps(NEW_BOT).encode()
    exact = request[:-1] + b" " * (100 - len(request)) + b"}"
    assert len(exact) == 100

    answerer = Answerer(limit=100)
    responses = run_stdio(exact + b"\r\n" + exact + b" \n" + exact, answerer)

    assert kinds(responses) == [
        ("new", "bot"),
        (None, "SerializationError"),
        ("new", "bot"),
    ]


def test_stdio_skips_a_long_line_to_its_end() -> None:
    """A line many reads long is refused once, and the next line is a request again."""
    long_line = b"x" * 200_000

    responses = run_stdio(
        long_line + b"\n" + json.dumps(NEW_BOT).encode(), Answerer(limit=10_000)
    )

    assert kinds(responses) == [(None, "SerializationError"), ("new", "bot")]


def test_the_call_bound_does_not_count_waiting_for_a_worker() -> None:
    """Two 1 s calls on one worker, bound 1.9 s: the second waits 1 s, then has its 1.9 s.

    Charged for its wait, the second would need 2 s; each call has 0.9 s to spare,
    which a busy machine does not use up on a sleep and a new bot.
    """

    def slow(request: bytes) -> Reply:
        time.sleep(1.0)
        return reply(request)

    with (
        Answerer(timeout=1.9, workers=1, answer=slow) as answerer,
        concurrent.futures.ThreadPoolExecutor(2) as hosts,
    ):
        answers = list(hosts.map(answerer, [json.dumps(NEW_BOT).encode()] * 2))

    assert [a.error for a in answers] == [None, None]


def test_a_timeout_answer_to_a_huge_request_is_quick(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The timeout reply reads the id from the request's start, not by parsing it again."""
    release = threading.Event()

    def slow_parse(text: str | bytes) -> Any:
        release.wait(10)
        raise AssertionError("parsed")

    monkeypatch.setattr(lacerda_bot.protocol, "parse_json", slow_parse)
    request = (
        b'{"id": "huge", "call": "score_lacerda", "pad": "' + b"x" * 1_000_000 + b'"}'
    )
    try:
        with Answerer(timeout=0.2) as answerer:
            start = time.monotonic()
            answer = answerer(request)
            took = time.monotonic() - start
    finally:
        release.set()

    assert (answer.error, json.loads(answer.text)["id"]) == (ErrorType.TIMEOUT, "huge")
    assert took < 5  # parsing would have waited 10 s for its release


@pytest.mark.parametrize("processes", [True, False], ids=["processes", "threads"])
def test_a_slow_call_times_out_and_the_next_is_served(processes: bool) -> None:
    """In worker processes, and on threads (where the platform cannot fork).

    The slow call sleeps three times its bound; the next has the whole bound, 2 s,
    for a new bot (no tight timing: a busy machine still answers it).
    """

    def slow(request: bytes) -> Reply:
        if b"slow" in request:
            time.sleep(6)
        return reply(request)

    answerer = Answerer(timeout=2, answer=slow, processes=processes)
    slow_request = json.dumps({"id": "slow", "call": "new_bot", "seed": 1}).encode()

    responses = run_stdio(slow_request + b"\n" + json.dumps(NEW_BOT).encode(), answerer)

    assert kinds(responses) == [("slow", "TimeoutError"), ("new", "bot")]
    assert responses[0]["error"]["message"] == "no answer within 2 s"


def test_serve_command_over_stdio_in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(json.dumps(NEW_BOT).encode() + b"\n" + BAD[0]))
    stdout = io.TextIOWrapper(io.BytesIO())
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setattr(sys, "stdout", stdout)

    assert main(["serve"]) == 0

    stdout.flush()
    assert isinstance(stdout.buffer, io.BytesIO)
    lines = [json.loads(line) for line in stdout.buffer.getvalue().splitlines()]
    assert kinds(lines) == [("new", "bot"), (None, "SerializationError")]


def test_serve_command_over_stdio_in_a_process() -> None:
    """python -m lacerda_bot serve: a line per request until EOF, then exit 0."""
    bot = unstructure(new_bot(7))
    lines = [json.dumps(NEW_BOT).encode(), *BAD, turn_request(bot)]

    done = subprocess.run(
        SERVE,
        input=b"\n".join(lines) + b"\n",
        capture_output=True,
        timeout=60,
        check=False,
    )

    assert done.returncode == 0, done.stderr
    responses = [json.loads(line) for line in done.stdout.splitlines()]
    assert kinds(responses) == [("new", "bot"), *BAD_ERRORS, ("turn", "outcome")]


# --- the line ends; slow calls free their workers; a host that hangs up ---


def exactly(limit: int) -> bytes:
    """A new_bot request padded to *limit* bytes."""
    request = NEW_BOT_REQUEST[:-1] + b" " * (limit - len(NEW_BOT_REQUEST)) + b"}"
    assert len(request) == limit
    return request


def test_stdio_a_line_over_the_limit_ending_in_two_returns_is_refused_once() -> None:
    """The limit's bytes, then CR CR LF: one byte over (only CR LF ends a line)."""
    line = exactly(MAX_REQUEST_BYTES) + b"\r\r\n"

    responses = run_stdio(line + NEW_BOT_REQUEST + b"\n")

    assert kinds(responses) == [(None, "SerializationError"), ("new", "bot")]
    assert "more than 1048576 bytes" in responses[0]["error"]["message"]


def test_stdio_a_line_is_never_split_at_a_lone_return() -> None:
    """`CR CR` then a request, on one line, is one line over the limit: one answer."""
    line = exactly(MAX_REQUEST_BYTES) + b"\r\r" + NEW_BOT_REQUEST + b"\n"

    responses = run_stdio(line + NEW_BOT_REQUEST)

    assert kinds(responses) == [(None, "SerializationError"), ("new", "bot")]


def test_stdio_only_lf_or_crlf_ends_a_line() -> None:
    """A lone CR is white space: two requests joined by one are one line, and one error."""
    two = NEW_BOT_REQUEST + b"\r" + NEW_BOT_REQUEST
    data = two + b"\n" + NEW_BOT_REQUEST + b"\r\n\r\n\r\r\n" + exactly(100) + b"\r"

    responses = run_stdio(data, Answerer(limit=100))

    assert kinds(responses) == [
        (None, "SerializationError"),  # extra data after the first request
        ("new", "bot"),  # CR LF, then blank lines
        (None, "SerializationError"),  # the last line: the limit and a CR, 101 bytes
    ]
    assert "Extra data" in responses[0]["error"]["message"]


def test_stdio_half_a_request_at_the_end_is_answered_once() -> None:
    """A host that writes half a request and closes: one error, and the end."""
    responses = run_stdio(NEW_BOT_REQUEST + b"\n" + NEW_BOT_REQUEST[:10])

    assert kinds(responses) == [("new", "bot"), (None, "SerializationError")]


BOUND: Final = 2.0
"""The bound of the tests whose calls never end: far above what an answered call takes."""


def test_calls_past_their_bound_free_their_workers() -> None:
    """Two calls that never end hold both workers until their bound, then five are answered."""
    release = threading.Event()
    try:
        with (
            Answerer(
                timeout=BOUND, workers=2, answer=never_ending(release)
            ) as answerer,
            concurrent.futures.ThreadPoolExecutor(5) as hosts,
        ):
            stuck = list(hosts.map(answerer, [NEVER] * 2))
            answered = list(hosts.map(answerer, [NEW_BOT_REQUEST] * 5))
    finally:
        release.set()

    no_answer = {"type": "TimeoutError", "message": f"no answer within {BOUND:g} s"}
    assert [json.loads(a.text) for a in stuck] == [
        {"id": "never", "error": no_answer}
    ] * 2
    assert [a.error for a in answered] == [None] * 5


def test_stdio_a_call_that_never_ends_does_not_hold_the_server() -> None:
    """Over stdio: one worker, a call that never ends, then more lines than workers."""
    release = threading.Event()
    lines = [NEVER, *[NEW_BOT_REQUEST] * 3]
    try:
        answerer = Answerer(timeout=BOUND, workers=1, answer=never_ending(release))
        responses = run_stdio(b"\n".join(lines) + b"\n", answerer)
    finally:
        release.set()

    assert kinds(responses) == [("never", "TimeoutError"), *[("new", "bot")] * 3]


@contextlib.contextmanager
def closed_stdout(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Standard output a pipe whose reader is gone: every write is a broken pipe."""
    reader, writer = os.pipe()
    os.close(reader)
    stdout = open(writer, "w")  # noqa: SIM115 - closed below, whatever happens
    monkeypatch.setattr(sys, "stdout", stdout)
    try:
        yield
    finally:
        with contextlib.suppress(BrokenPipeError):  # left unflushed (on main)
            stdout.close()


def test_serve_ends_quietly_when_its_output_is_closed_in_process(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A broken pipe on standard output ends serve with status 1, no traceback."""
    stdin = io.TextIOWrapper(io.BytesIO(NEW_BOT_REQUEST + b"\n" + NEW_BOT_REQUEST))
    monkeypatch.setattr(sys, "stdin", stdin)
    with closed_stdout(monkeypatch):
        assert main(["serve"]) == 1

    assert capsys.readouterr().err == ""


class ResetInput(io.RawIOBase):
    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        raise ConnectionResetError(104, "Connection reset by peer")


def test_serve_ends_quietly_when_its_input_is_reset(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Standard input a socket the host reset: status 1, no traceback."""
    stdin = io.TextIOWrapper(io.BufferedReader(ResetInput()))
    monkeypatch.setattr(sys, "stdin", stdin)

    assert main(["serve"]) == 1

    assert capsys.readouterr().err == ""


def test_serve_ends_quietly_when_its_output_is_closed() -> None:
    """`lacerda-bot serve | head -c 10`: status 1, nothing on standard error."""
    server = subprocess.Popen(
        SERVE, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert server.stdin is not None
    assert server.stdout is not None
    assert server.stderr is not None
    try:
        server.stdin.write(NEW_BOT_REQUEST + b"\n")
        server.stdin.flush()
        assert server.stdout.read(10) == b'{"id":"new'
        server.stdout.close()  # as head does after 10 bytes
        with contextlib.suppress(BrokenPipeError):  # the server may be gone already
            for _ in range(20):
                server.stdin.write(NEW_BOT_REQUEST + b"\n")
                server.stdin.flush()
        status = server.wait(timeout=60)
        errors = server.stderr.read()
    finally:
        end_process(server)

    assert (status, errors) == (1, b"")


def end_process(process: "subprocess.Popen[bytes]") -> None:
    """Stop *process* if it still runs, and close its pipes."""
    if process.poll() is None:
        process.kill()
        process.wait()
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None:
            with contextlib.suppress(BrokenPipeError):
                stream.close()


def test_serve_ends_on_ctrl_c_over_stdio_with_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C while waiting for a request: status 130, no traceback."""

    class Interrupted(io.RawIOBase):
        def readable(self) -> bool:
            return True

        def readinto(self, buffer: Any) -> int:
            raise KeyboardInterrupt

    monkeypatch.setattr(
        sys, "stdin", io.TextIOWrapper(io.BufferedReader(Interrupted()))
    )

    assert main(["serve"]) == 130

    assert capsys.readouterr().err == ""


def test_serve_says_when_it_cannot_start_its_workers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """No process can be forked (a process limit): status 2 and the reason, no traceback."""

    def no_fork() -> int:
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", no_fork)

    assert main(["serve"]) == 2

    assert capsys.readouterr().err == (
        "lacerda-bot serve: cannot start its workers: "
        "[Errno 11] Resource temporarily unavailable\n"
    )


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["--host", "0.0.0.0"], "--host goes with --http"),
        (["--http", "70000"], "from 0 to 65535"),
        (["--timeout", "0"], "above 0"),
    ],
)
def test_serve_refuses_bad_arguments(
    argv: list[str], problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", *argv]) == 2
    assert problem in capsys.readouterr().err


def test_serve_says_when_it_cannot_listen(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]

        assert main(["serve", "--http", str(port)]) == 2

    assert "cannot listen on 127.0.0.1" in capsys.readouterr().err


# --- HTTP -------------------------------------------------------------------------------


@pytest.fixture
def port() -> Iterator[int]:
    with serving() as port:
        yield port


def test_http_plays_a_turn(port: int) -> None:
    status, created = post(port, json.dumps(NEW_BOT).encode())
    assert (status, created["id"]) == (200, "new")

    status, turn = post(port, turn_request(created["bot"]))

    assert status == 200
    assert turn["outcome"]["decisions"][0]["type"] == "RevealCard"
    assert turn["outcome"]["bot"]["discard_pile"] == [created["bot"]["draw_pile"][0]]


def test_http_bad_requests_get_typed_errors_and_it_serves_on(port: int) -> None:
    oversized = b'{"pad": "' + b"x" * MAX_REQUEST_BYTES + b'"}'

    answers = [post(port, body) for body in BAD]
    too_big = post(port, oversized)
    status, created = post(port, json.dumps(NEW_BOT).encode())

    assert [(s, r["id"], r["error"]["type"]) for s, r in answers] == [
        (400, rid, kind) for rid, kind in BAD_ERRORS
    ]
    assert too_big[0] == 413
    assert too_big[1]["error"]["type"] == "SerializationError"
    assert f"{len(oversized)} bytes, more than" in too_big[1]["error"]["message"]
    assert (status, created["id"]) == (200, "new")


def test_http_refuses_what_is_not_a_request(port: int) -> None:
    assert post(port, None, method="GET")[0] == 405
    assert post(port, None, method="HEAD")[0] == 405
    assert post(port, None, headers=JSON)[0] == 411
    status, answer = post(port, None, headers={**JSON, "Content-Length": "-1"})
    assert (status, answer["error"]["path"]) == (400, "$")
    twice = {**JSON, "Content-Length": "1, 1"}
    assert post(port, None, headers=twice)[0] == 400
    assert post(port, json.dumps(NEW_BOT).encode())[0] == 200


def test_http_hugely_oversized_body_is_refused_without_reading_it(port: int) -> None:
    """Past 8 times the limit the server does not drain the body; it answers 413 and closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as client:
        client.sendall(HEAD + b"Content-Length: 99999999999\r\n\r\n")
        head = client.recv(4096)

    assert head.startswith(b"HTTP/1.0 413")


def test_http_times_out_slow_clients_and_slow_calls() -> None:
    def slow(request: bytes) -> Reply:
        time.sleep(0.5)
        return reply(request)

    with serving(Answerer(timeout=0.1, answer=slow)) as port:
        status, answer = post(port, b'{"id": 5}')
        assert (status, answer["id"], answer["error"]["type"]) == (
            503,
            5,
            "TimeoutError",
        )
        with socket.create_connection(("127.0.0.1", port), timeout=30) as client:
            client.sendall(HEAD + b"Content-Length: 10\r\n\r\n{")
            assert client.recv(4096) == b""  # closed, unanswered, after its read bound


def test_http_a_client_stalling_in_an_oversized_body_still_gets_413() -> None:
    head = HEAD + b"Content-Length: 200\r\n\r\n{"
    with (
        serving(Answerer(limit=100, timeout=0.1)) as port,
        socket.create_connection(("127.0.0.1", port), timeout=30) as client,
    ):
        client.sendall(head)
        answer = client.recv(4096)

    assert answer.startswith(b"HTTP/1.0 413")


def test_http_logs_a_line_per_request() -> None:
    log = io.StringIO()
    with serving(log=log) as port:
        post(port, json.dumps(NEW_BOT).encode())
        post(port, None, method="GET")

    assert log.getvalue().splitlines()[0].endswith('"POST / HTTP/1.1" 200 -')
    assert '"GET / HTTP/1.1" 405' in log.getvalue()


def test_http_a_client_that_hangs_up_mid_body_is_dropped(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=30) as client:
        client.sendall(HEAD + b"Content-Length: 10\r\n\r\n{")
        client.shutdown(socket.SHUT_WR)
        assert client.recv(4096) == b""
    assert post(port, json.dumps(NEW_BOT).encode())[0] == 200


def test_http_internal_errors_are_500(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug in a call: 500 and an InternalError (patched before the workers start)."""

    def broken(*_: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(lacerda_bot.protocol, "take_turn", broken)

    with serving() as port:
        status, answer = post(port, turn_request(unstructure(new_bot(7))))

    assert (status, answer["error"]["type"]) == (500, "InternalError")


def test_http_a_content_length_of_thousands_of_digits_is_413(port: int) -> None:
    """Not a ValueError and a traceback: a 413 with a protocol error, like any too large."""
    for digits in (b"9" * 5000, b"1" * 19):
        status, answer = raw(port, HEAD + b"Content-Length: " + digits + b"\r\n\r\n{}")
        assert (status, answer["error"]["type"]) == (413, "SerializationError")
        assert answer["error"]["message"] == (
            f"$: the request is more than {MAX_REQUEST_BYTES} bytes"
        )
    assert post(port, json.dumps(NEW_BOT).encode())[0] == 200


@pytest.mark.parametrize(
    ("data", "status", "kind"),
    [
        (b"BREW / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 405, "InvalidValueError"),
        (b"GARBAGE\r\n\r\n", 400, "SerializationError"),
        (b"POST / HTTP/x\r\n\r\n", 400, "SerializationError"),
        (b"POST / HTTP/2.0\r\n\r\n", 505, "SerializationError"),
        (HEAD + b"X-Many: 1\r\n" * 101 + b"\r\n", 431, "SerializationError"),
        (b"POST /" + b"x" * 40_000 + b" HTTP/1.1\r\n\r\n", 431, "SerializationError"),
        (HEAD + (b"X-Pad: " + b"x" * 900 + b"\r\n") * 40, 431, "SerializationError"),
    ],
    ids=[
        "unknown method",
        "bad line",
        "bad version",
        "HTTP/2",
        "101 headers",
        "long line",
        "40 KB of headers",
    ],
)
def test_http_every_error_body_is_a_protocol_response(
    port: int, data: bytes, status: int, kind: str
) -> None:
    """Not the base class's HTML pages: a JSON protocol error, whatever the problem."""
    answer = raw(port, data)

    assert (answer[0], answer[1]["id"], answer[1]["error"]["type"]) == (
        status,
        None,
        kind,
    )


def test_http_headers_are_bounded_even_with_a_good_request(port: int) -> None:
    """Over MAX_HEAD_BYTES of headers is refused before the body, however valid the rest."""
    body = json.dumps(NEW_BOT).encode()
    pad = b"X-Pad: " + b"x" * 1000 + b"\r\n"
    length = b"Content-Length: %d\r\n\r\n" % len(body)
    assert len(pad * 40) > MAX_HEAD_BYTES

    assert raw(port, HEAD + pad * 20 + length + body)[0] == 200
    assert raw(port, HEAD + pad * 40 + length + body)[0] == 431


def test_http_refuses_bodies_not_declared_json(port: int) -> None:
    """A web page can POST text/plain cross-origin without asking: such a body is not run."""
    body = json.dumps(NEW_BOT).encode()
    length = {"Content-Length": str(len(body))}

    for kind in (
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
    ):
        status, answer = post(port, body, headers={**length, "Content-Type": kind})
        assert (status, answer["error"]["field"]) == (415, "Content-Type")
    assert post(port, body, headers=length)[0] == 415
    for kind in ("application/json; charset=utf-8", "Application/JSON"):
        assert post(port, body, headers={**length, "Content-Type": kind})[0] == 200


def test_http_on_loopback_refuses_other_host_names(port: int) -> None:
    """DNS rebinding: a page of evil.example resolved to 127.0.0.1 cannot read answers."""
    body = json.dumps(NEW_BOT).encode()

    def status(*hosts: str) -> int:
        head = b"".join(b"Host: %s\r\n" % h.encode() for h in hosts)
        data = b"POST / HTTP/1.1\r\n" + head + b"Content-Type: application/json\r\n"
        return raw(port, data + b"Content-Length: %d\r\n\r\n" % len(body) + body)[0]

    for good in (f"127.0.0.1:{port}", f"LocalHost:{port}", "localhost", "[::1]"):
        assert status(good) == 200, good
    assert status() == 200  # no Host: no browser sends that
    for bad in (f"evil.example:{port}", "evil.example", "localhost:1", "127.0.0.2"):
        assert status(bad) == 421, bad
    assert status("127.0.0.1", "evil.example") == 421


def test_http_a_slow_client_is_cut_off_at_one_deadline() -> None:
    """A header line every 0.1 s keeps each read short, but not the request: closed near 0.5 s."""
    with (
        serving(Answerer(timeout=0.5)) as port,
        socket.create_connection(("127.0.0.1", port), timeout=30) as client,
    ):
        start = time.monotonic()
        client.sendall(b"POST / HTTP/1.1\r\n")
        closed_after = None
        while closed_after is None and time.monotonic() - start < 8:
            time.sleep(0.1)
            try:
                client.sendall(b"X-Slow: 1\r\n")
                if select.select([client], [], [], 0)[0]:
                    assert client.recv(4096) == b""  # closed, unanswered
                    closed_after = time.monotonic() - start
            except OSError:
                closed_after = time.monotonic() - start

    assert closed_after is not None
    assert closed_after < 4  # the headers kept coming for 8 s: one 0.5 s deadline


def test_http_caps_the_connections_it_serves() -> None:
    """Past max_connections, a connection gets a 503 at once: no thread, no buffer."""
    log = io.StringIO()
    with serving(Answerer(timeout=10), log=log, max_connections=2) as port:
        baseline = threading.active_count()
        idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(2)]
        try:
            wait_until(lambda: threading.active_count() == baseline + 2)
            start = time.monotonic()
            refused = [raw(port, b"", timeout=5) for _ in range(10)]
            assert time.monotonic() - start < 5
            assert threading.active_count() == baseline + 2
        finally:
            for client in idle:
                client.close()
        wait_until(lambda: threading.active_count() == baseline)
        assert post(port, json.dumps(NEW_BOT).encode())[0] == 200

    assert {(s, r["error"]["type"]) for s, r in refused} == {(503, "TimeoutError")}
    assert "busy" in refused[0][1]["error"]["message"]
    assert "busy: 503" in log.getvalue()


def wait_until(condition: Callable[[], bool], seconds: float = 5) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "condition not met in time"
        time.sleep(0.01)


def test_http_on_ipv6_loopback() -> None:
    try:
        with serving(host="::1") as port:
            assert post(port, json.dumps(NEW_BOT).encode(), host="::1")[0] == 200
    except OSError:
        pytest.skip("no IPv6 loopback here")


def test_serve_command_over_http_says_where_it_listens(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """In process: it prints its address, serves until Ctrl-C, and closes its socket."""
    served: list[int] = []

    def interrupted(
        server: socketserver.BaseServer, poll_interval: float = 0.5
    ) -> None:
        assert isinstance(server, http.server.HTTPServer)
        served.append(server.server_port)
        raise KeyboardInterrupt

    monkeypatch.setattr(socketserver.BaseServer, "serve_forever", interrupted)

    assert main(["serve", "--http", "0"]) == 0

    assert capsys.readouterr().out == (
        f"lacerda-bot serve: listening on http://127.0.0.1:{served[0]}/\n"
    )
    with socket.socket() as probe:  # the port is free again
        probe.bind(("127.0.0.1", served[0]))


def test_serve_command_over_http_in_a_process() -> None:
    """lacerda-bot serve --http 0: it prints its address, plays a turn, and is stopped."""
    server = subprocess.Popen(
        [*SERVE, "--http", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline().decode()
        assert line.startswith("lacerda-bot serve: listening on http://127.0.0.1:")
        port = int(line.rsplit(":", 1)[1].strip(" /\n"))
        status, created = post(port, json.dumps(NEW_BOT).encode())
        status, turn = post(port, turn_request(created["bot"]))
        assert status == 200
        assert turn["outcome"]["decisions"][0]["type"] == "RevealCard"
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover
            server.kill()
            server.wait()
        for stream in (server.stdout, server.stderr):
            if stream is not None:
                stream.close()


# --- serve over HTTP: slow calls, reset connections, half requests, a closed log ---


def test_http_slow_requests_cannot_hold_the_server() -> None:
    """Four calls that never end hold all 4 workers to their bound; then nine are served."""
    release = threading.Event()
    try:
        with (
            serving(Answerer(timeout=BOUND, answer=never_ending(release))) as port,
            concurrent.futures.ThreadPoolExecutor(9) as hosts,
        ):
            stuck = list(hosts.map(lambda _: post(port, NEVER), range(4)))
            served = list(hosts.map(lambda _: post(port, NEW_BOT_REQUEST), range(9)))
    finally:
        release.set()

    assert [(s, r["id"], r["error"]["type"]) for s, r in stuck] == [
        (503, "never", "TimeoutError")
    ] * 4
    assert [(s, r["id"]) for s, r in served] == [(200, "new")] * 9


def test_http_a_bug_in_a_handler_still_shows_its_traceback(
    port: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Only a failed connection is dropped quietly: anything else is a bug, shown in full."""

    def broken(self: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(lacerda_bot._server._Handler, "do_POST", broken)

    with socket.create_connection(("127.0.0.1", port), timeout=30) as client:
        client.sendall(HEAD + b"Content-Length: 2\r\n\r\n{}")
        client.shutdown(socket.SHUT_WR)
        assert client.recv(4096) == b""  # closed unanswered
    monkeypatch.undo()

    assert post(port, NEW_BOT_REQUEST)[0] == 200
    assert "RuntimeError: a bug" in capsys.readouterr().err


def reset(port: int, data: bytes) -> None:
    """Send *data* on a new connection, then reset it (a client killed, a cable pulled)."""
    client = socket.create_connection(("127.0.0.1", port), timeout=30)
    client.sendall(data)
    client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    client.close()


def test_http_a_reset_connection_is_dropped_without_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A connection reset in the headers, in the body, or before the answer: a log line each."""
    release = threading.Event()
    log = io.StringIO()
    body = json.dumps({"id": "never", "call": "new_bot", "seed": 1}).encode()
    try:
        with serving(
            Answerer(timeout=1, answer=never_ending(release)), log=log
        ) as port:
            reset(port, b"POST / HTTP/1.1\r\nHost: 12")
            reset(port, HEAD + b"Content-Length: 100\r\n\r\n{")
            reset(port, HEAD + b"Content-Length: %d\r\n\r\n" % len(body) + body)
            wait_until(lambda: log.getvalue().count("connection dropped") == 3, 30)
            assert post(port, NEW_BOT_REQUEST)[0] == 200
    finally:
        release.set()

    assert "Traceback" not in capsys.readouterr().err
    assert log.getvalue().count("Connection reset by peer") == 3


@pytest.mark.parametrize(
    "cut",
    [
        b"POST / HT",
        b"POST / HTTP/1.1\r\nHost: 127.0",
        HEAD,
        HEAD + b"Content-Length: 40",
    ],
    ids=["in the request line", "in a header", "before the length", "in the length"],
)
def test_http_half_a_request_then_close_gets_a_protocol_error_or_nothing(
    port: int, cut: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    """A client that sends half a request and closes its side: an error body or nothing."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as client:
        client.sendall(cut)
        client.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := client.recv(65536):
            answer += chunk

    if answer:
        head, _, body = answer.partition(b"\r\n\r\n")
        assert int(head.split()[1]) >= 400
        assert "error" in json.loads(body)
    assert post(port, NEW_BOT_REQUEST)[0] == 200
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("length", [0, 5, len(NEW_BOT_REQUEST) - 1])
def test_http_a_content_length_shorter_than_the_body_reads_that_much(
    port: int, length: int
) -> None:
    """The body is what the length says: a cut request is not JSON, and the rest is dropped."""
    data = HEAD + b"Content-Length: %d\r\n\r\n" % length + NEW_BOT_REQUEST

    status, answer = raw(port, data)

    assert (status, answer["id"], answer["error"]["type"]) == (
        400,
        None,
        "SerializationError",
    )
    assert post(port, NEW_BOT_REQUEST)[0] == 200


class BrokenLog(io.StringIO):
    """A log on a closed pipe (standard error of a host that went away)."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_http_a_log_that_cannot_be_written_is_dropped(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Standard error closed: requests are still answered, with no traceback."""
    with serving(log=BrokenLog()) as port:
        answers = [post(port, NEW_BOT_REQUEST)[0] for _ in range(3)]
        reset(port, b"POST / HTTP/1.1\r\n")

    assert answers == [200] * 3
    assert capsys.readouterr().err == ""


def test_serve_over_http_ends_quietly_when_its_output_is_closed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The address cannot be printed (a closed pipe): status 1, no traceback."""
    with closed_stdout(monkeypatch):
        assert main(["serve", "--http", "0"]) == 1

    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("seconds", ["inf", "nan", "1e300", "86401", "-1"])
def test_serve_refuses_a_timeout_out_of_range(
    seconds: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--timeout inf` or `1e300` is refused (status 2), not an OverflowError."""
    assert main(["serve", "--timeout", seconds]) == 2

    assert "--timeout takes a number of seconds above 0 and at most 86400" in (
        capsys.readouterr().err
    )
