"""The transports of ``lacerda-bot serve``: lines over stdio, POST bodies over HTTP.

They only move texts: :func:`lacerda_bot.protocol.reply` answers every
request. Each request is answered within a time bound (a worker process runs
the call; past the bound the host gets a ``TimeoutError`` response, the
worker is replaced, and the server goes on: see :mod:`lacerda_bot._workers`),
and read within a size bound (larger requests are refused whole, unread). A
bad request never stops the server, and a host that hangs up (a closed pipe,
a reset connection) costs only its own connection, with no traceback.

Over HTTP the body of every response is a protocol response, whatever the
problem (a bad request line, an unknown method, headers too large). Each
connection carries one request, read (request line, headers and body) within
one deadline; at most a few connections are served at once, and the next
ones are answered 503 at once. Bound to a loopback address, the server
answers only requests naming it in their ``Host`` (no DNS rebinding), and
only ``application/json`` bodies (no cross-origin "simple" form posts).
"""

import functools
import io
import ipaddress
import json
import math
import socket
import sys
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import BinaryIO, Final, Self, TextIO

from lacerda_bot._json_terms import json_term
from lacerda_bot._workers import CAN_FORK, Answer, ProcessWorkers, ThreadWorkers
from lacerda_bot.errors import InvalidValueError, SerializationError
from lacerda_bot.protocol import (
    ERRORS,
    MAX_REQUEST_BYTES,
    ErrorType,
    Reply,
    refused,
    reply,
    too_large,
)

__all__ = [
    "DEFAULT_TIMEOUT",
    "MAX_CONNECTIONS",
    "MAX_HEAD_BYTES",
    "WORKERS",
    "Answerer",
    "http_server",
    "serve_stdio",
]

DEFAULT_TIMEOUT: Final = 10.0
"""Seconds a request may take: to be read (HTTP), and to be answered."""

MAX_CONNECTIONS: Final = 16
"""HTTP connections served at once; the next ones get a 503 at once."""

MAX_HEAD_BYTES: Final = 1 << 15
"""The largest HTTP request line and headers read, together (32 KiB); larger get a 431."""

WORKERS: Final = 4
"""Calls answered at once (worker processes)."""
_LENGTH_DIGITS: Final = 18
"""A Content-Length of more digits is refused as too large without converting it."""
_LINGER: Final = 1.0
"""Seconds a closing connection is read from and dropped, so that a client still
sending gets the answer already sent instead of a reset connection."""
_CHUNK: Final = 1 << 16
_DRAIN_FACTOR: Final = 8
"""An oversized HTTP body up to this many times the limit is read and dropped, so
the client, still sending, reads its 413 instead of a reset connection."""


class Answerer:
    """Answers requests on *workers* worker processes, each call within *timeout* seconds.

    The bound counts the call's own time, from when a worker starts it: a
    request waiting for a free worker is not charged for it. That wait is
    bounded too, by the same *timeout*; past it the request is dropped
    unstarted with a ``TimeoutError`` response ("busy"), so a host always
    hears back within twice the bound.

    A call past its bound gets a ``TimeoutError`` response at once and its
    worker process is killed, so it frees its worker: slow requests cannot
    hold the server (a fresh process takes the worker's place). *answer*, if
    given, runs in the worker processes (see :mod:`lacerda_bot._workers`).
    With *processes* false (the only way where the platform cannot fork) the
    calls run on threads instead, and a call past its bound keeps its thread
    until it ends.

    Raises:
        OSError: the worker processes cannot be started.
    """

    def __init__(
        self,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        limit: int = MAX_REQUEST_BYTES,
        answer: Answer | None = None,
        workers: int = WORKERS,
        processes: bool = CAN_FORK,
    ) -> None:
        """Answer with *answer* (default :func:`~lacerda_bot.protocol.reply`)."""
        self.timeout = timeout
        self.limit = limit
        answering = answer or functools.partial(reply, limit=limit)
        self._workers = (
            ProcessWorkers(answering, workers=workers)
            if processes
            else ThreadWorkers(answering, workers=workers)
        )

    def __call__(self, request: bytes) -> Reply:
        """The reply to *request*, or a ``TimeoutError`` reply past a bound."""
        return self._workers(request, self.timeout)

    def close(self) -> None:
        """Stop taking requests, and stop the calls running (threads: let them finish)."""
        self._workers.close()

    def __enter__(self) -> Self:
        """Use as a context manager: :meth:`close` on exit."""
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        """Close the answerer."""
        self.close()


def serve_stdio(source: BinaryIO, sink: BinaryIO, answerer: Answerer) -> None:
    r"""Answer one request per line of *source* with one line on *sink*, until EOF.

    A line ends at ``\n`` (LF) or ``\r\n`` (CRLF); a ``\r`` anywhere else is
    part of the line (JSON white space). Blank lines are skipped. A line longer
    than the limit is refused whole, once (and read to its end, unparsed).

    Raises:
        ConnectionError: the host closed its end: *sink* is a closed pipe, or a
            socket was reset.
    """
    limit = answerer.limit
    while line := source.readline(limit + 2):
        request = _line_request(line, limit)
        if request is None:
            if not line.endswith(b"\n"):
                _skip_line(source)
            result = too_large(None, limit=limit)
        elif not request.strip():
            continue
        else:
            result = answerer(request)
        sink.write(result.text.encode("ascii") + b"\n")
        sink.flush()


def _line_request(line: bytes, limit: int) -> bytes | None:
    """The request on *line* (read with ``readline(limit + 2)``), without its line end.

    ``None`` if the line is longer than *limit*: a line that fits, with its
    line end, is never cut by that read, so a cut line is too long.
    """
    if line.endswith(b"\r\n"):
        request = line[:-2]
    elif line.endswith(b"\n"):
        request = line[:-1]
    else:  # cut by the read (too long), or the last line, with no line end
        request = line
    return request if len(request) <= limit else None


def _skip_line(source: BinaryIO) -> None:
    chunk = source.readline(_CHUNK)
    while chunk and not chunk.endswith(b"\n"):
        chunk = source.readline(_CHUNK)


def _status(error: ErrorType | None) -> HTTPStatus:
    """The HTTP status of an answer (200), or of an error of type *error* (``ERRORS``)."""
    return HTTPStatus.OK if error is None else ERRORS[error].status


class _HeadTooLargeError(Exception):
    """The request line and headers are more than :data:`MAX_HEAD_BYTES`."""


class _Reader(io.RawIOBase):
    """Reads a socket within one deadline, and within a byte budget if one is set.

    Each read waits only for the time left before the deadline, so a client
    sending a byte now and then cannot stretch its request past the bound.
    """

    def __init__(self, connection: socket.socket) -> None:
        super().__init__()
        self._connection = connection
        self.deadline = math.inf
        self.budget: int | None = None

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview | bytearray) -> int:  # type: ignore[override]
        view = memoryview(buffer).cast("B")
        if self.budget is not None:
            if self.budget <= 0:
                raise _HeadTooLargeError
            view = view[: self.budget]
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request was not read within its time bound")
        self._connection.settimeout(left)
        count = self._connection.recv_into(view)
        if self.budget is not None:
            self.budget -= count
        return count


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host.lower() == "localhost"


def _host_name(host: str) -> str:
    """*host* as it appears in a ``Host`` header (an IPv6 address in brackets)."""
    return f"[{host}]" if ":" in host else host


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    answerer: Answerer
    log: TextIO | None
    hosts: frozenset[str] | None
    """The names a request's ``Host`` may give (``None``: any)."""
    slots: threading.BoundedSemaphore
    busy_reply: bytes

    def process_request(
        self,
        request: socket.socket | tuple[bytes, socket.socket],
        client_address: object,
    ) -> None:
        """Serve the connection on its own thread if a slot is free, else answer 503."""
        if not self.slots.acquire(blocking=False):
            self._refuse_busy(request, client_address)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(
        self,
        request: socket.socket | tuple[bytes, socket.socket],
        client_address: object,
    ) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def _refuse_busy(
        self,
        request: socket.socket | tuple[bytes, socket.socket],
        client_address: object,
    ) -> None:
        """Answer 503 without reading (on the listening thread: never blocks), and close."""
        assert isinstance(request, socket.socket)
        try:
            request.setblocking(False)
            request.sendall(self.busy_reply)
            request.shutdown(socket.SHUT_WR)
            while request.recv(_CHUNK):  # what has come already: no reset
                pass
        except OSError:
            pass
        finally:
            request.close()
        self.write_log(f"{client_address} - busy: 503, connection closed\n")

    def handle_error(
        self,
        request: socket.socket | tuple[bytes, socket.socket],
        client_address: object,
    ) -> None:
        """A connection that failed (reset, closed, a write past its bound): a log line.

        Only that connection is dropped; anything else is a bug, and its
        traceback is printed as the base class does.
        """
        error = sys.exc_info()[1]
        if not isinstance(error, OSError):
            super().handle_error(request, client_address)
            return
        self.write_log(f"{client_address} - connection dropped: {error}\n")

    def write_log(self, line: str) -> None:
        """Write *line* to the log, if any; a log that cannot be written is dropped."""
        if self.log is None:
            return
        try:
            self.log.write(line)
        except (OSError, ValueError):  # a closed pipe or file
            self.log = None

    def shutdown_request(
        self, request: socket.socket | tuple[bytes, socket.socket]
    ) -> None:
        """Close the connection, reading and dropping what the client still sends.

        A client that sent more than was read (a refused body, headers too
        large) gets the answer already sent instead of a reset connection.
        """
        assert isinstance(request, socket.socket)
        try:
            request.shutdown(socket.SHUT_WR)
            deadline = time.monotonic() + _LINGER
            left = _DRAIN_FACTOR * self.answerer.limit
            while left > 0 and (wait := deadline - time.monotonic()) > 0:
                request.settimeout(wait)
                chunk = request.recv(min(left, _CHUNK))
                if not chunk:
                    break
                left -= len(chunk)
        except OSError:
            pass
        self.close_request(request)


class _Server6(_Server):
    address_family = int(socket.AF_INET6)


class _Handler(BaseHTTPRequestHandler):
    """POST one request per body; the body of every response is a protocol response."""

    server_version = "lacerda-bot"

    @property
    def _serving(self) -> _Server:
        assert isinstance(self.server, _Server)
        return self.server

    def setup(self) -> None:
        super().setup()
        self.rfile.close()  # the base class's reader: read through the deadline instead
        self._reader = _Reader(self.connection)
        self.rfile = io.BufferedReader(self._reader)
        # Before the request line is read, an error response needs these.
        self.command = ""
        self.requestline = ""
        self.request_version = "HTTP/1.0"

    def handle_one_request(self) -> None:
        """Read and answer one request: its line, headers and body within one deadline."""
        self._reader.deadline = time.monotonic() + self._serving.answerer.timeout
        self._reader.budget = MAX_HEAD_BYTES
        try:
            super().handle_one_request()
        except _HeadTooLargeError:
            self.send_error(
                HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                f"the request line and headers are more than {MAX_HEAD_BYTES} bytes",
            )

    def parse_request(self) -> bool:
        """Read the headers (within the head budget), then refuse a bad ``Host``."""
        if not super().parse_request():
            return False
        self._reader.budget = None  # the body has its own bounds
        hosts = self._serving.hosts
        given = self.headers.get_all("Host") or []
        if hosts is not None and (
            len(given) > 1 or (given and not self._known_host(given[0], hosts))
        ):
            expected = f"one of {sorted(hosts)}, with port {self._serving.server_port}"
            problem = InvalidValueError("Host", expected, ", ".join(given))
            self._refuse(HTTPStatus.MISDIRECTED_REQUEST, refused(problem))
            return False
        return True

    def _known_host(self, given: str, hosts: frozenset[str]) -> bool:
        name, colon, port = given.strip().lower().rpartition(":")
        if not colon or "]" in port:  # no port: "localhost", "[::1]"
            name, port = given.strip().lower(), ""
        if port and port != str(self._serving.server_port):
            return False
        return name.removesuffix(".") in hosts

    def do_POST(self) -> None:
        if self.headers.get_content_type() != "application/json":  # none: text/plain
            got = self.headers.get("Content-Type")
            problem = InvalidValueError("Content-Type", "application/json", got)
            self._refuse(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, refused(problem))
            return
        length = self._length()
        if length is None:
            return
        limit = self._serving.answerer.limit
        if length > limit:
            self._refuse(
                HTTPStatus.REQUEST_ENTITY_TOO_LARGE, too_large(length, limit=limit)
            )
            return
        try:
            body = self.rfile.read(length)
        except TimeoutError:
            self.log_error("Request timed out reading its body")
            self.close_connection = True
            return
        if len(body) < length:  # the client hung up
            self.close_connection = True
            return
        result = self._serving.answerer(body)
        self._send(_status(result.error), result)

    def _length(self) -> int | None:
        """The request's Content-Length, or ``None`` after answering a bad one."""
        given = self.headers.get_all("Content-Length") or []
        if not given:
            problem = SerializationError("$", "a request body with a Content-Length")
            self._send(HTTPStatus.LENGTH_REQUIRED, refused(problem))
            return None
        text = given[0]
        if len(given) > 1 or not (text.isascii() and text.isdigit()):
            shown = ", ".join(given)
            shown = shown if len(shown) <= 64 else f"{shown[:64]}..."
            problem = SerializationError(
                "$", f"one Content-Length, got {json_term(shown)}"
            )
            self._send(HTTPStatus.BAD_REQUEST, refused(problem))
            return None
        if len(text) > _LENGTH_DIGITS:  # more than any limit: do not even convert it
            limit = self._serving.answerer.limit
            self._refuse(
                HTTPStatus.REQUEST_ENTITY_TOO_LARGE, too_large(None, limit=limit)
            )
            return None
        return int(text)

    def _refuse(self, status: HTTPStatus, result: Reply) -> None:
        """Answer *result* without reading the body, and close the connection.

        A body up to a few times the limit is read and dropped first, so the
        client, still sending, reads the answer instead of a reset connection.
        """
        self.close_connection = True
        text = self.headers.get("Content-Length", "")
        if text.isascii() and text.isdigit() and len(text) <= _LENGTH_DIGITS:
            length = int(text)
            if length <= _DRAIN_FACTOR * self._serving.answerer.limit:
                self._drain(length)
        self._send(status, result)

    def _drain(self, length: int) -> None:
        try:
            while length > 0 and (chunk := self.rfile.read(min(length, _CHUNK))):
                length -= len(chunk)
        except TimeoutError:
            pass

    def do_GET(self) -> None:
        problem = InvalidValueError("method", "POST", self.command)
        self._refuse(HTTPStatus.METHOD_NOT_ALLOWED, refused(problem))

    do_PUT = do_DELETE = do_PATCH = do_HEAD = do_OPTIONS = do_GET  # noqa: N815

    def send_error(
        self, code: int, message: str | None = None, explain: str | None = None
    ) -> None:
        """Answer an HTTP-level error with a protocol error body (the base class's is HTML).

        An unknown method (the base class's 501) gets the 405 that any method
        but POST gets.
        """
        status = HTTPStatus(code)
        if status is HTTPStatus.NOT_IMPLEMENTED:
            self.do_GET()
            return
        self.close_connection = True
        if (
            self.request_version == "HTTP/0.9"
        ):  # a request line not read: say so in full
            self.request_version = "HTTP/1.0"
        text = message or status.phrase
        text = text if len(text) <= 200 else f"{text[:200]}..."
        self.log_error("code %d, message %s", code, text)
        self._send(status, refused(SerializationError("$", f"not read: {text}")))

    def _send(self, status: HTTPStatus, result: Reply) -> None:
        body = result.text.encode("ascii") + b"\n"
        self.connection.settimeout(self._serving.answerer.timeout)  # the whole write
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        if status is HTTPStatus.METHOD_NOT_ALLOWED:
            self.send_header("Allow", "POST")
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        self._serving.write_log(f"{self.address_string()} - {format % args}\n")


def _busy_reply(connections: int) -> bytes:
    """The whole HTTP response to a connection past the first *connections*."""
    message = f"the server is busy: {connections} connections are being served"
    error = {"type": ErrorType.TIMEOUT.value, "message": message}
    body = json.dumps({"id": None, "error": error}, separators=(",", ":")).encode()
    body += b"\n"
    head = (
        "HTTP/1.0 503 Service Unavailable\r\n"
        "Content-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n"
        "Connection: close\r\n\r\n"
    )
    return head.encode("ascii") + body


def http_server(
    host: str,
    port: int,
    answerer: Answerer,
    *,
    log: TextIO | None = None,
    max_connections: int = MAX_CONNECTIONS,
) -> ThreadingHTTPServer:
    """An HTTP server on *host*:*port* (0: any free port) answering with *answerer*.

    The caller runs ``serve_forever()`` and, at the end, ``shutdown()`` and
    ``server_close()``. *log*, if given, gets one line per request. At most
    *max_connections* are served at once; the next ones get a 503 at once.
    On a loopback address, a request whose ``Host`` names another is refused.

    Raises:
        OSError: the address cannot be bound.
    """
    kind = _Server6 if ":" in host else _Server
    server = kind((host, port), _Handler, bind_and_activate=False)
    server.answerer = answerer
    server.log = log
    server.slots = threading.BoundedSemaphore(max_connections)
    server.busy_reply = _busy_reply(max_connections)
    server.hosts = (
        frozenset({"localhost", "127.0.0.1", "[::1]", _host_name(host.lower())})
        if _loopback(host)
        else None
    )
    try:
        server.server_bind()
        server.server_activate()
    except BaseException:
        server.server_close()
        raise
    return server
