"""The Linux calls the jail makes that Python's `os` does not wrap: constants from the kernel headers and libc
prototypes, declared once at import (in the zygote), so that a forked child only calls them."""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from typing import cast

# <linux/sched.h>
CLONE_NEWNS, CLONE_NEWUTS, CLONE_NEWIPC = 0x00020000, 0x04000000, 0x08000000
CLONE_NEWUSER, CLONE_NEWNET = 0x10000000, 0x40000000
# <linux/prctl.h>, <linux/seccomp.h>, <linux/capability.h>
PR_SET_PDEATHSIG, PR_SET_DUMPABLE, PR_GET_SECCOMP, PR_SET_SECCOMP, PR_CAPBSET_DROP = 1, 4, 21, 22, 24
PR_SET_NO_NEW_PRIVS, PR_GET_NO_NEW_PRIVS, PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL = 38, 39, 47, 4
SECCOMP_MODE_FILTER = 2
LINUX_CAPABILITY_VERSION_3 = 0x20080522
SYS_PIVOT_ROOT = {"x86_64": 155, "aarch64": 41}  # glibc has no pivot_root() wrapper


class SockFprog(ctypes.Structure):
    _fields_ = (("len", ctypes.c_ushort), ("filter", ctypes.c_void_p))


class CapHeader(ctypes.Structure):
    _fields_ = (("version", ctypes.c_uint32), ("pid", ctypes.c_int))


class CapData(ctypes.Structure):
    _fields_ = tuple((name, ctypes.c_uint32) for name in ("effective", "permitted", "inheritable"))


_libc = ctypes.CDLL(None, use_errno=True)


def _function(name: str, *argtypes: type) -> Callable[..., int]:
    function = getattr(_libc, name)
    function.argtypes = argtypes
    function.restype = ctypes.c_long if name == "syscall" else ctypes.c_int
    return cast("Callable[..., int]", function)


_ulong, _str = ctypes.c_ulong, ctypes.c_char_p
unshare = _function("unshare", ctypes.c_int)
setns = _function("setns", ctypes.c_int, ctypes.c_int)
mount = _function("mount", _str, _str, _str, _ulong, _str)
umount2 = _function("umount2", _str, ctypes.c_int)
prctl = _function("prctl", ctypes.c_int, _ulong, _ulong, _ulong, _ulong)
capget = _function("capget", ctypes.c_void_p, ctypes.c_void_p)
capset = _function("capset", ctypes.c_void_p, ctypes.c_void_p)
socket = _function("socket", ctypes.c_int, ctypes.c_int, ctypes.c_int)  # only the probe calls it
syscall = _function("syscall", ctypes.c_long, _str, _str)  # only used for pivot_root
