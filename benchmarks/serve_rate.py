"""Requests per second of ``lacerda-bot serve`` for a typical ``take_turn`` request.

Usage: python benchmarks/serve_rate.py [--requests N] [--rounds K] [--against SRC]

The request is Lacerda's first turn on the reference board (after his setup), as a
host sends it. The yardstick is ``protocol.reply`` called in this process (the
floor: no transport, no worker). Then, for a ``lacerda-bot serve`` process started
and answering before the clock starts:
  stdio       N lines written at once, every response read
  HTTP 1, 4   N POSTs from 1 client, then from 4 clients at once, a connection each
and the CPU time the server used per request (its own and its workers', counted
after it ends; stdio and HTTP 1 client, its start-up taken off). In this process
also: the server's ``Answerer`` with its calls on threads and in worker processes
(the only difference between the two), rate and CPU time per request.
With ``--against SRC`` the same rows run with the lacerda_bot of another checkout
(``SRC`` is its ``src`` folder), alternating round by round, so that a busy machine
slows both alike. Each row is the best of K rounds.
"""

import argparse
import concurrent.futures
import http.client
import json
import os
import resource
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from lacerda_bot import new_bot, setup
from lacerda_bot._server import Answerer
from lacerda_bot.protocol import reply
from lacerda_bot.serialization import unstructure
from lacerda_bot.testing import reference_board

SERVE = [sys.executable, "-m", "lacerda_bot", "serve"]
ROWS = (
    "stdio /s",
    "HTTP 1 client /s",
    "HTTP 4 clients /s",
    "stdio CPU ms",
    "HTTP CPU ms",
)


def turn_request() -> bytes:
    board = reference_board()
    bot = setup(new_bot(7), board).bot
    request = {
        "id": 1,
        "call": "take_turn",
        "bot": unstructure(bot),
        "view": unstructure(board),
    }
    return json.dumps(request).encode()


def children_cpu() -> float:
    """CPU seconds of the ended children of this process (and of theirs)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def environment(source: str | None) -> dict[str, str]:
    env = dict(os.environ)
    if source is not None:
        env["PYTHONPATH"] = source
    return env


def floor(request: bytes, count: int) -> float:
    start = time.perf_counter()
    for _ in range(count):
        assert reply(request).error is None
    return count / (time.perf_counter() - start)


def own_cpu() -> float:
    """CPU seconds of this process and of its ended children."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime + children_cpu()


def answerer(request: bytes, count: int, *, processes: bool) -> tuple[float, float]:
    """Requests per second through an ``Answerer``, and CPU seconds in all."""
    before = own_cpu()
    with Answerer(processes=processes) as answering:
        answering(request)
        start = time.perf_counter()
        for _ in range(count):
            assert answering(request).error is None
        seconds = time.perf_counter() - start
    return count / seconds, own_cpu() - before


def answerer_rows(request: bytes, count: int) -> dict[str, float]:
    row = {}
    for processes, name in (
        (False, "Answerer, threads"),
        (True, "Answerer, processes"),
    ):
        rate, cpu = answerer(request, count, processes=processes)
        _, idle_cpu = answerer(request, 0, processes=processes)
        row[f"{name} /s"] = rate
        row[f"{name} CPU ms"] = 1000 * (cpu - idle_cpu) / count
    return row


def stdio(request: bytes, count: int, source: str | None) -> tuple[float, float]:
    """Requests per second, and CPU seconds of the server process in all."""
    before = children_cpu()
    server = subprocess.Popen(
        SERVE, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=environment(source)
    )
    assert server.stdin is not None
    assert server.stdout is not None
    source_pipe, sink = server.stdin, server.stdout
    source_pipe.write(request + b"\n")
    source_pipe.flush()
    assert b'"outcome"' in sink.readline()[:40]
    start = time.perf_counter()

    def write() -> None:
        for _ in range(count):
            source_pipe.write(request + b"\n")
        source_pipe.close()

    writer = threading.Thread(target=write)
    writer.start()
    lines = sink.read().splitlines()
    seconds = time.perf_counter() - start
    writer.join()
    server.wait()
    assert len(lines) == count
    assert all(b'"outcome"' in line[:40] for line in lines)
    return count / seconds, children_cpu() - before


def post(port: int, request: bytes) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request(
            "POST", "/", body=request, headers={"Content-Type": "application/json"}
        )
        response = connection.getresponse()
        response.read()
        assert response.status == 200
    finally:
        connection.close()


@contextmanager
def http_server(source: str | None, cpu: list[float]) -> Iterator[int]:
    """A server's port; on exit it is stopped with Ctrl-C, and its CPU seconds added."""
    before = children_cpu()
    server = subprocess.Popen(
        [*SERVE, "--http", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=environment(source),
    )
    try:
        assert server.stdout is not None
        yield int(server.stdout.readline().decode().rsplit(":", 1)[1].strip(" /\n"))
    finally:
        stop(server)
        cpu.append(children_cpu() - before)


def stop(server: "subprocess.Popen[bytes]") -> None:
    """Ctrl-C: the server closes its workers and ends (once more if it was lost)."""
    for _ in range(10):  # a Ctrl-C that lands in a finalizer is dropped by Python
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            continue
        return
    server.kill()
    server.wait()


def over_http(request: bytes, port: int, count: int, clients: int) -> float:
    post(port, request)
    start = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(clients) as pool:
        list(pool.map(lambda _: post(port, request), range(count)))
    return count / (time.perf_counter() - start)


def one_round(request: bytes, count: int, source: str | None) -> dict[str, float]:
    """Each row once, for the lacerda_bot of *source* (``None``: this one)."""
    rate, cpu = stdio(request, count, source)
    _, idle_cpu = stdio(request, 0, source)  # start-up and one request
    row = {"stdio /s": rate, "stdio CPU ms": 1000 * (cpu - idle_cpu) / count}
    spent: list[float] = []
    with http_server(source, spent) as port:
        row["HTTP 1 client /s"] = over_http(request, port, count, 1)
    with http_server(source, spent) as port:
        pass
    row["HTTP CPU ms"] = 1000 * (spent[0] - spent[1]) / (count + 1)
    with http_server(source, spent) as port:
        row["HTTP 4 clients /s"] = over_http(request, port, count, 4)
    return row


def best(
    rounds: list[dict[str, float]], rows: tuple[str, ...] = ROWS
) -> dict[str, float]:
    """The best of each row: the highest rate, the lowest CPU time."""
    return {
        name: (min if "CPU" in name else max)(r[name] for r in rounds) for name in rows
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--against", metavar="SRC")
    args = parser.parse_args()
    # servers are stopped with Ctrl-C, which a background job ignores (and passes on)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    request = turn_request()
    count = args.requests
    print(
        f"request: take_turn, {len(request):,} bytes; {count} requests, best of {args.rounds}"
    )
    sources: dict[str, str | None] = {"this checkout": None}
    if args.against:
        sources[args.against] = args.against
    results: dict[str, list[dict[str, float]]] = {name: [] for name in sources}
    yardstick = 0.0
    in_process: list[dict[str, float]] = []
    for _ in range(args.rounds):
        yardstick = max(yardstick, floor(request, count))
        in_process.append(answerer_rows(request, count))
        for name, source in sources.items():
            results[name].append(one_round(request, count, source))
    print(f"{'protocol.reply in this process (floor)':40} {yardstick:8.1f} /s")
    for row, value in best(in_process, tuple(in_process[0])).items():
        shown = f"{value:8.2f}" if "CPU" in row else f"{value:8.1f}"
        ratio = "" if "CPU" in row else f"  {value / yardstick:5.2f}x floor"
        print(f"{row:40} {shown}{ratio}")
    for name, rounds in results.items():
        print(f"{name}:")
        for row, value in best(rounds).items():
            shown = f"{value:8.2f}" if "CPU" in row else f"{value:8.1f}"
            ratio = "" if "CPU" in row else f"  {value / yardstick:5.2f}x floor"
            print(f"  {row:38} {shown}{ratio}")


if __name__ == "__main__":
    main()
