"""The judge's side of the zygotes: start them, hand each job to an idle one, restart the ones that break.

One zygote runs one job at a time, so a pool of N zygotes per flavour is also the cap on concurrent runs;
jobs beyond that wait in a bounded queue, and past its bound `Busy` is raised at once (the web maps it to 503)
rather than letting work pile up.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import os
import queue
import select
import subprocess
import sys
import threading
import time
from typing import Any

from sandbox import wire

FLAVOURS = ("numpy", "torch")
STARTUP_SECONDS = 120.0
MAX_REPLY = 80 * 1024 * 1024
# The zygote's whole environment: nothing of the judge's (secrets, paths, tokens) crosses.
ZYGOTE_ENV = {
    "PATH": "/usr/bin:/bin",
    "LANG": "C.UTF-8",
    "OMP_NUM_THREADS": "1",
    "OPENBLAS_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
    "PYTHONDONTWRITEBYTECODE": "1",
}


class ZygoteError(RuntimeError):
    """A zygote died, hung or spoke nonsense. The judge's fault, never the submission's verdict."""


class Busy(RuntimeError):
    """Every sandbox slot is taken and the queue in front of them is full."""


class Zygote:
    """One warm interpreter process and the pipes to it."""

    def __init__(self, flavour: str, slot: int, *, allow_unconfined: bool = False) -> None:
        env = dict(ZYGOTE_ENV, MLJUDGE_UNCONFINED="1" if allow_unconfined else "0")
        debug = os.environ.get("MLJUDGE_DEBUG") == "1"
        self.flavour, self.slot = flavour, slot
        self.proc = subprocess.Popen(
            [sys.executable, "-I", "-m", "sandbox.zygote", flavour, str(slot)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=None if debug else subprocess.DEVNULL,
            env=env, cwd="/", start_new_session=True, close_fds=True,
        )
        try:
            hello, _ = self._read(time.monotonic() + STARTUP_SECONDS)
        except ZygoteError:
            self.close()
            raise
        self.mode: str = hello.get("mode", "unknown")
        # What the zygote's jail will set up in each child: [name, active, detail] per layer.
        self.layers: list[list[Any]] = hello.get("layers", [])

    def run(self, request: bytes, timeout: float) -> tuple[dict[str, Any], bytes]:
        """Send one job, wait for its reply. Raises ZygoteError (and kills the zygote) on any failure."""
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(request)
            self.proc.stdin.flush()
            return self._read(time.monotonic() + timeout)
        except (OSError, ZygoteError) as exc:
            self.close()
            raise ZygoteError(f"{self.flavour} zygote failed: {exc}") from exc

    def _read(self, deadline: float) -> tuple[dict[str, Any], bytes]:
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        prefix = self._read_exact(fd, 16, deadline)
        head_len, blob_len = int.from_bytes(prefix[:8], "big"), int.from_bytes(prefix[8:], "big")
        if head_len > MAX_REPLY or blob_len > MAX_REPLY:
            raise ZygoteError("reply too large")
        header = wire.parse_header(self._read_exact(fd, head_len, deadline))
        return header, self._read_exact(fd, blob_len, deadline)

    def _read_exact(self, fd: int, n: int, deadline: float) -> bytes:
        buf = bytearray()
        while len(buf) < n:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise ZygoteError("no reply in time")
            ready, _, _ = select.select([fd], [], [], remaining)
            if ready:
                chunk = os.read(fd, min(n - len(buf), 1 << 20))
                if not chunk:
                    raise ZygoteError(f"exited with code {self.proc.poll()}")
                buf += chunk
        return bytes(buf)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):  # BrokenPipeError: flushing a request a dead zygote never read
                    stream.close()


class Pool:
    """Zygotes per flavour, started lazily (a CLI run needs one) or all at once (`start`, for a server)."""

    def __init__(self, size: int | None = None, *, max_waiting: int = 64, allow_unconfined: bool = False) -> None:
        self.size = size or max(1, os.cpu_count() or 1)
        self.max_waiting = max_waiting
        self.allow_unconfined = allow_unconfined
        self._idle: dict[str, queue.Queue[Zygote]] = {f: queue.Queue() for f in FLAVOURS}
        self._started: dict[str, int] = dict.fromkeys(FLAVOURS, 0)
        self._slots = itertools.count()
        self._lock = threading.Lock()
        self._waiting = 0
        self._closed = False

    def start(self, flavours: tuple[str, ...] = FLAVOURS) -> None:
        """Bring every slot of these flavours up now, in parallel, so the first job does not wait."""
        threads = [threading.Thread(target=self._grow, args=(f,)) for f in flavours for _ in range(self.size)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    def modes(self) -> set[str]:
        return {z.mode for q in self._idle.values() for z in list(q.queue)}

    def inactive_layers(self) -> list[str]:
        """Isolation layers some idle zygote reports inactive, as "name: why" lines (for a start-up warning)."""
        return sorted({f"{name}: {detail}" for q in self._idle.values() for z in list(q.queue)
                       for name, active, detail in z.layers if not active})

    def run(self, flavour: str, request: bytes, timeout: float, wait: float = 30.0) -> tuple[dict[str, Any], bytes]:
        zygote = self._acquire(flavour, wait)
        try:
            return zygote.run(request, timeout)
        except ZygoteError:
            with self._lock:
                self._started[flavour] -= 1
            zygote = None  # type: ignore[assignment]
            raise
        finally:
            if zygote is not None:
                self._idle[flavour].put(zygote)

    def _acquire(self, flavour: str, wait: float) -> Zygote:
        idle = self._idle[flavour]
        try:
            return idle.get_nowait()
        except queue.Empty:
            pass
        with self._lock:
            if self._closed:
                raise ZygoteError("the sandbox pool is closed")
            grow = self._started[flavour] < self.size
            if grow:
                self._started[flavour] += 1
            elif self._waiting >= self.max_waiting:
                raise Busy("all sandbox slots are busy")
            else:
                self._waiting += 1
        if grow:
            try:
                return self._spawn(flavour)
            except BaseException:
                with self._lock:
                    self._started[flavour] -= 1
                raise
        try:
            return idle.get(timeout=wait)
        except queue.Empty:
            raise Busy(f"no sandbox slot freed up within {wait:.0f} s") from None
        finally:
            with self._lock:
                self._waiting -= 1

    def _grow(self, flavour: str) -> None:
        with self._lock:
            if self._started[flavour] >= self.size:
                return
            self._started[flavour] += 1
        try:
            self._idle[flavour].put(self._spawn(flavour))
        except BaseException:
            with self._lock:
                self._started[flavour] -= 1
            raise

    def _spawn(self, flavour: str) -> Zygote:
        return Zygote(flavour, next(self._slots), allow_unconfined=self.allow_unconfined)

    def close(self) -> None:
        with self._lock:
            self._closed = True
        for idle in self._idle.values():
            while True:
                try:
                    idle.get_nowait().close()
                except queue.Empty:
                    break


_default: Pool | None = None
_default_lock = threading.Lock()


def default_pool() -> Pool:
    """The process-wide pool, closed at exit."""
    global _default
    with _default_lock:
        if _default is None:
            _default = Pool(allow_unconfined=os.environ.get("MLJUDGE_ALLOW_UNCONFINED") == "1")
            atexit.register(_default.close)
        return _default
