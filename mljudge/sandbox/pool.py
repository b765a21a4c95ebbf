"""The judge's side of the zygotes: start them, admit jobs fairly, hand each job to an armed child, heal.

One zygote runs one job at a time, so a pool of N zygotes per track is also the cap on concurrent runs. Jobs
wait for a zygote in a fair queue per track (sandbox.fairness). Each zygote keeps a jailed child armed ahead
of time (sandbox.zygote); a job is written straight into that child, and its answers are read straight back,
under the job's wall clock and a cap on what the judge will read and parse.

The pool heals: a zygote found dead or unresponsive before a job starts is replaced in the background and the job
runs on another one (the learner never sees our fault); a zygote that stops answering is killed within
`FROZEN_SECONDS`. Each pool holds a block of uids of its own for its children (sandbox.uids).
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import queue
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mljudge.sandbox import tracks, uids, wire
from mljudge.sandbox.fairness import Busy, ClientBusy, FairQueue
from mljudge.sandbox.governed import Allowed

TRACK_NAMES = tracks.NAMES
STARTUP_SECONDS = 120.0
FROZEN_SECONDS = 2.0  # an idle zygote must have a child armed within this long, or it is replaced
EXIT_REPORT_SECONDS = 3.0  # how long a child's exit status may take to arrive after it stopped (teardown)
MAX_RESULT = 16 * 1024 * 1024  # what the judge reads from one run, at most (an answer past it is "too large")
MAX_HEADER = 64 * 1024  # one frame's JSON header, at most
MAX_CONTROL = 64 * 1024
RETRIES = 2  # fresh zygotes a job is offered when the one it ran on failed
# The zygote's whole environment: nothing of the judge's (secrets, paths, tokens) crosses.
ZYGOTE_ENV = {
    "PATH": "/usr/bin:/bin",
    "LANG": "C.UTF-8",
    "OMP_NUM_THREADS": "1",
    "OPENBLAS_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
    "PYTHONDONTWRITEBYTECODE": "1",
}

__all__ = ["MAX_RESULT", "TRACK_NAMES", "Busy", "ClientBusy", "Pool", "Run", "ZygoteError", "default_pool"]


class ZygoteError(RuntimeError):
    """A zygote died, hung or spoke nonsense. The judge's fault, never the submission's verdict."""


class NotStarted(ZygoteError):
    """The zygote failed before the job reached its child: the job can safely run elsewhere."""


@dataclass
class Run:
    """What the judge itself observed of one run: the child's frames (checked by sandbox.runner), and how it ended."""

    frames: list[tuple[dict[str, Any], bytes]] = field(default_factory=list)
    complete: bool = False  # the frames end with a well-formed "done"
    garbled: bool = False  # the child sent something that is not a frame
    exit_code: int | None = None  # None: it finished ("done") and was not waited for
    killed: str | None = None  # "wall" | "result_size": the judge stopped it
    wall_seconds: float = 0.0
    cpu_seconds: float = 0.0
    max_rss_kb: int = 0
    result_bytes: int = 0


@dataclass
class _Armed:
    pid: int
    job_w: int
    result_r: int
    pidfd: int

    def close(self) -> None:
        for fd in (self.job_w, self.result_r, self.pidfd):
            with contextlib.suppress(OSError):
                os.close(fd)


class Zygote:
    """One warm interpreter process, its control socket, and the child it has armed."""

    def __init__(self, track: str, uid_base: int, slot: int, *, allow_unconfined: bool = False,
                 unguarded: bool = False, hidden: tuple[str, ...] = (), vocabulary: Allowed | None = None) -> None:
        env = dict(ZYGOTE_ENV, MLJUDGE_UNCONFINED="1" if allow_unconfined else "0",
                   MLJUDGE_UNGUARDED="1" if unguarded else "0", MLJUDGE_HIDDEN=json.dumps(list(hidden)))
        if vocabulary is not None:
            env["MLJUDGE_VOCABULARY"] = vocabulary.to_json()
        debug = os.environ.get("MLJUDGE_DEBUG") == "1"
        self.track, self.slot = track, slot
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.control = ours
        try:
            self.proc = subprocess.Popen(
                [sys.executable, "-I", "-m", "mljudge.sandbox.zygote", track, str(uid_base), str(slot),
                 str(theirs.fileno())],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=None if debug else subprocess.DEVNULL,
                env=env, cwd="/", start_new_session=True, close_fds=True, pass_fds=(theirs.fileno(),),
            )
        finally:
            theirs.close()
        self.armed: _Armed | None = None
        try:
            hello = self._receive(STARTUP_SECONDS)[0]
        except ZygoteError:
            self.close()
            raise
        if not hello.get("ready"):
            self.close()
            raise ZygoteError(f"{track} zygote sent {hello!r} instead of its greeting")
        self.mode: str = hello.get("mode", "unknown")
        # What the zygote's jail sets up in each child: [name, active, detail] per layer.
        self.layers: list[list[Any]] = hello.get("layers", [])

    # --- control messages ------------------------------------------------------------------------------------

    def _receive(self, timeout: float) -> tuple[dict[str, Any], list[int]]:
        poller = select.poll()  # not select(): a server with 1000+ connections has descriptors past FD_SETSIZE
        poller.register(self.control, select.POLLIN)
        if not poller.poll(timeout * 1000):
            raise ZygoteError(f"the {self.track} zygote did not answer within {timeout:g} s")
        try:
            data, fds, _, _ = socket.recv_fds(self.control, MAX_CONTROL, 3)
        except OSError as exc:
            raise ZygoteError(f"the {self.track} zygote's control socket failed: {exc}") from exc
        if not data:
            raise ZygoteError(f"the {self.track} zygote exited (code {self.proc.poll()})")
        try:
            message = json.loads(data)
        except ValueError:
            message = None
        if not isinstance(message, dict):
            for fd in fds:
                os.close(fd)
            raise ZygoteError(f"the {self.track} zygote sent an unreadable message")
        return message, fds

    def ensure_armed(self, timeout: float = FROZEN_SECONDS) -> None:
        """Wait until this zygote has a child armed. Raises NotStarted if the zygote is dead or frozen."""
        deadline = time.monotonic() + timeout
        while self.armed is None:
            try:
                message, fds = self._receive(max(0.0, deadline - time.monotonic()))
            except ZygoteError as exc:
                raise NotStarted(str(exc)) from exc
            if "armed" in message and len(fds) == 3:
                self.armed = _Armed(int(message["armed"]), *fds)
            else:
                for fd in fds:
                    os.close(fd)
                if "arm_failed" in message:
                    raise NotStarted(f"the {self.track} zygote could not jail a child "
                                     f"(exit {message.get('exit_code')})")
                # "exited" of an earlier child, already accounted for: nothing to do

    def _exit_report(self, pid: int, timeout: float) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            message, fds = self._receive(max(0.0, deadline - time.monotonic()))
            if fds or "armed" in message:  # the next child, armed already
                if "armed" in message and len(fds) == 3:
                    self.armed = _Armed(int(message["armed"]), *fds)
                else:
                    for fd in fds:
                        os.close(fd)
                continue
            if message.get("exited") == pid:
                return message

    # --- one job -------------------------------------------------------------------------------------------

    def run(self, request: bytes, wall_seconds: float) -> Run:
        """Write one job into the armed child and read its frames under the wall clock. Raises NotStarted when
        the child cannot take the job (the job may run elsewhere), ZygoteError when the zygote fails later."""
        self.ensure_armed()
        armed, self.armed = self.armed, None
        assert armed is not None
        started = time.monotonic()
        deadline = started + wall_seconds
        run = Run()
        try:
            if not _write_job(armed.job_w, request, deadline):
                # The child never read its job (it died armed, or the pipe broke): nothing of the learner ran.
                _kill(armed.pidfd)
                raise NotStarted(f"the armed {self.track} child did not take the job")
            os.close(armed.job_w)
            armed.job_w = -1
            _read_frames(armed.result_r, armed.pidfd, deadline, run)
        finally:
            if not run.complete:
                _kill(armed.pidfd)
            armed.close()
        run.wall_seconds = round(time.monotonic() - started, 6)
        if run.complete and not run.killed:
            # Finished and said so: answer now, with the child's own account of its CPU and memory (only ever
            # shown as statistics), instead of waiting for its teardown (~5 ms for a torch child).
            done = run.frames[-1][0]
            run.cpu_seconds = _number(done.get("cpu_seconds"))
            run.max_rss_kb = int(_number(done.get("max_rss_kb")))
            return run
        report = self._exit_report(armed.pid, EXIT_REPORT_SECONDS)
        run.exit_code = int(_number(report.get("exit_code")))
        run.cpu_seconds = _number(report.get("cpu_seconds"))
        run.max_rss_kb = int(_number(report.get("max_rss_kb")))
        return run

    def alive(self) -> bool:
        return self.proc.poll() is None

    def close(self) -> None:
        if self.armed is not None:
            self.armed.close()
            self.armed = None
        with contextlib.suppress(OSError):
            self.control.close()
        if self.proc.poll() is None:
            try:
                self.proc.wait(timeout=2)  # it kills its child and leaves once the control socket closes
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def _number(value: Any) -> float:
    return float(value) if type(value) in (int, float) and value == value and abs(value) < 1e12 else 0.0


def _kill(pidfd: int) -> None:
    with contextlib.suppress(OSError):
        signal.pidfd_send_signal(pidfd, signal.SIGKILL)


def _write_job(fd: int, request: bytes, deadline: float) -> bool:
    """Write the whole job, or False if the child is gone or stops reading before the deadline."""
    os.set_blocking(fd, False)
    view = memoryview(request)
    poller = select.poll()
    poller.register(fd, select.POLLOUT)
    while view:
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not poller.poll(remaining * 1000):
            return False
        try:
            written = os.write(fd, view)
        except BlockingIOError:
            continue
        except OSError:  # EPIPE: the child is gone
            return False
        view = view[written:]
    return True


def _read_frames(fd: int, pidfd: int, deadline: float, run: Run) -> None:
    """Read and split the child's frames until "done", end of stream, the wall clock or the size cap."""
    scanner = wire.FrameScanner(max_header=MAX_HEADER, max_total=MAX_RESULT)
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            run.killed = "wall"
            return
        if not poller.poll(remaining * 1000):
            continue
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            return  # the child closed its end: it exited (the zygote reports how)
        run.result_bytes += len(chunk)
        try:
            frames = scanner.feed(chunk)
        except wire.TooLarge:
            run.killed = "result_size"
            return
        except wire.WireError:
            run.garbled = True
            return
        for header, blob in frames:
            run.frames.append((header, blob))
            if header.get("event") == "done":
                run.complete = True
                return


class Pool:
    """Zygotes per track, started lazily (a CLI run needs one) or all at once (`start`, for a server)."""

    def __init__(self, size: int | None = None, *, max_waiting: int = 64, per_client: int = 2,
                 allow_unconfined: bool = False, unguarded: bool = False, hidden: tuple[str, ...] = (),
                 vocabulary: Mapping[str, Allowed] | None = None) -> None:
        """`hidden`: folders to mask in every jail, although under a readable path (the caller's own packages,
        installed in site-packages beside the libraries submissions need). `vocabulary`: per track, what its
        children allow at all (sandbox.governed); None governs nothing beyond each job's own forbidden names."""
        self.vocabulary = dict(vocabulary) if vocabulary is not None else None
        self.size = size or max(1, os.cpu_count() or 1)
        if self.size * len(TRACK_NAMES) > uids.BLOCK_SIZE // 2:
            raise ValueError(f"at most {uids.BLOCK_SIZE // 2 // len(TRACK_NAMES)} zygotes per track")
        self.allow_unconfined = allow_unconfined
        self.unguarded = unguarded  # tests of the OS jail alone: no tripwires in the children
        self.hidden = tuple(hidden)
        self.queues = {f: FairQueue(self.size, per_client=per_client, capacity=max_waiting) for f in TRACK_NAMES}
        self._idle: dict[str, queue.Queue[Zygote]] = {f: queue.Queue() for f in TRACK_NAMES}
        self._count: dict[str, int] = dict.fromkeys(TRACK_NAMES, 0)  # started or starting
        self._free_slots = list(range(uids.BLOCK_SIZE))
        self._uids: uids.UidBlock | None = None
        self._lock = threading.Lock()
        self._closed = False

    # --- starting and replacing zygotes ----------------------------------------------------------------------

    def start(self, tracks: tuple[str, ...] = TRACK_NAMES) -> None:
        """Bring every slot of these tracks up now, in parallel, so the first job does not wait."""
        threads = [threading.Thread(target=self._grow, args=(f,)) for f in tracks for _ in range(self.size)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    def _grow(self, track: str) -> None:
        """Start one more zygote of `track` if the pool is short of one, and make it available."""
        with self._lock:
            if self._closed or self._count[track] >= self.size:
                return
            self._count[track] += 1
            if self._uids is None:
                self._uids = uids.allocate()
            uid_base, slot = self._uids.first, self._free_slots.pop(0)
        try:
            zygote = Zygote(track, uid_base, slot, allow_unconfined=self.allow_unconfined,
                            unguarded=self.unguarded, hidden=self.hidden,
                            vocabulary=None if self.vocabulary is None else self.vocabulary.get(track, Allowed()))
        except BaseException:
            with self._lock:
                self._count[track] -= 1
                self._free_slots.append(slot)
            raise
        self._give_back(zygote)

    def _retire(self, zygote: Zygote) -> None:
        zygote.close()
        with self._lock:
            self._count[zygote.track] -= 1
            self._free_slots.append(zygote.slot)

    def _replace(self, zygote: Zygote) -> None:
        """Kill a broken zygote and start its successor in the background, not in a learner's request."""
        self._retire(zygote)
        threading.Thread(target=self._grow_quietly, args=(zygote.track,), daemon=True).start()

    def _grow_quietly(self, track: str) -> None:
        with contextlib.suppress(Exception):
            self._grow(track)

    @property
    def uid_block(self) -> int | None:
        """The first uid of this pool's block (None until a zygote has started)."""
        return self._uids.first if self._uids is not None else None

    def modes(self) -> set[str]:
        return {z.mode for q in self._idle.values() for z in list(q.queue)}

    def inactive_layers(self) -> list[str]:
        """Isolation layers some idle zygote reports inactive, as "name: why" lines (for a start-up warning)."""
        return sorted({f"{name}: {detail}" for q in self._idle.values() for z in list(q.queue)
                       for name, active, detail in z.layers if not active})

    # --- running a job -----------------------------------------------------------------------------------------

    def run(self, track: str, request: bytes, wall_seconds: float, *, client: str = "",
            wait: float = 30.0) -> Run:
        """Run one job in a jailed child of `track`. Raises Busy / ClientBusy when it may not wait for a
        sandbox, ZygoteError when the sandbox failed (never for anything the submission did)."""
        fair = self.queues[track]
        fair.acquire(client, wait)
        started = time.monotonic()
        ran = False
        try:
            for _attempt in range(RETRIES + 1):
                zygote = self._take(track, wait)
                try:
                    result = zygote.run(request, wall_seconds)
                except ZygoteError:
                    # Dead before the job reached its child, or dead or frozen while it ran: never the
                    # submission's doing (it cannot signal or stop its zygote). Grading is a pure function of
                    # the job, so it runs again, from scratch, on a fresh zygote.
                    self._replace(zygote)
                    continue
                ran = True
                self._give_back(zygote)
                return result
            raise ZygoteError(f"no working {track} sandbox after {RETRIES + 1} attempts")
        finally:
            fair.release(client, time.monotonic() - started if ran else None)

    def _give_back(self, zygote: Zygote) -> None:
        with self._lock:
            closed = self._closed
        if closed:
            self._retire(zygote)
        else:
            self._idle[zygote.track].put(zygote)

    def _take(self, track: str, wait: float) -> Zygote:
        """An idle zygote of `track`: started now if the pool is short of one, else the next one to free up."""
        idle = self._idle[track]
        with self._lock:
            if self._closed:
                raise ZygoteError("the sandbox pool is closed")
            short = self._count[track] < self.size and idle.empty()
        if short:
            self._grow(track)
        try:
            zygote = idle.get(timeout=wait)
        except queue.Empty:
            raise ZygoteError(f"no {track} sandbox became available within {wait:.0f} s") from None
        if not zygote.alive():
            self._replace(zygote)
            return self._take(track, wait)
        return zygote

    def close(self) -> None:
        with self._lock:
            self._closed = True
        for idle in self._idle.values():
            while True:
                try:
                    self._retire(idle.get_nowait())
                except queue.Empty:
                    break
        with self._lock:
            if self._uids is not None and not any(self._count.values()):
                self._uids.release()
                self._uids = None


_default: Pool | None = None
_default_lock = threading.Lock()


def default_pool(hidden: tuple[str, ...] = (), vocabulary: Mapping[str, Allowed] | None = None) -> Pool:
    """The process-wide pool, closed at exit (created with `hidden` and `vocabulary` on first use)."""
    global _default
    with _default_lock:
        if _default is None:
            _default = Pool(allow_unconfined=os.environ.get("MLJUDGE_ALLOW_UNCONFINED") == "1", hidden=hidden,
                            vocabulary=vocabulary)
            atexit.register(_default.close)
        return _default
