"""Batches of reference games spread over a Ray cluster (the ``ray`` extra).

:func:`run_batch_on_ray` plays the same games as
:func:`~lacerda_bot.reference.run_batch` and yields the same results in
the same order: game *i* is ``play_game(S + i)`` wherever it runs. Only the
place changes: the tasks go to a Ray cluster instead of local processes, so a
batch of tens of thousands of games can use many machines.

Ray is imported only when a batch runs here: ``import lacerda_bot`` never loads
it, and without the extra a batch raises :class:`~lacerda_bot.errors.ClusterError`
naming it (``pip install "lacerda_bot[ray]"``).
"""

import importlib
import itertools
import logging
import os
import socket
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Final, Protocol, cast
from urllib.parse import urlsplit

from lacerda_bot import __version__
from lacerda_bot.errors import ClusterError
from lacerda_bot.options import Options
from lacerda_bot.reference._game import GameRecord
from lacerda_bot.reference._simulate import _CHUNKS_PER_JOB, _chunks, _play, _play_many

__all__ = ["LOCAL", "run_batch_on_ray"]

LOCAL: Final = "local"
"""The address that starts a new Ray instance on this machine for the batch."""

_OBJECT_STORE_BYTES: Final = 128 * 1024 * 1024
"""The local instance's object store: a window of results needs far less."""
_PROBE_SECONDS: Final = 10.0
"""How long a cluster's address may take to accept a connection."""

_Work = Callable[[int], GameRecord | str]
_Chunk = tuple[str, list[GameRecord | str]]


class _Task(Protocol):
    def remote(self, seeds: Sequence[int], work: _Work) -> object: ...


class _Ray(Protocol):
    """The few calls of the ``ray`` module a batch makes."""

    def init(self, address: str, **options: object) -> object: ...
    def remote(self, function: Callable[[Sequence[int], _Work], _Chunk]) -> _Task: ...
    def get(self, ref: object) -> object: ...
    def cluster_resources(self) -> dict[str, float]: ...
    def shutdown(self) -> None: ...


def run_batch_on_ray(
    seeds: Sequence[int],
    *,
    address: str = LOCAL,
    jobs: int | None = None,
    goal: str = "first_colonists",
    options: Options | None = None,
    check: bool = False,
) -> Iterator[GameRecord | str]:
    """Play every seed on a Ray cluster; yield the results in seed order.

    With *address* ``"local"`` a new Ray instance starts on this machine with
    *jobs* CPUs (default: all of them), no dashboard and a 128 MiB object store,
    and stops when the batch ends. Any other address (``"auto"``,
    ``"ray://HOST:PORT"``, ``"HOST:PORT"``) connects to a running cluster whose
    workers have this version of lacerda_bot installed; the connection closes when
    the batch ends, which also cancels its tasks still running.

    At most ``3 * jobs`` tasks (runs of at most 64 games) are in flight (*jobs*
    defaults to the cluster's CPUs), and each result is dropped once yielded, so
    memory stays flat for any number of games.

    Raises:
        ClusterError: the ``ray`` extra is not installed, the cluster cannot be
            reached, a task was lost, or the workers run another lacerda_bot.
    """
    ray = _import_ray()
    _connect(ray, address, jobs)
    try:
        workers = jobs or max(1, int(ray.cluster_resources().get("CPU", 1)))
        task = ray.remote(_play_chunk)
        work = partial(_play, goal=goal, options=options, check=check)
        chunks = _chunks(seeds, workers)
        window = deque(
            task.remote(chunk, work)
            for chunk in itertools.islice(chunks, workers * _CHUNKS_PER_JOB)
        )
        while window:
            done = _result(ray, window.popleft())
            chunk = next(chunks, None)
            if chunk is not None:
                window.append(task.remote(chunk, work))
            yield from done
    finally:  # done, Ctrl-C or a failure: the cluster's work for us ends with us
        ray.shutdown()


def _play_chunk(seeds: Sequence[int], work: _Work) -> _Chunk:
    """One Ray task: a few games, in seed order, and the version that played them."""
    return __version__, _play_many(seeds, work)


def _import_ray() -> _Ray:
    """The ``ray`` module, or a ClusterError naming the extra that brings it."""
    try:
        module = importlib.import_module("ray")
    except ImportError as error:
        msg = f'ray is not installed ({error}); install it with: pip install "lacerda_bot[ray]"'
        raise ClusterError(msg) from error
    return cast("_Ray", module)


def _connect(ray: _Ray, address: str, jobs: int | None) -> None:
    """Start a local Ray instance, or connect to the cluster at *address*."""
    quiet = {"log_to_driver": False, "logging_level": logging.ERROR}
    if address == LOCAL:
        options: dict[str, object] = {
            "num_cpus": jobs or os.cpu_count() or 1,
            "include_dashboard": False,
            "object_store_memory": _OBJECT_STORE_BYTES,
        }
    else:
        _probe(address)
        options = {}
    try:
        ray.init(address, **quiet, **options)
    except Exception as error:  # ray.init raises many kinds: each means "not here"
        msg = f"cannot start or reach Ray at address={address!r}: {error}"
        raise ClusterError(msg) from error


def _probe(address: str) -> None:
    """Fail fast when *address* names a host and port that accept no connection.

    Ray waits for an unreachable head for a long time (for ever for
    ``HOST:PORT``); an address without a port (``auto``) is left to Ray.
    """
    parts = urlsplit(address if "://" in address else f"//{address}")
    try:
        port = parts.port
    except ValueError as error:
        msg = f"address={address!r} has no valid port ({error})"
        raise ClusterError(msg) from error
    if parts.hostname is None or port is None:
        return
    try:
        with socket.create_connection((parts.hostname, port), timeout=_PROBE_SECONDS):
            pass
    except OSError as error:
        msg = f"cannot reach the Ray cluster at address={address!r}: {error}"
        raise ClusterError(msg) from error


def _result(ray: _Ray, ref: object) -> list[GameRecord | str]:
    """The games of one finished task, checked to come from this lacerda_bot."""
    errors = importlib.import_module("ray.exceptions")
    try:
        version, results = cast("_Chunk", ray.get(ref))
    except (errors.RayError, ConnectionError) as error:
        msg = f"a Ray task of the batch failed: {error}"
        raise ClusterError(msg) from error
    if version != __version__:
        msg = (
            f"the cluster's workers run lacerda_bot {version}, this machine "
            f"{__version__}: install the same version on every node"
        )
        raise ClusterError(msg)
    return results
