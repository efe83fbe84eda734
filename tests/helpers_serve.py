"""Requests and answer functions shared by the tests of ``lacerda-bot serve``."""

import contextlib
import http.client
import io
import json
import socket
import threading
from collections.abc import Callable, Iterator
from typing import Any

from lacerda_bot._server import Answerer, http_server
from lacerda_bot.protocol import Reply, reply

NEW_BOT_REQUEST = json.dumps({"id": "new", "call": "new_bot", "seed": 7}).encode()
NEVER = json.dumps({"id": "never", "call": "new_bot", "seed": 1}).encode()
"""A request that :func:`never_ending` never answers."""


def never_ending(release: threading.Event) -> Callable[[bytes], Reply]:
    """Answers as the server does, but waits for *release* on a request with id "never".

    In a worker process nothing ever sets *release* (it is the process's own
    copy), so such a call never ends there; on a thread the test sets it at
    its end, so that the thread ends too.
    """

    def answer(request: bytes) -> Reply:
        if b'"never"' in request:
            release.wait()
        return reply(request)

    return answer


@contextlib.contextmanager
def serving(
    answerer: Answerer | None = None,
    host: str = "127.0.0.1",
    log: io.StringIO | None = None,
    **options: int,
) -> Iterator[int]:
    """A server on an ephemeral port, in a thread; shut down and closed on exit."""
    with answerer or Answerer() as using:
        server = http_server(host, 0, using, log=log, **options)
        thread = threading.Thread(
            target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        thread.start()
        try:
            yield server.server_port
        finally:
            server.shutdown()
            server.server_close()
            thread.join(timeout=10)


def post(
    port: int,
    body: bytes | None,
    *,
    method: str = "POST",
    headers: dict[str, str] | None = None,
    host: str = "127.0.0.1",
) -> tuple[int, dict[str, Any]]:
    connection = http.client.HTTPConnection(host, port, timeout=30)
    try:
        if headers is None:
            json_type = {"Content-Type": "application/json"}
            connection.request(method, "/", body=body, headers=json_type)
        else:
            connection.putrequest(method, "/", skip_host="Host" in headers)
            for name, value in headers.items():
                connection.putheader(name, value)
            connection.endheaders(body)
        response = connection.getresponse()
        assert response.getheader("Content-Type") == "application/json"
        return response.status, json.loads(response.read() or b"null")
    finally:
        connection.close()


JSON = {"Content-Type": "application/json"}
HEAD = b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
"""The start of a raw request that the server reads, before its Content-Length."""


def raw(port: int, data: bytes, *, timeout: float = 30) -> tuple[int, dict[str, Any]]:
    """Send *data* on a new connection; the status and JSON body of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as client:
        client.sendall(data)
        client.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := client.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert b"\r\nContent-Type: application/json\r\n" in head, answer
    assert int(head.split(b"\r\nContent-Length: ")[1].split(b"\r\n")[0]) == len(body)
    return int(head.split()[1]), json.loads(body)
