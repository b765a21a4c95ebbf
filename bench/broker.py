"""The queue's cost: grading in the web's own process against grading through Redis and `judge worker`s, on the
same machine, in one run.

    .venv/bin/python bench/broker.py              # 200 verdicts per row (NumPy GELU, the model solution)
    .venv/bin/python bench/broker.py --n 500
    .venv/bin/python bench/broker.py --full 500   # and the whole path: PostgreSQL, `judge serve --broker`, two
                                                 # workers, 500 mixed submissions over HTTP, a worker SIGKILLed
                                                 # in the middle; every verdict checked, every row in the database

Rows: in-process `grade_job` on a warm pool of 1 and of 2 sandboxes (the baseline), then the same job through
`Dispatcher.grade` with 1 and with 2 workers (concurrency 1 each). The queue's overhead per verdict is the queued
p50 minus the in-process p50 with as many sandboxes (target ≤ 5 ms); beside it, the queued latency minus the
worker's own grading time (what the verdict spent outside grade(): admission, Redis, the worker's Celery, the
answer's way back), which also counts the two processes' contention for the CPUs. Throughput rows keep 4
submissions in flight; ratios are against the in-process row with as many sandboxes. Redis, the workers and
PostgreSQL are started here on free ports and stopped at the end. Exits 1 when a target is missed or a verdict is wrong.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from mljudge.dispatch.jobs import GradingJob, grade_job  # noqa: E402
from mljudge.dispatch.submitter import Dispatcher, Settings  # noqa: E402
from mljudge.judge.catalog import Catalog  # noqa: E402
from mljudge.judge.pools import new_pool  # noqa: E402
from mljudge.sandbox import Pool  # noqa: E402
from mljudge.store import Store, new_id  # noqa: E402
from tests.services import Postgres, Redis, judge_command, stop_process  # noqa: E402

TARGET_OVERHEAD_MS = 5.0
IN_FLIGHT = 4
GELU = REPO / "mljudge" / "exercises" / "gelu"


@dataclass
class Row:
    way: str
    sandboxes: int
    p50_ms: float
    p90_ms: float
    outside_p50_ms: float | None  # queued rows: latency minus the worker's own grading time
    per_second: float


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(way: str, sandboxes: int, grade: Callable[[], float | None], n: int) -> Row:
    """`grade()` n times one at a time (latency), then n times with IN_FLIGHT at once (throughput). `grade`
    returns the worker's own grading time in ms for queued ways (None in process)."""
    for _ in range(10):  # warm: zygotes armed, connections open
        grade()
    latencies, overheads = [], []
    for _ in range(n):
        started = time.perf_counter()
        own = grade()
        latencies.append((time.perf_counter() - started) * 1000)
        if own is not None:
            overheads.append(latencies[-1] - own)
    started = time.perf_counter()
    with ThreadPoolExecutor(IN_FLIGHT) as pool:
        list(pool.map(lambda _: grade(), range(n)))
    per_second = n / (time.perf_counter() - started)
    return Row(way, sandboxes, statistics.median(latencies), percentile(latencies, 0.9),
               statistics.median(overheads) if overheads else None, per_second)


def overhead(rows: list[Row], sandboxes: int) -> float:
    """The queue's overhead per verdict: queued p50 minus in-process p50, with as many sandboxes."""
    p50 = {r.way: r.p50_ms for r in rows if r.sandboxes == sandboxes}
    return p50["queued"] - p50["in-process"]


class Workers:
    def __init__(self, url: str, logs: Path) -> None:
        self.url, self.logs = url, logs
        self.procs: dict[str, subprocess.Popen[bytes]] = {}

    def start(self, name: str, *, wait: bool = True) -> None:
        log = (self.logs / f"{name}.log").open("wb")
        self.procs[name] = subprocess.Popen(
            judge_command("worker", "--broker", self.url, "--concurrency", "1", "--name", name), cwd=REPO,
            stdout=log, stderr=log)
        log.close()
        deadline = time.monotonic() + 180
        while wait and f"{name} ready." not in (self.logs / f"{name}.log").read_text(errors="replace"):
            if time.monotonic() > deadline or self.procs[name].poll() is not None:
                raise SystemExit(f"worker {name} did not start:\n{(self.logs / f'{name}.log').read_text()[-2000:]}")
            time.sleep(0.1)

    def kill(self, name: str) -> None:
        proc = self.procs.pop(name)
        proc.kill()
        proc.wait()

    def stop(self) -> None:
        for proc in self.procs.values():
            stop_process(proc, grace=20)
        self.procs.clear()


def table(rows: list[Row]) -> str:
    base = {r.sandboxes: r for r in rows if r.way == "in-process"}
    lines = ["| way | sandboxes | p50 ms | p90 ms | queue overhead p50 ms | outside grading p50 ms | "
             "verdicts/s (4 in flight) | vs in-process |", "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        queued = r.way != "in-process"
        cost = f"{overhead(rows, r.sandboxes):+.1f} (target ≤ {TARGET_OVERHEAD_MS:g})" if queued else "—"
        outside = f"{r.outside_p50_ms:.1f}" if r.outside_p50_ms is not None else "—"
        ratio = f"{r.per_second / base[r.sandboxes].per_second:.2f}×" if queued else "1×"
        lines.append(f"| {r.way} | {r.sandboxes} | {r.p50_ms:.1f} | {r.p90_ms:.1f} | {cost} | {outside} | "
                     f"{r.per_second:.0f} | {ratio} |")
    return "\n".join(lines)


def bench(n: int, logs: Path) -> tuple[list[Row], bool]:
    gelu = Catalog().get("gelu")
    code = (GELU / "solutions" / "numpy.py").read_text()
    rows = []
    for size in (1, 2):
        pool = new_pool(size, per_client=size + IN_FLIGHT, max_waiting=64)
        pool.start(("numpy",))

        def in_process(pool: Pool = pool) -> None:
            grade_job(GradingJob(new_id(), "gelu", code, "numpy"), gelu, pool, client=new_id())

        try:
            rows.append(measure("in-process", size, in_process, n))
        finally:
            pool.close()
    redis = Redis.start()
    workers = Workers(redis.url, logs)
    dispatcher = Dispatcher(redis.url, Settings(per_client=IN_FLIGHT, floor=64))
    try:
        dispatcher.check()

        def queued() -> float:
            graded = dispatcher.grade(gelu, GradingJob(new_id(), "gelu", code, "numpy"), client=new_id())
            assert str(graded.parsed().verdict) == "accepted"
            return graded.grade_ms

        for size in (1, 2):
            workers.start(f"bench{size}@local")
            rows.append(measure("queued", size, queued, n))
    finally:
        workers.stop()
        dispatcher.close()
        redis.stop()
    return rows, overhead(rows, 1) <= TARGET_OVERHEAD_MS


# --- the whole path ------------------------------------------------------------------------------------------------


def examples() -> list[tuple[str, str]]:
    return [(p.parent.name, p.read_text()) for p in sorted((GELU / "submissions").glob("*/*.py"))]


def post(port: int, code: str, learner: int) -> dict[str, object]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    for _ in range(100):  # a learner told to wait (429/503) waits as told, then sends again
        connection.request("POST", "/api/exercises/gelu/submissions", body=json.dumps({"code": code}),
                           headers={"Content-Type": "application/json", "X-Forwarded-For": f"10.1.0.{learner}"})
        response = connection.getresponse()
        data = json.loads(response.read())
        if response.status == 200:
            return dict(data)
        if response.status not in (429, 503):
            raise SystemExit(f"HTTP {response.status}: {data}")
        time.sleep(float(response.getheader("Retry-After") or 1))
    raise SystemExit("never admitted")


def full(count: int, logs: Path) -> bool:
    """PostgreSQL, Redis, `judge serve --broker`, two workers; `count` mixed submissions from 16 learners; a
    worker SIGKILLed (and restarted) in the middle. True when every verdict is right and every row is there."""
    sys.path.insert(0, str(REPO / "bench"))
    from load import started_server

    cases = [examples()[i % len(examples())] for i in range(count)]
    postgres, redis = Postgres.start(), Redis.start()
    workers = Workers(redis.url, logs)
    database = postgres.create_database("mljudge")
    try:
        workers.start("w1@local")
        workers.start("w2@local")
        env = {"JUDGE_DATABASE_URL": database, "JUDGE_BROKER_URL": redis.url, "JUDGE_RATE_LIMIT": "1000000/minute",
               "JUDGE_MAX_PER_CLIENT": "4", "JUDGE_MAX_PENDING": "64"}
        with started_server(env=env) as served:
            port = int(served.url.rsplit(":", 1)[1])
            answers: list[dict[str, object]] = [{} for _ in cases]
            done = [0]
            lock = threading.Lock()

            def one(index: int) -> None:
                answers[index] = post(port, cases[index][1], index % 16)
                with lock:
                    done[0] += 1

            started = time.perf_counter()
            with ThreadPoolExecutor(16) as pool:
                futures = [pool.submit(one, i) for i in range(count)]
                while done[0] < count // 3:
                    time.sleep(0.05)
                workers.kill("w1@local")
                print(f"killed worker w1 after {done[0]} verdicts; starting another", flush=True)
                workers.start("w3@local", wait=False)
                for future in futures:
                    future.result()
            seconds = time.perf_counter() - started
        wrong = [(i, want, a.get("verdict")) for i, ((want, _), a) in enumerate(zip(cases, answers, strict=True))
                 if a.get("verdict") != want]
        ids = {str(a.get("submission_id")) for a in answers}
        store = Store.open(database)
        rows = {r.id for r in store.export()}
        store.close()
        print(f"\n{count} mixed submissions over HTTP in {seconds:.1f} s ({count / seconds:.0f}/s), a worker killed "
              f"in the middle: {len(wrong)} wrong verdict(s), {len(ids)} distinct ids, {len(rows)} rows in "
              f"PostgreSQL, {len(ids - rows)} missing from it")
        for case in wrong[:10]:
            print("  wrong:", case)
        return not wrong and len(ids) == count and ids == rows
    finally:
        workers.stop()
        redis.stop()
        postgres.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=200, help="verdicts per row (default 200)")
    parser.add_argument("--full", type=int, default=0, metavar="N",
                        help="also the whole path with N mixed submissions and a worker killed (e.g. 500)")
    args = parser.parse_args(argv)
    logs = Path(os.environ.get("TMPDIR", "/tmp")) / f"mljudge-bench-broker-{os.getpid()}"
    logs.mkdir(parents=True, exist_ok=True)
    rows, met = bench(args.n, logs)
    load = " / ".join(f"{v:.2f}" for v in os.getloadavg())
    print(f"\n{os.cpu_count()} CPUs, load average {load}, {args.n} verdicts per row (NumPy GELU):\n")
    print(table(rows))
    ok = met
    if args.full:
        ok = full(args.full, logs) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
