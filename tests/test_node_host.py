"""examples/node_host.mjs, a host in Node.js written from the docs, against the kit.

Its ``--apply`` mode speaks the conformance line protocol: a request
``{"id", "view", "decisions"}`` per line in, ``{"id", "view"}`` (or
``{"id", "error"}``) per line out. :class:`NodeHost` drives it, so
:func:`lacerda_bot.conformance.check_host` plays reference games through it.
Without Node.js the tests skip, except on CI (``CI`` set, as ``.ci/run`` sets
it and installs Node.js): there they fail.
"""

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

import attrs
import pytest
from hypothesis import given, settings

from lacerda_bot import Board
from lacerda_bot.conformance import GamePlan, check_host, game_plans
from lacerda_bot.decisions import (
    AdvanceMission,
    Construct,
    Decision,
    ObtainBlueprint,
    RefillContractDisplay,
    TakeContract,
    Upgrade,
)
from lacerda_bot.hexmap import Hex
from lacerda_bot.model import (
    BlueprintRow,
    BuildingType,
    ContractKind,
    HostId,
    MissionSlot,
    TechUsed,
)
from lacerda_bot.schema import load_schema
from lacerda_bot.serialization import make_converter, structure, unstructure
from lacerda_bot.testing import reference_board

ROOT = Path(__file__).resolve().parent.parent
HOST = ROOT / "examples" / "node_host.mjs"
TAGS = make_converter()  # unstructure_as=Decision writes a decision with its "type"
DECISION_TYPES = frozenset(
    load_schema("outcome.json")["$defs"]["Decision"]["properties"]["type"]["enum"]
)
# check_host's ten default games (seeds 0 to 9) make every decision type but SkipTurn
# (seed 8 alone has a RelocateRover); seed 27 has a SkipTurn.
EVERY_TYPE = [GamePlan(seed=seed) for seed in (*range(10), 27)]


def node() -> str:
    """The node command; without one, skip, or fail on CI."""
    found = shutil.which("node")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("Node.js is missing: .ci/run installs it (apt-get nodejs)")
        pytest.skip("needs Node.js")
    return found


class NodeHost:
    """``node examples/node_host.mjs --apply``, one line in and one line out per call."""

    def __init__(self, *flags: str) -> None:
        self.process = subprocess.Popen(
            [node(), str(HOST), "--apply", *flags],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self.requests = 0
        self.applied: set[str] = set()

    def __enter__(self) -> "NodeHost":
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()  # end of input: it exits 0
        code = self.process.wait(timeout=30)
        assert self.process.stdout is not None
        self.process.stdout.close()
        if kind is None:
            assert code == 0

    def answer(self, view: Any, decisions: Sequence[Decision]) -> dict[str, Any]:
        """The host's answer line to one request, as data."""
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        self.requests += 1
        request = {
            "id": self.requests,
            "view": view,
            "decisions": [
                TAGS.unstructure(d, unstructure_as=Decision) for d in decisions
            ],
        }
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        assert line, f"the node host ended (status {self.process.wait(timeout=30)})"
        answer: dict[str, Any] = json.loads(line)
        assert answer["id"] == self.requests
        return answer

    def apply(self, board: Board, decisions: Sequence[Decision]) -> Board:
        """*decisions* applied by the node host to *board* (check_host's ``apply``)."""
        answer = self.answer(unstructure(board), decisions)
        assert "error" not in answer, f"the node host refused: {answer['error']}"
        assert list(answer) == ["id", "view"]
        self.applied.update(type(d).__name__ for d in decisions)
        return structure(answer["view"], Board, path="$.view")


@pytest.fixture(scope="module")
def node_host() -> Iterator[NodeHost]:
    with NodeHost() as host:
        yield host


def test_the_node_host_applies_every_decision_type_as_the_reference_host() -> None:
    with NodeHost() as host:
        checked = check_host(lambda board: board, host.apply, games=EVERY_TYPE)

    assert checked > 2000
    assert host.applied == DECISION_TYPES


@settings(max_examples=10, deadline=None)  # a whole game through a process
@given(game_plans())
def test_the_node_host_conforms_with_any_options(
    node_host: NodeHost, plan: GamePlan
) -> None:
    assert check_host(lambda board: board, node_host.apply, games=[plan]) > 0


def test_the_node_host_with_its_own_values_conforms() -> None:
    """Its own OP, Missions and their Crystals, Colony trigger and Contract deck pass."""
    with NodeHost("--own-values") as host:
        assert check_host(lambda board: board, host.apply, games=EVERY_TYPE) > 2000


def test_the_node_host_declares_its_own_values(tmp_path: Path) -> None:
    """``lacerda-bot conformance --values`` checks its OP per LSS space, and catches a wrong one."""
    values = ROOT / "examples" / "node_host_values.json"
    wrong = tmp_path / "wrong.json"
    data = json.loads(values.read_text())
    wrong.write_text(json.dumps({**data, "lss_op": [0] * len(data["lss_op"])}))
    host = ["node", str(HOST), "--own-values", "--apply"]

    right = _conformance("--games", "3", "--values", str(values), "--", *host)
    caught = _conformance("--games", "3", "--values", str(wrong), "--", *host)

    assert right["ok"] is True, right
    assert caught["ok"] is False
    assert caught["difference"]["field"] == "op_track"


def test_lacerda_bot_conformance_passes_the_node_host() -> None:
    host = ["node", str(HOST), "--apply"]

    report = _conformance("--games", "10", "--", *host)

    assert report["ok"] is True, report
    assert report["decisions"] > 2000


def _conformance(*args: str) -> dict[str, Any]:
    """``lacerda-bot conformance ARGS`` run as a command, its JSON report."""
    done = subprocess.run(
        [sys.executable, "-m", "lacerda_bot", "conformance", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def test_its_own_values_change_only_with_the_flag() -> None:
    """OP per LSS marker space, the Colony level, Missions, Advanced Buildings, refills."""
    board = reference_board()
    lss = [
        BuildingType.GENERATOR,
        BuildingType.WATER_EXTRACTOR,
        BuildingType.GREENHOUSE,
        BuildingType.OXYGEN_CONDENSER,
    ]
    sites = [Hex(q=1, r=-2), Hex(q=-2, r=3), Hex(q=3, r=-3), Hex(q=-1, r=2)]
    decisions: list[Decision] = [
        Construct(
            building=t,
            hex=h,
            resulting_size=1,
            joined_sizes=(),
            tech_used=TechUsed.NONE,
            miner=False,
            pointer_before=t,
            pointer_after=t,
        )
        for t, h in zip(lss, sites, strict=True)
    ]
    decisions += [AdvanceMission(slot=MissionSlot.B, mission=HostId("mission-b"))] * 4
    decisions += [
        ObtainBlueprint(blueprint=HostId("B1"), row=BlueprintRow.BOTTOM, slot=0),
        Upgrade(hex=Hex(q=0, r=0), blueprint=HostId("B1"), tech_used=TechUsed.NONE),
        TakeContract(contract=HostId("C1"), slot=6, kind=ContractKind.UPGRADE),
        RefillContractDisplay(slot=6),
    ]
    with NodeHost() as plain, NodeHost("--own-values") as own:
        as_given = plain.apply(board, decisions)
        owned = own.apply(board, decisions)

    assert as_given == attrs.evolve(
        owned,
        op_track=board.op_track,
        colony_level=board.colony_level,
        missions=board.missions,
        advanced_buildings_on_mars=board.advanced_buildings_on_mars,
        contract_display=as_given.contract_display,
        spendable_crystals=as_given.spendable_crystals,
        free_depot_spaces=as_given.free_depot_spaces,
        supply_crystals=as_given.supply_crystals,
    )
    credit = owned.spendable_crystals - as_given.spendable_crystals
    assert credit > 0  # his Constructs' contributions to Mission A (R-MISSION-3)
    assert as_given.free_depot_spaces - owned.free_depot_spaces == credit
    assert as_given.supply_crystals - owned.supply_crystals == credit
    assert (as_given.op_track, as_given.colony_level) == (0, 1)
    assert (owned.op_track, owned.colony_level) == (4, 2)  # 1 OP a marker; 4 markers
    assert [m.completed for m in owned.missions] == [True, True, False]
    assert [(a.building, a.count) for a in owned.advanced_buildings_on_mars] == [
        (BuildingType.MINE, 1)
    ]
    assert [c.slot for c in as_given.contract_display] == [7, 8]
    assert [c.slot for c in owned.contract_display] == [6, 7, 8]
    assert str(owned.contract_display[0].id).startswith("host-contract-")


def test_the_node_host_refuses_what_it_cannot_apply() -> None:
    """One error line per bad request; the next request is answered all the same."""
    view = unstructure(reference_board())
    taken = TakeContract(contract=HostId("C9"), slot=6, kind=ContractKind.UPGRADE)
    with NodeHost() as host:
        refused = host.answer(view, [taken])
        unknown = host.answer({**view, "colour": "red"}, [])
        fine = host.answer(view, [])

    assert refused == {
        "id": 1,
        "error": "decisions[0] (TakeContract): slot 6 holds Contract C1, not C9",
    }
    assert unknown == {"id": 2, "error": "the view has an unknown field colour"}
    assert fine == {"id": 3, "view": view}


def test_the_node_host_plays_turns_as_the_docs_say(tmp_path: Path) -> None:
    """docs/protocol.md's two commands, as written, then with --own-values."""
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    block = re.search(r"\[`examples/node_host\.mjs`\].*?```bash\n(.*?)```", text, re.S)
    assert block is not None
    commands = block.group(1).splitlines()
    assert (
        commands[1] == "node examples/node_host.mjs board.json 3 -- lacerda-bot serve"
    )
    node()
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
    }
    script = "\n".join(
        [*commands, "node examples/node_host.mjs --own-values board.json 40"]
    )

    done = subprocess.run(
        [
            "bash",
            "-euo",
            "pipefail",
            "-c",
            script.replace("examples/", f"{ROOT}/examples/"),
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

    assert done.returncode == 0, done.stderr
    played, own = done.stdout.split("played 3 turns", 1)
    assert "setup:\n  StartingSpace space=" in played
    for turn in (1, 2, 3):
        assert f"turn {turn}:\n  RevealCard card=" in played
    assert "a request without a view: SerializationError at $.view" in played
    assert "played 40 turns" in own
    assert "colony level 2:\n" in own  # its own trigger: the colony_level_up call
