"""Grading through Redis and real `judge worker`s: the same verdicts as in-process, a job per track's queue, and
nothing lost when a worker is SIGKILLed in the middle of a job under load: every submission gets one verdict and
one row. A job that keeps killing its workers ends as a verdict, not a loop."""

from __future__ import annotations

import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import redis

from mljudge.dispatch.jobs import Graded, GradingJob
from mljudge.dispatch.submitter import ATTEMPTS, Dispatcher
from mljudge.judge.catalog import Catalog
from mljudge.judge.localise import localise
from mljudge.store import Record, Store, new_id
from tests.dispatch.conftest import Workers
from tests.services import REPO

EXAMPLES = REPO / "mljudge" / "exercises" / "gelu" / "submissions"


def examples() -> list[tuple[str, str, str]]:
    """(verdict, file name, code) for every example submission of GELU."""
    return [(path.parent.name, path.name, path.read_text(encoding="utf-8"))
            for path in sorted(EXAMPLES.glob("*/*.py"))]


def test_a_worker_grades_as_the_judge_does(workers: Workers, dispatcher: Dispatcher, catalog: Catalog) -> None:
    workers.ensure(1)
    gelu = catalog.get("gelu")
    for verdict, name, code in examples():
        graded = dispatcher.grade(gelu, GradingJob(new_id(), "gelu", code, None), client="ann")
        report = graded.parsed()
        assert str(report.verdict) == verdict, name
        assert graded.worker.endswith("@test") and graded.attempts == 1
        assert localise(report, "ru").verdict_label  # a report in no language, sayable in any
        json.dumps(graded.to_json())  # plain JSON all the way


def test_each_track_has_its_queue(workers: Workers, redis_server: object, catalog: Catalog,
                                  dispatcher: Dispatcher) -> None:
    """A worker given only numpy never takes a PyTorch job: that waits in its own queue for a worker that does."""
    workers.stop_all()
    numpy_only = workers.start("numpy")
    gelu = catalog.get("gelu")
    torch_code = (REPO / "mljudge" / "exercises" / "gelu" / "solutions" / "torch.py").read_text()
    numpy_code = (REPO / "mljudge" / "exercises" / "gelu" / "solutions" / "numpy.py").read_text()
    answers: dict[str, str] = {}
    waiting = threading.Thread(target=lambda: answers.update(
        torch=dispatcher.grade(gelu, GradingJob(new_id(), "gelu", torch_code, None), client="bob").worker))
    waiting.start()
    assert dispatcher.grade(gelu, GradingJob(new_id(), "gelu", numpy_code, None), client="ann").worker == numpy_only
    time.sleep(1.0)
    assert "torch" not in answers
    queued = {key: dispatcher.redis.llen(key) for key in dispatcher.redis.scan_iter("mljudge.torch*")}
    assert sum(queued.values()) == 1, queued  # still waiting in the torch queue
    torch_worker = workers.start("torch")
    waiting.join(60)
    assert answers["torch"] == torch_worker


def test_a_worker_killed_mid_job_under_load_loses_nothing(workers: Workers, dispatcher: Dispatcher,
                                                          catalog: Catalog, tmp_path: Path) -> None:
    """60 mixed submissions from 8 learners at once on two workers (each learner submits again when a verdict comes
    back, as in the browser: the admission allows a learner two at a time); one worker is SIGKILLed while it grades
    (an infinite loop, so surely mid-job). Every submission still gets its verdict, once, and one row."""
    names = workers.ensure(2)
    gelu = catalog.get("gelu")
    store = Store.open(f"sqlite:///{tmp_path / 'record.sqlite3'}")
    store.upgrade()
    mixed = examples()
    endless = next(e for e in mixed if e[0] == "time_limit")
    cases = [endless if 20 <= i <= 32 and i % 3 == 2 else mixed[i % len(mixed)] for i in range(60)]
    ids = [new_id() for _ in cases]
    slow = {ids[i] for i, case in enumerate(cases) if case is endless}
    answers: dict[str, list[Graded]] = {i: [] for i in ids}
    lock = threading.Lock()

    def submit(index: int) -> None:
        _, _, code = cases[index]
        learner = f"learner-{index % 8}"
        graded = dispatcher.grade(gelu, GradingJob(ids[index], "gelu", code, None), client=learner)
        report = graded.parsed()
        with lock:
            answers[ids[index]].append(graded)
        # What the web does with an answer: one row, keyed by the submission's id.
        store.add(Record(id=ids[index], learner=learner, exercise="gelu", track=report.track, code=code,
                         verdict=str(report.verdict), passed=report.passed, total=report.total,
                         report=graded.report, judge_version="test", grade_ms=graded.grade_ms))

    victim = names[0]
    zygotes = _children(workers.pid(victim))
    assert zygotes, "the worker keeps its zygotes as child processes"
    def learner_submits(first: int) -> None:
        for index in range(first, len(cases), 8):
            submit(index)

    with ThreadPoolExecutor(8) as pool:
        futures = [pool.submit(learner_submits, first) for first in range(8)]
        killed_job = _kill_when_started(dispatcher.redis, workers, victim, slow)
        for future in futures:
            future.result(timeout=240)
    assert all(len(got) == 1 for got in answers.values())  # one verdict each, never two
    assert [str(answers[i][0].parsed().verdict) for i in ids] == [verdict for verdict, _, _ in cases]
    lost = answers[killed_job][0]
    assert lost.attempts == 2 and lost.worker != victim  # sent again, graded by the other worker
    assert store.count() == len(cases) and {r.id for r in store.export()} == set(ids)
    store.close()
    _assert_gone(zygotes)


def test_a_job_that_keeps_killing_workers_ends_as_an_internal_error(workers: Workers, dispatcher: Dispatcher,
                                                                     catalog: Catalog) -> None:
    """Whoever begins this job dies (a stand-in for a job that crashes its worker's machine): after ATTEMPTS
    workers lost, the learner gets an internal error verdict instead of a job sent round for ever."""
    workers.ensure(2)
    gelu = catalog.get("gelu")
    job = GradingJob(new_id(), "gelu", (REPO / "mljudge" / "exercises" / "gelu" / "solutions" / "numpy.py").read_text(),
                     None)
    killed: list[str] = []
    stop = threading.Event()

    def assassin() -> None:
        listener = dispatcher.redis.pubsub(ignore_subscribe_messages=True)
        listener.subscribe(f"celery-task-meta-{job.id}")
        while not stop.is_set():
            message = listener.get_message(timeout=0.2)
            if message and json.loads(message["data"])["status"] == "STARTED":
                for name in list(workers.running):
                    if workers.pid(name) == json.loads(message["data"])["result"]["pid"]:
                        workers.kill(name)
                        killed.append(name)
                        workers.start(wait=False)  # a replacement, as systemd would restart it
        listener.close()

    thread = threading.Thread(target=assassin)
    thread.start()
    try:
        graded = dispatcher.grade(gelu, job, client="ann")
    finally:
        stop.set()
        thread.join()
    report = graded.parsed()
    assert str(report.verdict) == "internal_error"
    assert len(killed) == ATTEMPTS and graded.attempts == ATTEMPTS
    assert "stopped 3 times" in localise(report, "en").message
    for name in list(workers.running):
        workers.wait_ready(name)


def _kill_when_started(client: redis.Redis, workers: Workers, victim: str, jobs: set[str]) -> str:
    """SIGKILL `victim` as soon as it begins one of `jobs` (its STARTED state, as the web hears it). Returns that
    job's id."""
    listener = client.pubsub(ignore_subscribe_messages=True)
    listener.psubscribe("celery-task-meta-*")
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            message = listener.get_message(timeout=0.5)
            if not message:
                continue
            job = message["channel"].decode().removeprefix("celery-task-meta-")
            meta = json.loads(message["data"])
            if meta["status"] == "STARTED" and job in jobs and meta["result"]["pid"] == workers.pid(victim):
                workers.kill(victim)
                return job
    finally:
        listener.close()
    raise AssertionError(f"{victim} began none of the slow jobs")


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found.update(int(c) for c in (task / "children").read_text().split())
    return found


def _assert_gone(pids: set[int]) -> None:
    """A killed worker's zygotes notice their control socket close and exit: nothing is left running."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        alive = {pid for pid in pids if Path(f"/proc/{pid}").exists() and not _zombie(pid)}
        if not alive:
            return
        time.sleep(0.2)
    raise AssertionError(f"the killed worker's zygotes still run: {sorted(alive)}")


def _zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except (OSError, IndexError):
        return False
