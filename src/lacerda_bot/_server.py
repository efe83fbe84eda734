"""The transports of ``lacerda-bot serve``: lines over stdio, POST bodies over HTTP.

They only move texts: :func:`lacerda_bot.protocol.reply` answers every
request. Each request is answered within a time bound (a worker thread runs
the call; past the bound the host gets a ``TimeoutError`` response and the
server goes on), and read within a size bound (larger requests are refused
whole, unread). A bad request never stops the server.
"""

import concurrent.futures
import socket
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import BinaryIO, Final, Self, TextIO, assert_never

from lacerda_bot.errors import InvalidValueError, SerializationError
from lacerda_bot.protocol import (
    MAX_REQUEST_BYTES,
    ErrorType,
    Reply,
    refused,
    reply,
    timed_out,
    too_large,
)

__all__ = ["DEFAULT_TIMEOUT", "Answerer", "http_server", "serve_stdio"]

DEFAULT_TIMEOUT: Final = 10.0
"""Seconds a request may take: to be read (HTTP), and to be answered."""

_WORKERS: Final = 4
_CHUNK: Final = 1 << 16
_DRAIN_FACTOR: Final = 8
"""An oversized HTTP body up to this many times the limit is read and dropped, so
the client, still sending, reads its 413 instead of a reset connection."""


class Answerer:
    """Answers requests on worker threads, each within *timeout* seconds.

    A call past its bound cannot be stopped (the rules are pure Python); its
    host gets a ``TimeoutError`` response at once, and the worker finishes
    and drops its answer.
    """

    def __init__(
        self,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        limit: int = MAX_REQUEST_BYTES,
        answer: Callable[[bytes], Reply] | None = None,
    ) -> None:
        """Answer with *answer* (default :func:`~lacerda_bot.protocol.reply`)."""
        self.timeout = timeout
        self.limit = limit
        self._answer = answer or (lambda request: reply(request, limit=limit))
        self._pool = concurrent.futures.ThreadPoolExecutor(
            _WORKERS, thread_name_prefix="lacerda-bot-serve"
        )

    def __call__(self, request: bytes) -> Reply:
        """The reply to *request*, or a ``TimeoutError`` reply past the bound."""
        future = self._pool.submit(self._answer, request)
        try:
            return future.result(timeout=self.timeout)
        except concurrent.futures.TimeoutError:
            future.cancel()
            return timed_out(request, self.timeout)

    def close(self) -> None:
        """Stop taking requests; calls still running finish in the background."""
        self._pool.shutdown(wait=False, cancel_futures=True)

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
    """Answer one request per line of *source* with one line on *sink*, until EOF.

    Blank lines are skipped. A line longer than the limit is refused whole (and
    read to its end, unparsed).
    """
    limit = answerer.limit
    while line := source.readline(limit + 2):
        request = line.rstrip(b"\r\n")
        if len(request) > limit:
            if not line.endswith(b"\n"):
                _skip_line(source)
            result = too_large(None, limit=limit)
        elif not request.strip():
            continue
        else:
            result = answerer(request)
        sink.write(result.text.encode("ascii") + b"\n")
        sink.flush()


def _skip_line(source: BinaryIO) -> None:
    chunk = source.readline(_CHUNK)
    while chunk and not chunk.endswith(b"\n"):
        chunk = source.readline(_CHUNK)


def _status(error: ErrorType | None) -> HTTPStatus:
    match error:
        case None:
            return HTTPStatus.OK
        case (
            ErrorType.SERIALIZATION
            | ErrorType.INVALID_VALUE
            | ErrorType.INVALID_HOST_STATE
        ):
            return HTTPStatus.BAD_REQUEST
        case ErrorType.TIMEOUT:
            return HTTPStatus.SERVICE_UNAVAILABLE
        case ErrorType.INTERNAL:
            return HTTPStatus.INTERNAL_SERVER_ERROR
        case unreachable:
            assert_never(unreachable)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    answerer: Answerer
    log: TextIO | None


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
        self.connection.settimeout(self._serving.answerer.timeout)  # every read

    def do_POST(self) -> None:
        length = self._length()
        if length is None:
            return
        limit = self._serving.answerer.limit
        if length > limit:
            self.close_connection = True
            if length <= _DRAIN_FACTOR * limit:
                self._drain(length)
            self._send(
                HTTPStatus.REQUEST_ENTITY_TOO_LARGE, too_large(length, limit=limit)
            )
            return
        try:
            body = self.rfile.read(length)
        except TimeoutError:
            self.close_connection = True
            return
        if len(body) < length:  # the client hung up
            self.close_connection = True
            return
        result = self._serving.answerer(body)
        self._send(_status(result.error), result)

    def _length(self) -> int | None:
        """The request's Content-Length, or ``None`` after answering a bad one."""
        text = self.headers.get("Content-Length")
        if text is None:
            problem = SerializationError("$", "a request body with a Content-Length")
            self._send(HTTPStatus.LENGTH_REQUIRED, refused(problem))
            return None
        if not (text.isascii() and text.isdigit()):
            problem = SerializationError("$", f"a Content-Length, got {text!r}")
            self._send(HTTPStatus.BAD_REQUEST, refused(problem))
            return None
        return int(text)

    def _drain(self, length: int) -> None:
        try:
            while length > 0 and (chunk := self.rfile.read(min(length, _CHUNK))):
                length -= len(chunk)
        except TimeoutError:
            pass

    def do_GET(self) -> None:
        problem = InvalidValueError("method", "POST", self.command)
        self._send(HTTPStatus.METHOD_NOT_ALLOWED, refused(problem), allow=True)

    do_PUT = do_DELETE = do_PATCH = do_HEAD = do_OPTIONS = do_GET  # noqa: N815

    def _send(self, status: HTTPStatus, result: Reply, *, allow: bool = False) -> None:
        body = result.text.encode("ascii") + b"\n"
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        if allow:
            self.send_header("Allow", "POST")
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        if self._serving.log is not None:
            self._serving.log.write(f"{self.address_string()} - {format % args}\n")


def http_server(
    host: str, port: int, answerer: Answerer, *, log: TextIO | None = None
) -> ThreadingHTTPServer:
    """An HTTP server on *host*:*port* (0: any free port) answering with *answerer*.

    The caller runs ``serve_forever()`` and, at the end, ``shutdown()`` and
    ``server_close()``. *log*, if given, gets one line per request.

    Raises:
        OSError: the address cannot be bound.
    """
    kind = _Server6 if ":" in host else _Server
    server = kind((host, port), _Handler, bind_and_activate=False)
    server.answerer = answerer
    server.log = log
    try:
        server.server_bind()
        server.server_activate()
    except BaseException:
        server.server_close()
        raise
    return server
