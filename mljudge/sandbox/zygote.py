"""The warm zygote: a fresh interpreter that imports its track's library once, then keeps one jailed child armed.

Started by `sandbox.pool` as ``python -I -m sandbox.zygote TRACK UID_BASE SLOT CONTROL_FD`` with a minimal
environment, so it holds nothing of the judge's: no expected values, no reference code, no environment
variables (but MLJUDGE_HIDDEN: the folders its caller wants masked in the jail, such as its own packages). It
never holds a submission either. It forks a child *ahead of time*; the child jails itself and waits. The zygote
then hands the judge the child's two pipe ends (job in, results out) and a pidfd over the control socket
(SCM_RIGHTS) and closes its own copies: the judge writes the job straight to the child, and the child's answers
go straight back. So no learner's code, inputs or answers ever pass through the zygote's heap, where the next
child — a copy of that heap — could find them. When the child has exited, the zygote tells the judge its exit
status and resource use, and arms the next one.

Control messages, one JSON object per SOCK_SEQPACKET packet, zygote → judge:
    {"ready": true, "pid", "track", "mode", "layers"}       once, when warm
    {"armed": PID}  + fds [job write end, result read end, pidfd]
    {"exited": PID, "exit_code", "cpu_seconds", "max_rss_kb"}
    {"arm_failed": PID, "exit_code"}                         the jail could not be set up
The judge only ever closes its end: the zygote then kills its child and leaves.
"""

from __future__ import annotations

import ctypes
import gc
import json
import os
import select
import signal
import socket
import sys
import time
from dataclasses import dataclass
from typing import Any

PR_SET_PDEATHSIG = 1
M_ARENA_MAX = -8  # mallopt(3)
ARM_SECONDS = 30.0  # a child that has not jailed itself by then is broken
ARM_RETRY_SECONDS = 1.0
# Modules a submission may import, loaded here so that no child has to read them from disk (and indexed, so
# that their private parts are known: sandbox.privates). Each track adds its own (sandbox.tracks).
PRELOAD = ("math", "cmath", "typing", "functools", "itertools", "operator", "collections", "collections.abc",
           "dataclasses", "enum", "abc", "copy", "numbers", "fractions", "decimal", "statistics", "heapq", "bisect",
           "string", "re", "random", "time", "datetime", "warnings", "logging", "json", "struct", "textwrap",
           "contextlib")
def main() -> None:
    from mljudge.sandbox.tracks import track as track_named

    track = track_named(sys.argv[1])
    uid_base, slot, control_fd = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    hidden = json.loads(os.environ.get("MLJUDGE_HIDDEN", "[]"))  # what the caller wants out of sight
    allow_unconfined = os.environ.get("MLJUDGE_UNCONFINED") == "1"
    hardened = os.environ.get("MLJUDGE_UNGUARDED") != "1"  # tests of the OS jail alone switch the tripwires off
    libc = ctypes.CDLL(None, use_errno=True)
    # No PR_SET_PDEATHSIG here: it fires when the judge *thread* that started us exits, and the judge starts
    # zygotes from whichever thread needs one. The judge's end of the control socket closes instead.
    # glibc gives each new thread its own malloc arena, reserving 64 MiB of address space apiece: with RLIMIT_AS
    # at VmSize + 512 MiB, `torch.set_num_threads(8)` and a loop of tensor ops failed every allocation, and a
    # CPU-bound submission got "memory limit exceeded". Two arenas keep threads useful and the limit honest.
    libc.mallopt(M_ARENA_MAX, 2)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    control = socket.socket(fileno=control_fd)

    import importlib

    for name in (*PRELOAD, *track.preload):
        importlib.import_module(name)
    from mljudge.sandbox.corners import harden_logging

    harden_logging()
    track.setup()  # torch: its thread caps

    from mljudge.sandbox import governed, privates
    from mljudge.sandbox.guards import Shield
    from mljudge.sandbox.isolation import Jail
    from mljudge.sandbox.limits import Limits
    from mljudge.sandbox.rootfs import python_readable_paths
    from mljudge.sandbox.warmup import warm
    from mljudge.sandbox.worker import Context

    allowed = governed.Allowed.from_json(os.environ["MLJUDGE_VOCABULARY"]) \
        if os.environ.get("MLJUDGE_VOCABULARY") else None
    readable = python_readable_paths()
    context = Context(Shield(), tuple(readable))
    warm(track, context)
    # After the warm-up, so that what it loaded lazily is indexed too.
    if hardened and track.has_ops:
        from mljudge.sandbox.kernels import warm_registration as warm_kernels

        warm_kernels()
    if hardened:
        surface = governed.build_surface(allowed) if allowed is not None else None
        context.shield = Shield(privates.build_index(), surface)
        if allowed is not None and track.has_ops:
            from mljudge.sandbox.kernels import Kernels, dispatch_keys, overloads_by_op

            context.zygote_kernels = Kernels()
            context.zygote_kernels.forbid_outside(allowed.ops, context.refuse)
            for op in allowed.ops:  # a child replaces some of these (its exercise's own answer): read their keys now
                for overload in overloads_by_op().get(op, ()):
                    dispatch_keys(overload)
    else:
        context.shield = Shield()
    context.harden = hardened
    jail = Jail(readable_paths=readable, hidden_paths=hidden, uid_base=uid_base, slot=slot,
                allow_unconfined=allow_unconfined)
    forker = Forker(jail, context, libc.prctl, control, Limits().tmp_mb)
    # Every object the zygote made stays out of the collector's reach in the children: otherwise a child's first
    # collection walks (and so copies, page by page) the whole inherited heap, torch's included.
    gc.freeze()
    send(control, {"ready": True, "pid": os.getpid(), "track": track.name, "mode": jail.mode,
                   "layers": [[layer.name, layer.active, layer.detail] for layer in jail.layers]})
    forker.serve()


def send(control: socket.socket, message: dict[str, Any], fds: list[int] | None = None) -> None:
    data = json.dumps(message).encode()
    if fds:
        socket.send_fds(control, [data], fds)
    else:
        control.send(data)


@dataclass
class Forker:
    """What the zygote prepared once, to fork, jail and arm one child at a time."""

    jail: Any
    context: Any
    prctl: Any
    control: socket.socket
    tmp_mb: int

    def serve(self) -> None:
        """Arm a child, wait for it to exit, report, repeat; leave when the judge closes the control socket."""
        devnull = os.open(os.devnull, os.O_RDWR)
        while True:
            self.jail.renew_netns()
            pid, pidfd = self._arm(devnull)
            if pid is None:
                return
            if not self._wait(pid, pidfd):
                return

    def _arm(self, devnull: int) -> tuple[int | None, int]:
        job_r, job_w = os.pipe()
        result_r, result_w = os.pipe()
        ready_r, ready_w = os.pipe()
        zygote_pid = os.getpid()
        pid = os.fork()
        if pid == 0:
            self._child(devnull, zygote_pid, job_r, result_w, ready_w)
        for fd in (job_r, result_w, ready_w):
            os.close(fd)
        pidfd = os.pidfd_open(pid)
        ready = _wait_ready(ready_r, pidfd, ARM_SECONDS)
        os.close(ready_r)
        if not ready:
            os.kill(pid, signal.SIGKILL)
            _, status, _ = os.wait4(pid, 0)
            os.close(pidfd)
            os.close(job_w)
            os.close(result_r)
            alive = self._send({"arm_failed": pid, "exit_code": os.waitstatus_to_exitcode(status)})
            time.sleep(ARM_RETRY_SECONDS)  # the judge replaces a zygote that cannot arm; don't spin meanwhile
            return (None if not alive else pid), -1
        alive = self._send({"armed": pid}, [job_w, result_r, pidfd])
        os.close(job_w)  # the judge holds them now: the job and the answers never pass through here
        os.close(result_r)
        if not alive:
            os.kill(pid, signal.SIGKILL)
            os.wait4(pid, 0)
            os.close(pidfd)
            return None, -1
        return pid, pidfd

    def _wait(self, pid: int, pidfd: int) -> bool:
        """Until the armed child exits (report it, True) or the judge goes away (kill it, False)."""
        if pidfd < 0:  # arming failed and was reported; try again
            return True
        poller = select.poll()
        poller.register(pidfd, select.POLLIN)
        poller.register(self.control, select.POLLIN)
        while True:
            events = dict(poller.poll())
            if pidfd in events:
                _, status, usage = os.wait4(pid, 0)
                os.close(pidfd)
                return self._send({"exited": pid, "exit_code": os.waitstatus_to_exitcode(status),
                                   "cpu_seconds": round(usage.ru_utime + usage.ru_stime, 6),
                                   "max_rss_kb": usage.ru_maxrss})
            if self.control.fileno() in events and not self._judge_there():
                os.kill(pid, signal.SIGKILL)
                os.wait4(pid, 0)
                os.close(pidfd)
                return False

    def _judge_there(self) -> bool:
        """The judge never writes to us: a readable control socket means it closed its end (EOF or reset)."""
        try:
            return bool(self.control.recv(64))
        except OSError:
            return False

    def _send(self, message: dict[str, Any], fds: list[int] | None = None) -> bool:
        try:
            send(self.control, message, fds)
        except OSError:
            return False
        return True

    def _child(self, devnull: int, zygote_pid: int, job_r: int, result_w: int, ready_w: int) -> None:
        """Never returns: always ends with os._exit, so no exception can run the zygote's code in a child."""
        from mljudge.sandbox import worker

        status = 71  # not jailed: the zygote reports arm_failed
        try:
            for fd in (0, 1, 2):
                os.dup2(devnull, fd)  # C-level writes vanish; Python's own output is captured
            keep = sorted((job_r, result_w, ready_w))
            os.closerange(3, keep[0])
            os.closerange(keep[0] + 1, keep[1])
            os.closerange(keep[1] + 1, keep[2])
            os.closerange(keep[2] + 1, 1 << 16)
            self.jail.arm(self.tmp_mb)
            # After the jail, as a credential change clears it; the zygote is single-threaded, so it tracks it.
            self.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
            if os.getppid() != zygote_pid:  # the zygote died before the line above
                os._exit(71)
            os.write(ready_w, b"1")
            os.close(ready_w)
            status = 70  # an exception out of the worker; the judge only believes the frames it got, though
            worker.serve_child(job_r, result_w, self.context, self.jail.restrict)
            status = 0
        except BaseException:
            pass
        finally:
            os._exit(status)


def _wait_ready(ready_r: int, pidfd: int, timeout: float) -> bool:
    poller = select.poll()
    poller.register(ready_r, select.POLLIN)
    poller.register(pidfd, select.POLLIN)
    if not poller.poll(timeout * 1000):
        return False
    try:
        return os.read(ready_r, 1) == b"1"
    except OSError:
        return False


if __name__ == "__main__":
    main()
