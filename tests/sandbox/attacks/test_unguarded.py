"""Defence in depth: the language policy switched off (plain Python, `().__class__...` reaches `os`), the OS
jail alone, and the same attacks still achieve nothing. That is the layer the design calls the real boundary."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from mljudge.judge.exercise import Exercise
from mljudge.sandbox.pool import Pool
from tests.sandbox.attacks.common import (
    EXPECTED_JSON,
    MARK,
    NEEDS_ROOT,
    REFERENCE_PY,
    REPO,
    assert_judge_works,
    forged_frame,
    jailed,
    nobody_connected,
    outcomes,
    refused,
    src,
    text_of,
)

pytestmark = NEEDS_ROOT


def test_unguarded_code_really_is_unguarded(gelu: Exercise, pool: Pool, unguarded: Pool) -> None:
    # the control: without the policy the prelude reaches os (so the tests below test the jail, not the policy)
    report = jailed(gelu, unguarded, 'attempt("uid", os.getuid)\nattempt("pid", os.getpid)')
    assert outcomes(report)["uid"].startswith("DONE 6")  # an unprivileged jail uid, 60000 + slot


def test_unguarded_processes(gelu: Exercise, pool: Pool, unguarded: Pool, host_paths: list[Path]) -> None:
    # fork, spawn, exec, subprocess, system(): no new process, no command run
    report = jailed(gelu, unguarded, f"""
        attempt("fork", lambda: [os.fork() for _ in range(100)])
        attempt("forkpty", os.forkpty)
        attempt("spawn", lambda: os.posix_spawn("/bin/sh", ["sh", "-c", "touch /tmp/{MARK}"], {{}}))
        attempt("execv", lambda: os.execv("/bin/sh", ["sh", "-c", "touch /tmp/{MARK}"]))
        attempt("subprocess", lambda: imp("subprocess").run(["touch", "/tmp/{MARK}"]))
        attempt("system", lambda: os.system("touch /tmp/{MARK}"))
        attempt("ctypes-fork", lambda: imp("ctypes").CDLL(None).fork())
        attempt("ctypes-system", lambda: imp("ctypes").CDLL(None).system(b"touch /tmp/{MARK}"))
        """)
    seen = outcomes(report)
    for label in ("fork", "forkpty", "spawn", "execv", "subprocess"):
        assert refused(seen[label]), (label, seen[label])
    # glibc's system() reports "the shell exited 127" when it cannot even spawn it
    assert seen["system"] == seen["ctypes-system"] == f"DONE {127 << 8}"
    assert seen["ctypes-fork"] == "DONE -1"


def test_unguarded_thread_bomb(gelu: Exercise, pool: Pool, unguarded: Pool) -> None:
    # threads are allowed, but only as many as RLIMIT_NPROC
    report = jailed(gelu, unguarded, """
        threading = imp("threading")
        stop = threading.Event()
        def bomb():
            threads = []
            for _ in range(10000):
                t = threading.Thread(target=stop.wait)
                t.start()
                threads.append(t)
        attempt("threads", bomb)
        stop.set()
        """)
    assert outcomes(report)["threads"] == "REFUSED RuntimeError"  # can't start new thread


def test_unguarded_network(gelu: Exercise, pool: Pool, unguarded: Pool, listener: tuple[int, socket.socket]) -> None:
    # TCP to the host's loopback, UDP, a unix socket, a raw socket: no socket at all
    port, server = listener
    report = jailed(gelu, unguarded, f"""
        socket = imp("socket")
        attempt("tcp", lambda: socket.create_connection(("127.0.0.1", {port}), timeout=1))
        attempt("udp", lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b"x", ("127.0.0.1", {port})))
        attempt("unix", lambda: socket.socket(socket.AF_UNIX))
        attempt("raw", lambda: socket.socket(socket.AF_INET, socket.SOCK_RAW, 1))
        attempt("pair", socket.socketpair)
        """)
    assert all(v == "REFUSED PermissionError" for v in outcomes(report).values()), outcomes(report)
    assert len(outcomes(report)) == 5
    assert nobody_connected(server)


def test_unguarded_filesystem(gelu: Exercise, pool: Pool, unguarded: Pool, host_paths: list[Path]) -> None:
    # read the judge's files, write the host's, look around: only a read-only Python and a private /tmp exist
    report = jailed(gelu, unguarded, f"""
        def write(path):
            with open(path, "w") as f:
                f.write("pwned")
        attempt("read-expected", lambda: open({str(EXPECTED_JSON)!r}).read())
        attempt("read-reference", lambda: open({str(REFERENCE_PY)!r}).read())
        attempt("read-shadow", lambda: open("/etc/shadow").read())
        attempt("proc", lambda: os.listdir("/proc"))
        attempt("write-checkout", lambda: write({str(REPO / f"{MARK}.npy")!r}))
        attempt("write-root", lambda: write("/root/{MARK}.npy"))
        attempt("write-usr", lambda: write("/usr/{MARK}"))
        attempt("write-tmp", lambda: write("/tmp/{MARK}"))
        attempt("mkdir-home", lambda: os.makedirs("/home/{MARK}"))
        attempt("listdir", lambda: sorted(os.listdir("/")))
        """)
    seen = outcomes(report)
    for label in ("read-expected", "read-reference", "read-shadow", "proc", "write-checkout", "write-root",
                  "write-usr", "mkdir-home"):
        assert refused(seen[label]), (label, seen[label])
    assert seen["write-tmp"] == "DONE None"  # the private tmpfs: gone with the child
    assert "'proc'" not in seen["listdir"] and "'sys'" not in seen["listdir"] and "'home'" not in seen["listdir"]


def test_unguarded_environment(gelu: Exercise, secret_pool: tuple[Pool, str], unguarded: Pool) -> None:
    # the whole environment, printed
    fresh, secret = secret_pool
    report = jailed(gelu, fresh, 'attempt("env", lambda: dict(os.environ))')
    assert outcomes(report)["env"].startswith("DONE")
    assert secret not in text_of(report)


def test_unguarded_kills(gelu: Exercise, pool: Pool, unguarded: Pool) -> None:
    # signal the zygote, every process, the process group; raise our own limits; become root again
    report = jailed(gelu, unguarded, """
        signal = imp("signal")
        resource = imp("resource")
        attempt("kill-parent", lambda: os.kill(os.getppid(), signal.SIGKILL))
        attempt("kill-all", lambda: os.kill(-1, signal.SIGKILL))
        attempt("kill-group", lambda: os.killpg(0, signal.SIGKILL))
        attempt("kill-init", lambda: os.kill(1, signal.SIGKILL))
        attempt("raise-cpu", lambda: resource.setrlimit(resource.RLIMIT_CPU, (10**6, 10**6)))
        attempt("raise-as", lambda: resource.setrlimit(resource.RLIMIT_AS, (-1, -1)))
        attempt("setuid", lambda: os.setuid(0))
        attempt("chroot", lambda: os.chroot("/tmp"))
        attempt("unshare", lambda: imp("ctypes").CDLL(None, use_errno=True).unshare(0x10000000) or "ok")
        """)
    seen = outcomes(report)
    for label in ("kill-parent", "kill-all", "kill-group", "kill-init", "setuid", "chroot"):
        assert refused(seen[label]), (label, seen[label])
    assert seen["raise-cpu"] == seen["raise-as"] == "REFUSED ValueError"  # "not allowed to raise maximum limit"
    assert seen["unshare"] == "DONE -1"
    assert_judge_works(gelu, pool, "numpy")


def test_unguarded_ignoring_signals(fast: Exercise, pool: Pool, unguarded: Pool) -> None:
    # SIGXCPU and SIGTERM ignored, then spin: the hard CPU limit (SIGKILL) or the wall clock still ends it
    jailed(fast, unguarded, """
        signal = imp("signal")
        for sig in (signal.SIGXCPU, signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(sig, signal.SIG_IGN)
        while True:
            pass
        """, verdict="time_limit")


def test_unguarded_sleep(fast: Exercise, pool: Pool, unguarded: Pool) -> None:
    # time.sleep: no CPU used, so only the wall clock stops it
    jailed(fast, unguarded, 'imp("time").sleep(1000)', verdict="time_limit")


def test_unguarded_exits(gelu: Exercise, pool: Pool, unguarded: Pool) -> None:
    # os._exit at import, os.abort, a segfault: runtime errors, and the zygote carries on
    jailed(gelu, unguarded, "os._exit(0)", verdict="runtime_error")
    jailed(gelu, unguarded, "os._exit(70)", verdict="runtime_error")  # the code the child uses for its own failure
    jailed(gelu, unguarded, "os._exit(71)", verdict="runtime_error")
    jailed(gelu, unguarded, "os.abort()", verdict="runtime_error")
    jailed(gelu, unguarded, 'imp("ctypes").string_at(0)', verdict="runtime_error")
    deep = "deep = []\nfor _ in range(10**6):\n    deep = [deep]\nsys.setrecursionlimit(10**8)\nrepr(deep)"
    jailed(gelu, unguarded, deep, verdict="runtime_error")  # C recursion past the stack: SIGSEGV
    assert_judge_works(gelu, pool, "numpy")


def test_unguarded_result_pipe(gelu: Exercise, pool: Pool, unguarded: Pool) -> None:
    # write straight to the pipe the child reports on: garbage, then far too much
    find_pipe = src("""
        stat = imp("stat")
        def is_pipe(fd):
            try:
                return stat.S_ISFIFO(os.fstat(fd).st_mode)
            except OSError:
                return False
        pipe = [fd for fd in range(3, 64) if is_pipe(fd)][0]
        """)
    jailed(gelu, unguarded, find_pipe + 'os.write(pipe, b"\\xff" * 100)\n', verdict="runtime_error")
    # zeros read as a frame with an empty header: garbage, caught at once rather than after 16 MB
    jailed(gelu, unguarded, find_pipe + 'while True:\n    os.write(pipe, b"\\0" * 2**20)\n', verdict="runtime_error")
    assert_judge_works(gelu, pool, "numpy")


FORGED_FRAMES = {
    # a line number JSON reads as infinity: int() of it raised OverflowError in the judge
    "infinite-line-number": repr('{"event": "call", "id": "example-1", "ok": false, "error": {"type": "E", '
                                 '"message": "", "kind": "error", "frames": [[1e400, "gelu"]]}}'),
    # a header nested far deeper than the JSON parser's recursion limit: RecursionError in the judge
    "deep-json": "'[' * 100_000 + ']' * 100_000",
    # an array whose shape overflows every integer type, with no data
    "huge-shape": repr('{"event": "call", "id": "example-1", "ok": true, "value": {"t": "array", "dtype": "<f8", '
                       '"shape": [0, 18446744073709551616], "off": 0, "len": 0}}'),
    # "done" with no case answered, then garbage
    "done-then-garbage": repr('{"event": "done"}'),
}


@pytest.mark.parametrize("header", FORGED_FRAMES.values(), ids=FORGED_FRAMES.keys())
def test_unguarded_forged_frames(gelu: Exercise, pool: Pool, unguarded: Pool, header: str) -> None:
    # write the child's report frames by hand: the judge must read them as the submission's garbage, never crash
    body = forged_frame(header, pipe=0, tail='b"\\xff" * 64', then="os._exit(0)")
    report = jailed(gelu, unguarded, body, verdict="runtime_error")
    assert report.passed == 0
    assert_judge_works(gelu, pool, "numpy")
