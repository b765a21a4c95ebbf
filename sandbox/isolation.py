"""OS isolation for one learner run: namespaces, an allow-listed read-only root, rlimits, no uid, seccomp.

A `Jail` is built once in the warm zygote, where everything that can be precomputed is (mount plan, seccomp
BPF, ctypes prototypes). `Jail.enter` runs in each forked child before any learner code, costs ~1.3 ms
(median, root mode, torch loaded) and cannot be undone. It never leaves the child half-confined: a layer
that fails raises `IsolationError`, and the caller must then `os._exit` without running the submission.

Order inside `enter`, and why:
1. read VmSize (RLIMIT_AS is relative to it) and refuse inherited directory fds (they would reach past the new
   root) while /proc is still there;
2. new mount, ipc, uts namespaces and an empty network namespace (+ a user namespace in userns mode);
3. build the new root on a tmpfs: read-only binds of the allow-listed paths, four device nodes, a small /tmp;
   pivot_root into it and detach the old root, so nothing else of the host is reachable, not even /proc;
4. rlimits, while we may still lower hard limits freely;
5. drop the uid (root mode) or every capability (userns mode);
6. no_new_privs, then the seccomp filter, which needs it and must come last so that the setup's own
   mount/unshare calls are not refused.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import functools
import json
import math
import os
import platform
import resource
import select
import signal
import stat
import struct
import sys
import sysconfig
import time
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from sandbox.limits import Limits
from sandbox.seccomp_filter import CompiledFilter, compile_filter

Mode = Literal["root", "userns", "none"]
LAYERS = ("namespaces", "filesystem", "uid", "rlimits", "no_new_privs", "seccomp")

CLONE_NEWNS, CLONE_NEWUTS, CLONE_NEWIPC = 0x00020000, 0x04000000, 0x08000000
CLONE_NEWUSER, CLONE_NEWNET = 0x10000000, 0x40000000
_NAMESPACES = CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REMOUNT = 0x1, 0x2, 0x4, 0x8, 0x20
MS_NOATIME, MS_NODIRATIME, MS_BIND, MS_REC = 0x400, 0x800, 0x1000, 0x4000
MS_PRIVATE, MS_RELATIME = 1 << 18, 1 << 21
MNT_DETACH = 2
PR_SET_PDEATHSIG, PR_SET_DUMPABLE, PR_GET_SECCOMP, PR_SET_SECCOMP, PR_CAPBSET_DROP = 1, 4, 21, 22, 24
PR_SET_NO_NEW_PRIVS, PR_GET_NO_NEW_PRIVS, PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL = 38, 39, 47, 4
SECCOMP_MODE_FILTER = 2
_LINUX_CAPABILITY_VERSION_3 = 0x20080522
_SYS_PIVOT_ROOT = {"x86_64": 155, "aarch64": 41}

# Flags the kernel locks on mounts inherited into a user namespace: a remount that drops one fails with
# EPERM, so the read-only remount repeats whatever the source mount already has (statvfs ST_* == MS_*).
_LOCKED_FLAGS = MS_NOSUID | MS_NODEV | MS_NOEXEC | MS_NOATIME | MS_NODIRATIME | MS_RELATIME
# What Python and the libraries it already loaded need from the system. /lib and /lib64 are symlinks on a
# merged-/usr system and are recreated as such; /etc only contributes the loader cache (for a late dlopen).
_SYSTEM_PATHS = ("/usr", "/lib", "/lib64", "/etc/ld.so.cache")
_DEVICES = ("/dev/null", "/dev/zero", "/dev/random", "/dev/urandom")
# Never bound from the host: /dev is rebuilt; /proc and /sys describe the host. (A checkout under /tmp is fine:
# its read-only binds are made inside the child's private /tmp.)
_RESERVED = ("/dev", "/proc", "/sys")
# Where the new root's tmpfs may be mounted before pivot_root (in the child's private mount namespace): any
# existing directory that no bound path lies in or under, or its mount would cover what is to be bound.
_STAGING_CANDIDATES = ("/mnt", "/media", "/srv", "/boot", "/opt", "/run", "/var", "/home", "/tmp")
_OLD_ROOT = b"/.oldroot"
_ROOT_TMPFS = b"size=1m,nr_inodes=4096,mode=0755"

_JUDGE_ROOT = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))


class IsolationError(Exception):
    """A layer could not be set up; `layer` names it, the message says why."""

    def __init__(self, layer: str, reason: str) -> None:
        super().__init__(f"{layer}: {reason}")
        self.layer = layer


@dataclass(frozen=True)
class LayerStatus:
    name: str  # one of LAYERS
    active: bool
    detail: str  # one line


class _SockFprog(ctypes.Structure):
    _fields_ = (("len", ctypes.c_ushort), ("filter", ctypes.c_void_p))


class _CapHeader(ctypes.Structure):
    _fields_ = (("version", ctypes.c_uint32), ("pid", ctypes.c_int))


class _CapData(ctypes.Structure):
    _fields_ = tuple((name, ctypes.c_uint32) for name in ("effective", "permitted", "inheritable"))


_libc = ctypes.CDLL(None, use_errno=True)  # prototypes set once here, not per child


def _libc_function(name: str, *argtypes: type) -> Callable[..., int]:
    function = getattr(_libc, name)
    function.argtypes = argtypes
    function.restype = ctypes.c_long if name == "syscall" else ctypes.c_int
    return function


_ulong, _str = ctypes.c_ulong, ctypes.c_char_p
_unshare = _libc_function("unshare", ctypes.c_int)
_setns = _libc_function("setns", ctypes.c_int, ctypes.c_int)
_mount = _libc_function("mount", _str, _str, _str, _ulong, _str)
_umount2 = _libc_function("umount2", _str, ctypes.c_int)
_prctl = _libc_function("prctl", ctypes.c_int, _ulong, _ulong, _ulong, _ulong)
_capget = _libc_function("capget", ctypes.c_void_p, ctypes.c_void_p)
_capset = _libc_function("capset", ctypes.c_void_p, ctypes.c_void_p)
_socket = _libc_function("socket", ctypes.c_int, ctypes.c_int, ctypes.c_int)
_syscall = _libc_function("syscall", ctypes.c_long, _str, _str)  # only used for pivot_root


def _check(result: int, layer: str, what: str) -> None:
    if result < 0:
        code = ctypes.get_errno()
        raise IsolationError(layer, f"{what}: {os.strerror(code)} ({errno.errorcode.get(code, code)})")


def python_readable_paths() -> list[str]:
    """What a zygote passes as `readable_paths`: the interpreter's prefix, stdlib and site-packages.

    Never the project checkout, although an editable install puts it on sys.path."""
    import site

    names = ("stdlib", "platstdlib", "purelib", "platlib")
    paths = {sys.base_prefix, *(sysconfig.get_path(name) for name in names), *site.getsitepackages()}
    return sorted(path for path in paths if path and os.path.isdir(path))


@dataclass(frozen=True)
class _Bind:
    source: bytes  # as seen after pivot_root, under the old root
    target: bytes
    remount_flags: int


@dataclass(frozen=True)
class _RootPlan:
    dirs: tuple[bytes, ...]  # parents first
    files: tuple[bytes, ...]  # empty files to bind single files (device nodes, ld.so.cache) onto
    symlinks: tuple[tuple[bytes, bytes], ...]  # (where, points to)
    binds: tuple[_Bind, ...]
    masks: tuple[bytes, ...] = ()  # directories under a bind, covered by an empty read-only tmpfs
    staging: bytes = b"/mnt"  # where the new root is assembled before pivot_root


def _is_under(path: str, parent: str) -> bool:
    return path == parent or path.startswith(parent.rstrip("/") + "/")


def _plan_root(readable_paths: Sequence[str], hidden_paths: Sequence[str] = ()) -> _RootPlan:
    """Allow-list: only these paths exist in the new root, each bound read-only at its own path."""
    dirs: set[str] = {"/tmp", "/dev"}
    files: list[str] = []
    symlinks: dict[str, str] = {}
    binds: list[tuple[str, int]] = []  # (path, extra remount flags)

    def add_bind(path: str, extra: int) -> None:
        st = os.stat(path)
        for bound, _ in binds:  # already visible through a bind of a parent on the same filesystem
            if _is_under(path, bound) and os.stat(bound).st_dev == st.st_dev:
                return
        (dirs.add if stat.S_ISDIR(st.st_mode) else files.append)(path)
        binds.append((path, extra))

    for path in _SYSTEM_PATHS:
        if os.path.islink(path):
            symlinks[path] = os.readlink(path)
        elif os.path.exists(path):
            add_bind(path, MS_NODEV)
    for path in _DEVICES:
        add_bind(path, MS_NOEXEC)  # nodev would make the device node useless
    for given in sorted(readable_paths, key=os.path.realpath):  # parents before children
        path = os.path.abspath(given)
        real = os.path.realpath(path)
        if not os.path.exists(real):
            raise ValueError(f"readable path {given!r} does not exist")
        if real in ("/", "/tmp") or any(_is_under(real, reserved) for reserved in _RESERVED):
            raise ValueError(f"readable path {given!r} may not be / or /tmp or lie under {', '.join(_RESERVED)}")
        if os.path.exists(os.path.join(_JUDGE_ROOT, "pyproject.toml")) and _is_under(_JUDGE_ROOT, real):
            raise ValueError(f"readable path {given!r} would expose the judge's own checkout {_JUDGE_ROOT}")
        if any(_is_under(real, link) for link in symlinks):
            raise ValueError(f"readable path {given!r} resolves through a system symlink; pass {real!r}")
        add_bind(real, MS_NODEV)
        if path != real and not any(_is_under(path, link) for link in symlinks):
            symlinks[path] = real  # keep the spelling sys.path and module __file__s use

    for where in [*dirs, *files, *symlinks]:
        parent = os.path.dirname(where)
        while parent != "/":
            dirs.add(parent)
            parent = os.path.dirname(parent)
    dirs -= set(symlinks)
    clash = sorted(p for p in dirs | set(files) if any(_is_under(p, link) and p != link for link in symlinks))
    if clash:
        raise ValueError(f"readable paths {clash} lie under a symlink that the jail recreates")

    def flags(path: str, extra: int) -> int:
        locked = os.statvfs(path).f_flag & _LOCKED_FLAGS
        return MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | extra | locked

    return _RootPlan(
        dirs=tuple(os.fsencode(d) for d in sorted(dirs, key=lambda d: (d.count("/"), d))),
        files=tuple(os.fsencode(f) for f in files),
        symlinks=tuple((os.fsencode(where), os.fsencode(to)) for where, to in symlinks.items()),
        binds=tuple(
            _Bind(_OLD_ROOT + os.fsencode(path), os.fsencode(path), flags(path, extra))
            for path, extra in sorted(binds, key=lambda b: (b[0].count("/"), b[0]))
        ),
        # Only what a bind would show: a hidden path outside every bind is invisible already.
        masks=tuple(os.fsencode(os.path.realpath(h)) for h in hidden_paths
                    if os.path.isdir(h) and any(_is_under(os.path.realpath(h), b) for b, _ in binds)),
        staging=os.fsencode(_staging([b for b, _ in binds])),
    )


def _staging(bound: Sequence[str]) -> str:
    for candidate in _STAGING_CANDIDATES:
        if (os.path.isdir(candidate) and not os.path.islink(candidate)
                and not any(_is_under(path, candidate) or _is_under(candidate, path) for path in bound)):
            return candidate
    raise ValueError(f"no directory to assemble the jail's root in: each of {', '.join(_STAGING_CANDIDATES)} "
                     "is missing or holds a path the jail binds")


def judge_package_paths() -> list[str]:
    """Where the judge's own packages live, without importing them. Installed (not editable) they sit in
    site-packages, which the jail shows: `reference/` holds the answer keys' math, so the zygote hides them."""
    import importlib.util

    found = []
    for name in ("reference", "judge", "web"):
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.submodule_search_locations:
            found.extend(spec.submodule_search_locations)
    return sorted(found)


@functools.cache
def _detect_mode() -> tuple[Mode, str]:
    """Try the unshare calls in a throwaway child (they are irreversible); returns (mode, why)."""
    attempts: list[tuple[Mode, int]] = [("userns", CLONE_NEWUSER | _NAMESPACES)]
    if os.geteuid() == 0:
        attempts.insert(0, ("root", _NAMESPACES))
    failures = []
    for mode, flags in attempts:
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                code = 0 if _unshare(flags) == 0 else 10 + ctypes.get_errno()
            finally:
                os._exit(code)
        status = os.waitpid(pid, 0)[1]
        if os.waitstatus_to_exitcode(status) == 0:
            return mode, ""
        code = os.waitstatus_to_exitcode(status) - 10
        failures.append(f"unshare({mode}): {os.strerror(code) if code > 0 else 'child failed'}")
    return "none", "; ".join(failures)


class _SharedNetns:
    """One empty network namespace, kept alive by an idle holder process, that root-mode children join.

    Creating a network namespace per child costs ~0.5 ms here (plus a teardown in a kernel worker); joining
    one costs ~20 us. Sharing gives learners no channel to each other: the namespace has only a loopback that
    is down, and seccomp refuses every socket. Children join by path rather than by an inherited fd, because
    the zygote closes all fds but its report pipe before enter(); the inode check makes sure a recycled
    holder pid can never lead a child into someone else's namespace (the host's has a fixed, other inode)."""

    def __init__(self) -> None:
        read_end, write_end = os.pipe()
        owner = os.getpid()
        pid = os.fork()
        if pid == 0:  # the holder: never returns
            try:
                os.close(read_end)
                _prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)  # dies with its zygote
                created = os.getppid() == owner and _unshare(CLONE_NEWNET) == 0
                os.write(write_end, b"1" if created else b"0")
                os.closerange(0, 1 << 16)  # hold nothing of the zygote's: no pipes, no stdio
                while True:
                    signal.pause()
            finally:
                os._exit(0)
        os.close(write_end)
        created = os.read(read_end, 1) == b"1"
        os.close(read_end)
        self._finalizer = weakref.finalize(self, _stop_holder, pid, owner)
        if not created:
            self._finalizer()
            raise OSError("could not create the shared network namespace")
        self.path = f"/proc/{pid}/ns/net".encode()
        self.inode = os.stat(self.path).st_ino

    def join(self) -> bool:
        """In a child: True once in the shared namespace; False means "unshare a fresh one instead"."""
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_CLOEXEC)
        except OSError:
            return False
        try:
            return os.fstat(fd).st_ino == self.inode and _setns(fd, CLONE_NEWNET) == 0
        finally:
            os.close(fd)

    def close(self) -> None:
        self._finalizer()


def _stop_holder(pid: int, owner: int) -> None:
    if os.getpid() != owner:  # a forked child exiting normally must not take the holder down
        return
    try:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass


class Jail:
    """Built once in the zygote (cheap per child); enter() is called in each forked child, irreversibly."""

    def __init__(
        self,
        *,
        readable_paths: Sequence[str],
        hidden_paths: Sequence[str] = (),
        uid_base: int = 60000,
        slot: int = 0,
        allow_unconfined: bool = False,
        mode: Mode | None = None,
    ) -> None:
        """`mode=None` detects the best available mode; forcing one is for tests and `judge doctor`."""
        self.uid = uid_base + slot
        if not 0 < self.uid < 2**31 - 1:
            raise ValueError(f"uid_base + slot = {self.uid} is not a usable unprivileged uid")
        detected, why = _detect_mode()
        self.mode: Mode = mode or detected
        self._why_unconfined = why or "forced by the caller"
        self.allow_unconfined = allow_unconfined
        self.readable_paths = tuple(readable_paths)
        self._plan = _plan_root(self.readable_paths, hidden_paths)
        self._owner_pid = os.getpid()
        self._last_cap = _read_int("/proc/sys/kernel/cap_last_cap", default=63)
        self._page_size = os.sysconf("SC_PAGE_SIZE")
        self._pivot_root_nr = _SYS_PIVOT_ROOT.get(platform.machine())
        self._seccomp_error = ""
        self._filter: CompiledFilter | None = None
        try:
            self._filter = compile_filter()
        except (ImportError, OSError, RuntimeError, ValueError) as exc:
            self._seccomp_error = f"libseccomp unusable: {exc}"
        if self._filter is not None:
            self._bpf = ctypes.create_string_buffer(self._filter.program, len(self._filter.program))
            self._fprog = _SockFprog(len(self._filter.program) // 8, ctypes.addressof(self._bpf))
        self._netns: _SharedNetns | None = None
        if self.mode == "root":
            # If that fails, each child unshares a network namespace of its own: slower, just as isolated.
            with contextlib.suppress(OSError):
                self._netns = _SharedNetns()

    def close(self) -> None:
        """Stop the helper process that keeps the shared network namespace alive (also done on collection)."""
        if self._netns is not None:
            self._netns.close()

    @property
    def layers(self) -> list[LayerStatus]:
        """What enter() will set up here (planned, not verified: `probe` verifies)."""
        plan, confined = self._plan, self.mode != "none"
        namespaces = {
            "root": f"net{' (one shared, empty)' if self._netns else ''}, mount, ipc, uts (as root)",
            "userns": "user, net, mount, ipc, uts (unprivileged user namespace)",
            "none": f"unavailable: {self._why_unconfined}",
        }[self.mode]
        filesystem = (
            f"tmpfs root with {len(plan.binds)} read-only binds, private /tmp, no /proc"
            if confined
            else "unavailable without a mount namespace"
        )
        uid = {
            "root": f"uid/gid {self.uid}, no supplementary groups",
            "userns": "all capabilities dropped; the uid stays the judge's (user namespace)",
            "none": "unavailable: runs as the judge's own uid",
        }[self.mode]
        if self._filter is not None:
            seccomp = f"{len(self._filter.program) // 8} BPF instructions: deny-list, EPERM"
        else:
            seccomp = self._seccomp_error
        return [
            LayerStatus("namespaces", confined, namespaces),
            LayerStatus("filesystem", confined, filesystem),
            LayerStatus("uid", confined, uid),
            LayerStatus("rlimits", True, "cpu, address space, file size, open files, threads, no core"),
            LayerStatus("no_new_privs", True, "PR_SET_NO_NEW_PRIVS"),
            LayerStatus("seccomp", self._filter is not None, seccomp),
        ]

    def enter(self, limits: Limits) -> None:
        """Confine the calling, freshly forked process. Raises IsolationError rather than half-confining."""
        pid = os.getpid()
        if pid == self._owner_pid:
            raise IsolationError("namespaces", "enter() must run in a forked child, not in the zygote itself")
        if self.mode == "none" and not self.allow_unconfined:
            raise IsolationError("namespaces", f"no isolation available ({self._why_unconfined})")
        if self._filter is None and not (self.mode == "none" and self.allow_unconfined):
            raise IsolationError("seccomp", self._seccomp_error)
        os.umask(0o022)
        vm_size = self._vm_size()
        if self.mode != "none":
            _refuse_directory_fds()
            if self.mode == "root":
                joined = self._netns is not None and self._netns.join()
                _check(_unshare(_NAMESPACES & ~CLONE_NEWNET if joined else _NAMESPACES), "namespaces", "unshare")
            else:
                self._enter_user_namespace()
            self._build_root(limits)
        self._set_rlimits(limits, vm_size)
        if self.mode == "root":
            self._drop_uid()
        elif self.mode == "userns":
            self._drop_capabilities()
        _check(_prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no_new_privs", "prctl(PR_SET_NO_NEW_PRIVS)")
        _check(_prctl(PR_SET_DUMPABLE, 0, 0, 0, 0), "uid", "prctl(PR_SET_DUMPABLE)")
        if self._filter is not None:
            for offset in self._filter.pid_offsets:  # this child's copy of the program only
                struct.pack_into("=I", self._bpf, offset, pid)
            result = _prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.addressof(self._fprog), 0, 0)
            _check(result, "seccomp", "prctl(PR_SET_SECCOMP)")

    # -- steps ------------------------------------------------------------------------------------------

    def _vm_size(self) -> int:
        try:
            fd = os.open("/proc/self/statm", os.O_RDONLY)
            try:
                return int(os.read(fd, 128).split()[0]) * self._page_size
            finally:
                os.close(fd)
        except (OSError, ValueError, IndexError) as exc:
            raise IsolationError("rlimits", f"cannot read /proc/self/statm for VmSize: {exc}") from exc

    def _enter_user_namespace(self) -> None:
        uid, gid = os.getuid(), os.getgid()
        # After a setuid the kernel marks the process non-dumpable, and /proc/self/uid_map then belongs to
        # root: writing our own map would fail with EACCES.
        _check(_prctl(PR_SET_DUMPABLE, 1, 0, 0, 0), "namespaces", "prctl(PR_SET_DUMPABLE)")
        _check(_unshare(CLONE_NEWUSER | _NAMESPACES), "namespaces", "unshare(CLONE_NEWUSER)")
        try:
            maps = (("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1"), ("gid_map", f"{gid} {gid} 1"))
            for name, text in maps:
                fd = os.open(f"/proc/self/{name}", os.O_WRONLY)
                try:
                    os.write(fd, text.encode())
                finally:
                    os.close(fd)
        except OSError as exc:
            raise IsolationError("namespaces", f"writing /proc/self/{name}: {exc.strerror}") from exc

    def _build_root(self, limits: Limits) -> None:
        layer, plan = "filesystem", self._plan
        if self._pivot_root_nr is None:
            raise IsolationError(layer, f"pivot_root syscall number unknown on {platform.machine()}")
        _check(_mount(None, b"/", None, MS_REC | MS_PRIVATE, None), layer, "make / private")
        root_tmpfs = _mount(b"tmpfs", plan.staging, b"tmpfs", MS_NOSUID | MS_NODEV, _ROOT_TMPFS)
        _check(root_tmpfs, layer, "mount the root tmpfs")
        tmp = f"size={limits.tmp_mb}m,nr_inodes=4096,mode=1777".encode()
        tmp_flags = MS_NOSUID | MS_NODEV | MS_NOEXEC  # learner files are data, never code
        try:
            os.mkdir(plan.staging + _OLD_ROOT, 0o700)
            _check(_syscall(self._pivot_root_nr, plan.staging, plan.staging + _OLD_ROOT), layer, "pivot_root")
            os.chdir(b"/")  # our cwd still pointed into the old root
            # The private /tmp first: binds of a checkout that lives under /tmp are then made inside it.
            os.mkdir(b"/tmp", 0o755)
            _check(_mount(b"tmpfs", b"/tmp", b"tmpfs", tmp_flags, tmp), layer, "mount /tmp")
            for path in plan.dirs:
                if path != b"/tmp":
                    os.mkdir(path, 0o755)
            for path in plan.files:
                os.mknod(path, stat.S_IFREG | 0o644)
            for where, to in plan.symlinks:
                os.symlink(to, where)
        except OSError as exc:
            raise IsolationError(layer, f"building the new root: {exc}") from exc
        for bind in plan.binds:
            what = bind.target.decode()
            _check(_mount(bind.source, bind.target, None, MS_BIND, None), layer, f"bind {what}")
            _check(_mount(None, bind.target, None, bind.remount_flags, None), layer, f"read-only {what}")
        for mask in plan.masks:
            hide = MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC
            _check(_mount(b"tmpfs", mask, b"tmpfs", hide, b"size=4k,mode=0"), layer, f"hide {mask.decode()}")
        _check(_umount2(_OLD_ROOT, MNT_DETACH), layer, "detach the old root")
        try:
            os.rmdir(_OLD_ROOT)
        except OSError as exc:
            raise IsolationError(layer, f"removing {_OLD_ROOT.decode()}: {exc}") from exc
        ro_root = MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV
        _check(_mount(None, b"/", None, ro_root, None), layer, "remount / read-only")

    def _set_rlimits(self, limits: Limits, vm_size: int) -> None:
        cpu = max(1, math.ceil(limits.cpu_seconds))
        wanted = (
            ("CPU", resource.RLIMIT_CPU, cpu, cpu + 1),  # SIGXCPU at the soft limit, SIGKILL a second later
            ("AS", resource.RLIMIT_AS, vm_size + (limits.memory_mb << 20), None),
            ("FSIZE", resource.RLIMIT_FSIZE, limits.file_size_mb << 20, None),
            ("NOFILE", resource.RLIMIT_NOFILE, limits.open_files, None),
            # counted per uid: hence a uid per slot in root mode; per user namespace in userns mode
            ("NPROC", resource.RLIMIT_NPROC, limits.threads, None),
            ("CORE", resource.RLIMIT_CORE, 0, None),
        )
        for name, which, soft, hard in wanted:  # hard None: the same as soft, so it cannot be raised
            hard = soft if hard is None else hard
            try:
                ceiling = resource.getrlimit(which)[1]  # without privileges we could not go above it
                if ceiling != resource.RLIM_INFINITY:
                    soft, hard = min(soft, ceiling), min(hard, ceiling)
                resource.setrlimit(which, (soft, hard))
            except (OSError, ValueError) as exc:
                raise IsolationError("rlimits", f"setrlimit(RLIMIT_{name}, {soft}): {exc}") from exc

    def _drop_uid(self) -> None:
        try:
            os.setgroups([])
            os.setresgid(self.uid, self.uid, self.uid)
            os.setresuid(self.uid, self.uid, self.uid)
        except OSError as exc:
            raise IsolationError("uid", f"dropping to uid {self.uid}: {exc}") from exc
        if os.getresuid() != (self.uid,) * 3 or os.getresgid() != (self.uid,) * 3:
            raise IsolationError("uid", "uid/gid did not change")

    def _drop_capabilities(self) -> None:
        for cap in range(self._last_cap + 1):
            if _prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) < 0 and ctypes.get_errno() != errno.EINVAL:
                _check(-1, "uid", f"prctl(PR_CAPBSET_DROP, {cap})")
        _check(_prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0), "uid", "clear ambient capabilities")
        header, data = _CapHeader(_LINUX_CAPABILITY_VERSION_3, 0), (_CapData * 2)()
        _check(_capset(ctypes.byref(header), ctypes.byref(data)), "uid", "capset(0)")


def _read_int(path: str, default: int) -> int:
    try:
        with open(path) as file:
            return int(file.read())
    except (OSError, ValueError):
        return default


def _refuse_directory_fds() -> None:
    """An inherited directory fd (even O_PATH) is a way back out of any new root, via openat(fd, "..")."""
    try:
        fds = [int(name) for name in os.listdir("/proc/self/fd")]
    except OSError as exc:
        raise IsolationError("filesystem", f"cannot list open fds: {exc}") from exc
    for fd in fds:
        try:
            mode = os.fstat(fd).st_mode
        except OSError:
            continue  # the fd listdir itself used
        if stat.S_ISDIR(mode):
            raise IsolationError("filesystem", f"fd {fd} is an open directory; close it before enter()")


def _capabilities() -> int:
    header, data = _CapHeader(_LINUX_CAPABILITY_VERSION_3, 0), (_CapData * 2)()
    if _capget(ctypes.byref(header), ctypes.byref(data)) < 0:
        return -1
    return sum((d.effective | d.permitted) << (32 * i) for i, d in enumerate(data))


# -- probe ------------------------------------------------------------------------------------------------


def probe(readable_paths: Sequence[str], timeout: float = 30.0) -> list[LayerStatus]:
    """Fork a throwaway child, enter a Jail, test from inside that each layer really holds (`judge doctor`)."""
    jail = Jail(readable_paths=readable_paths, allow_unconfined=True)
    try:
        return _probe(jail, timeout)
    finally:
        jail.close()


def _probe(jail: Jail, timeout: float) -> list[LayerStatus]:
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
                report: dict[str, object] = _inspect_inside(jail, limits)
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
        report = json.loads(line)
    except ValueError:
        report = {"error": ["namespaces", f"the probe child sent no report within {timeout} s"]}
    if "error" in report:
        failed, why = report["error"]
        return [
            LayerStatus(name, False, why if name == failed else f"not verified: {failed} failed") for name in LAYERS
        ]
    results = {name: LayerStatus(name, *report[name]) for name in LAYERS if name != "namespaces"}
    ns_active = jail.mode != "none" and namespaces is True
    ns_detail = str(namespaces) if jail.mode != "none" and not ns_active else planned["namespaces"].detail
    results["namespaces"] = LayerStatus("namespaces", ns_active, ns_detail)
    return [results[name] for name in LAYERS]


def _inspect_inside(jail: Jail, limits: Limits) -> dict[str, object]:
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
    planned = jail._plan.dirs + tuple(where for where, _ in jail._plan.symlinks)
    allowed_top = {path.decode().split("/")[1] for path in planned}
    top = set(os.listdir("/"))
    fs_checks = {
        "no /proc": not os.path.exists("/proc/self"),
        "judge's source hidden": not os.path.exists(os.path.realpath(__file__)),
        "only planned entries in /": top <= allowed_top,
        "/ read-only": refused(lambda: os.close(os.open("/probe", os.O_WRONLY | os.O_CREAT))),
        "/tmp writable": not refused(write_tmp),
    }
    fs_ok = all(fs_checks.values())
    fs_failed = ", ".join(name for name, ok in fs_checks.items() if not ok)
    caps = _capabilities()
    if jail.mode == "root":
        uid_ok = os.getresuid() == (jail.uid,) * 3 and os.getgroups() == [] and caps == 0
    else:
        uid_ok = caps == 0
    cpu = max(1, math.ceil(limits.cpu_seconds))
    rl_ok = (
        resource.getrlimit(resource.RLIMIT_CPU) == (cpu, cpu + 1)
        and resource.getrlimit(resource.RLIMIT_NPROC)[0] == limits.threads
        and resource.getrlimit(resource.RLIMIT_NOFILE)[0] == limits.open_files
        and resource.getrlimit(resource.RLIMIT_FSIZE)[0] == limits.file_size_mb << 20
        and resource.getrlimit(resource.RLIMIT_CORE) == (0, 0)
        and resource.getrlimit(resource.RLIMIT_AS)[0] != resource.RLIM_INFINITY
    )
    nnp = _prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) == 1
    seccomp_ok = (
        _prctl(PR_GET_SECCOMP, 0, 0, 0, 0) == SECCOMP_MODE_FILTER
        and _socket(1, 1, 0) < 0  # AF_UNIX, SOCK_STREAM
        and refused(lambda: os.kill(os.getppid(), 0))
    )
    layers = jail.layers
    detail = {layer.name: layer.detail for layer in layers}
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
    _prctl(PR_SET_DUMPABLE, 1, 0, 0, 0)
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
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
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
