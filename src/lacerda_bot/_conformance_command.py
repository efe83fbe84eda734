"""``lacerda-bot conformance -- COMMAND...``: the conformance kit against a host process.

A host in any language checks itself with the kit of
:mod:`lacerda_bot.conformance`: this command starts the host's *COMMAND* once,
plays the kit's seeded reference games, and asks the host to apply each
call's decisions over a line protocol (``docs/protocol.md``, "Conformance
over a process"):

* the command writes one request per line to the host's standard input,
  ``{"id": 1, "view": BOARD, "decisions": [DECISION, ...]}``: the board as
  ``serve`` takes it, and the decisions as an outcome holds them;
* the host applies the decisions to that board, in order, by its own code,
  and writes one line to its standard output: ``{"id": 1, "view": BOARD}``,
  the board after them, or ``{"id": 1, "error": "why"}``;
* at the end of the games the command closes the host's standard input.

It prints one JSON report on standard output and ends with status 0 when the
host applies every decision as the contract says, 1 at the first difference
or when the host fails (it stops, answers out of turn or not within the time
bound, writes a line that is not a response or a board that does not load),
and 2 for bad arguments.
"""

import argparse
import contextlib
import enum
import json
import math
import os
import queue
import subprocess
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any, Final, TextIO, final

from lacerda_bot._board.board import Board
from lacerda_bot._deck import MAX_SEED
from lacerda_bot._enum import IdentityEnum
from lacerda_bot.contract import HostValues
from lacerda_bot.decisions import Decision
from lacerda_bot.errors import InvalidValueError, LacerdaBotError, SerializationError
from lacerda_bot.options import Options, parse_option_pairs
from lacerda_bot.serialization import (
    parse_json,
    structure,
    unstructure,
    unstructure_decisions,
)

__all__ = [
    "DEFAULT_TIMEOUT",
    "HostFailure",
    "HostProcessError",
    "add_conformance_parser",
]

DEFAULT_TIMEOUT: Final = 30.0
"""Seconds the host has to answer one request (``--timeout``)."""

_MAX_LINE: Final = 1 << 24
"""The longest answer line read from the host (16 MiB)."""


@enum.unique
class HostFailure(IdentityEnum):
    """How a host process failed the line protocol (the report's ``kind``)."""

    STOPPED = "stopped"
    """It ended, or closed its output, before answering."""
    TIMEOUT = "timeout"
    """It did not answer within the time bound."""
    BAD_LINE = "bad_line"
    """Its line is not a JSON response object to the request (or has another id)."""
    REFUSED = "refused"
    """It answered ``"error"``: it would not apply the decisions."""
    BAD_VIEW = "bad_view"
    """Its board does not load as a ``Board``; ``path`` says where."""


@final
class HostProcessError(LacerdaBotError):
    """The host process failed the line protocol; ``kind`` says how."""

    def __init__(
        self, kind: HostFailure, message: str, *, path: str | None = None
    ) -> None:
        """Build the error from its kind, what happened, and where in the line."""
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.path = path


class _HostProcess:
    """The host's process, spoken to one line at a time."""

    def __init__(self, command: Sequence[str], timeout: float) -> None:
        self.timeout = timeout
        self.requests = 0
        self.process = subprocess.Popen(
            list(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=None,  # the host's own messages go to the user's terminal
        )
        assert self.process.stdout is not None
        self.lines: queue.Queue[bytes] = queue.Queue()
        self.reader = threading.Thread(
            target=_read_lines, args=(self.process.stdout, self.lines), daemon=True
        )
        self.reader.start()

    def apply(self, board: Board, decisions: Sequence[Decision]) -> Board:
        """The host's board after *decisions*, applied by the host to *board*."""
        self.requests += 1
        rid = self.requests
        request = {
            "id": rid,
            "view": unstructure(board),
            "decisions": unstructure_decisions(decisions),
        }
        self._send(json.dumps(request, separators=(",", ":")) + "\n")
        try:
            line = self.lines.get(timeout=self.timeout)
        except queue.Empty:
            msg = f"no answer to request {rid} within {self.timeout:g} s"
            raise HostProcessError(HostFailure.TIMEOUT, msg) from None
        if not line:
            code = self.process.poll()
            how = "closed its output" if code is None else f"ended with status {code}"
            raise HostProcessError(
                HostFailure.STOPPED, f"the host {how} before answering {rid}"
            )
        return _answer(line, rid)

    def _send(self, text: str) -> None:
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(text.encode("utf-8"))
            stdin.flush()
        except (BrokenPipeError, ConnectionError, ValueError):
            code = self.process.poll()
            how = "ended" if code is None else f"ended with status {code}"
            raise HostProcessError(HostFailure.STOPPED, f"the host {how}") from None

    def close(self) -> None:
        """End of input; the host has the time bound to end, then it is killed."""
        if self.process.stdin is not None:
            with contextlib.suppress(OSError):  # a host gone already
                self.process.stdin.close()
        try:
            self.process.wait(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.reader.join(timeout=self.timeout)  # the host is gone: its output ends
        if self.process.stdout is not None:
            self.process.stdout.close()


def _read_lines(stream: IO[bytes], lines: "queue.Queue[bytes]") -> None:
    """Put each line the host writes on *lines*; an empty one at its end."""
    while True:
        line = stream.readline(_MAX_LINE + 1)
        lines.put(line)
        if not line:
            return


def _answer(line: bytes, rid: int) -> Board:
    """The board of the host's answer *line* to request *rid*."""
    try:
        data = parse_json(line.rstrip(b"\r\n"))
    except SerializationError as error:
        raise HostProcessError(HostFailure.BAD_LINE, f"answer {rid}: {error}") from None
    if not isinstance(data, dict) or data.get("id") != rid:
        got = data.get("id") if isinstance(data, dict) else data
        msg = f'answer {rid}: expected an object with "id": {rid}, got {_json(got)}'
        raise HostProcessError(HostFailure.BAD_LINE, msg)
    keys = sorted(set(data) - {"id"})
    if keys == ["error"]:
        why = data["error"]
        raise HostProcessError(
            HostFailure.REFUSED, f"the host refused request {rid}: {why}"
        )
    if keys != ["view"]:
        msg = (
            f'answer {rid}: expected the keys "id" and "view" (or "error"), got {keys}'
        )
        raise HostProcessError(HostFailure.BAD_LINE, msg)
    try:
        return structure(data["view"], Board, path="$.view")
    except LacerdaBotError as error:
        path = getattr(error, "path", None) or getattr(error, "field", None)
        raise HostProcessError(
            HostFailure.BAD_VIEW, f"answer {rid}: {error}", path=path
        ) from None


def _json(value: object) -> str:
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


def _data(value: object) -> Any:
    """*value* as JSON data: a library value as ``serve`` writes it, else as it is."""
    try:
        data = unstructure(value)
        json.dumps(data)
    except Exception:  # a host value the converter cannot write: its text
        return repr(value)
    return data


def add_conformance_parser(
    commands: "argparse._SubParsersAction[argparse.ArgumentParser]",
) -> None:
    """Add the ``conformance`` command to the ``lacerda-bot`` parser."""
    parser = commands.add_parser(
        "conformance",
        help="check a host in any language with the conformance kit",
        description="Start COMMAND, a host that applies decisions over the line "
        "protocol of docs/protocol.md, play the kit's seeded reference games "
        "through it, and print a JSON report: status 0 if the host applies every "
        "decision as docs/host-contract.md says, 1 at the first difference.",
    )
    parser.set_defaults(run=_run)
    parser.add_argument(
        "--games", type=int, default=10, help="games to play (default 10)"
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="seed of the first game (default 0)"
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an option of the games' bot (repeatable; spec section 3): check the "
        "host on the decisions that option makes",
    )
    parser.add_argument(
        "--values",
        type=Path,
        metavar="FILE",
        help="a JSON file of the host's own values to check (HostValues: lss_op, "
        "mission_credits, lab_column_values)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"time the host has to answer one request (default {DEFAULT_TIMEOUT:g})",
    )
    parser.add_argument(
        "host", nargs=argparse.REMAINDER, metavar="-- COMMAND", help="the host"
    )


def _run(args: argparse.Namespace) -> int:
    return conformance(args, sys.stdout, sys.stderr)


def conformance(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run the kit through the host *args* name; write the report to *out*."""
    command = args.host[1:] if args.host[:1] == ["--"] else args.host
    problem = _problem(args, command)
    values: HostValues | None = None
    options = Options()
    if not problem:
        try:
            options = parse_option_pairs(args.option)
        except InvalidValueError as error:
            problem = str(error)
    if not problem and args.values is not None:
        values, problem = _values(args.values)
    if problem:
        err.write(f"lacerda-bot conformance: {problem}\n")
        return 2
    try:  # the kit needs hypothesis, an optional dependency: imported when run
        from lacerda_bot.conformance import (
            ConformanceError,
            GamePlan,
            check_host,
        )
    except ImportError as missing:
        err.write(f"lacerda-bot conformance: {missing}\n")
        return 2
    try:
        host = _HostProcess(command, args.timeout)
    except OSError as error:
        err.write(f"lacerda-bot conformance: cannot start {command[0]}: {error}\n")
        return 2
    report: dict[str, Any]
    try:
        plans = [
            GamePlan(seed=args.seed + i, options=options) for i in range(args.games)
        ]
        checked = check_host(
            lambda board: board, host.apply, games=plans, values=values
        )
        report = {"ok": True, "games": args.games, "decisions": checked}
    except ConformanceError as error:
        report = {
            "ok": False,
            "difference": {
                "seed": error.seed,
                "step": error.step,
                "call": error.call.value,
                "decision_index": error.decision_index,
                "decision_type": error.decision_type,
                "field": error.field,
                "expected": _data(error.expected),
                "actual": _data(error.actual),
                "message": str(error),
            },
            "replay": " ".join(
                [
                    f"--seed {error.seed} --games 1",
                    *(f"--option {o}" for o in args.option),
                ]
            ),
        }
    except HostProcessError as error:
        report = {
            "ok": False,
            "host_failed": {
                "kind": error.kind.value,
                "message": error.message,
                "path": error.path,
                "requests": host.requests,
            },
        }
    finally:
        host.close()
    out.write(json.dumps(report, separators=(",", ":")) + "\n")
    return 0 if report["ok"] else 1


def _problem(args: argparse.Namespace, command: Sequence[str]) -> str:
    """Why the arguments cannot work ("" if they can)."""
    if not command:
        return "no host command: lacerda-bot conformance [OPTIONS] -- COMMAND..."
    if args.games < 1:
        return f"--games must be at least 1, not {args.games}"
    if not 0 <= args.seed <= MAX_SEED - args.games:
        return f"--seed must lie from 0 to {MAX_SEED - args.games} with --games {args.games}, not {args.seed}"
    if not (math.isfinite(args.timeout) and args.timeout > 0):
        return f"--timeout takes a number of seconds above 0, not {args.timeout}"
    return ""


def _values(path: Path) -> tuple[HostValues | None, str]:
    """The host's declared values in *path*, or why they cannot be read."""
    try:
        text = path.read_bytes()
    except OSError as error:
        return None, f"cannot read --values {os.fsdecode(path)}: {error.strerror}"
    try:
        return structure(parse_json(text), HostValues), ""
    except LacerdaBotError as error:
        return None, f"--values {os.fsdecode(path)}: {error}"
