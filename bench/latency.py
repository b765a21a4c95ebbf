"""Verdict latency and throughput of `grade()` on GELU, against a fresh Python process doing the same check.

    .venv/bin/python bench/latency.py            # 200 verdicts per track and mode
    .venv/bin/python bench/latency.py --n 500
    .venv/bin/python bench/latency.py --quick    # 40 verdicts, 3 baseline runs: a smoke test

The pool is started and warmed before any timing. For each track (NumPy, PyTorch) and each mode (1 and 2
submissions in flight) it times `grade()` end to end: policy check, fork from the warm zygote, jail, six cases,
comparison and report. The baseline is what a judge without zygotes would pay: `python -c` importing NumPy (or
torch), defining the model solution, calling it on the same six inputs and comparing with the expected values
(median of several runs). Targets: p50 ≤ 0.15× the baseline on NumPy, ≤ 0.03× on torch, and ≥ 80 verdicts/s
with 2 in flight. Prints a markdown table; exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from judge.catalog import Catalog  # noqa: E402
from judge.exercise import Exercise  # noqa: E402
from judge.grade import grade  # noqa: E402
from sandbox.pool import Pool  # noqa: E402

TRACKS = ("numpy", "torch")
TARGET_RATIO = {"numpy": 0.15, "torch": 0.03}
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


def cpu_seconds() -> float:
    """This process (all threads) plus every zygote it started, including the children they reaped."""
    tick = os.sysconf("SC_CLK_TCK")
    me = os.getpid()
    total = sum(os.times()[:2])
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[1]) == me and b"sandbox.zygote" in cmdline:
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


def measure(exercise: Exercise, pool: Pool, track: str, n: int, in_flight: int) -> Result:
    """`n` verdicts of the model solution, `in_flight` at a time (one thread each)."""
    source = model(exercise, track)
    latencies: list[float] = []
    lock = threading.Lock()
    remaining = [n]
    failures: list[str] = []

    def worker() -> None:
        while True:
            with lock:
                if remaining[0] == 0:
                    return
                remaining[0] -= 1
            started = time.perf_counter()
            report = grade(exercise, source, track, pool=pool)
            took = time.perf_counter() - started
            with lock:
                latencies.append(took)
                if report.verdict != "accepted":
                    failures.append(f"{report.verdict}: {report.message}")

    threads = [threading.Thread(target=worker) for _ in range(in_flight)]
    cpu_before = cpu_seconds()
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    cpu = cpu_seconds() - cpu_before
    if failures:
        raise SystemExit(f"{track}: the model solution was not accepted: {failures[0]}")
    return Result(track, in_flight, latencies, elapsed, cpu)


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
    pool = Pool(size=2)
    try:
        pool.start(TRACKS)
        for track in TRACKS:  # warm both zygotes of each flavour, and the judge's own code paths
            measure(exercise, pool, track, 10, 2)
        results = [measure(exercise, pool, track, n, k) for track in TRACKS for k in (1, 2)]
    finally:
        pool.close()

    missed = []
    rows = []
    for r in results:
        base = baselines[r.track] * 1000
        ratio = r.percentile(50) / base
        if r.in_flight == 1:  # the latency target is about one submission on its own
            target = TARGET_RATIO[r.track]
            ratio_cell = f"{ratio:.3f}× (≤ {target}×) {'✓' if ratio <= target else '✗'}"
            rate_cell = f"{r.throughput:.0f}"
            if ratio > target:
                missed.append(f"{r.track}: p50 {ratio:.3f}× the fresh process > {target}×")
        else:  # the throughput target is about 2 in flight
            ok = r.throughput >= TARGET_THROUGHPUT
            ratio_cell = f"{ratio:.3f}×"
            rate_cell = f"{r.throughput:.0f} (≥ {TARGET_THROUGHPUT:.0f}) {'✓' if ok else '✗'}"
            if not ok:
                missed.append(f"{r.track}: {r.throughput:.0f} verdicts/s with 2 in flight < {TARGET_THROUGHPUT:.0f}")
        rows.append(
            f"| {r.track} | {r.in_flight} | {r.percentile(50):.1f} | {r.percentile(90):.1f} | {r.percentile(99):.1f} "
            f"| {rate_cell} | {r.cpu_ms:.1f} | {r.ceiling:.0f} | {base:.0f} | {ratio_cell} |"
        )
    print("| track | in flight | p50 ms | p90 ms | p99 ms | verdicts/s | CPU ms / verdict | idle ceiling /s "
          "| fresh `python` ms | p50 / fresh |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    print("\n".join(rows))
    print(f"\n{n} verdicts of the model solution per row through `grade()` (policy, fork from a warm zygote, jail, "
          f"six cases, comparison, report), pool of 2 zygotes per track started and warmed before timing. "
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
