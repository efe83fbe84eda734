"""``lacerda-bot serve``: answer the JSON requests of a host, over stdio or HTTP.

The transports are :mod:`lacerda_bot._server`; this module reads the command
line and ends the command: with status 0 at the end of its input (stdio) or
when stopped (HTTP), 2 for bad arguments or a server that cannot start, 130 on
Ctrl-C over stdio, and 1, quietly, when the host closes its end (standard
output a closed pipe, a reset socket): nothing is left to tell it.
"""

import argparse
import contextlib
import math
import os
import sys
from typing import Final

from lacerda_bot._server import DEFAULT_TIMEOUT, Answerer, http_server, serve_stdio

__all__ = ["MAX_TIMEOUT", "add_serve_parser"]

MAX_TIMEOUT: Final = 86_400.0
"""The largest ``--timeout`` taken, in seconds (a day)."""

_HOST_GONE: Final = 1
_INTERRUPTED: Final = 130


def add_serve_parser(
    commands: "argparse._SubParsersAction[argparse.ArgumentParser]",
) -> None:
    """Add the ``serve`` command to the ``lacerda-bot`` parser."""
    serve = commands.add_parser(
        "serve",
        help="answer JSON requests from a host in any language",
        description="Answer the JSON requests of a host written in any language "
        "(see docs/protocol.md): one request per line on standard input, one "
        "response per line on standard output, until end of input; or, with "
        "--http, one request per POST body.",
    )
    serve.set_defaults(run=_run_serve)
    serve.add_argument(
        "--http",
        type=int,
        metavar="PORT",
        help="serve HTTP on PORT instead of stdio (0: any free port; the address "
        "is printed on standard output)",
    )
    serve.add_argument(
        "--host",
        help="the address --http listens on (default 127.0.0.1, this machine only)",
    )
    serve.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"time bound of one request (default {DEFAULT_TIMEOUT:g}); a request "
        "past it is answered with a TimeoutError and its worker is freed",
    )


def _run_serve(args: argparse.Namespace) -> int:
    problem = _serve_problem(args)
    if problem:
        sys.stderr.write(f"lacerda-bot serve: {problem}\n")
        return 2
    try:
        answerer = Answerer(timeout=args.timeout)
    except OSError as error:
        sys.stderr.write(f"lacerda-bot serve: cannot start its workers: {error}\n")
        return 2
    try:
        with answerer:
            if args.http is None:
                return _serve_lines(answerer)
            return _serve_http(args.host or "127.0.0.1", args.http, answerer)
    except ConnectionError:  # the host closed its end: no one is left to tell
        _drop_output()
        return _HOST_GONE


def _serve_lines(answerer: Answerer) -> int:
    try:
        serve_stdio(sys.stdin.buffer, sys.stdout.buffer, answerer)
    except KeyboardInterrupt:
        return _INTERRUPTED
    return 0


def _drop_output() -> None:
    """Point standard output at ``/dev/null``, so that the final flush cannot fail."""
    with contextlib.suppress(OSError, ValueError):  # no file (a test's stream)
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)


def _serve_problem(args: argparse.Namespace) -> str:
    """Why the serve arguments cannot work ("" if they can)."""
    if args.host is not None and args.http is None:
        return "--host goes with --http PORT"
    if args.http is not None and not 0 <= args.http <= 65535:
        return f"--http takes a port from 0 to 65535, not {args.http}"
    if not (math.isfinite(args.timeout) and 0 < args.timeout <= MAX_TIMEOUT):
        return (
            f"--timeout takes a number of seconds above 0 and at most "
            f"{MAX_TIMEOUT:g}, not {args.timeout}"
        )
    return ""


def _serve_http(host: str, port: int, answerer: Answerer) -> int:
    try:
        server = http_server(host, port, answerer, log=sys.stderr)
    except OSError as error:
        sys.stderr.write(
            f"lacerda-bot serve: cannot listen on {host}:{port}: {error}\n"
        )
        return 2
    try:
        shown = f"[{host}]" if ":" in host else host
        sys.stdout.write(
            f"lacerda-bot serve: listening on http://{shown}:{server.server_port}/\n"
        )
        sys.stdout.flush()
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
