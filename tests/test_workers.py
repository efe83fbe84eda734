"""The workers of ``lacerda-bot serve``; a call past its bound frees its worker.

A call that must time out blocks on an event nothing sets in its process
(:func:`never_ending`), so no test waits for a slow computation; calls that must
be answered have bounds far above what they take.
"""

import concurrent.futures
import contextlib
import json
import os
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final

import pytest

from lacerda_bot import _workers
from lacerda_bot._workers import CAN_FORK, Answer, ProcessWorkers, ThreadWorkers, work
from lacerda_bot.protocol import ErrorType, Reply, reply

from .helpers_serve import NEVER, NEW_BOT_REQUEST, never_ending

pytestmark = pytest.mark.skipif(not CAN_FORK, reason="worker processes need fork")

GENEROUS: Final = 30.0
"""A bound that no call that must be answered comes near (they take milliseconds)."""

NO_ANSWER: Final = {"type": "TimeoutError", "message": "no answer within 0.2 s"}


def parsed(answer: Reply) -> Any:
    return json.loads(answer.text)


def pid_of(request: bytes) -> Reply:
    """Answers any request with the process id of the worker answering it."""
    return Reply(text=json.dumps({"id": None, "pid": os.getpid()}))


@contextlib.contextmanager
def process_workers(answer: Answer, workers: int = 1) -> Iterator[ProcessWorkers]:
    pool = ProcessWorkers(answer, workers=workers)
    try:
        yield pool
    finally:
        pool.close()


def is_gone(pid: int) -> bool:
    """No such process, not even a zombie: it was killed and reaped."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_a_call_past_its_bound_frees_its_worker() -> None:
    """One worker: three calls that never end each get "no answer", then three are answered."""
    release = threading.Event()
    with process_workers(never_ending(release)) as workers:
        stuck = [workers(NEVER, 0.2) for _ in range(3)]
        answered = [workers(NEW_BOT_REQUEST, GENEROUS) for _ in range(3)]

    assert [parsed(a) for a in stuck] == [{"id": "never", "error": NO_ANSWER}] * 3
    assert [a.error for a in stuck] == [ErrorType.TIMEOUT] * 3
    assert [a.error for a in answered] == [None] * 3
    assert [parsed(a)["id"] for a in answered] == ["new"] * 3


def test_a_killed_worker_is_replaced_by_a_fresh_process() -> None:
    """The process of a call past its bound is gone, reaped; the next call has a new one."""
    release = threading.Event()

    def answer(request: bytes) -> Reply:
        return pid_of(request) if b"pid" in request else never_ending(release)(request)

    with process_workers(answer) as workers:
        first = parsed(workers(b"pid", GENEROUS))["pid"]
        assert workers(NEVER, 0.2).error is ErrorType.TIMEOUT
        second = parsed(workers(b"pid", GENEROUS))["pid"]

        assert first != second
        assert is_gone(first)
    assert is_gone(second)


@pytest.mark.parametrize("kind", [ProcessWorkers, ThreadWorkers])
def test_waiting_for_a_free_worker_is_bounded_too(
    kind: type[ProcessWorkers | ThreadWorkers],
) -> None:
    """The only worker held by a call within its bound: the next request is refused unstarted, in time."""
    release = threading.Event()
    workers = kind(never_ending(release), workers=1)
    try:
        with concurrent.futures.ThreadPoolExecutor(1) as host:
            held = host.submit(workers, NEVER, GENEROUS)
            wait_until(lambda: held.running())
            time.sleep(0.05)  # the call has its worker (if not, "busy" all the same)
            start = time.monotonic()
            busy = workers(b'{"id": 2}', 0.1)
            waited = time.monotonic() - start
            workers.close()  # processes: the held call ends now
            release.set()  # threads: the held call ends now
            held.result(timeout=GENEROUS)
    finally:
        release.set()
        workers.close()

    assert parsed(busy) == {
        "id": 2,
        "error": {
            "type": "TimeoutError",
            "message": "no free worker within 0.1 s (the server is busy)",
        },
    }
    assert waited < GENEROUS


def wait_until(condition: Callable[[], bool], seconds: float = GENEROUS) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "condition not met in time"
        time.sleep(0.01)


def test_a_worker_that_dies_is_replaced() -> None:
    """A worker ending mid-call (killed, out of memory): an InternalError, then calls go on."""

    def answer(request: bytes) -> Reply:
        if request == b"die":
            os._exit(3)
        return reply(request)

    with process_workers(answer, workers=2) as workers:
        died = workers(b"die", GENEROUS)
        answered = [workers(NEW_BOT_REQUEST, GENEROUS) for _ in range(3)]

    assert parsed(died) == {
        "id": None,
        "error": {
            "type": "InternalError",
            "message": "the worker process ended without an answer",
        },
    }
    assert [a.error for a in answered] == [None] * 3


def test_closing_stops_running_calls_and_leaves_no_process() -> None:
    """close() kills busy and idle workers, reaps them all, and later calls are refused."""
    release = threading.Event()

    def answer(request: bytes) -> Reply:
        return pid_of(request) if b"pid" in request else never_ending(release)(request)

    workers = ProcessWorkers(answer, workers=2)
    try:
        pids = {parsed(workers(b"pid", GENEROUS))["pid"] for _ in range(2)}
        with concurrent.futures.ThreadPoolExecutor(1) as host:
            held = host.submit(workers, NEVER, GENEROUS)
            wait_until(lambda: held.running())
            time.sleep(0.05)
            workers.close()
            ended = held.result(timeout=GENEROUS)
    finally:
        workers.close()
    after = workers(NEW_BOT_REQUEST, GENEROUS)

    assert ended.error is ErrorType.INTERNAL
    assert after.error is ErrorType.TIMEOUT
    assert "busy" in parsed(after)["error"]["message"]
    assert all(is_gone(pid) for pid in pids)


def test_a_worker_holds_no_file_of_the_server(tmp_path: Path) -> None:
    """Its standard streams are /dev/null and its only other file is its channel.

    So a worker never keeps a host's pipe, a client's connection or the
    listening socket open.
    """
    if not Path("/proc/self/fd").is_dir():
        pytest.skip("needs /proc")

    def files(request: bytes) -> Reply:
        found = {}
        for name in os.listdir("/proc/self/fd"):
            with contextlib.suppress(FileNotFoundError):  # the listing's own
                found[name] = os.readlink(f"/proc/self/fd/{name}")
        return Reply(text=json.dumps({"id": None, "files": found}))

    with (
        (tmp_path / "open.txt").open("w") as _,
        socket.socket() as listening,
        process_workers(files) as workers,
    ):
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        found = parsed(workers(b"files", GENEROUS))["files"]

    standard = {n: found.pop(n) for n in ("0", "1", "2")}
    assert standard == dict.fromkeys(("0", "1", "2"), os.devnull)
    assert len(found) == 1
    assert next(iter(found.values())).startswith("socket:")


def test_a_worker_ignores_ctrl_c() -> None:
    """Ctrl-C reaches every process of the terminal: the server, not the worker, ends."""

    def interrupted(request: bytes) -> Reply:
        os.kill(os.getpid(), signal.SIGINT)
        return reply(request)

    with process_workers(interrupted) as workers:
        answer = workers(NEW_BOT_REQUEST, GENEROUS)

    assert answer.error is None


def test_a_worker_ends_itself_past_twice_its_bound_if_the_server_is_gone() -> None:
    """Its own alarm, at twice the bound and 1 s: no call outlives a server killed by SIGKILL."""
    release = threading.Event()
    process = _workers._fork(never_ending(release))
    try:
        frame = _workers._REQUEST.pack(len(NEVER), 0.1) + NEVER
        process.channel.sendall(frame)  # bound 0.1 s; then nobody reads or kills
        deadline = time.monotonic() + GENEROUS
        while (status := os.waitpid(process.pid, os.WNOHANG)) == (0, 0):
            assert time.monotonic() < deadline, "the worker did not end itself"
            time.sleep(0.01)
    finally:
        with contextlib.suppress(ProcessLookupError, ChildProcessError):
            os.kill(process.pid, signal.SIGKILL)
            os.waitpid(process.pid, 0)
        process.channel.close()

    assert os.WIFSIGNALED(status[1])
    assert os.WTERMSIG(status[1]) == signal.SIGALRM


def test_the_backstop_is_well_past_the_server_bound() -> None:
    """The server kills at the bound; the worker's own alarm comes at twice it, plus 1 s."""
    assert _workers._backstop(10) == 21


def test_the_work_loop_answers_each_frame_until_the_channel_ends() -> None:
    """The worker's loop, run on a thread of this process: frames both ways, then the end."""
    ours, theirs = socket.socketpair()
    alarms: list[float] = []
    loop = threading.Thread(
        target=work, args=(theirs, reply), kwargs={"alarm": alarms.append}
    )
    loop.start()
    try:
        answers = [_workers._ask(ours, NEW_BOT_REQUEST, GENEROUS) for _ in range(2)]
        ours.sendall(_workers._REQUEST.pack(100, 1.0) + b"{")  # cut: the loop ends
        ours.shutdown(socket.SHUT_WR)
        loop.join(GENEROUS)
    finally:
        ours.close()
        theirs.close()

    assert not loop.is_alive()
    assert [a.text if a else None for a in answers] == [reply(NEW_BOT_REQUEST).text] * 2
    assert alarms == [_workers._backstop(GENEROUS), 0] * 2


def test_a_worker_that_cannot_be_forked_is_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At the start: OSError; later, in place of a killed one: an InternalError, then a retry."""
    release = threading.Event()

    def no_fork() -> int:
        raise BlockingIOError(11, "Resource temporarily unavailable")

    with monkeypatch.context() as patch:
        patch.setattr(os, "fork", no_fork)
        with pytest.raises(OSError, match="temporarily unavailable"):
            ProcessWorkers(reply, workers=2)

    with process_workers(never_ending(release)) as workers:
        assert workers(NEVER, 0.2).error is ErrorType.TIMEOUT
        with monkeypatch.context() as patch:
            patch.setattr(os, "fork", no_fork)
            refused = workers(NEW_BOT_REQUEST, GENEROUS)
        answered = workers(NEW_BOT_REQUEST, GENEROUS)

    assert parsed(refused) == {
        "id": "new",
        "error": {
            "type": "InternalError",
            "message": "no worker process could be started: "
            "[Errno 11] Resource temporarily unavailable",
        },
    }
    assert answered.error is None


def test_an_idle_worker_ends_when_the_server_end_of_its_channel_closes() -> None:
    """A server gone (even by SIGKILL): its idle workers end at once, with status 0."""
    process = _workers._fork(reply)
    process.channel.close()
    deadline = time.monotonic() + GENEROUS
    try:
        while (status := os.waitpid(process.pid, os.WNOHANG)) == (0, 0):
            assert time.monotonic() < deadline, "the worker did not end"
            time.sleep(0.01)
    finally:
        with contextlib.suppress(ProcessLookupError, ChildProcessError):
            os.kill(process.pid, signal.SIGKILL)
            os.waitpid(process.pid, 0)

    assert os.WIFEXITED(status[1])
    assert os.WEXITSTATUS(status[1]) == 0


def test_the_work_loop_ends_with_its_channel() -> None:
    """A channel that ends between requests ends the loop, and the worker with it."""
    ours, theirs = socket.socketpair()
    ours.close()
    try:
        work(theirs, reply)
    finally:
        theirs.close()


def end_at_once(end: socket.socket) -> None:
    end.close()  # gone before the request: a broken pipe


def end_mid_answer(end: socket.socket) -> None:
    end.sendall(_workers._HEAD.pack(100, 0) + b"{")  # 1 byte of 100, then the end
    end.shutdown(socket.SHUT_WR)


@pytest.mark.parametrize("worker", [end_at_once, end_mid_answer])
def test_a_worker_gone_mid_call_is_no_answer(
    worker: Callable[[socket.socket], None],
) -> None:
    """The server's side of a channel whose worker ends: no answer, whenever it ends."""
    ours, theirs = socket.socketpair()
    try:
        worker(theirs)
        answer = _workers._ask(ours, NEW_BOT_REQUEST, GENEROUS)
    finally:
        ours.close()
        theirs.close()

    assert answer is None


def test_a_call_with_no_time_left_is_not_sent() -> None:
    """A bound already past: a TimeoutError before anything is written."""
    ours, theirs = socket.socketpair()
    try:
        with pytest.raises(TimeoutError, match="past the deadline"):
            _workers._ask(ours, NEW_BOT_REQUEST, 0)
        theirs.setblocking(False)
        with pytest.raises(BlockingIOError):
            theirs.recv(1)
    finally:
        ours.close()
        theirs.close()


def test_no_worker_is_forked_once_closed() -> None:
    """A caller replacing a killed worker while the pool closes gets an OSError, no process."""
    workers = ProcessWorkers(reply, workers=1)
    workers.close()

    with pytest.raises(OSError, match="the server is stopping"):
        workers._fork()
