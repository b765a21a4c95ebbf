"""The warm zygote: a fresh interpreter that imports NumPy (and torch) once, then forks one jailed child per job.

Started by `sandbox.pool` as ``python -I -m sandbox.zygote FLAVOUR SLOT`` with a minimal environment, so it
holds nothing of the judge's: no expected values, no reference code, no environment variables. It speaks the
frame protocol of `sandbox.wire` on stdin/stdout, one job at a time, and is the parent of each child, which
lets it enforce the wall clock, cap what the child sends, and read the child's CPU time and peak memory.
"""

from __future__ import annotations

import ctypes
import os
import select
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

PR_SET_PDEATHSIG = 1
M_ARENA_MAX = -8  # mallopt(3)
MAX_REQUEST = 256 * 1024 * 1024
MAX_RESULT = 64 * 1024 * 1024
# What a submission's torch.set_num_threads(n) gets at most. OpenMP aborts the whole process when it cannot start
# the threads it was told to (RLIMIT_NPROC, Limits.threads), which left learners an unexplained crash.
MAX_TORCH_THREADS = 4
# Modules a submission may import, loaded here so that no child has to read them from disk.
PRELOAD = ("math", "typing", "functools", "itertools", "numpy", "numpy.linalg", "numpy.random")


class AtenGuard:
    """Torch's own tripwires, below the submission's code, so that library code calling a forbidden function for
    it is caught too. At the dispatcher: forbidden aten ops however they are reached (``F.gelu``,
    ``torch._C._nn.gelu``, ``torch.ops.aten.gelu``, a module's forward). At torch's Python API: the exercise's
    forbidden functions by identity, as the attribute guards judge them, also when a library calls them (an
    ``nn.Dropout`` found inside some module calls ``F.dropout``, which the dispatcher only ever sees as
    ``bernoulli_`` and ``mul``)."""

    def __init__(self) -> None:
        from torch.overrides import TorchFunctionMode
        from torch.utils._python_dispatch import TorchDispatchMode

        from sandbox.guards import Violation

        guard = self

        class FunctionMode(TorchFunctionMode):
            def __torch_function__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
                wire = guard.tripwire
                if wire is not None:
                    wire.check_value(func)  # records the violation where the submission cannot reach it
                return func(*args, **(kwargs or {}))

        class Mode(TorchDispatchMode):
            @classmethod
            def _should_skip_dynamo(cls) -> bool:
                # Otherwise TorchDispatchMode wraps __torch_dispatch__ in torch._disable_dynamo, whose first call
                # imports torch._dynamo, sympy, torch.distributed, ... (~820 modules, ~68 MB of heap). Unused
                # here, that heap made every fork and every child's exit copy and tear down its page tables:
                # ~5 ms of CPU per torch verdict. A submission that calls torch.compile imports dynamo itself.
                return False

            def __torch_dispatch__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
                name = func.name()
                if guard.names and name.partition(".")[0] in guard.names:
                    guard.violations.append(("forbidden_call", name))
                    raise Violation("forbidden_call", name)
                return func(*args, **(kwargs or {}))

        self.names: frozenset[str] = frozenset()
        self.violations: list[tuple[str, str]] = []
        self.tripwire: Any = None
        self.mode = Mode()
        self.mode.__enter__()  # once, here: its lazy imports happen before any child exists
        self.function_mode = FunctionMode()
        self.function_mode.__enter__()

    def forbid(self, names: list[str], tripwire: Any = None) -> None:
        """Refuse these aten ops, and the forbidden objects of `tripwire` (a sandbox.guards.Tripwire)."""
        self.names = frozenset(n if "::" in n else f"aten::{n}" for n in names)
        self.tripwire = tripwire


def _capped_threads(set_num_threads: Callable[[int], None]) -> Callable[[int], None]:
    def capped(n: int) -> None:
        set_num_threads(min(n, MAX_TORCH_THREADS) if type(n) is int else n)  # torch explains a bad argument

    capped.__doc__ = set_num_threads.__doc__
    return capped


def main() -> None:
    flavour, slot = sys.argv[1], int(sys.argv[2])
    allow_unconfined = os.environ.get("MLJUDGE_UNCONFINED") == "1"
    libc = ctypes.CDLL(None, use_errno=True)
    # No PR_SET_PDEATHSIG here: it fires when the judge *thread* that started us exits, and the judge starts
    # zygotes from whichever thread needs one. The judge's end closes our stdin instead, and we leave at EOF.
    # glibc gives each new thread its own malloc arena, reserving 64 MiB of address space apiece: with RLIMIT_AS
    # at VmSize + 512 MiB, `torch.set_num_threads(8)` and a loop of tensor ops failed every allocation, and a
    # CPU-bound submission got "memory limit exceeded". Two arenas keep threads useful and the limit honest.
    libc.mallopt(M_ARENA_MAX, 2)
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    import importlib

    for name in PRELOAD:
        importlib.import_module(name)
    aten_guard = None
    if flavour == "torch":
        import torch

        torch.set_num_threads(1)
        torch.set_num_interop_threads(1)
        torch.set_num_threads = _capped_threads(torch.set_num_threads)
        aten_guard = AtenGuard()

    from sandbox import wire
    from sandbox.isolation import Jail
    from sandbox.limits import Limits
    from sandbox.rootfs import judge_package_paths, python_readable_paths
    from sandbox.warmup import warm

    warm(flavour, aten_guard)

    jail = Jail(readable_paths=python_readable_paths(), hidden_paths=judge_package_paths(), slot=slot,
                allow_unconfined=allow_unconfined)
    forker = Forker(jail, os.open(os.devnull, os.O_RDWR), aten_guard, libc.prctl)
    requests, replies = sys.stdin.buffer, sys.stdout.buffer

    def reply(header: dict[str, Any], blob: bytes = b"") -> None:
        replies.write(wire.encode_frame(header, blob))
        replies.flush()

    reply({"ready": True, "pid": os.getpid(), "flavour": flavour, "mode": jail.mode,
           "layers": [[layer.name, layer.active, layer.detail] for layer in jail.layers]})
    while True:
        frame = wire.read_frame(requests, max_header=MAX_REQUEST, max_blob=MAX_REQUEST)
        if frame is None:
            return
        job, blob = frame
        limits = Limits(**job.pop("limits"))
        reply(*forker.run(job, blob, limits))


@dataclass(frozen=True)
class Forker:
    """What the zygote prepared once, to fork, jail and run one child per job."""

    jail: Any
    devnull: int
    aten_guard: Any
    prctl: Any

    def run(self, job: dict[str, Any], blob: bytes, limits: Any) -> tuple[dict[str, Any], bytes]:
        """Fork, jail and run one job; return what happened and the child's raw frames."""
        read_end, write_end = os.pipe()
        started = time.monotonic()
        zygote_pid = os.getpid()
        pid = os.fork()
        if pid == 0:
            self._child(job, blob, limits, read_end, write_end, zygote_pid)
        os.close(write_end)
        return _supervise(pid, read_end, started, limits)

    def _child(self, job: dict[str, Any], blob: bytes, limits: Any, read_end: int, write_end: int,
               zygote_pid: int) -> None:
        """Never returns: always ends with os._exit, so no exception can run the zygote's code in a child."""
        from sandbox import worker

        status = 70
        try:
            os.close(read_end)
            for fd in (0, 1, 2):
                os.dup2(self.devnull, fd)  # C-level writes vanish; Python's own output is captured
            os.closerange(3, write_end)
            os.closerange(write_end + 1, 1 << 16)
            self.jail.enter(limits)
            # After the jail, as a credential change clears it; the zygote is single-threaded, so it tracks it.
            self.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
            if os.getppid() != zygote_pid:  # the zygote died before the line above
                os._exit(71)
            emit = worker.Emitter(write_end)
            # From here on an exit code is the submission's doing: os._exit(70) must not pass for our failure.
            emit({"event": "jailed"})
            try:
                worker.run_job(job, blob, emit, self.aten_guard)
                status = 0
            except BaseException as exc:  # the judge's own failure, reported as such
                emit({"event": "internal", "error": f"{type(exc).__name__}: {exc}"[:2000]})
        except BaseException:
            status = 71
        finally:
            os._exit(status)


def _supervise(pid: int, read_end: int, started: float, limits: Any) -> tuple[dict[str, Any], bytes]:
    """Collect the child's frames under the wall clock and the result cap, then reap it."""
    chunks: list[bytes] = []
    received, killed, exited = 0, None, False
    deadline = started + limits.wall_seconds
    pidfd = os.pidfd_open(pid)
    poller = select.poll()
    poller.register(read_end, select.POLLIN)
    poller.register(pidfd, select.POLLIN)
    pipe_open = True
    while not exited:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            killed = "wall"
            break
        for fd, _ in poller.poll(remaining * 1000):
            if fd == pidfd:
                exited = True
            elif pipe_open:
                chunk = os.read(read_end, 1 << 20)
                if not chunk:
                    pipe_open = False
                    poller.unregister(read_end)
                received += len(chunk)
                chunks.append(chunk)
        if received > MAX_RESULT:
            killed = "result_size"
            break
    if killed:
        os.kill(pid, signal.SIGKILL)
    elif pipe_open:
        # Exited: the write end is closed, so this drains what is left and stops at end-of-file.
        while chunk := os.read(read_end, 1 << 20):
            received += len(chunk)
            if received <= MAX_RESULT:
                chunks.append(chunk)
        killed = "result_size" if received > MAX_RESULT else None
    _, wait_status, usage = os.wait4(pid, 0)
    wall = time.monotonic() - started
    os.close(pidfd)
    os.close(read_end)
    header = {
        "exit_code": os.waitstatus_to_exitcode(wait_status),
        "killed": killed,
        "wall_seconds": round(wall, 6),
        "cpu_seconds": round(usage.ru_utime + usage.ru_stime, 6),
        "max_rss_kb": usage.ru_maxrss,
        "result_bytes": received,
    }
    return header, b"".join(chunks)


if __name__ == "__main__":
    main()
