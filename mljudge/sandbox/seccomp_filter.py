"""The seccomp policy for a learner's child process, compiled once to classic BPF.

Compiling with libseccomp (through `pyseccomp`) costs ~20 ms, so the zygote does it once; each child only
patches its own pid into the program and loads it with one prctl (see `sandbox.isolation`).

Policy: allow by default, fail the dangerous calls with EPERM so that learner code sees a plain
`PermissionError` instead of dying mysteriously. Syscalls of a foreign ABI (i386 via int 0x80, x32) kill the
process: libseccomp emits that arch check itself. Syscalls newer than libseccomp knows (the kernel may be
years ahead of the distribution's libseccomp, and a deny-list cannot name what it has never heard of) fail
with ENOSYS, which is what libraries expect from an older kernel and fall back from.
"""

from __future__ import annotations

import ctypes
import errno
import os
import struct
from dataclasses import dataclass
from typing import Any

# Never a real pid (pid_max is at most 2**22) and never a syscall number or flag value that libseccomp could
# emit elsewhere in the program: every BPF constant equal to it is this placeholder, patched in the child.
PID_PLACEHOLDER = 0x5EC0C1D0

_CLONE_THREAD = 0x00010000
_MAX_SYSCALL_NUMBER = 1024  # every architecture's native table ends well below this
_PRIO_PROCESS = 0
_TIOCSTI, _TIOCLINUX, _FIOSETOWN, _SIOCSPGRP = 0x5412, 0x541C, 0x8901, 0x8902
_F_SETOWN, _F_SETSIG, _F_SETOWN_EX = 8, 10, 15

DENIED: tuple[str, ...] = (
    # network: no sockets at all (the net namespace is a second wall)
    "socket", "socketpair", "connect", "bind", "listen", "accept", "accept4",
    # new programs and new processes (threads are allowed through `clone`, below)
    "execve", "execveat", "fork", "vfork",
    # reaching into other processes
    "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_open", "pidfd_getfd",
    "pidfd_send_signal", "process_madvise", "process_mrelease", "move_pages", "migrate_pages",
    "tkill",  # takes a bare tid that may belong to any process; glibc only uses tgkill
    "ioprio_set",  # IOPRIO_WHO_USER would reach every process of the uid
    # mounts and namespaces: the jail must stay as built
    "mount", "umount2", "pivot_root", "chroot", "unshare", "setns", "fsopen", "fsconfig", "fsmount",
    "fspick", "open_tree", "move_mount", "mount_setattr",
    # kernel attack surface a numeric exercise never needs
    "bpf", "perf_event_open", "userfaultfd", "io_uring_setup", "io_uring_enter", "io_uring_register",
    "keyctl", "add_key", "request_key", "kexec_load", "kexec_file_load", "init_module", "finit_module",
    "delete_module", "reboot", "swapon", "swapoff", "acct", "quotactl", "quotactl_fd", "syslog",
    "vhangup", "iopl", "ioperm", "modify_ldt", "uselib", "lookup_dcookie", "fanotify_init",
    "open_by_handle_at", "name_to_handle_at", "personality", "mknod", "mknodat",
    "settimeofday", "clock_settime", "clock_adjtime", "adjtimex",
    # memory the address-space limit does not count: a memfd filled with write() (~1 GB beyond a 512 MB
    # RLIMIT_AS was seen) and System V shared memory live in the page cache, not in the process's mappings
    "memfd_create", "memfd_secret", "shmget", "shmat", "shmctl", "shmdt",
    "msgget", "msgsnd", "msgrcv", "msgctl", "semget", "semop", "semtimedop", "semctl",
)  # fmt: skip

# Signals may only go to the child itself. In root mode the uid drop already guarantees that; in userns mode
# the child keeps the zygote's uid, so the kernel would let it signal the zygote and every sibling. The pid is
# unknown until fork, hence the placeholder. `kill(0|-1|-pgrp)` and `tkill` are refused too.
SELF_ONLY_ARG0: tuple[str, ...] = ("kill", "tgkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo")

# (syscall, argument index, value): EPERM unless that argument is exactly `value` (0 = "the caller").
# Same reason as above: with a shared uid these would let the child throttle or re-limit the zygote.
# glibc's setrlimit/getrlimit use prlimit64(0, ...); os.nice uses setpriority(PRIO_PROCESS, 0, ...).
ONLY_VALUE: tuple[tuple[str, int, int], ...] = (
    ("prlimit64", 0, 0),
    ("setpriority", 0, _PRIO_PROCESS),
    ("setpriority", 1, 0),
    ("sched_setaffinity", 0, 0),
    ("sched_setscheduler", 0, 0),
    ("sched_setparam", 0, 0),
    ("sched_setattr", 0, 0),
)

# (syscall, argument index, value): EPERM when the low 32 bits equal `value`. Masked, because the kernel
# reads these as 32-bit ints and ignores the high half that an attacker can fill (flatpak's CVE-2019-10063).
# TIOCSTI fakes keystrokes on an inherited terminal (still enabled on this kernel: dev.tty.legacy_tiocsti=1);
# F_SETOWN & co. would make the kernel deliver SIGIO (or any signal via F_SETSIG) to another process.
DENIED_VALUES: tuple[tuple[str, int, int], ...] = (
    ("ioctl", 1, _TIOCSTI),
    ("ioctl", 1, _TIOCLINUX),
    ("ioctl", 1, _FIOSETOWN),
    ("ioctl", 1, _SIOCSPGRP),
    ("fcntl", 1, _F_SETOWN),
    ("fcntl", 1, _F_SETSIG),
    ("fcntl", 1, _F_SETOWN_EX),
)


@dataclass(frozen=True)
class CompiledFilter:
    program: bytes  # struct sock_filter[] for the native architecture
    pid_offsets: tuple[int, ...]  # byte offsets of the 32-bit `k` fields that must receive the child's pid
    skipped: tuple[str, ...]  # syscalls this architecture does not have (e.g. fork, vfork on aarch64)
    newest: int  # the highest syscall number allowed at all; above it, ENOSYS


def compile_filter() -> CompiledFilter:
    """Build the policy with libseccomp. Raises OSError/RuntimeError if libseccomp is unusable."""
    import pyseccomp as sc  # imported here: only the zygote needs libseccomp, and only once

    eperm = sc.ERRNO(errno.EPERM)
    filt = sc.SyscallFilter(sc.ALLOW)
    filt.set_attr(sc.Attr.ACT_BADARCH, sc.KILL_PROCESS)
    skipped: list[str] = []

    def add(action: int, name: str, *args: object) -> None:
        if sc.resolve_syscall(sc.Arch.NATIVE, name) < 0:  # unknown here, or a pseudo-number for another arch
            skipped.append(name)
            return
        filt.add_rule(action, name, *args)

    for name in DENIED:
        add(eperm, name)
    # glibc >= 2.34 tries clone3 first and falls back to clone on ENOSYS; clone3 passes its flags in memory,
    # where BPF cannot look, so it must go entirely.
    add(sc.ERRNO(errno.ENOSYS), "clone3")
    # Threads (torch, OpenBLAS, threading.Thread) set CLONE_THREAD; fork-like clones do not.
    add(eperm, "clone", sc.Arg(0, sc.MASKED_EQ, _CLONE_THREAD, 0))
    for name in SELF_ONLY_ARG0:
        add(eperm, name, sc.Arg(0, sc.NE, PID_PLACEHOLDER))
    for name, index, value in ONLY_VALUE:
        add(eperm, name, sc.Arg(index, sc.NE, value))
    for name, index, value in DENIED_VALUES:
        add(eperm, name, sc.Arg(index, sc.MASKED_EQ, 0xFFFFFFFF, value))

    fd = os.memfd_create("mljudge-seccomp")
    try:
        with os.fdopen(os.dup(fd), "wb") as out:
            filt.export_bpf(out)
        program = os.pread(fd, os.fstat(fd).st_size, 0)
    finally:
        os.close(fd)
    newest = _newest_known_syscall(sc)
    program = _enosys_above(newest) + program  # BPF jumps are relative: prepending keeps libseccomp's intact
    return CompiledFilter(program, _placeholder_offsets(program), tuple(skipped), newest)


def _newest_known_syscall(sc: Any) -> int:
    """The highest native syscall number this libseccomp can name (Debian 12's 2.5.4: 456, futex_requeue)."""
    lib = sc._libseccomp
    lib.seccomp_arch_native.restype = ctypes.c_uint32
    lib.seccomp_syscall_resolve_num_arch.restype = ctypes.c_void_p  # a malloc'd name, or NULL
    lib.seccomp_syscall_resolve_num_arch.argtypes = (ctypes.c_uint32, ctypes.c_int)
    free = ctypes.CDLL(None).free
    free.argtypes = (ctypes.c_void_p,)
    arch, newest = lib.seccomp_arch_native(), -1
    for number in range(_MAX_SYSCALL_NUMBER):
        name = lib.seccomp_syscall_resolve_num_arch(arch, number)
        if name:
            free(name)
            newest = number
    if newest < 0:
        raise RuntimeError("libseccomp names no syscall for this architecture")
    return newest


def _enosys_above(newest: int) -> bytes:
    """`if newest < nr < X32_SYSCALL_BIT: return ERRNO(ENOSYS)`, run before libseccomp's own program. x32
    numbers (that bit set) go on to libseccomp's ABI check, which kills the process."""
    bpf_ld_w_abs, bpf_jmp_jgt_k, bpf_jmp_jge_k, bpf_ret_k = 0x20, 0x25, 0x35, 0x06
    seccomp_ret_errno, x32_syscall_bit = 0x00050000, 0x40000000
    return b"".join(struct.pack("=HBBI", *insn) for insn in (
        (bpf_ld_w_abs, 0, 0, 0),  # seccomp_data.nr
        (bpf_jmp_jgt_k, 0, 2, newest),  # known to libseccomp: on to its program
        (bpf_jmp_jge_k, 1, 0, x32_syscall_bit),  # x32: on to its program
        (bpf_ret_k, 0, 0, seccomp_ret_errno | errno.ENOSYS),
    ))


def _placeholder_offsets(program: bytes) -> tuple[int, ...]:
    """Offsets of `k` in every `jeq #PID_PLACEHOLDER`; refuse a program where it shows up anywhere else."""
    bpf_jmp_jeq_k = 0x15
    offsets = []
    for index, (code, _jt, _jf, k) in enumerate(struct.iter_unpack("=HBBI", program)):
        if k == PID_PLACEHOLDER:
            if code != bpf_jmp_jeq_k:
                raise RuntimeError(f"pid placeholder in an unexpected BPF instruction (code {code:#x})")
            offsets.append(index * 8 + 4)
    if not offsets:  # libseccomp shares one comparison between syscalls with identical rules
        raise RuntimeError("no pid comparison found in the BPF")
    return tuple(offsets)
