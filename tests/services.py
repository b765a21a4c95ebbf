"""Real services for the tests, started on free ports in temporary folders and stopped by their owners: a Redis
server, a throwaway PostgreSQL cluster (initdb + pg_ctl, its socket in a temporary folder), real `judge worker`s.

`make test` installs redis-server and PostgreSQL from Debian's packages (as root, as in CI). Without them a test
that needs one skips with the reason, but only when it could not have been installed (not root); as root a
missing binary fails, because then `make test` did not do its job.
"""

from __future__ import annotations

import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def binary(name: str, *patterns: str) -> str:
    """The path of a service's program, or a skip (not root) / failure (root: `make test` installs it)."""
    found = shutil.which(name) or next(iter(sorted(p for pattern in patterns for p in glob.glob(pattern))), None)
    if found:
        return found
    if os.geteuid() != 0:
        pytest.skip(f"{name} is not installed and installing it needs root (make test does it as root)")
    pytest.fail(f"{name} is missing although make test installs it (apt-get install redis-server postgresql)")


def wait_for(check: object, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():  # type: ignore[operator]
            return
        time.sleep(0.05)
    raise TimeoutError(f"{what} did not come up within {timeout:.0f} s")


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as conn:
            conn.sendall(b"PING\r\n")
            return conn.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@dataclass
class Redis:
    port: int
    proc: subprocess.Popen[bytes]
    folder: str

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @classmethod
    def start(cls) -> Redis:
        program = binary("redis-server")
        port = free_port()
        folder = tempfile.mkdtemp(prefix="mljudge-redis-")
        proc = subprocess.Popen([program, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                 "--appendonly", "no", "--dir", folder, "--loglevel", "warning"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        server = cls(port, proc, folder)
        try:
            wait_for(lambda: _answers(port), 20, "redis-server")
        except BaseException:
            server.stop()
            raise
        return server

    def stop(self) -> None:
        stop_process(self.proc)
        shutil.rmtree(self.folder, ignore_errors=True)


@dataclass
class Postgres:
    """A cluster of its own: data and socket in a temporary folder, listening on no TCP address."""

    port: int
    folder: str
    bindir: str
    user: str | None  # whom the server runs as (root may not run it: the `postgres` user then)
    databases: list[str] = field(default_factory=list)

    @property
    def socket_dir(self) -> str:
        return os.path.join(self.folder, "socket")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@/{database}?host={self.socket_dir}&port={self.port}"

    @classmethod
    def start(cls) -> Postgres:
        initdb = binary("initdb", "/usr/lib/postgresql/*/bin/initdb")
        bindir = os.path.dirname(os.path.realpath(initdb))
        user = "postgres" if os.geteuid() == 0 else None
        folder = tempfile.mkdtemp(prefix="mljudge-pg-")
        os.makedirs(os.path.join(folder, "socket"))
        if user is not None:
            for path in (folder, os.path.join(folder, "socket")):
                shutil.chown(path, user, user)
        cluster = cls(free_port(), folder, bindir, user)
        data = os.path.join(folder, "data")
        cluster._run("initdb", "-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8",
                     "--locale=C")
        cluster._run("pg_ctl", "-D", data, "-l", os.path.join(folder, "log"), "-w", "-t", "60", "start", "-o",
                     f"-p {cluster.port} -k {cluster.socket_dir} -c listen_addresses='' -c fsync=off "
                     "-c full_page_writes=off -c max_connections=60")
        return cluster

    def _run(self, program: str, *args: str) -> None:
        done = subprocess.run([os.path.join(self.bindir, program), *args], user=self.user, capture_output=True,
                              text=True, timeout=120, cwd=self.folder)
        if done.returncode != 0:
            raise RuntimeError(f"{program} failed: {done.stderr.strip() or done.stdout.strip()}")

    def create_database(self, name: str) -> str:
        self._run("createdb", "-h", self.socket_dir, "-p", str(self.port), "-U", "postgres", name)
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", os.path.join(self.folder, "data"), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def stop_process(proc: subprocess.Popen[bytes] | subprocess.Popen[str], grace: float = 10) -> None:
    """SIGTERM, then SIGKILL after `grace` seconds; always reaped."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(grace)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


def judge_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "mljudge.cli", *args]
