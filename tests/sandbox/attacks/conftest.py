"""Fixtures of the attack tests: the check after every attack that nothing was left behind, host paths that
must stay untouched, faster limits, a pool holding a secret, a listening socket, and the unguarded pool."""

from __future__ import annotations

import dataclasses
import os
import socket
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from mljudge import sandbox
from mljudge.judge.exercise import Exercise
from mljudge.judge.pools import new_pool
from mljudge.sandbox import policy
from mljudge.sandbox.limits import Limits
from mljudge.sandbox.pool import Pool
from tests.sandbox.attacks.common import ARMED_CPU_SECONDS, JAIL_UIDS, MARK, PWNED, REPO, is_zygote, processes

TEARDOWN_SECONDS = 5.0


@pytest.fixture(autouse=True)
def no_strays() -> Iterator[None]:
    """After every attack: the test process has no new children but zygotes; a zygote has at most one jailed
    child, and that one is the next child, armed and idle (a child that outlived its run would have used CPU);
    no jailed process runs under another jailed process (a fork got out), or anywhere but under a zygote or a
    test process (test_isolation forks jailed children from pytest itself, possibly in a concurrent run): an
    escaped fork is reparented to init or a subreaper."""
    me = os.getpid()
    before = {pid for pid, (ppid, *_) in processes().items() if ppid == me}
    yield
    now = processes()
    ours = {pid for pid, (ppid, _, cmd, _) in now.items() if ppid == me and is_zygote(cmd)}
    strays = {pid: cmd for pid, (ppid, _, cmd, _) in now.items() if ppid == me and pid not in before | ours}
    assert not strays, f"children of the test process that are not zygotes: {strays}"
    jailed = {pid: (ppid, cpu) for pid, (ppid, uid, _, cpu) in now.items() if uid in JAIL_UIDS}
    under_zygotes = [ppid for ppid, _ in jailed.values() if ppid in ours]
    assert len(under_zygotes) == len(set(under_zygotes)), "a zygote has more than one jailed child"
    busy = {pid: cpu for pid, (ppid, cpu) in jailed.items() if ppid in ours and cpu > ARMED_CPU_SECONDS}
    # A child that finished and said so is answered before its teardown (sandbox.pool): freeing what it built
    # (200,000 nested lists) may still be under way. It is gone within the teardown's time; one that outlived
    # its run is not.
    deadline = time.monotonic() + TEARDOWN_SECONDS
    while busy and time.monotonic() < deadline:
        time.sleep(0.05)
        busy = {pid: cpu for pid, cpu in busy.items() if pid in processes()}
    assert not busy, f"a jailed child outlived its run: {busy}"
    assert not {pid for pid, (ppid, _) in jailed.items() if ppid in jailed}, "a jailed process has a child"
    parents = {pid: now[ppid][2] if ppid in now else "" for pid, (ppid, _) in jailed.items()}
    escaped = {pid: cmd for pid, cmd in parents.items() if not (is_zygote(cmd) or "pytest" in cmd)}
    assert not escaped, f"jailed processes outside any zygote: {escaped}"
    assert not Path(PWNED).exists(), "an attack ran a command on the host"


@pytest.fixture
def host_paths() -> Iterator[list[Path]]:
    """Paths on the host that attacks try to create; each must not exist afterwards (and is removed if it does)."""
    paths = [Path(p) for p in (f"/tmp/{MARK}", f"/tmp/{MARK}.npy", f"/tmp/{MARK}.pt", f"/tmp/{MARK}.txt",
                               REPO / f"{MARK}.npy", REPO / f"{MARK}.pt", f"/root/{MARK}.npy", f"/root/{MARK}.pt",
                               REPO / "mljudge" / "exercises" / "gelu" / f"{MARK}.json")]
    yield paths
    created = [p for p in paths if p.exists()]
    for p in created:
        p.unlink()
    assert not created, f"attacks created files on the host: {created}"


@pytest.fixture
def fast(gelu: Exercise) -> Exercise:
    """GELU with tighter time limits (1 s CPU, 2 s wall): the same verdicts, a quicker suite."""
    return dataclasses.replace(gelu, limits=Limits.from_mapping({"cpu_seconds": 1, "wall_seconds": 2}, gelu.limits))


@pytest.fixture(scope="package")
def secret_pool() -> Iterator[tuple[Pool, str]]:
    """A pool started after a secret was put in the judge's environment (one for the package: starting a pool per
    test cost seconds each; the secret leaves the environment when the package is done). Its children are told no
    vocabulary: the routes to the environment use library corners (np.loadtxt of /proc) that the exercise's rule
    refuses first, and it is the jail that is under test."""
    secret = f"s3cr3t-{uuid.uuid4().hex}"
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setenv("MLJUDGE_ATTACK_SECRET", secret)
        monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", secret)
        from mljudge.judge.pools import hidden

        fresh = Pool(1, hidden=hidden(), allow_unconfined=os.environ.get("MLJUDGE_ALLOW_UNCONFINED") == "1")
        try:
            yield fresh, secret
        finally:
            fresh.close()


@pytest.fixture
def listener() -> Iterator[tuple[int, socket.socket]]:
    """A real TCP server on the host's loopback; the test asserts nobody connected."""
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    server.setblocking(False)
    try:
        yield server.getsockname()[1], server
    finally:
        server.close()


@pytest.fixture(scope="package")
def bare_pool() -> Iterator[Pool]:
    """Zygotes whose children run without the tripwires that cannot be undone: no audit hook, no replaced kernels,
    no index of the libraries' private objects. What such a child can do, only the OS jail limits. One for the
    package (test_jail.py and test_unguarded.py)."""
    bare = new_pool(1, unguarded=True)
    try:
        yield bare
    finally:
        bare.close()


@pytest.fixture
def unguarded(monkeypatch: pytest.MonkeyPatch, bare_pool: Pool) -> Pool:
    """judged() compiles submissions as plain Python: no static policy, no attribute guards, and runs them in the
    bare pool. The tripwire's builtins remain (so `import os` is still refused), but `().__class__...` reaches
    everything."""

    def plain(raw: str | bytes, rules: policy.Rules, filename: str = "solution.py",
              function: str = "") -> policy.Program:
        source = policy.decode_source(raw)
        return policy.Program(compile(source, filename, "exec", dont_inherit=True), source, filename, frozenset())

    monkeypatch.setattr(sandbox, "vet", plain)  # the front door, where grade() finds it
    return bare_pool


@pytest.fixture(scope="package")
def every_layer_but_the_vocabulary() -> Iterator[Pool]:
    """Every layer of the sandbox, its children told no vocabulary: what the audit hook and the jail hold alone."""
    from mljudge.judge.pools import hidden

    pool = Pool(1, hidden=hidden(), allow_unconfined=os.environ.get("MLJUDGE_ALLOW_UNCONFINED") == "1")
    yield pool
    pool.close()
