"""Real parts for the broker's tests: one Redis per session, real `judge worker` processes (at most two, one
grading at a time each: the machine has two CPUs), started, killed and replaced by the tests, and an exercise
folder with a quick copy of GELU (a 2 s time limit, so that waiting out a lost worker takes seconds)."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from mljudge.dispatch.submitter import Dispatcher, Settings
from mljudge.judge.catalog import Catalog
from tests.services import REPO, Redis, judge_command, stop_process

EXERCISES = REPO / "mljudge" / "exercises"
QUICK_LIMIT = 2


@pytest.fixture(scope="session")
def redis_server() -> Iterator[Redis]:
    server = Redis.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def exercises(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """GELU with a 2-second time limit (its expected values unchanged), and the course."""
    root = tmp_path_factory.mktemp("exercises")
    shutil.copy(EXERCISES / "course.toml", root / "course.toml")
    shutil.copytree(EXERCISES / "gelu", root / "gelu")
    toml = root / "gelu" / "exercise.toml"
    toml.write_text(re.sub(r"(?m)^wall_seconds = .*$", f"wall_seconds = {QUICK_LIMIT}", toml.read_text()))
    return root


@pytest.fixture(scope="session")
def catalog(exercises: Path) -> Catalog:
    return Catalog(exercises)


@dataclass
class Workers:
    """`judge worker`s on the session's Redis, each with its own log."""

    url: str
    exercises: Path
    logs: Path
    running: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)
    tracks: dict[str, str] = field(default_factory=dict)
    started: int = 0

    def start(self, tracks: str = "numpy,torch", *, wait: bool = True) -> str:
        self.started += 1
        name = f"w{self.started}@test"
        log = (self.logs / f"{name}.log").open("wb")
        # A worker needs no database: one that cannot be reached proves it never tries.
        env = {**os.environ, "JUDGE_DATABASE_URL": "postgresql://nobody@/none?host=/nonexistent"}
        self.running[name] = subprocess.Popen(
            judge_command("worker", "--broker", self.url, "--concurrency", "1", "--tracks", tracks, "--name", name,
                          "--exercises-dir", str(self.exercises)),
            cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT)
        log.close()
        self.tracks[name] = tracks
        if wait:
            self.wait_ready(name)
        return name

    def wait_ready(self, name: str, timeout: float = 180) -> None:
        deadline = time.monotonic() + timeout
        path = self.logs / f"{name}.log"
        while time.monotonic() < deadline:
            if f"{name} ready." in path.read_text(errors="replace"):
                return
            if self.running[name].poll() is not None:
                break
            time.sleep(0.1)
        raise RuntimeError(f"worker {name} did not start:\n{path.read_text(errors='replace')[-3000:]}")

    def pid(self, name: str) -> int:
        return self.running[name].pid

    def kill(self, name: str) -> None:
        """SIGKILL: no warm shutdown, nothing acknowledged, as when a machine dies."""
        proc = self.running.pop(name)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)

    def stop_all(self) -> None:
        for name in list(self.running):
            stop_process(self.running.pop(name), grace=15)

    def ensure(self, count: int, tracks: str = "numpy,torch") -> list[str]:
        """At least `count` workers running (more are stopped), ready."""
        for name, proc in list(self.running.items()):
            if proc.poll() is not None:
                del self.running[name]
            elif self.tracks[name] != tracks:
                stop_process(self.running.pop(name), grace=15)
        while len(self.running) > count:
            name = next(iter(self.running))
            stop_process(self.running.pop(name), grace=15)
        while len(self.running) < count:
            self.start(tracks)
        return list(self.running)


@pytest.fixture(scope="session")
def workers(redis_server: Redis, exercises: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workers]:
    pool = Workers(redis_server.url, exercises, tmp_path_factory.mktemp("worker-logs"))
    yield pool
    pool.stop_all()


@pytest.fixture
def dispatcher(redis_server: Redis) -> Iterator[Dispatcher]:
    """The web side, as one web process has it (per-client cap 2, a queue floor of 16)."""
    made = Dispatcher(redis_server.url, Settings(per_client=2, floor=16))
    made.check()
    yield made
    for key in made.redis.scan_iter("mljudge:admission:*"):  # no learner's place leaks into the next test
        made.redis.delete(key)
    made.close()
