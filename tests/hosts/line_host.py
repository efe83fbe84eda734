"""A host process for ``lacerda-bot conformance``: the reference host over the line protocol.

``python line_host.py [FAULT]`` answers each request line with the reference
host's board after its decisions (``lacerda_bot.testing.apply``). *FAULT* makes
it a broken host, for the command's tests: ``ships`` forgets to take a gained
Ship from the supply, ``refuse`` answers an error, ``garbage`` a line that is
not JSON, ``other-id`` another id, ``no-view`` a board without a field,
``quit`` ends before answering, ``silent`` never answers.
"""

import json
import sys
import time
from typing import Never

import attrs

from lacerda_bot import Board, Decision
from lacerda_bot.decisions import GainShip
from lacerda_bot.serialization import structure, unstructure
from lacerda_bot.testing import apply


def answer(request: dict[str, object], fault: str) -> dict[str, object]:
    board = structure(request["view"], Board)
    decisions = structure(request["decisions"], tuple[Decision[Never], ...])
    after = apply(board, decisions)
    if fault == "ships" and any(isinstance(d, GainShip) for d in decisions):
        after = attrs.evolve(after, ships_left=board.ships_left)
    view = unstructure(after)
    if fault == "no-view":
        del view["ships_left"]
    rid = request["id"]
    if fault == "other-id":
        rid = 0
    if fault == "refuse":
        return {"id": rid, "error": "this host applies nothing"}
    return {"id": rid, "view": view}


def write(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main() -> None:
    fault = sys.argv[1] if len(sys.argv) > 1 else ""
    for line in sys.stdin:
        if fault == "quit":
            sys.exit(3)
        if fault == "silent":
            time.sleep(3600)
        if fault == "garbage":
            write("this is not JSON")
            continue
        write(json.dumps(answer(json.loads(line), fault)))


if __name__ == "__main__":
    main()
