"""The workers of ``lacerda-bot serve``: each call runs where it can be stopped.

Pure-Python work cannot be interrupted in a thread, so :class:`ProcessWorkers`
runs each call in one of a few long-lived worker processes, forked when the
pool is made, one call at a time each. A call past its bound has its process
killed (``SIGKILL``: the rules keep nothing worth a clean exit) and the host
gets a ``TimeoutError`` response at once; a fresh process is forked in its
place when the slot is next used. A slow request therefore holds a worker for
its bound at most, never longer.

A worker is a fork of the server: it runs the answer function the server was
given, as the server had it when the worker was forked, and shares nothing
with the server after that but its channel (a Unix socket pair). It ignores
Ctrl-C (the server ends it), holds no other file of the server (its standard
streams are ``/dev/null``), and ends when the server's end of its channel
closes. Should the server itself be killed mid-call, the worker's own alarm
ends it at twice the bound and a second (``_backstop``), so no call outlives
its server for long.

Note:
    Replacement workers are forked from the HTTP server's threads. That is
    safe here because the server process runs no rules code (every call runs
    in a worker), so no lock a worker needs is ever held by another thread at
    the fork; a worker also never flushes the server's buffered output (it
    ends with ``os._exit``).

Where there is no ``fork`` (Windows), :class:`ThreadWorkers` runs the calls on
threads, within the same bounds, but a call past its bound keeps its thread
until it ends.
"""

import concurrent.futures
import contextlib
import gc
import os
import signal
import socket
import struct
import sys
import threading
import time
import warnings
from collections.abc import Callable
from typing import Final, NoReturn, TypeAlias

from lacerda_bot.protocol import ErrorType, Reply, failed, request_id, timed_out

__all__ = ["CAN_FORK", "Answer", "ProcessWorkers", "ThreadWorkers"]

Answer: TypeAlias = Callable[[bytes], Reply]
"""Answers the text of one request (:func:`lacerda_bot.protocol.reply` and its limit)."""

CAN_FORK: Final = hasattr(os, "fork")
"""Whether this platform can fork worker processes (not Windows)."""

_REQUEST: Final = struct.Struct(">Qd")
"""A request's frame: its length and its worker's own bound (seconds), then its bytes."""
_HEAD: Final = struct.Struct(">QB")
"""A reply's frame: the length of its text and its error (an index into ``_KINDS``)."""
_KINDS: Final[tuple[ErrorType | None, ...]] = (None, *ErrorType)


def _backstop(timeout: float) -> float:
    """When a worker ends itself, its server gone: well past the server's own bound."""
    return 2 * timeout + 1


class _Process:
    """One worker process and the server's end of its channel."""

    __slots__ = ("channel", "pid")

    def __init__(self, pid: int, channel: socket.socket) -> None:
        self.pid = pid
        self.channel = channel


class _Slot:
    """A place in the pool: its process, or ``None`` until one is forked for it."""

    __slots__ = ("process",)

    def __init__(self) -> None:
        self.process: _Process | None = None


class ProcessWorkers:
    """Answers with *answer* in *workers* processes, each call within its bound.

    A caller waits for an idle worker within the bound (past it: "busy"), then
    the call has the bound to itself, counted from when its worker gets the
    request; past it the worker is killed. So a host always hears back within
    twice the bound, and no call holds a worker longer than the bound.

    Raises:
        OSError: a worker process cannot be forked.
    """

    def __init__(self, answer: Answer, *, workers: int) -> None:
        """Fork the *workers* processes."""
        self._answer = answer
        self._lock = threading.Condition()
        self._slots = tuple(_Slot() for _ in range(workers))
        self._idle = list(self._slots)
        self._dying: list[int] = []
        self._closed = False
        try:
            for slot in self._slots:
                slot.process = _fork(answer)
        except BaseException:
            self.close()
            raise

    def __call__(self, request: bytes, timeout: float) -> Reply:
        """The reply to *request*, or a ``TimeoutError`` reply past a bound."""
        slot = self._take(time.monotonic() + timeout)
        if slot is None:
            return _timed_out(request, timeout, busy=True)
        try:
            return self._run(slot, request, timeout)
        finally:
            self._give_back(slot)

    def _run(self, slot: _Slot, request: bytes, timeout: float) -> Reply:
        try:
            process = slot.process or self._fork()
        except OSError as error:
            message = f"no worker process could be started: {error}"
            return failed(message, request_id=request_id(request))
        slot.process = process
        try:
            answer = _ask(process.channel, request, timeout)
        except TimeoutError:
            self._end(slot)
            return _timed_out(request, timeout)
        if answer is None:  # killed (out of memory?), or the pool is closing
            self._end(slot)
            message = "the worker process ended without an answer"
            return failed(message, request_id=request_id(request))
        return answer

    def _take(self, deadline: float) -> _Slot | None:
        """An idle slot, the one used last first; ``None`` past *deadline* or once closed."""
        with self._lock:
            while not self._idle and not self._closed:
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self._lock.wait(left)
            return None if self._closed else self._idle.pop()

    def _give_back(self, slot: _Slot) -> None:
        with self._lock:
            closed = self._closed
            if not closed:
                self._idle.append(slot)
                self._lock.notify()
        if closed:
            self._end(slot)

    def _fork(self) -> _Process:
        """A new worker process for a slot whose process was killed.

        The killed processes are reaped first, so that their memory is free
        before a new process starts.
        """
        with self._lock:
            if self._closed:
                raise OSError("the server is stopping")
            dying, self._dying = self._dying, []
        _reap(dying)
        return _fork(self._answer)

    def _end(self, slot: _Slot) -> None:
        """Kill the slot's process now; it is reaped before the next fork (once closed: now)."""
        process, slot.process = slot.process, None
        if process is None:
            return
        _kill(process)
        with self._lock:
            self._dying.append(process.pid)
            if not self._closed:
                return
            dying, self._dying = self._dying, []
        _reap(dying)

    def close(self) -> None:
        """Kill every worker, and the calls they run (their hosts get an error)."""
        with self._lock:
            self._closed = True
            self._lock.notify_all()
            idle, self._idle = self._idle, []
            busy = [s.process for s in self._slots if s not in idle and s.process]
        for process in busy:  # their callers see the channel end, and end the slot
            with contextlib.suppress(ProcessLookupError):
                os.kill(process.pid, signal.SIGKILL)
        for slot in idle:
            self._end(slot)


def _reap(pids: list[int]) -> None:
    """Wait for each killed process to be gone."""
    for pid in pids:
        with contextlib.suppress(ChildProcessError):  # reaped already
            os.waitpid(pid, 0)


def _timed_out(request: bytes, timeout: float, *, busy: bool = False) -> Reply:
    rid = request_id(request)  # from the start of the request only: cheap
    return timed_out(timeout, request_id=rid, busy=busy)


def _kill(process: _Process) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(process.pid, signal.SIGKILL)
    process.channel.close()


def _fork(answer: Answer) -> _Process:
    """Fork a worker answering with *answer*; the server's end of its channel."""
    ours, theirs = socket.socketpair()
    try:
        # Python 3.12 warns (after the fork, in the server) that a process with
        # threads forks; the worker runs no thread of the server's (module Note),
        # and a warning turned into an error would leave the worker unreaped.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pid = os.fork()
    except BaseException:
        ours.close()
        theirs.close()
        raise
    if pid == 0:  # pragma: no cover - the worker (coverage does not follow a fork)
        ours.detach()  # its number may be reused: never close it from here
        _be_worker(theirs, answer)
    theirs.close()
    return _Process(pid, ours)


def _be_worker(channel: socket.socket, answer: Answer) -> NoReturn:  # pragma: no cover
    """The worker's whole life: detach from the server, answer, exit (never flushing)."""
    status = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)  # the alarm ends the worker
        gc.freeze()  # the server's objects: never collected (nor copied) here
        _keep_only(channel.fileno())
        channel.settimeout(None)
        work(channel, answer, alarm=_alarm)
        status = 0
    finally:
        os._exit(status)


def _alarm(seconds: float) -> None:  # pragma: no cover - run in the worker
    signal.setitimer(signal.ITIMER_REAL, seconds)


def _keep_only(fd: int) -> None:  # pragma: no cover - run in the worker
    """Close every file but *fd*; standard input, output and error read and write nothing."""
    # the server's stream objects may be locked by another of its threads: none here
    sys.stdin = sys.stdout = sys.stderr = None
    null = os.open(os.devnull, os.O_RDWR)
    for standard in (0, 1, 2):
        if standard != null:
            os.dup2(null, standard)
    os.closerange(3, fd)
    os.closerange(fd + 1, max(os.sysconf("SC_OPEN_MAX"), fd + 1))


def work(
    channel: socket.socket,
    answer: Answer,
    *,
    alarm: Callable[[float], object] = lambda seconds: None,
) -> None:
    """A worker's loop: answer each request that comes on *channel*, until it ends.

    *alarm* is called with the worker's own bound before each call, and with 0
    after it (the worker process: a timer whose signal ends it).
    """
    while (head := _read(channel, _REQUEST.size, None)) is not None:
        size, seconds = _REQUEST.unpack(head)
        request = _read(channel, size, None)
        if request is None:
            return
        alarm(seconds)
        result = answer(request)
        alarm(0)
        text = result.text.encode("ascii")
        channel.sendall(_HEAD.pack(len(text), _KINDS.index(result.error)) + text)


def _ask(channel: socket.socket, request: bytes, timeout: float) -> Reply | None:
    """The worker's answer to *request*; ``None`` if it ended first.

    Raises:
        TimeoutError: past *timeout* seconds from now.
    """
    deadline = time.monotonic() + timeout
    try:
        _wait_until(channel, deadline)
        channel.sendall(_REQUEST.pack(len(request), _backstop(timeout)) + request)
        head = _read(channel, _HEAD.size, deadline)
        if head is None:
            return None
        size, kind = _HEAD.unpack(head)
        text = _read(channel, size, deadline)
    except (BrokenPipeError, ConnectionResetError):  # the worker is gone
        return None
    if text is None:
        return None
    return Reply(text=text.decode("ascii"), error=_KINDS[kind])


def _wait_until(channel: socket.socket, deadline: float) -> None:
    """Let the next reads and writes on *channel* wait until *deadline*.

    Raises:
        TimeoutError: *deadline* is past.
    """
    left = deadline - time.monotonic()
    if left <= 0:
        raise TimeoutError("past the deadline")
    channel.settimeout(left)


def _read(channel: socket.socket, size: int, deadline: float | None) -> bytes | None:
    """Exactly *size* bytes, or ``None`` if the channel ends first.

    Raises:
        TimeoutError: past *deadline* (``None``: wait as long as it takes).
    """
    buffer = bytearray(size)
    view = memoryview(buffer)
    got = 0
    while got < size:
        if deadline is not None:
            _wait_until(channel, deadline)
        count = channel.recv_into(view[got:])
        if count == 0:
            return None
        got += count
    return bytes(buffer)


class ThreadWorkers:
    """Answers with *answer* on *workers* threads, each call within its bound.

    The bounds are those of :class:`ProcessWorkers`, but a call past its bound
    cannot be stopped (the rules are pure Python): its host gets a
    ``TimeoutError`` response at once, and the thread finishes the call and
    drops its answer.
    """

    def __init__(self, answer: Answer, *, workers: int) -> None:
        """Start the pool (its threads start with the first calls)."""
        self._answer = answer
        self._pool = concurrent.futures.ThreadPoolExecutor(
            workers, thread_name_prefix="lacerda-bot-serve"
        )

    def __call__(self, request: bytes, timeout: float) -> Reply:
        """The reply to *request*, or a ``TimeoutError`` reply past a bound."""
        started = threading.Event()

        def run() -> Reply:
            started.set()
            return self._answer(request)

        future = self._pool.submit(run)
        if not started.wait(timeout) and future.cancel():
            return _timed_out(request, timeout, busy=True)
        try:
            return future.result(timeout=timeout)
        except concurrent.futures.TimeoutError:
            return _timed_out(request, timeout)

    def close(self) -> None:
        """Stop taking requests; calls still running finish in the background."""
        self._pool.shutdown(wait=False, cancel_futures=True)
