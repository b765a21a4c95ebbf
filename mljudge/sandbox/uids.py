"""Unprivileged uids for jailed children, one block per judge process on this host.

RLIMIT_NPROC counts every process and thread of a uid, whoever started it. When every judge numbered its slots
from the same uid, one learner's threads in one `judge serve` counted against an innocent submission in
another (a teacher's `judge grade`, a second server) and made it fail. So each pool takes a block of uids of
its own, held by an exclusive lock on a file for as long as the pool lives: the kernel drops the lock when the
process dies, however it dies, so a block is never leaked and never shared by two live pools.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
from dataclasses import dataclass

FIRST_UID = 60000
BLOCK_SIZE = 64  # uids per pool: zygotes per flavour × flavours, with room for replacements
BLOCKS = 512  # blocks on one host: uids 60000 … 92767
LAST_UID = FIRST_UID + BLOCK_SIZE * BLOCKS - 1


class NoUidBlock(RuntimeError):
    """Every block is held by another live judge on this host."""


@dataclass
class UidBlock:
    """Uids `first` … `first + BLOCK_SIZE - 1`, ours while `fd` holds the lock."""

    first: int
    fd: int

    def uid(self, slot: int) -> int:
        if not 0 <= slot < BLOCK_SIZE:
            raise ValueError(f"slot {slot} is outside the uid block (0…{BLOCK_SIZE - 1})")
        return self.first + slot

    def release(self) -> None:
        if self.fd >= 0:
            with contextlib.suppress(OSError):
                os.close(self.fd)  # closing the only descriptor drops the lock
            self.fd = -1


def lock_dir() -> str:
    """Where the lock files live: /run/mljudge for root (as on the judge's machines), else a private temp dir."""
    base = "/run/mljudge" if os.geteuid() == 0 and os.path.isdir("/run") else os.path.join(
        tempfile.gettempdir(), f"mljudge-{os.geteuid()}")
    path = os.path.join(base, "uid-blocks")
    os.makedirs(path, mode=0o700, exist_ok=True)
    return path


def allocate() -> UidBlock:
    """The first free block, locked for this process (and its children, which share the descriptor)."""
    where = lock_dir()
    for block in range(BLOCKS):
        fd = os.open(os.path.join(where, f"{block}.lock"), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            continue
        return UidBlock(FIRST_UID + block * BLOCK_SIZE, fd)
    raise NoUidBlock(f"all {BLOCKS} uid blocks in {where} are held by other judges on this host")
