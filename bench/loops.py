"""What the rules cost a loop of scalar operations: the same function timed in a plain Python process and inside
the sandbox with every layer on (the policy's guards, the vocabulary's tripwire, the replaced kernels, the audit
hook, the jail), side by side in one run.

    .venv/bin/python bench/loops.py            # 5 runs of each, the median
    .venv/bin/python bench/loops.py --runs 9

A loop is where the guards show: every `x[i, j]`, every `torch.sign` and every call's result goes through them,
and a torch op is a few microseconds of work. The target (issue 20): the sandbox takes at most 2× the plain time.
The sandbox's time is the call's own, as the child measured it (the fork, the jail and the report are
bench/latency.py's business). Prints a markdown table; exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from mljudge import sandbox  # noqa: E402
from mljudge.judge.catalog import Catalog  # noqa: E402
from mljudge.judge.pools import new_pool  # noqa: E402

TARGET = 2.0
SHAPE = (1024, 16)
LOOPS = {
    "torch": '''
import torch

def relu(x):
    out = torch.zeros_like(x)
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            v = x[i, j]
            out[i, j] = v * 0.5 * (1 + torch.sign(v))
    return out
''',
    "numpy": '''
import numpy as np

def relu(x):
    out = np.zeros_like(x)
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            v = x[i, j]
            out[i, j] = v * 0.5 * (1 + np.sign(v))
    return out
''',
}
PLAIN = '''
import sys, time
import numpy as np
{setup}
{source}
x = {convert}(np.random.default_rng(0).standard_normal({shape}))
relu(x)
times = []
for _ in range({runs}):
    started = time.perf_counter()
    relu(x)
    times.append(time.perf_counter() - started)
print(sorted(times)[len(times) // 2])
'''


def plain_seconds(track: str, runs: int) -> float:
    torch_setup = "import torch\ntorch.set_num_threads(1)"
    code = PLAIN.format(setup=torch_setup if track == "torch" else "", source=LOOPS[track], shape=SHAPE, runs=runs,
                        convert="torch.from_numpy" if track == "torch" else "np.asarray")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(done.stdout.strip())


def sandbox_seconds(track: str, runs: int, pool: sandbox.Pool) -> float:
    exercise = Catalog().get("relu")
    assert exercise.vocabulary is not None
    vocabulary, refusals = exercise.vocabulary.by_track[track]
    imports = exercise.track(track).imports
    rules = sandbox.Rules.of(imports, vocabulary=sandbox.NameRules(vocabulary.names, vocabulary.modules, track))
    program = sandbox.vet(LOOPS[track], rules, function="relu")
    x = np.random.default_rng(0).standard_normal(SHAPE)
    job = sandbox.Job(program, "relu", track, (sandbox.Call("loop", (x,), arg_names=("x",)),), imports,
                      forbidden_names=refusals.names, forbidden_aten=refusals.ops,
                      refused_modules=refusals.modules)
    limits = sandbox.Limits(cpu_seconds=60, wall_seconds=120)
    times = []
    for _ in range(runs + 1):  # the first warms the pool's zygote
        outcome = sandbox.run(job, limits, pool)
        if outcome.violations or "loop" not in outcome.calls or not outcome.calls["loop"].ok:
            raise SystemExit(f"the loop did not run in the sandbox: {outcome}")
        times.append(outcome.calls["loop"].ms / 1000)
    return statistics.median(times[1:])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each (default 5; the median is reported)")
    args = parser.parse_args(argv)
    pool = new_pool(1)
    missed = False
    print("| track | loop | plain s | sandbox s | sandbox / plain |\n| --- | --- | --- | --- | --- |")
    try:
        for track in ("torch", "numpy"):
            plain = plain_seconds(track, args.runs)
            jailed = sandbox_seconds(track, args.runs, pool)
            ratio = jailed / plain
            missed |= ratio > TARGET
            mark = "✓" if ratio <= TARGET else "✗"
            print(f"| {track} | {SHAPE[0]}×{SHAPE[1]} scalar ops | {plain:.3f} | {jailed:.3f} | "
                  f"{ratio:.2f}× (≤ {TARGET:g}× {mark}) |")
    finally:
        pool.close()
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
