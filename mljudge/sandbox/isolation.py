"""OS isolation for one learner run: namespaces, an allow-listed read-only root, rlimits, no uid, seccomp.

A `Jail` is built once in the warm zygote, where everything that can be precomputed is (mount plan, seccomp
BPF, ctypes prototypes). Each child is confined in two steps that cannot be undone:

`Jail.arm`, right after the fork and before the child has any job (~1.3 ms, root mode, torch loaded; the zygote
does it ahead of time, off the learner's critical path):
1. read VmSize (RLIMIT_AS is relative to it) and refuse inherited directory fds (they would reach past the new
   root) while /proc is still there;
2. new mount, ipc, uts namespaces and an empty network namespace (+ a user namespace in userns mode);
3. build the new root on a tmpfs: read-only binds of the allow-listed paths, four device nodes, a small /tmp;
   pivot_root into it and detach the old root, so nothing else of the host is reachable, not even /proc;
4. drop the uid (root mode) or every capability (userns mode);
5. no_new_privs, then the seccomp filter, which needs it and must come last so that the setup's own
   mount/unshare calls are not refused.

`Jail.restrict`, once the child has read its job: the job's rlimits (CPU, address space, file size, open
files, threads), soft = hard, so they cannot be raised again. Lowering needs no privilege, so this works after
step 4 and under seccomp.

A layer that fails raises `IsolationError`, and the caller must then `os._exit` without running anything.
What the new root holds is planned in `sandbox.rootfs`; the shared empty network namespace is `sandbox.netns`;
the raw Linux calls are declared in `sandbox.libc`; `sandbox.probe` checks from inside a jailed child that every
layer really holds (`judge doctor`).
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import functools
import math
import os
import platform
import resource
import stat
import struct
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from mljudge.sandbox import libc
from mljudge.sandbox.limits import Limits
from mljudge.sandbox.netns import SharedNetns
from mljudge.sandbox.rootfs import (
    MNT_DETACH,
    MS_BIND,
    MS_NODEV,
    MS_NOEXEC,
    MS_NOSUID,
    MS_PRIVATE,
    MS_RDONLY,
    MS_REC,
    MS_REMOUNT,
    OLD_ROOT,
    plan_root,
)
from mljudge.sandbox.seccomp_filter import CompiledFilter, compile_filter

Mode = Literal["root", "userns", "none"]
LAYERS = ("namespaces", "filesystem", "uid", "rlimits", "no_new_privs", "seccomp")

_NAMESPACES = libc.CLONE_NEWNS | libc.CLONE_NEWNET | libc.CLONE_NEWIPC | libc.CLONE_NEWUTS
_ROOT_TMPFS = b"size=1m,nr_inodes=4096,mode=0755"



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


def _check(result: int, layer: str, what: str) -> None:
    if result < 0:
        code = ctypes.get_errno()
        raise IsolationError(layer, f"{what}: {os.strerror(code)} ({errno.errorcode.get(code, code)})")



@functools.cache
def _detect_mode() -> tuple[Mode, str]:
    """Try the unshare calls in a throwaway child (they are irreversible); returns (mode, why)."""
    attempts: list[tuple[Mode, int]] = [("userns", libc.CLONE_NEWUSER | _NAMESPACES)]
    if os.geteuid() == 0:
        attempts.insert(0, ("root", _NAMESPACES))
    failures = []
    for mode, flags in attempts:
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                code = 0 if libc.unshare(flags) == 0 else 10 + ctypes.get_errno()
            finally:
                os._exit(code)
        status = os.waitpid(pid, 0)[1]
        if os.waitstatus_to_exitcode(status) == 0:
            return mode, ""
        code = os.waitstatus_to_exitcode(status) - 10
        failures.append(f"unshare({mode}): {os.strerror(code) if code > 0 else 'child failed'}")
    return "none", "; ".join(failures)


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
        self.plan = plan_root(self.readable_paths, hidden_paths)
        self._owner_pid = os.getpid()
        self._last_cap = _read_int("/proc/sys/kernel/cap_last_cap", default=63)
        self._page_size = os.sysconf("SC_PAGE_SIZE")
        self._pivot_root_nr = libc.SYS_PIVOT_ROOT.get(platform.machine())
        self._seccomp_error = ""
        self._filter: CompiledFilter | None = None
        try:
            self._filter = compile_filter()
        except (ImportError, OSError, RuntimeError, ValueError) as exc:
            self._seccomp_error = f"libseccomp unusable: {exc}"
        if self._filter is not None:
            self._bpf = ctypes.create_string_buffer(self._filter.program, len(self._filter.program))
            self._fprog = libc.SockFprog(len(self._filter.program) // 8, ctypes.addressof(self._bpf))
        self._armed_vm_size = 0
        self._netns: SharedNetns | None = None
        if self.mode == "root":
            # If that fails, each child unshares a network namespace of its own: slower, just as isolated.
            with contextlib.suppress(OSError):
                self._netns = SharedNetns()

    def renew_netns(self) -> None:
        """Recreate the shared network namespace if its holder process died (children would each unshare a
        namespace of their own meanwhile: as isolated, only slower)."""
        if self.mode == "root" and (self._netns is None or not self._netns.alive()):
            if self._netns is not None:
                self._netns.close()
            self._netns = None
            with contextlib.suppress(OSError):
                self._netns = SharedNetns()

    def close(self) -> None:
        """Stop the helper process that keeps the shared network namespace alive (also done on collection)."""
        if self._netns is not None:
            self._netns.close()

    @property
    def layers(self) -> list[LayerStatus]:
        """What enter() will set up here (planned, not verified: `probe` verifies)."""
        plan, confined = self.plan, self.mode != "none"
        namespaces = {
            "root": f"net{' (one shared, empty)' if self._netns else ''}, mount, ipc, uts (as root)",
            "userns": "user, net, mount, ipc, uts (unprivileged user namespace)",
            "none": f"unavailable: {self._why_unconfined}",
        }[self.mode]
        filesystem = (
            f"tmpfs root with {len(plan.binds)} read-only binds ({len(plan.masks)} folder(s) of the judge's under "
            "them masked), private /tmp, no /proc"
            if confined
            else "unavailable without a mount namespace"
        )
        uid = {
            "root": f"uid/gid {self.uid}, no supplementary groups",
            "userns": "all capabilities dropped; the uid stays the judge's (user namespace)",
            "none": "unavailable: runs as the judge's own uid",
        }[self.mode]
        if self._filter is not None:
            seccomp = (f"{len(self._filter.program) // 8} BPF instructions: deny-list, EPERM; "
                       f"ENOSYS past syscall {self._filter.newest}")
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
        """`arm` then `restrict`: confine the calling, freshly forked process for a job known in advance."""
        self.arm(limits.tmp_mb)
        self.restrict(limits)

    def arm(self, tmp_mb: int) -> None:
        """Confine the calling, freshly forked process in every way that does not depend on the job: namespaces,
        the new root (with a `tmp_mb` /tmp), no uid, no_new_privs, seccomp. The child can then wait for its job,
        which it reads itself (the zygote never holds one), and `restrict` it to that job's limits. Raises
        IsolationError rather than half-confining."""
        pid = os.getpid()
        if pid == self._owner_pid:
            raise IsolationError("namespaces", "arm() must run in a forked child, not in the zygote itself")
        if self.mode == "none" and not self.allow_unconfined:
            raise IsolationError("namespaces", f"no isolation available ({self._why_unconfined})")
        if self._filter is None and not (self.mode == "none" and self.allow_unconfined):
            raise IsolationError("seccomp", self._seccomp_error)
        os.umask(0o022)
        self._armed_vm_size = self._vm_size()  # /proc is gone once the new root is in place
        if self.mode != "none":
            _refuse_directory_fds()
            if self.mode == "root":
                joined = self._netns is not None and self._netns.join()
                flags = _NAMESPACES & ~libc.CLONE_NEWNET if joined else _NAMESPACES
                _check(libc.unshare(flags), "namespaces", "unshare")
            else:
                self._enter_user_namespace()
            self._build_root(tmp_mb)
        self._set_rlimit("CORE", resource.RLIMIT_CORE, 0, 0)
        if self.mode == "root":
            self._drop_uid()
        elif self.mode == "userns":
            self._drop_capabilities()
        _check(libc.prctl(libc.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no_new_privs", "prctl(PR_SET_NO_NEW_PRIVS)")
        _check(libc.prctl(libc.PR_SET_DUMPABLE, 0, 0, 0, 0), "uid", "prctl(PR_SET_DUMPABLE)")
        if self._filter is not None:
            for offset in self._filter.pid_offsets:  # this child's copy of the program only
                struct.pack_into("=I", self._bpf, offset, pid)
            result = libc.prctl(libc.PR_SET_SECCOMP, libc.SECCOMP_MODE_FILTER, ctypes.addressof(self._fprog), 0, 0)
            _check(result, "seccomp", "prctl(PR_SET_SECCOMP)")

    def restrict(self, limits: Limits, extra_bytes: int = 0) -> None:
        """Lower the rlimits of an armed child to one job's `limits`, for good (hard = soft). `extra_bytes`: what
        the child allocated since it was armed (its job), which RLIMIT_AS must not count against the learner.
        Lowering a limit needs no privilege, so this works after the uid drop and under seccomp."""
        self._set_rlimits(limits, self._armed_vm_size + extra_bytes)

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
        _check(libc.prctl(libc.PR_SET_DUMPABLE, 1, 0, 0, 0), "namespaces", "prctl(PR_SET_DUMPABLE)")
        _check(libc.unshare(libc.CLONE_NEWUSER | _NAMESPACES), "namespaces", "unshare(CLONE_NEWUSER)")
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

    def _build_root(self, tmp_mb: int) -> None:
        layer, plan = "filesystem", self.plan
        if self._pivot_root_nr is None:
            raise IsolationError(layer, f"pivot_root syscall number unknown on {platform.machine()}")
        _check(libc.mount(None, b"/", None, MS_REC | MS_PRIVATE, None), layer, "make / private")
        root_tmpfs = libc.mount(b"tmpfs", plan.staging, b"tmpfs", MS_NOSUID | MS_NODEV, _ROOT_TMPFS)
        _check(root_tmpfs, layer, "mount the root tmpfs")
        tmp = f"size={tmp_mb}m,nr_inodes=4096,mode=1777".encode()
        tmp_flags = MS_NOSUID | MS_NODEV | MS_NOEXEC  # learner files are data, never code
        try:
            os.mkdir(plan.staging + OLD_ROOT, 0o700)
            _check(libc.syscall(self._pivot_root_nr, plan.staging, plan.staging + OLD_ROOT), layer, "pivot_root")
            os.chdir(b"/")  # our cwd still pointed into the old root
            # The private /tmp first: binds of a checkout that lives under /tmp are then made inside it.
            os.mkdir(b"/tmp", 0o755)
            _check(libc.mount(b"tmpfs", b"/tmp", b"tmpfs", tmp_flags, tmp), layer, "mount /tmp")
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
            _check(libc.mount(bind.source, bind.target, None, MS_BIND, None), layer, f"bind {what}")
            _check(libc.mount(None, bind.target, None, bind.remount_flags, None), layer, f"read-only {what}")
        for mask in plan.masks:
            hide = MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC
            _check(libc.mount(b"tmpfs", mask, b"tmpfs", hide, b"size=4k,mode=0"), layer, f"hide {mask.decode()}")
        _check(libc.umount2(OLD_ROOT, MNT_DETACH), layer, "detach the old root")
        try:
            os.rmdir(OLD_ROOT)
        except OSError as exc:
            raise IsolationError(layer, f"removing {OLD_ROOT.decode()}: {exc}") from exc
        ro_root = MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV
        _check(libc.mount(None, b"/", None, ro_root, None), layer, "remount / read-only")

    def _set_rlimits(self, limits: Limits, vm_size: int) -> None:
        # CPU time already used (arming, reading the job) is not the learner's: the limit counts from here.
        used = resource.getrusage(resource.RUSAGE_SELF)
        cpu = max(1, math.ceil(limits.cpu_seconds + used.ru_utime + used.ru_stime))
        wanted = (
            ("CPU", resource.RLIMIT_CPU, cpu, cpu + 1),  # SIGXCPU at the soft limit, SIGKILL a second later
            ("AS", resource.RLIMIT_AS, vm_size + (limits.memory_mb << 20), None),
            ("FSIZE", resource.RLIMIT_FSIZE, limits.file_size_mb << 20, None),
            ("NOFILE", resource.RLIMIT_NOFILE, limits.open_files, None),
            # counted per uid: hence a uid per slot in root mode (sandbox.uids); per user namespace in userns mode
            ("NPROC", resource.RLIMIT_NPROC, limits.threads, None),
            ("CORE", resource.RLIMIT_CORE, 0, None),
        )
        for name, which, soft, hard in wanted:  # hard None: the same as soft, so it cannot be raised
            self._set_rlimit(name, which, soft, soft if hard is None else hard)

    @staticmethod
    def _set_rlimit(name: str, which: int, soft: int, hard: int) -> None:
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
            if libc.prctl(libc.PR_CAPBSET_DROP, cap, 0, 0, 0) < 0 and ctypes.get_errno() != errno.EINVAL:
                _check(-1, "uid", f"prctl(PR_CAPBSET_DROP, {cap})")
        clear_ambient = libc.prctl(libc.PR_CAP_AMBIENT, libc.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
        _check(clear_ambient, "uid", "clear ambient capabilities")
        header, data = libc.CapHeader(libc.LINUX_CAPABILITY_VERSION_3, 0), (libc.CapData * 2)()
        _check(libc.capset(ctypes.byref(header), ctypes.byref(data)), "uid", "capset(0)")


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


def capabilities() -> int:
    """The effective and permitted capability sets as one mask; -1 if capget fails (for the probe)."""
    header, data = libc.CapHeader(libc.LINUX_CAPABILITY_VERSION_3, 0), (libc.CapData * 2)()
    if libc.capget(ctypes.byref(header), ctypes.byref(data)) < 0:
        return -1
    return sum((d.effective | d.permitted) << (32 * i) for i, d in enumerate(data))
