"""Verdict latency and throughput on GELU, in process and over HTTP, against a fresh Python process doing the
same check.

    .venv/bin/python bench/latency.py            # 200 verdicts per track, mode and way in
    .venv/bin/python bench/latency.py --n 500
    .venv/bin/python bench/latency.py --quick    # 40 verdicts, 3 baseline runs: a smoke test

Two ways in, side by side in one run: `grade()` in this process (policy check, a child armed ahead of time by a
warm zygote, six cases, comparison, report), and HTTP: a real `judge serve` on a free port, `POST
/api/exercises/gelu/submissions` on keep-alive connections, the JSON report read back. Pools of 2 zygotes per
track, started and warmed before any timing. Each way is timed with 1 and 2 submissions in flight. The baseline is
what a judge without zygotes would pay: `python -c` importing NumPy (or torch), defining the model solution,
calling it on the same six inputs and comparing with the expected values (median of several runs). Targets, over
HTTP: p50 ≤ 0.08× the baseline on NumPy, ≤ 0.01× on torch, and ≥ 80 verdicts/s with 2 in flight. Prints a
markdown table; exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from mljudge.judge.catalog import Catalog  # noqa: E402
from mljudge.judge.exercise import Exercise  # noqa: E402
from mljudge.judge.grade import grade  # noqa: E402
from mljudge.judge.pools import new_pool  # noqa: E402
from mljudge.sandbox import NAMES, Pool  # noqa: E402

TRACKS = NAMES
TARGET_RATIO = dict(zip(NAMES, (0.08, 0.01), strict=True))  # over HTTP: NumPy's, then PyTorch's target
TARGET_THROUGHPUT = 80.0  # verdicts/s with 2 in flight

BASELINE = """
import json, sys
import {module}
{solution}
cases = json.loads(sys.stdin.read())
ok = True
for case in cases:
    x = np.asarray(case["x"], dtype=np.float64).reshape(case["shape"])
    want = np.asarray(case["expected"], dtype=np.float64).reshape(case["shape"])
    got = gelu({convert})
    got = np.asarray(got.detach().numpy() if hasattr(got, "detach") else got, dtype=np.float64)
    ok = ok and got.shape == want.shape and bool(np.all(np.abs(got - want) < 5e-5))
print("accepted" if ok else "wrong_answer")
"""


@dataclass
class Result:
    way: str  # "grade()" or "HTTP"
    track: str
    in_flight: int
    latencies: list[float]  # seconds, one per verdict
    elapsed: float  # wall time of the whole batch
    cpu: float  # CPU seconds of the judge, its zygotes and their children for the whole batch

    def percentile(self, q: float) -> float:
        return float(np.percentile(self.latencies, q)) * 1000

    @property
    def throughput(self) -> float:
        return len(self.latencies) / self.elapsed

    @property
    def cpu_ms(self) -> float:
        return self.cpu / len(self.latencies) * 1000

    @property
    def ceiling(self) -> float:
        """Verdicts/s this CPU cost allows when every core is free for the judge (other load excluded)."""
        return (os.cpu_count() or 1) / (self.cpu / len(self.latencies))


def cpu_seconds(root: int) -> float:
    """Process `root` (all threads) plus every zygote it started, including the children they reaped."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(entry) == root:
            total += sum(int(f) for f in fields[11:13]) / tick  # utime stime
        elif int(fields[1]) == root and b"mljudge.sandbox.zygote" in cmdline:
            total += sum(int(f) for f in fields[11:15]) / tick  # utime stime cutime cstime
    return total


def model(exercise: Exercise, track: str) -> str:
    return (exercise.path / "solutions" / f"{track}.py").read_text()


def baseline_seconds(exercise: Exercise, track: str, runs: int) -> float:
    """Median wall time of a fresh interpreter importing the library and checking the six cases."""
    cases = []
    for case in exercise.cases:
        args, _ = exercise.call_args(case.args)
        x = np.asarray(args[0], dtype=np.float64)
        cases.append({"x": x.ravel().tolist(), "shape": list(x.shape),
                      "expected": np.asarray(exercise.expected[case.id]).ravel().tolist()})
    solution = model(exercise, track)
    code = BASELINE.format(module="numpy as np" if track == "numpy" else "numpy as np\nimport torch",
                           solution=solution, convert="x" if track == "numpy" else "torch.from_numpy(x)")
    payload = json.dumps(cases)
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", code], input=payload, capture_output=True, text=True,
                              check=True, env={**os.environ, "OMP_NUM_THREADS": "1"})
        times.append(time.perf_counter() - started)
        if done.stdout.strip() != "accepted":
            raise SystemExit(f"baseline for {track} did not accept the model solution: {done.stdout}{done.stderr}")
    return statistics.median(times)


Verdict = Callable[[str, str], str]  # (source, track) -> the verdict


def measure(way: str, submit: Callable[[], Verdict], root: int, exercise: Exercise, track: str, n: int,
            in_flight: int) -> Result:
    """`n` verdicts of the model solution, `in_flight` at a time (one thread each, each with its own `submit()`)."""
    source = model(exercise, track)
    latencies: list[float] = []
    lock = threading.Lock()
    remaining = [n]
    failures: list[str] = []

    def worker() -> None:
        judge = submit()
        while True:
            with lock:
                if remaining[0] == 0:
                    return
                remaining[0] -= 1
            started = time.perf_counter()
            verdict = judge(source, track)
            took = time.perf_counter() - started
            with lock:
                latencies.append(took)
                if verdict != "accepted":
                    failures.append(verdict)

    threads = [threading.Thread(target=worker) for _ in range(in_flight)]
    cpu_before = cpu_seconds(root)
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    cpu = cpu_seconds(root) - cpu_before
    if failures:
        raise SystemExit(f"{way} {track}: the model solution was not accepted: {failures[0]}")
    return Result(way, track, in_flight, latencies, elapsed, cpu)


def in_process(exercise: Exercise, pool: Pool) -> Callable[[], Verdict]:
    def submit() -> Verdict:
        return lambda source, track: grade(exercise, source, track, pool=pool).verdict

    return submit


@contextmanager
def server() -> Iterator[tuple[int, int]]:
    """A real `judge serve` on a free port, its zygotes warm: (port, pid)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "JUDGE_RATE_LIMIT": "1000000/minute", "JUDGE_MAX_PER_CLIENT": "4"}
    proc = subprocess.Popen([sys.executable, "-m", "mljudge.cli", "serve", "--port", str(port), "--slots", "2"],
                            cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if "serving on" in line:
                break
        else:
            raise SystemExit("judge serve did not start")
        threading.Thread(target=proc.stdout.read, daemon=True).start()  # keep its pipe drained
        yield port, proc.pid
    finally:
        proc.terminate()
        proc.wait(timeout=60)


def over_http(port: int) -> Callable[[], Verdict]:
    def submit() -> Verdict:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

        def judge(source: str, track: str) -> str:
            body = json.dumps({"code": source, "track": track})
            connection.request("POST", "/api/exercises/gelu/submissions", body=body,
                               headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            data = response.read()
            return json.loads(data)["verdict"] if response.status == 200 else f"HTTP {response.status}"

        return judge

    return submit


def load_average() -> str:
    try:
        return " / ".join(f"{v:.2f}" for v in os.getloadavg())
    except OSError:
        return "n/a"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=200, help="verdicts per track and mode (default 200)")
    parser.add_argument("--quick", action="store_true", help="40 verdicts, 3 baseline runs")
    parser.add_argument("--baseline-runs", type=int, default=7, help="fresh-process runs per track (median)")
    args = parser.parse_args(argv)
    n = 40 if args.quick else args.n
    runs = 3 if args.quick else args.baseline_runs

    exercise = Catalog().get("gelu")
    print(f"machine: {os.cpu_count()} CPUs, load average {load_average()} (1/5/15 min); {n} verdicts per row",
          file=sys.stderr)
    baselines = {track: baseline_seconds(exercise, track, runs) for track in TRACKS}
    pool = new_pool(2)
    results = []
    try:
        pool.start(TRACKS)
        direct = in_process(exercise, pool)
        for track in TRACKS:  # warm both zygotes of each flavour, and the judge's own code paths
            measure("grade()", direct, os.getpid(), exercise, track, 10, 2)
        results += [measure("grade()", direct, os.getpid(), exercise, track, n, k) for track in TRACKS for k in (1, 2)]
    finally:
        pool.close()
    with server() as (port, pid):
        web = over_http(port)
        for track in TRACKS:
            measure("HTTP", web, pid, exercise, track, 10, 2)
        results += [measure("HTTP", web, pid, exercise, track, n, k) for track in TRACKS for k in (1, 2)]

    missed = []
    rows = []
    for r in results:
        base = baselines[r.track] * 1000
        ratio = r.percentile(50) / base
        judged = r.way == "HTTP"  # the targets are about what a learner waits for: over HTTP
        if r.in_flight == 1:
            target = TARGET_RATIO[r.track]
            ok = ratio <= target
            ratio_cell = f"{ratio:.3f}× (≤ {target}×) {'✓' if ok else '✗'}" if judged else f"{ratio:.3f}×"
            rate_cell = f"{r.throughput:.0f}"
            if judged and not ok:
                missed.append(f"{r.track}: p50 {ratio:.3f}× the fresh process > {target}×")
        else:
            ok = r.throughput >= TARGET_THROUGHPUT
            ratio_cell = f"{ratio:.3f}×"
            rate_cell = (f"{r.throughput:.0f} (≥ {TARGET_THROUGHPUT:.0f}) {'✓' if ok else '✗'}" if judged
                         else f"{r.throughput:.0f}")
            if judged and not ok:
                missed.append(f"{r.track}: {r.throughput:.0f} verdicts/s with 2 in flight < {TARGET_THROUGHPUT:.0f}")
        rows.append(
            f"| {r.way} | {r.track} | {r.in_flight} | {r.percentile(50):.1f} | {r.percentile(90):.1f} | "
            f"{r.percentile(99):.1f} | {rate_cell} | {r.cpu_ms:.1f} | {r.ceiling:.0f} | {base:.0f} | {ratio_cell} |"
        )
    print("| way in | track | in flight | p50 ms | p90 ms | p99 ms | verdicts/s | CPU ms / verdict | idle ceiling /s "
          "| fresh `python` ms | p50 / fresh |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    print("\n".join(rows))
    print(f"\n{n} verdicts of the model solution per row, through `grade()` in process (policy, a child armed ahead "
          f"of time, six cases, comparison, report) and through a real `judge serve` over HTTP (the same, plus the "
          f"request, the JSON report and the plot); pools of 2 zygotes per track started and warmed before timing. "
          f"CPU ms / verdict counts the judge, the zygotes and the jailed children; idle ceiling = "
          f"{os.cpu_count()} CPUs / that cost, what the machine would sustain with nothing else running. "
          f"Fresh `python` = median of {runs} runs of `python -c` importing the library and checking the same "
          f"six cases. Load average (1/5/15 min) at the end: {load_average()}.")
    if missed:
        print("\nmissed: " + "; ".join(missed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
