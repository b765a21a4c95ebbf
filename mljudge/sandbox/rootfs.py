"""The allow-listed read-only root a `Jail` pivots into: which host paths appear in it, and how they are bound.

Planned once in the zygote (`plan_root`), so that each forked child only replays a list of mkdir/bind/remount
calls (`Jail._build_root` in `sandbox.isolation`). Nothing is visible in the jail unless it is planned here.
"""

from __future__ import annotations

import os
import stat
import sys
import sysconfig
from collections.abc import Sequence
from dataclasses import dataclass

# mount(2) and umount2(2) flags from <linux/mount.h>: neither os nor ctypes names them.
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REMOUNT = 0x1, 0x2, 0x4, 0x8, 0x20
MS_NOATIME, MS_NODIRATIME, MS_BIND, MS_REC = 0x400, 0x800, 0x1000, 0x4000
MS_PRIVATE, MS_RELATIME = 1 << 18, 1 << 21
MNT_DETACH = 2

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
OLD_ROOT = b"/.oldroot"  # where the host's root sits right after pivot_root, until it is detached

# The checkout a development install runs from: mljudge/sandbox/rootfs.py, three levels up.
_JUDGE_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))


def python_readable_paths() -> list[str]:
    """What a zygote passes as `readable_paths`: the interpreter's prefix, stdlib and site-packages, and the
    folders their .pth files add to sys.path (libraries installed elsewhere and linked in, as a shared venv's
    site-packages is): whatever the interpreter imports from, in every layout pip makes.

    Never the project checkout, although an editable install puts it on sys.path."""
    import site

    names = ("stdlib", "platstdlib", "purelib", "platlib")
    site_dirs = {*(sysconfig.get_path(name) for name in ("purelib", "platlib")), *site.getsitepackages()}
    paths = {sys.base_prefix, *(sysconfig.get_path(name) for name in names), *site_dirs}
    paths |= {path for site_dir in site_dirs if site_dir for path in pth_paths(site_dir)}
    return sorted(path for path in paths if path and os.path.isdir(path))


def pth_paths(site_dir: str) -> list[str]:
    """The folders the .pth files of `site_dir` put on sys.path, as `site` reads them: a line that is a path
    (relative to `site_dir`) and exists; comments and `import` lines add none. A folder holding the judge's own
    checkout is left out (an editable install's .pth may name it)."""
    found = []
    try:
        names = sorted(name for name in os.listdir(site_dir) if name.endswith(".pth"))
    except OSError:
        return []
    for name in names:
        try:
            with open(os.path.join(site_dir, name), encoding="utf-8", errors="replace") as file:
                lines = file.read().splitlines()
        except OSError:
            continue
        for line in lines:
            if not line.strip() or line.startswith("#") or line.startswith(("import ", "import\t")):
                continue
            path = os.path.realpath(os.path.join(site_dir, line.rstrip()))
            if os.path.isdir(path) and not _exposes_checkout(path):
                found.append(path)
    return found


def _exposes_checkout(path: str) -> bool:
    return os.path.exists(os.path.join(_JUDGE_ROOT, "pyproject.toml")) and _is_under(_JUDGE_ROOT, path)


@dataclass(frozen=True)
class Bind:
    source: bytes  # as seen after pivot_root, under the old root
    target: bytes
    remount_flags: int


@dataclass(frozen=True)
class RootPlan:
    dirs: tuple[bytes, ...]  # parents first
    files: tuple[bytes, ...]  # empty files to bind single files (device nodes, ld.so.cache) onto
    symlinks: tuple[tuple[bytes, bytes], ...]  # (where, points to)
    binds: tuple[Bind, ...]
    masks: tuple[bytes, ...] = ()  # directories under a bind, covered by an empty read-only tmpfs
    staging: bytes = b"/mnt"  # where the new root is assembled before pivot_root


def _is_under(path: str, parent: str) -> bool:
    return path == parent or path.startswith(parent.rstrip("/") + "/")


def plan_root(readable_paths: Sequence[str], hidden_paths: Sequence[str] = ()) -> RootPlan:
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
        if _exposes_checkout(real):
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

    return RootPlan(
        dirs=tuple(os.fsencode(d) for d in sorted(dirs, key=lambda d: (d.count("/"), d))),
        files=tuple(os.fsencode(f) for f in files),
        symlinks=tuple((os.fsencode(where), os.fsencode(to)) for where, to in symlinks.items()),
        binds=tuple(
            Bind(OLD_ROOT + os.fsencode(path), os.fsencode(path), flags(path, extra))
            for path, extra in sorted(binds, key=lambda b: (b[0].count("/"), b[0]))
        ),
        masks=tuple(os.fsencode(m) for m in _masks(hidden_paths, [b for b, _ in binds])),
        staging=os.fsencode(_staging([b for b, _ in binds])),
    )


def _masks(hidden_paths: Sequence[str], bound: Sequence[str]) -> list[str]:
    """The hidden folders to cover: only what a bind would show (one outside every bind is invisible already),
    and not one inside another (the outer mask hides it, and its mount point is gone under that mask)."""
    shown = sorted({os.path.realpath(h) for h in hidden_paths if os.path.isdir(h)}, key=len)
    masks: list[str] = []
    for path in shown:
        if any(_is_under(path, b) for b in bound) and not any(_is_under(path, m) for m in masks):
            masks.append(path)
    return masks


def _staging(bound: Sequence[str]) -> str:
    for candidate in _STAGING_CANDIDATES:
        if (os.path.isdir(candidate) and not os.path.islink(candidate)
                and not any(_is_under(path, candidate) or _is_under(candidate, path) for path in bound)):
            return candidate
    raise ValueError(f"no directory to assemble the jail's root in: each of {', '.join(_STAGING_CANDIDATES)} "
                     "is missing or holds a path the jail binds")
