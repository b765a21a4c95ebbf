"""Real attacks from inside a jailed child; each test asserts what the attack achieved (nothing).

Every test forks, enters a Jail built the way the zygote builds it, runs a function and sends a JSON result
back over a pipe. Root is needed for the root-mode jail (the judge's machines run as root).
"""

from __future__ import annotations

import _json
import contextlib
import ctypes
import errno
import faulthandler
import json
import mmap
import os
import platform
import resource
import select
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest
import torch  # imported before any fork, as the zygote does (~1.5 s, once)

from mljudge.sandbox.isolation import IsolationError, Jail, LayerStatus
from mljudge.sandbox.limits import Limits
from mljudge.sandbox.probe import _probe, probe, samples
from mljudge.sandbox.rootfs import plan_root, pth_paths, python_readable_paths
from mljudge.sandbox.seccomp_filter import compile_filter

ROOT = os.geteuid() == 0
PATHS = python_readable_paths()
SITE_PACKAGES = next(p for p in PATHS if p.endswith("site-packages"))
JUDGE_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NOBODY = 65534
libc = ctypes.CDLL(None, use_errno=True)
# raw syscall numbers, for calls Python does not wrap
NR = {
    "x86_64": {"ioctl": 16, "tgkill": 234, "bpf": 321, "userfaultfd": 323, "io_uring_setup": 425},
    "aarch64": {"ioctl": 29, "tgkill": 131, "bpf": 280, "userfaultfd": 282, "io_uring_setup": 425},
}.get(platform.machine(), {})

pytestmark = pytest.mark.skipif(not ROOT, reason="the root-mode jail needs root (as on the judge's machines)")


@dataclass
class Outcome:
    value: Any  # what fn returned, via JSON
    raised: str | None  # an exception that escaped fn (or enter)
    signal: int | None  # the signal that ended the child
    exit_code: int | None


def run_jailed(
    jail: Jail,
    fn: Callable[[], Any],
    limits: Limits | None = None,
    *,
    before: Callable[[], None] | None = None,
    timeout: float = 60.0,
) -> Outcome:
    """Fork; in the child run `before`, enter the jail, run `fn`, report JSON over a pipe, os._exit."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(read_end)
            try:
                if before:
                    before()
                jail.enter(limits or Limits())
                payload = {"value": fn()}
            except BaseException as exc:  # anything: the child must never return into pytest
                payload = {"raised": f"{type(exc).__name__}: {exc}"}
            os.write(write_end, json.dumps(payload, default=str).encode())
        finally:
            os._exit(0)
    os.close(write_end)
    data, deadline = b"", time.monotonic() + timeout
    try:
        while True:
            ready, _, _ = select.select([read_end], [], [], max(0.0, deadline - time.monotonic()))
            chunk = os.read(read_end, 1 << 16) if ready else b""
            if not chunk:
                break
            data += chunk
    finally:
        os.close(read_end)
    if time.monotonic() >= deadline:
        os.kill(pid, signal.SIGKILL)
    status = os.waitpid(pid, 0)[1]
    payload = json.loads(data) if data else {}
    return Outcome(
        payload.get("value"),
        payload.get("raised"),
        os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
        os.WEXITSTATUS(status) if os.WIFEXITED(status) else None,
    )


def attempt(action: Callable[[], object]) -> str:
    """'ok', or the errno name / exception type the action failed with."""
    try:
        action()
    except OSError as exc:
        return errno.errorcode.get(exc.errno or 0, type(exc).__name__)
    except Exception as exc:
        return type(exc).__name__
    return "ok"


def libc_call(name: str, *args: object) -> str:
    """'ok' or the errno name of a raw libc call."""
    result = getattr(libc, name)(*args)
    return "ok" if result != -1 else errno.errorcode[ctypes.get_errno()]


def ok(outcome: Outcome) -> Any:
    assert outcome.raised is None, outcome.raised
    assert outcome.signal is None and outcome.exit_code == 0, outcome
    return outcome.value


@pytest.fixture(scope="module")
def jail() -> Iterator[Jail]:
    jail = Jail(readable_paths=PATHS)  # as the zygote builds it
    yield jail
    jail.close()


@pytest.fixture
def victim() -> Iterator[int]:
    """A sacrificial process standing in for the judge: attacks aim at it, the test checks it survived."""
    pid = os.fork()
    if pid == 0:
        try:
            signal.pause()
        finally:
            os._exit(0)
    yield pid
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)


def alive(pid: int) -> bool:
    return os.waitpid(pid, os.WNOHANG) == (0, 0)


# -- identity and probe -----------------------------------------------------------------------------------


def test_probe_reports_every_layer_active_as_root() -> None:
    layers = probe(PATHS)
    assert [layer.name for layer in layers] == [
        "namespaces", "filesystem", "uid", "rlimits", "no_new_privs", "seccomp",
    ]  # fmt: skip
    assert all(isinstance(layer, LayerStatus) and layer.active for layer in layers), layers


@contextlib.contextmanager
def secret_folder() -> Iterator[str]:
    """A folder of files under site-packages, which the jail binds: where an installed judge's package sits."""
    folder = os.path.join(SITE_PACKAGES, f"zz_hidden_{uuid.uuid4().hex[:8]}")
    os.makedirs(os.path.join(folder, "exercises", "gelu"))
    for name in ("__init__.py", "exercises/gelu/expected.json"):
        with open(os.path.join(folder, name), "w") as f:
            f.write("answer key")
    try:
        yield folder
    finally:
        shutil.rmtree(folder)


def test_probe_looks_for_the_hidden_files_from_inside() -> None:
    """`judge doctor`'s filesystem layer holds only if no file of the hidden folders can be seen from inside:
    with the folders masked it does; with a jail that shows them (as doctor's probe once built its own, without
    the pools' hidden folders, on a non-editable install) it does not, and says which file it saw."""
    with secret_folder() as folder:
        layers = {layer.name: layer for layer in probe(PATHS, [folder])}
        assert layers["filesystem"].active, layers["filesystem"]
        assert "none of 2 files of the judge's folders visible" in layers["filesystem"].detail
        unmasked = Jail(readable_paths=PATHS, allow_unconfined=True, slot=5)
        try:
            seen = {layer.name: layer for layer in _probe(unmasked, 30.0, samples([folder]))}
        finally:
            unmasked.close()
    assert not seen["filesystem"].active
    assert "NOT holding" in seen["filesystem"].detail and "__init__.py" in seen["filesystem"].detail


def test_a_hidden_folder_inside_another_is_covered_by_the_outer_mask() -> None:
    """The course inside the installed package (site-packages/mljudge/exercises) is hidden with the package: one
    mask, since the inner folder's mount point is gone once the outer one is covered."""
    with secret_folder() as folder:
        inner = os.path.join(folder, "exercises")
        assert plan_root(PATHS, [inner, folder]).masks == (os.fsencode(os.path.realpath(folder)),)


def test_folders_a_pth_file_adds_are_readable(tmp_path: Any) -> None:
    """Libraries linked in by a .pth file (a shared venv's site-packages) are bound like site-packages; comment
    and import lines add nothing, and a folder holding the judge's checkout is never bound."""
    libs = tmp_path / "libs"
    libs.mkdir()
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "shared.pth").write_text(f"# shared\nimport os\n{libs}\n{JUDGE_ROOT}\nmissing\n")
    assert pth_paths(str(tmp_path / "site")) == [os.path.realpath(libs)]


@contextlib.contextmanager
def jailed_namespaces(jail: Jail) -> Iterator[dict[str, str]]:
    """The namespaces of a jailed child, read from outside while it waits (kept alive: the kernel recycles
    the inode numbers of namespaces that are gone)."""
    ready_r, ready_w = os.pipe()
    hold_r, hold_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(ready_r)
            os.close(hold_w)
            jail.enter(Limits())
            os.write(ready_w, b"1")
            os.read(hold_r, 1)  # until the parent closes its end
        finally:
            os._exit(0)
    os.close(ready_w)
    os.close(hold_r)
    try:
        assert os.read(ready_r, 1) == b"1", "the child could not enter the jail"
        yield {name: os.readlink(f"/proc/{pid}/ns/{name}") for name in ("net", "mnt", "ipc", "uts")}
    finally:
        os.close(ready_r)
        os.close(hold_w)
        os.waitpid(pid, 0)


def test_children_get_fresh_namespaces_and_an_empty_shared_network(jail: Jail) -> None:
    host = {name: os.readlink(f"/proc/self/ns/{name}") for name in ("net", "mnt", "ipc", "uts")}
    alone = Jail(readable_paths=PATHS)
    alone.close()  # without the shared namespace's holder process, each child unshares its own
    with jailed_namespaces(jail) as first, jailed_namespaces(jail) as second, jailed_namespaces(alone) as third:
        assert all(first[name] != host[name] for name in host)
        assert first["net"] == second["net"]  # the shared, empty one: sockets are refused anyway
        assert all(first[name] != second[name] for name in ("mnt", "ipc", "uts"))
        assert third["net"] not in {host["net"], first["net"]}


def test_learner_runs_as_an_unprivileged_uid(jail: Jail) -> None:
    def inside() -> dict:
        return {"res": os.getresuid(), "gid": os.getresgid(), "groups": os.getgroups()}

    seen = ok(run_jailed(jail, inside))
    assert seen == {"res": [60000] * 3, "gid": [60000] * 3, "groups": []}


def test_each_slot_gets_its_own_uid() -> None:
    other = Jail(readable_paths=PATHS, slot=3)
    assert ok(run_jailed(other, os.getuid)) == 60003


# -- network, processes, other processes ------------------------------------------------------------------


def test_no_sockets_and_no_route_to_the_host(jail: Jail) -> None:
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]
    try:

        def inside() -> dict:
            return {
                "inet": attempt(lambda: socket.socket(socket.AF_INET, socket.SOCK_STREAM)),
                "unix": attempt(lambda: socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)),
                "pair": attempt(socket.socketpair),
                "connect": attempt(lambda: socket.create_connection(("127.0.0.1", port), timeout=2)),
                "raw": libc_call("socket", 16, 3, 0),  # AF_NETLINK, SOCK_RAW
            }

        seen = ok(run_jailed(jail, inside))
    finally:
        server.close()
    assert seen == {"inet": "EPERM", "unix": "EPERM", "pair": "EPERM", "connect": "EPERM", "raw": "EPERM"}


def test_no_new_programs_or_processes_but_threads_work(jail: Jail) -> None:
    def inside() -> dict:
        box: list[object] = []
        thread = threading.Thread(target=lambda: box.extend([41 + 1, attempt(socket.socket)]))
        thread.start()
        thread.join()
        pid_or_error = attempt(lambda: os.fork() or None)  # a child that got through exits at once
        return {
            "execv": attempt(lambda: os.execv("/usr/bin/true", ["true"])),
            "subprocess": attempt(lambda: subprocess.run(["/usr/bin/true"], check=True)),
            "spawn": attempt(lambda: os.posix_spawn("/usr/bin/true", ["true"], {})),
            "fork": pid_or_error,
            "thread": box,
        }

    seen = ok(run_jailed(jail, inside))
    assert seen["execv"] == seen["fork"] == seen["spawn"] == "EPERM"
    assert seen["subprocess"] != "ok"
    assert seen["thread"] == [42, "EPERM"]  # threads run, under the same filter


def test_cannot_signal_trace_or_relimit_other_processes(jail: Jail, victim: int) -> None:
    def inside() -> dict:
        got: list[int] = []
        signal.signal(signal.SIGUSR1, lambda *_: got.append(1))
        os.kill(os.getpid(), signal.SIGUSR1)  # signalling itself stays allowed
        signal.raise_signal(signal.SIGUSR1)  # raise() goes through tgkill(own pid)
        iov = (ctypes.c_char * 8)()
        local = (ctypes.c_void_p * 2)(ctypes.addressof(iov), 8)
        return {
            "self": got,
            "kill_victim": attempt(lambda: os.kill(victim, signal.SIGKILL)),
            "kill_parent": attempt(lambda: os.kill(os.getppid(), 0)),
            "kill_group": attempt(lambda: os.kill(0, 0)),
            "kill_all": attempt(lambda: os.kill(-1, 0)),
            "tgkill": libc_call("syscall", NR["tgkill"], victim, victim, 0),
            "pidfd": attempt(lambda: os.pidfd_open(victim)),
            "ptrace_attach": libc_call("ptrace", 16, victim, None, None),  # PTRACE_ATTACH
            "ptrace_seize": libc_call("ptrace", 0x4206, os.getppid(), None, None),  # PTRACE_SEIZE
            "vm_readv": libc_call("process_vm_readv", os.getppid(), local, 1, local, 1, 0),
            "prlimit": attempt(lambda: resource.prlimit(victim, resource.RLIMIT_CPU, (1, 1))),
            "renice": attempt(lambda: os.setpriority(os.PRIO_PROCESS, victim, 19)),
        }

    seen = ok(run_jailed(jail, inside))
    assert seen.pop("self") == [1, 1]
    assert set(seen.values()) == {"EPERM"}, seen
    assert alive(victim)


@pytest.mark.skipif(platform.machine() != "x86_64", reason="x86_64 ABIs")
def test_foreign_syscall_abis_kill_the_child(jail: Jail) -> None:
    # The same kernel also takes i386 (int 0x80) and x32 (nr | 0x40000000) syscalls, with other numbers:
    # a filter that checks only the number would let socketcall or x32 socket through.
    def x32_socket() -> None:
        libc.syscall(0x40000000 | 41, 2, 1, 0)

    def i386_socketcall() -> None:
        code = b"\xb8\x66\x00\x00\x00\xcd\x80\xc3"  # mov eax, 102 (socketcall); int 0x80; ret
        memory = mmap.mmap(-1, mmap.PAGESIZE, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
        memory.write(code)
        address = ctypes.addressof(ctypes.c_char.from_buffer(memory))
        ctypes.CFUNCTYPE(ctypes.c_int)(address)()

    assert run_jailed(jail, x32_socket).signal == signal.SIGSYS
    assert run_jailed(jail, i386_socketcall).signal in {signal.SIGSYS, signal.SIGSEGV}  # SEGV: no ia32


def test_syscalls_newer_than_libseccomp_fail_with_enosys(jail: Jail) -> None:
    # A deny-list cannot name what its libseccomp has never heard of (Debian 12's stops at 456); this kernel may
    # have more (statmount, listmount, open_tree_attr, ...). With junk arguments a syscall the kernel has fails
    # with EFAULT/EINVAL/..., one it lacks with ENOSYS, so the host shows which ones exist.
    newest = compile_filter().newest
    numbers = range(newest + 1, newest + 16)
    existing = [n for n in numbers if libc_call("syscall", n, 0, 0, 0, 0, 0) != "ENOSYS"]
    if not existing:
        pytest.skip(f"this kernel has no syscall past {newest}")

    def inside() -> dict:
        return {n: libc_call("syscall", n, 0, 0, 0, 0, 0) for n in existing}

    seen = ok(run_jailed(jail, inside))
    assert set(seen.values()) == {"ENOSYS"}, seen
    assert libc_call("syscall", NR["tgkill"], 0, 0, 0) != "ENOSYS"  # (older ones are untouched, outside)

def test_abort_still_kills_only_the_child(jail: Jail) -> None:
    def inside() -> None:
        faulthandler.disable()  # pytest's, inherited: it would print a traceback for the expected abort
        os.abort()  # raise(SIGABRT) = tgkill(own pid): must stay allowed

    assert run_jailed(jail, inside).signal == signal.SIGABRT


def test_mounts_namespaces_and_tty_tricks_are_refused(jail: Jail) -> None:
    def inside() -> dict:
        read_end, _ = os.pipe()
        return {
            "mount": libc_call("mount", b"tmpfs", b"/tmp", b"tmpfs", 0, None),
            "umount": libc_call("umount2", b"/usr", 2),
            "unshare_user": libc_call("unshare", 0x10000000),
            "unshare_ns": libc_call("unshare", 0x00020000),
            "chroot": attempt(lambda: os.chroot("/tmp")),
            # TIOCSTI, also with junk in the high half that the kernel ignores
            "tiocsti": libc_call("ioctl", 0, 0x5412, ctypes.c_char_p(b"x")),
            "tiocsti_high": libc_call("syscall", NR["ioctl"], 0, ctypes.c_ulong(0x1_0000_5412), b"x"),
            "setown": libc_call("fcntl", read_end, 8, os.getppid()),  # F_SETOWN: SIGIO to the judge
            "bpf": libc_call("syscall", NR["bpf"], 0, None, 0),
            "userfaultfd": libc_call("syscall", NR["userfaultfd"], 0),
            "io_uring": libc_call("syscall", NR["io_uring_setup"], 1, None),
        }

    seen = ok(run_jailed(jail, inside))
    assert set(seen.values()) == {"EPERM"}, seen


# -- filesystem -------------------------------------------------------------------------------------------


def test_host_files_are_invisible(jail: Jail) -> None:
    secrets = [
        JUDGE_ROOT + "/pyproject.toml",
        JUDGE_ROOT + "/mljudge/exercises",
        JUDGE_ROOT + "/mljudge/reference",
        JUDGE_ROOT + "/mljudge/sandbox/isolation.py",
        os.path.abspath(__file__),
        "/work/shared",
        "/root/.bashrc",
        "/etc/shadow",
        "/etc/passwd",
        "/proc/1/environ",
        "/proc/self/status",
        "/sys/kernel",
        "/home",
    ]

    def inside() -> dict:
        def read(path: str) -> object:
            return os.listdir(path) if os.path.isdir(path) else open(path, "rb").read(1)

        return {"read": {path: attempt(lambda p=path: read(p)) for path in secrets}, "top": os.listdir("/")}

    seen = ok(run_jailed(jail, inside))
    assert set(seen["read"].values()) == {"ENOENT"}, seen["read"]
    # Only the system's own top-level folders, plus whichever ones lead to the interpreter and its packages
    # (the checkout's venv may live anywhere: /work, /tmp, a CI runner's /check, ...).
    python_tops = {os.path.realpath(p).split("/")[1] for p in PATHS}
    assert set(seen["top"]) <= {"usr", "lib", "lib64", "etc", "dev", "tmp"} | python_tops
    assert os.path.exists(JUDGE_ROOT + "/pyproject.toml")  # (the checkout is still there outside)


def test_only_the_private_tmp_is_writable(jail: Jail) -> None:
    name = f"mljudge-isolation-{uuid.uuid4().hex}"

    def inside() -> dict:
        def write(path: str) -> None:
            with open(path, "w") as file:
                file.write("x")

        targets = ["/", "/usr", SITE_PACKAGES, "/home", "/root", JUDGE_ROOT, "/etc", "/dev"]
        seen = {path: attempt(lambda p=path: write(os.path.join(p, name))) for path in targets}
        seen["/tmp"] = attempt(lambda: write(f"/tmp/{name}"))
        seen["/dev/null"] = attempt(lambda: write("/dev/null"))
        seen["chmod /"] = attempt(lambda: os.chmod("/", 0o777))
        return seen

    seen = ok(run_jailed(jail, inside))
    assert seen.pop("/tmp") == "ok" and seen.pop("/dev/null") == "ok"
    assert set(seen.values()) <= {"EROFS", "ENOENT", "EACCES", "EPERM"}, seen
    assert not os.path.exists(f"/tmp/{name}")  # the jail's /tmp never reaches the host


def test_tmp_is_size_limited_and_noexec(jail: Jail) -> None:
    def inside() -> dict:
        def fill() -> None:
            for i in range(64):
                with open(f"/tmp/fill{i}", "wb") as file:
                    file.write(b"\0" * (1 << 20))

        with open("/tmp/lib.so", "wb") as file, open(_json.__file__, "rb") as library:
            file.write(library.read())  # a real shared object, copied where learner files go
        return {"fill": attempt(fill), "dlopen": attempt(lambda: ctypes.CDLL("/tmp/lib.so"))}

    seen = ok(run_jailed(jail, inside, Limits(tmp_mb=4, file_size_mb=2)))
    assert seen["fill"] == "ENOSPC"
    assert seen["dlopen"] == "OSError"  # "failed to map segment": noexec


def test_file_size_limit_stops_a_huge_write(jail: Jail) -> None:
    def inside() -> str:
        with open("/tmp/huge", "wb") as file:
            return attempt(lambda: file.write(b"\0" * (4 << 20)) and file.flush())

    assert ok(run_jailed(jail, inside, Limits(file_size_mb=1, tmp_mb=16))) == "EFBIG"


# -- resources --------------------------------------------------------------------------------------------


def test_memory_bombs_raise_memory_error(jail: Jail) -> None:
    def inside() -> dict:
        hoard: list[bytearray] = []

        def grow() -> None:
            while len(hoard) < 1024:
                hoard.append(bytearray(32 << 20))  # touched: bytearray zero-fills

        def touch_numpy() -> None:
            array = np.zeros((1 << 31,), dtype=np.uint8)  # 2 GiB: refused when mapped, before any touch
            array[:] = 1

        seen = {
            "bytearray": attempt(lambda: bytearray(2 << 30)),
            "numpy": attempt(lambda: np.zeros((1 << 31,))),
            "numpy_touched": attempt(touch_numpy),
            "torch": attempt(lambda: torch.empty(1 << 30)),
            "grow": attempt(grow),
        }
        seen["grown_mb"] = len(hoard) * 32
        return seen

    seen = ok(run_jailed(jail, inside, Limits(memory_mb=256)))
    # The limit is the forking process's address space + 256 MiB; malloc arenas that process reserved but
    # left empty are reused without growing it (the zygote caps arenas, this test process does not).
    assert seen.pop("grown_mb") <= 256 + 256
    assert seen.pop("torch") in {"MemoryError", "RuntimeError"}  # "DefaultCPUAllocator: not enough memory"
    assert set(seen.values()) == {"MemoryError"}, seen


def test_cpu_burner_is_stopped_by_the_cpu_limit(jail: Jail) -> None:
    def burn() -> None:
        while True:
            pass

    outcome = run_jailed(jail, burn, Limits(cpu_seconds=1), timeout=30)
    assert outcome.signal in {signal.SIGXCPU, signal.SIGKILL}, outcome


def test_thread_count_is_limited(jail: Jail) -> None:
    def inside() -> int:
        stop = threading.Event()
        started = 0
        try:
            for _ in range(64):
                threading.Thread(target=stop.wait, daemon=True).start()
                started += 1
        except RuntimeError:
            pass
        stop.set()
        return started

    assert 0 < ok(run_jailed(jail, inside, Limits(threads=8))) < 8  # the main thread counts too


# -- what must keep working -------------------------------------------------------------------------------


INSIDE_FRESH_INTERPRETER = """
import importlib, json, os
import numpy as np, torch
from mljudge.sandbox.isolation import Jail
from mljudge.sandbox.limits import Limits
from mljudge.sandbox.rootfs import python_readable_paths

torch.set_num_threads(1)
torch.tanh(torch.zeros(1))  # as the zygote's warm-up does, before any fork
jail = Jail(readable_paths=python_readable_paths(), slot=7)
read_end, write_end = os.pipe()
if os.fork() == 0:
    try:
        jail.enter(Limits())
        torch.set_num_threads(2)
        a = np.arange(12.0).reshape(3, 4)
        x = torch.linspace(-3, 3, 7, dtype=torch.float64)
        big = torch.ones(512, 512, dtype=torch.float64)
        module = importlib.import_module("json")  # already imported: must not need the filesystem
        import colorsys  # a stdlib module nobody imported yet: the stdlib is readable
        os.write(write_end, json.dumps({
            "matmul": (a @ a.T).tolist(), "tanh": torch.tanh(x).tolist(), "threads": torch.get_num_threads(),
            "big": float((big @ big).sum()), "imports": [module.__name__, colorsys.rgb_to_hsv(1.0, 0.0, 0.0)[2]],
        }).encode())
    finally:
        os._exit(0)
os.close(write_end)
print(os.read(read_end, 1 << 20).decode())
"""


def test_numpy_and_torch_compute_correctly_inside() -> None:
    # In a fresh interpreter, forked as a zygote forks: this test process may have started OpenMP threads
    # (other tests run torch here), and a fork after that can deadlock libgomp in the child.
    result = subprocess.run([sys.executable, "-c", INSIDE_FRESH_INTERPRETER], capture_output=True, text=True,
                            timeout=120, cwd=JUDGE_ROOT)
    seen = json.loads(result.stdout)
    a = np.arange(12.0).reshape(3, 4)
    assert np.array_equal(seen["matmul"], a @ a.T)
    assert np.allclose(seen["tanh"], np.tanh(np.linspace(-3, 3, 7)))
    assert seen["threads"] == 2 and seen["big"] == 512.0**3
    assert seen["imports"] == ["json", 1.0]


def test_hidden_paths_under_a_readable_one_are_masked(tmp_path: Any) -> None:
    # An installed (not editable) judge puts reference/ in site-packages, which the jail shows: it is masked.
    secret_dir = os.path.join(SITE_PACKAGES, f"zz_hidden_{uuid.uuid4().hex[:8]}")
    os.mkdir(secret_dir)
    try:
        with open(os.path.join(secret_dir, "key.txt"), "w") as f:
            f.write("answer key")
        masked = Jail(readable_paths=PATHS, hidden_paths=[secret_dir], slot=3)
        try:
            def inside() -> dict:
                return {"read": attempt(lambda: open(os.path.join(secret_dir, "key.txt")).read()),
                        "list": attempt(lambda: os.listdir(secret_dir)), "numpy": np.__version__}

            seen = ok(run_jailed(masked, inside))
        finally:
            masked.close()
    finally:
        import shutil

        shutil.rmtree(secret_dir)
    assert seen["read"] == seen["list"] == "EACCES"
    assert seen["numpy"] == np.__version__  # the rest of site-packages still works


# -- guard rails ------------------------------------------------------------------------------------------


def test_enter_refuses_to_run_in_the_process_that_built_the_jail(jail: Jail) -> None:
    with pytest.raises(IsolationError, match="forked child"):
        jail.enter(Limits())


def test_an_inherited_directory_fd_is_refused(jail: Jail) -> None:
    outcome = run_jailed(jail, lambda: "ran", before=lambda: os.open("/", os.O_RDONLY | os.O_DIRECTORY))
    assert outcome.raised and "IsolationError: filesystem" in outcome.raised
    assert outcome.value is None


def test_a_python_installed_under_tmp_is_bound_inside_the_private_tmp() -> None:
    # CI may clone the checkout, and so its .venv, under /tmp: that must neither break the jail nor show the
    # rest of the host's /tmp.
    import tempfile

    with tempfile.TemporaryDirectory(dir="/tmp") as where:
        lib = os.path.join(where, "venv", "lib")
        os.makedirs(lib)
        with open(os.path.join(lib, "module.py"), "w") as f:
            f.write("VALUE = 1\n")
        with open(os.path.join(where, "secret.txt"), "w") as f:
            f.write("host /tmp")
        jail = Jail(readable_paths=[*PATHS, lib], slot=5)
        mine = f"/tmp/mine-{uuid.uuid4().hex}.txt"
        try:
            def inside() -> dict:
                with open(mine, "w") as f:  # the private /tmp stays writable
                    f.write("x")
                return {"lib": open(os.path.join(lib, "module.py")).read(),
                        "secret": attempt(lambda: open(os.path.join(where, "secret.txt")).read()),
                        "write_lib": attempt(lambda: open(os.path.join(lib, "new.py"), "w")),
                        "mine": open(mine).read()}

            seen = ok(run_jailed(jail, inside))
        finally:
            jail.close()
    assert seen == {"lib": "VALUE = 1\n", "secret": "ENOENT", "write_lib": "EROFS", "mine": "x"}
    assert not os.path.exists(mine)  # written in the child's /tmp, not the host's


@pytest.mark.parametrize("path", ["/", JUDGE_ROOT, os.path.dirname(JUDGE_ROOT), "/tmp", "/proc/self"])
def test_readable_paths_that_would_expose_too_much_are_rejected(path: str) -> None:
    with pytest.raises(ValueError):
        Jail(readable_paths=[*PATHS, path])


def test_none_mode_refuses_unless_unconfined_is_allowed() -> None:
    strict = Jail(readable_paths=PATHS, mode="none")
    outcome = run_jailed(strict, lambda: "ran")
    assert outcome.raised and "IsolationError" in outcome.raised and outcome.value is None

    lenient = Jail(readable_paths=PATHS, mode="none", allow_unconfined=True)
    inside = lambda: {"uid": os.getuid(), "socket": attempt(socket.socket)}  # noqa: E731
    assert ok(run_jailed(lenient, inside)) == {"uid": 0, "socket": "EPERM"}  # seccomp still holds


# -- userns mode ------------------------------------------------------------------------------------------


def _become_nobody() -> None:
    os.setgroups([])
    os.setresgid(NOBODY, NOBODY, NOBODY)
    os.setresuid(NOBODY, NOBODY, NOBODY)


def _userns_available() -> bool:
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            _become_nobody()
            code = 0 if libc.unshare(0x10000000) == 0 else 1
        finally:
            os._exit(code)
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 0


def test_userns_mode_confines_an_unprivileged_judge() -> None:
    if not _userns_available():
        pytest.skip("unprivileged user namespaces are not available here")
    # As an unprivileged judge: Python under /root is unreachable, so only the venv's site-packages is bound;
    # everything used below was imported before the fork.
    jail = Jail(readable_paths=[SITE_PACKAGES], mode="userns")
    victim = os.fork()
    if victim == 0:
        try:
            _become_nobody()
            signal.pause()
        finally:
            os._exit(0)
    try:

        def inside() -> dict:
            stop, threads = threading.Event(), 0
            with contextlib.suppress(RuntimeError):  # "can't start new thread" at the NPROC limit
                for _ in range(16):
                    threading.Thread(target=stop.wait, daemon=True).start()
                    threads += 1
            stop.set()
            header = (ctypes.c_uint32 * 2)(0x20080522, 0)
            caps = (ctypes.c_uint32 * 6)()
            libc.capget(header, caps)
            return {
                "uid": os.getuid(),
                "caps": list(caps),
                "threads": threads,
                "setuid_root": attempt(lambda: os.setuid(0)),
                "socket": attempt(socket.socket),
                "fork": attempt(lambda: os.fork() or None),
                "kill_victim": attempt(lambda: os.kill(victim, signal.SIGKILL)),  # same uid as ours
                "prlimit_victim": attempt(lambda: resource.prlimit(victim, resource.RLIMIT_AS, (1, 1))),
                "exercises": attempt(lambda: os.listdir(JUDGE_ROOT + "/mljudge/exercises")),
                "write_root": attempt(lambda: open("/x", "w")),
                "write_tmp": attempt(lambda: open("/tmp/x", "w").write("x")),
                "mount": libc_call("mount", b"none", b"/", None, 0x20 | 0x1000, None),
                "numpy": float(np.ones(3) @ np.ones(3)),
            }

        seen = ok(run_jailed(jail, inside, Limits(threads=4), before=_become_nobody))
        assert alive(victim)
    finally:
        os.kill(victim, signal.SIGKILL)
        os.waitpid(victim, 0)
    assert seen.pop("uid") == NOBODY and seen.pop("caps") == [0] * 6 and 0 < seen.pop("threads") < 4
    assert seen.pop("setuid_root") == "EINVAL"  # uid 0 does not even exist in the child's user namespace
    assert seen.pop("exercises") == "ENOENT" and seen.pop("write_root") == "EROFS"
    assert seen.pop("write_tmp") == "ok" and seen.pop("numpy") == 3.0
    assert set(seen.values()) == {"EPERM"}, seen
