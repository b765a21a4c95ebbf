"""Is every layer of the jail really active here? Enter one in a throwaway child and test from inside.

`Jail.layers` only says what a jail plans to set up (what the zygotes report); `probe`, which `judge doctor` and
`judge serve` run, checks that the kernel really holds each layer, with the readable and hidden paths the pools'
jails use: the judge's own files must be out of sight from inside.
"""

from __future__ import annotations

import json
import math
import os
import resource
import select
import signal
import time
from collections.abc import Callable, Sequence
from typing import Any

from mljudge.sandbox import libc, uids
from mljudge.sandbox.isolation import LAYERS, IsolationError, Jail, LayerStatus, capabilities
from mljudge.sandbox.limits import Limits

# Files of the hidden folders looked for from inside the jail: enough to cover every subfolder of the judge's
# package (its code, the bundled course, the references), few enough to stat in a moment.
MAX_SAMPLES = 400


def probe(readable_paths: Sequence[str], hidden_paths: Sequence[str] = (), timeout: float = 30.0) -> list[LayerStatus]:
    """Fork a throwaway child, enter a Jail as the pools' zygotes build it (the same readable and hidden paths),
    test from inside that each layer really holds (`judge doctor`, and `judge serve` before it says so)."""
    block = uids.allocate()  # the probe child's uid is this judge's own, like any child's
    jail = Jail(readable_paths=readable_paths, hidden_paths=hidden_paths, allow_unconfined=True,
                uid_base=block.first)
    try:
        return _probe(jail, timeout, samples(hidden_paths))
    finally:
        jail.close()
        block.release()


def samples(hidden_paths: Sequence[str]) -> list[str]:
    """Real files of the hidden folders (as the host sees them), spread over every subfolder: the first files of
    each folder, breadth first, up to MAX_SAMPLES."""
    found: list[str] = []
    for top in hidden_paths:
        queue = [os.path.realpath(top)]
        while queue and len(found) < MAX_SAMPLES:
            folder = queue.pop(0)
            try:
                entries = sorted(os.scandir(folder), key=lambda e: e.name)
            except OSError:
                continue
            files = [e.path for e in entries if e.is_file(follow_symlinks=False)]
            found += files[:8]
            queue += [e.path for e in entries if e.is_dir(follow_symlinks=False)]
    return found[:MAX_SAMPLES]


def _probe(jail: Jail, timeout: float, hidden_files: Sequence[str] = ()) -> list[LayerStatus]:
    limits = Limits()
    planned = {layer.name: layer for layer in jail.layers}
    report_r, report_w = os.pipe()
    hold_r, hold_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # child: never returns
        try:
            os.close(report_r)
            os.close(hold_w)
            try:
                jail.enter(limits)
                report: dict[str, object] = _inspect_inside(jail, limits, hidden_files)
            except IsolationError as exc:
                report = {"error": [exc.layer, str(exc)]}
            os.write(report_w, json.dumps(report).encode() + b"\n")
            os.read(hold_r, 1)  # stay alive until the parent has looked at our namespaces
        finally:
            os._exit(0)
    os.close(report_w)
    os.close(hold_r)
    try:
        line = _read_line(report_r, timeout)
        namespaces = _compare_namespaces(pid, user=jail.mode == "userns")
    finally:
        os.close(hold_w)
        os.close(report_r)
        _reap(pid, timeout)
    try:
        said: dict[str, list[Any]] = json.loads(line)
    except ValueError:
        said = {"error": ["namespaces", f"the probe child sent no report within {timeout} s"]}
    if "error" in said:
        failed, why = said["error"]
        return [
            LayerStatus(name, False, why if name == failed else f"not verified: {failed} failed") for name in LAYERS
        ]
    results = {name: LayerStatus(name, *said[name]) for name in LAYERS if name != "namespaces"}
    ns_active = jail.mode != "none" and namespaces is True
    ns_detail = str(namespaces) if jail.mode != "none" and not ns_active else planned["namespaces"].detail
    results["namespaces"] = LayerStatus("namespaces", ns_active, ns_detail)
    return [results[name] for name in LAYERS]


def _inspect_inside(jail: Jail, limits: Limits, hidden_files: Sequence[str] = ()) -> dict[str, object]:
    """Runs inside the jail: each layer's evidence as [active, detail]."""

    def refused(action: Callable[[], object]) -> bool:
        try:
            action()
        except OSError:
            return True
        return False

    def write_tmp() -> None:
        with open("/tmp/probe", "w") as file:
            file.write("x")

    confined = jail.mode != "none"
    planned = jail.plan.dirs + tuple(where for where, _ in jail.plan.symlinks)
    allowed_top = {path.decode().split("/")[1] for path in planned}
    top = set(os.listdir("/"))

    def listed(folder: bytes) -> bool:
        try:
            return bool(os.listdir(folder))
        except OSError:
            return False

    seen = [path for path in hidden_files if os.path.lexists(path)]
    fs_checks = {
        "no /proc": not os.path.exists("/proc/self"),
        "judge's source hidden": not os.path.exists(os.path.realpath(__file__)),
        f"none of {len(hidden_files)} files of the judge's folders visible": not seen,
        "the judge's folders masked": not any(listed(mask) for mask in jail.plan.masks),
        "only planned entries in /": top <= allowed_top,
        "/ read-only": refused(lambda: os.close(os.open("/probe", os.O_WRONLY | os.O_CREAT))),
        "/tmp writable": not refused(write_tmp),
    }
    fs_ok = all(fs_checks.values())
    fs_failed = ", ".join(name for name, ok in fs_checks.items() if not ok)
    if seen:
        fs_failed += f" (e.g. {seen[0]})"
    caps = capabilities()
    if jail.mode == "root":
        uid_ok = os.getresuid() == (jail.uid,) * 3 and os.getgroups() == [] and caps == 0
    else:
        uid_ok = caps == 0
    cpu = max(1, math.ceil(limits.cpu_seconds))
    cpu_soft, cpu_hard = resource.getrlimit(resource.RLIMIT_CPU)
    rl_ok = (
        cpu <= cpu_soft <= cpu + 1 and cpu_hard == cpu_soft + 1  # counted from the job's start (Jail.restrict)
        and resource.getrlimit(resource.RLIMIT_NPROC)[0] == limits.threads
        and resource.getrlimit(resource.RLIMIT_NOFILE)[0] == limits.open_files
        and resource.getrlimit(resource.RLIMIT_FSIZE)[0] == limits.file_size_mb << 20
        and resource.getrlimit(resource.RLIMIT_CORE) == (0, 0)
        and resource.getrlimit(resource.RLIMIT_AS)[0] != resource.RLIM_INFINITY
    )
    nnp = libc.prctl(libc.PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) == 1
    seccomp_ok = (
        libc.prctl(libc.PR_GET_SECCOMP, 0, 0, 0, 0) == libc.SECCOMP_MODE_FILTER
        and libc.socket(1, 1, 0) < 0  # AF_UNIX, SOCK_STREAM
        and refused(lambda: os.kill(os.getppid(), 0))
    )
    layers = jail.layers
    detail = {layer.name: layer.detail for layer in layers}
    if hidden_files:
        detail["filesystem"] += f"; from inside: none of {len(hidden_files)} files of the judge's folders visible"
    failures = {
        "filesystem": f"NOT holding, failed: {fs_failed}",
        "uid": f"NOT holding: uid {os.getresuid()}, capabilities {caps:#x}",
        "rlimits": "NOT holding: limits differ from the request",
        "no_new_privs": "NOT set",
        "seccomp": "NOT holding: socket() or kill() allowed",
    }
    holds = {"filesystem": confined and fs_ok, "uid": confined and uid_ok, "rlimits": rl_ok}
    holds |= {"no_new_privs": nnp, "seccomp": seccomp_ok}
    # Probe only, after every check: let an unprivileged parent read /proc/<pid>/ns (as root it could anyway).
    libc.prctl(libc.PR_SET_DUMPABLE, 1, 0, 0, 0)
    unavailable = set() if confined else {"filesystem", "uid"}  # planned detail already says why
    return {name: [ok, detail[name] if ok or name in unavailable else failures[name]] for name, ok in holds.items()}


def _compare_namespaces(pid: int, *, user: bool) -> bool | str:
    """True when the child's net/mnt/ipc/uts (and user) namespaces differ from ours; else why not."""
    names = ["net", "mnt", "ipc", "uts"] + (["user"] if user else [])
    try:
        same = [n for n in names if os.readlink(f"/proc/{pid}/ns/{n}") == os.readlink(f"/proc/self/ns/{n}")]
    except OSError as exc:
        return f"could not inspect /proc/{pid}/ns: {exc.strerror}"
    return True if not same else f"shares the judge's {', '.join(same)} namespace"


def _read_line(fd: int, timeout: float) -> bytes:
    deadline, data = time.monotonic() + timeout, b""
    while not data.endswith(b"\n"):
        poller = select.poll()
        poller.register(fd, select.POLLIN)
        ready = poller.poll(max(0.0, deadline - time.monotonic()) * 1000)
        chunk = os.read(fd, 65536) if ready else b""
        if not chunk:
            break
        data += chunk
    return data


def _reap(pid: int, timeout: float) -> int:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        time.sleep(0.005)
    os.kill(pid, signal.SIGKILL)
    return os.waitpid(pid, 0)[1]
