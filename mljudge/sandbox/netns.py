"""One empty network namespace that root-mode children join instead of each creating their own."""

from __future__ import annotations

import os
import signal
import weakref

from mljudge.sandbox import libc


class SharedNetns:
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
                libc.prctl(libc.PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)  # dies with its zygote
                created = os.getppid() == owner and libc.unshare(libc.CLONE_NEWNET) == 0
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
        self.pid = pid
        self.path = f"/proc/{pid}/ns/net".encode()
        self.inode = os.stat(self.path).st_ino

    def join(self) -> bool:
        """In a child: True once in the shared namespace; False means "unshare a fresh one instead"."""
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_CLOEXEC)
        except OSError:
            return False
        try:
            return os.fstat(fd).st_ino == self.inode and libc.setns(fd, libc.CLONE_NEWNET) == 0
        finally:
            os.close(fd)

    def alive(self) -> bool:
        """Is the holder still there? (Only its parent, the zygote, can tell; a dead one is reaped here.)"""
        try:
            return os.waitpid(self.pid, os.WNOHANG) == (0, 0)
        except ChildProcessError:
            return False

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
