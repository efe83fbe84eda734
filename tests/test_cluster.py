"""Batches over Ray (``lacerda-bot simulate --ray``): the same results as --jobs 1.

One test runs a real local Ray instance (the ``ray`` extra, installed by CI); the
others put a small in-process stand-in for the ``ray`` module in ``sys.modules``,
so every path of :mod:`lacerda_bot.reference._cluster` runs without a cluster.
"""

import importlib
import itertools
import os
import re
import socket
import subprocess
import sys
import types
from collections.abc import Callable, Generator, Iterator, Sequence
from pathlib import Path

import pytest

from lacerda_bot import __version__
from lacerda_bot.cli import main
from lacerda_bot.errors import ClusterError
from lacerda_bot.reference import GameRecord
from lacerda_bot.reference import _simulate as simulate
from lacerda_bot.reference._cluster import LOCAL, run_batch_on_ray
from lacerda_bot.reference._simulate import record_json, run_batch

_Work = Callable[[int], GameRecord | str]
_Chunk = tuple[str, list[GameRecord | str]]


class _RayError(Exception):
    pass


class _Ref:
    def __init__(self, run: Callable[[], _Chunk]) -> None:
        self.run = run


class _FakeRay(types.ModuleType):
    """The calls of ``ray`` a batch makes, played in this process, lazily."""

    def __init__(self, *, cpus: float = 3, fail: BaseException | None = None) -> None:
        super().__init__("ray")
        self.cpus = cpus
        self.fail = fail
        self.inits: list[tuple[str, dict[str, object]]] = []
        self.in_flight = 0
        self.most_in_flight = 0
        self.submitted = 0
        self.shut = False
        self.result: Callable[[_Chunk], _Chunk] = lambda chunk: chunk

    def init(self, address: str, **options: object) -> None:
        self.inits.append((address, options))
        if self.fail is not None:
            raise self.fail

    def remote(self, function: Callable[[Sequence[int], _Work], _Chunk]) -> "_Task":
        return _Task(self, function)

    def get(self, ref: _Ref) -> _Chunk:
        self.in_flight -= 1
        return self.result(ref.run())

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": self.cpus, "memory": 1e9}

    def shutdown(self) -> None:
        self.shut = True


class _Task:
    def __init__(
        self, ray: _FakeRay, function: Callable[[Sequence[int], _Work], _Chunk]
    ) -> None:
        self.ray, self.function = ray, function

    def remote(self, seeds: Sequence[int], work: _Work) -> _Ref:
        self.ray.submitted += 1
        self.ray.in_flight += 1
        self.ray.most_in_flight = max(self.ray.most_in_flight, self.ray.in_flight)
        return _Ref(lambda: self.function(seeds, work))


@pytest.fixture
def fake_ray(monkeypatch: pytest.MonkeyPatch) -> _FakeRay:
    ray = _FakeRay()
    exceptions = types.ModuleType("ray.exceptions")
    exceptions.RayError = _RayError  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "ray", ray)
    monkeypatch.setitem(sys.modules, "ray.exceptions", exceptions)
    return ray


def _lines(results: Iterator[GameRecord | str]) -> list[str]:
    return [r if isinstance(r, str) else record_json(r) for r in results]


def test_a_batch_gives_the_games_of_jobs_1_in_seed_order(fake_ray: _FakeRay) -> None:
    seeds = range(3, 9)
    assert _lines(run_batch_on_ray(seeds, jobs=2)) == _lines(run_batch(seeds))
    [(address, options)] = fake_ray.inits
    assert address == LOCAL
    assert options["num_cpus"] == 2
    assert options["include_dashboard"] is False
    assert options["log_to_driver"] is False
    assert options["object_store_memory"] == 128 * 1024 * 1024
    assert fake_ray.shut


def test_a_huge_batch_keeps_a_bounded_window_in_flight(
    fake_ray: _FakeRay, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At most 3 tasks per CPU wait, whatever the batch's size; closing shuts down."""
    monkeypatch.setattr(simulate, "_MOST_PER_CHUNK", 1)
    batch = run_batch_on_ray(range(10**12), address="auto")
    first = list(itertools.islice(batch, 3))
    assert isinstance(batch, Generator)
    assert [r.seed for r in first if isinstance(r, GameRecord)] == [0, 1, 2]
    batch.close()
    assert fake_ray.inits == [("auto", {"log_to_driver": False, "logging_level": 40})]
    assert fake_ray.most_in_flight <= 3 * 3  # the cluster's 3 CPUs
    assert fake_ray.submitted <= 3 * 3 + len(first)  # one more per task done
    assert fake_ray.shut


def test_missing_ray_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    with pytest.raises(ClusterError, match=re.escape('pip install "lacerda_bot[ray]"')):
        next(run_batch_on_ray(range(2)))


def test_the_command_without_ray_exits_2_and_leaves_no_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    target = tmp_path / "out.jsonl"
    assert main(["simulate", "--games", "2", "--ray", "--json", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("lacerda-bot simulate: ray is not installed")
    assert 'pip install "lacerda_bot[ray]"' in err
    assert list(tmp_path.iterdir()) == []


def test_an_address_ray_refuses_is_a_cluster_error(fake_ray: _FakeRay) -> None:
    fake_ray.fail = ConnectionError("Could not find any running Ray instance")
    with pytest.raises(
        ClusterError,
        match=r"cannot start or reach Ray at address='auto': Could not find",
    ):
        next(run_batch_on_ray(range(2), address="auto"))
    assert not fake_ray.shut  # nothing was started


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.mark.parametrize("scheme", ["", "ray://"])
def test_an_unreachable_address_fails_fast(fake_ray: _FakeRay, scheme: str) -> None:
    """Ray would wait for ever on HOST:PORT: a closed port is refused at once."""
    address = f"{scheme}127.0.0.1:{_closed_port()}"
    with pytest.raises(
        ClusterError, match=f"cannot reach the Ray cluster at address='{address}'"
    ):
        next(run_batch_on_ray(range(2), address=address))
    assert fake_ray.inits == []


def test_an_address_with_a_bad_port_is_refused(
    fake_ray: _FakeRay, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--games", "2", "--ray", "head:port"]) == 2
    assert "address='head:port' has no valid port" in capsys.readouterr().err
    assert fake_ray.inits == []


def test_a_reachable_address_is_handed_to_ray(fake_ray: _FakeRay) -> None:
    with socket.create_server(("127.0.0.1", 0)) as server:
        address = f"ray://127.0.0.1:{server.getsockname()[1]}"
        assert len(_lines(run_batch_on_ray(range(2), address=address, jobs=1))) == 2
    assert [a for a, _ in fake_ray.inits] == [address]


def test_a_lost_task_is_a_cluster_error(fake_ray: _FakeRay) -> None:
    def lost(chunk: _Chunk) -> _Chunk:
        raise _RayError("the worker died")

    fake_ray.result = lost
    with pytest.raises(
        ClusterError, match="a Ray task of the batch failed: the worker"
    ):
        list(run_batch_on_ray(range(2)))
    assert fake_ray.shut


def test_workers_of_another_version_are_refused(fake_ray: _FakeRay) -> None:
    fake_ray.result = lambda chunk: ("0.0.1", chunk[1])
    with pytest.raises(
        ClusterError, match=f"workers run lacerda_bot 0.0.1, this machine {__version__}"
    ):
        list(run_batch_on_ray(range(2)))


def test_jobs_0_is_refused_with_ray(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ray", "--jobs", "0"]) == 2
    assert "at least 1" in capsys.readouterr().err


def test_importing_lacerda_bot_never_loads_ray() -> None:
    code = (
        "import sys, lacerda_bot, lacerda_bot.cli, lacerda_bot.reference._cluster; "
        "sys.exit('ray' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def _real_ray() -> None:
    """Skip without the ``ray`` extra, except in CI, which installs it."""
    if os.environ.get("CI"):
        importlib.import_module("ray")  # CI must run the real test, never skip it
    else:
        pytest.importorskip("ray")


def test_a_real_local_ray_instance_gives_the_bytes_of_jobs_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """8 games over a real local Ray instance: the summary and --json of --jobs 1."""
    _real_ray()
    one, ray = tmp_path / "one.jsonl", tmp_path / "ray.jsonl"
    assert main(["simulate", "--games", "8", "--seed", "4", "--json", str(one)]) == 0
    expected = capsys.readouterr().out
    argv = ["simulate", "--games", "8", "--seed", "4", "--ray", "--jobs", "2"]
    assert main([*argv, "--json", str(ray)]) == 0
    assert capsys.readouterr().out == expected
    assert ray.read_bytes() == one.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["one.jsonl", "ray.jsonl"]
