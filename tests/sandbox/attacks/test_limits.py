"""Limits: time (loops, sleeping, blocking, busy threads), memory, output floods and recursion end in their
verdicts and leave the pool working."""

from __future__ import annotations

import dataclasses

import pytest

from mljudge.judge.exercise import Exercise
from mljudge.sandbox.pool import Pool
from tests.judging import judged
from tests.sandbox.attacks.common import NEEDS_ROOT, Attack, assert_judge_works, attack, run_attacks, src

pytestmark = NEEDS_ROOT


@pytest.fixture
def gelu(gelu: Exercise) -> Exercise:
    """GELU without its vocabulary: these attacks use library corners no exercise builds from (a tensor subclass's
    as_subclass, torch.futures, …) to test what lies below the exercise's rule."""
    return dataclasses.replace(gelu, vocabulary=None)


@pytest.fixture
def pool(every_layer_but_the_vocabulary: Pool) -> Pool:
    return every_layer_but_the_vocabulary


# --- time: loops, sleeping, blocking, busy threads, ignored signals --------------------------------------------

TIME = [
    # the plain infinite loop, inside the function
    Attack("while-true", "def gelu(x):\n    while True:\n        pass\n", "time_limit"),
    # an infinite loop at import time
    Attack("module-loop", "while True:\n    pass\n\ndef gelu(x):\n    return x\n", "time_limit"),
    # numpy busy work that never ends
    Attack("numpy-spin", src("""
        import numpy as np
        def gelu(x):
            while True:
                x = np.tanh(x) + 1
        """), "time_limit"),
    # an infinite iterator consumed by sum()
    Attack("itertools-count", "import itertools\n\ndef gelu(x):\n    return sum(itertools.count())\n", "time_limit"),
    # time.sleep (not importable)
    # time is a harmless standard module now: sleeping runs into the wall clock
    Attack("import-time-sleep", "import time\n\ndef gelu(x):\n    time.sleep(100)\n    return x\n", "time_limit"),
    # torch's private sleep kernel
    Attack("torch-cuda-sleep", "import torch\n\ndef gelu(x):\n    torch.cuda._sleep(10**12)\n    return x\n",
           "forbidden"),
    # a future nobody will complete: blocks without burning CPU, so only the wall clock stops it
    Attack("torch-future-wait", "import torch\n\ndef gelu(x):\n    torch.futures.Future().wait()\n    return x\n",
           "time_limit"),
    # eight threads of matmuls: CPU time accrues across all threads
    Attack("torch-threads-8", src("""
        import torch
        torch.set_num_threads(8)
        def gelu(x):
            a = torch.randn(800, 800)
            while True:
                a = torch.tanh(a @ a)
        """), "time_limit"),
    # signal handlers to ignore the CPU limit (not importable)
    Attack("import-signal", src("""
        import signal
        signal.signal(signal.SIGXCPU, signal.SIG_IGN)
        def gelu(x):
            while True:
                pass
        """), "forbidden", ("signal",)),
    # Python threads (not importable)
    Attack("import-threading", "import threading\n\ndef gelu(x):\n    threading.Thread(target=print).start()\n"
           "    return x\n", "forbidden", ("threading",)),
]


@pytest.mark.parametrize("case", run_attacks(TIME))
def test_time(fast: Exercise, pool: Pool, case: Attack) -> None:
    report = attack(fast, pool, case.source, case.verdict, *case.names)
    if case.verdict == "time_limit" and case.id.startswith("module-"):
        # never finished loading: no case is blamed, the message says where the time went and what to do
        assert {c.status for c in report.cases} == {"not_run"}
        assert report.message.startswith("Code outside the function ran longer than the ")
        assert "Move it into `gelu`" in report.message
    elif case.verdict == "time_limit":
        assert any(c.status == "timeout" for c in report.cases)


def test_sixty_four_threads_are_capped(gelu: Exercise, pool: Pool) -> None:
    # More threads than RLIMIT_NPROC (32) allows made the OpenMP runtime exit(1) mid-matmul, an unexplained
    # crash; the zygote caps what torch.set_num_threads grants, so the run works and says how many it got.
    source = src("""
        import torch
        torch.set_num_threads(64)
        def gelu(x):
            a = torch.randn(600, 600)
            for _ in range(3):
                a = torch.tanh(a @ a)
            print("threads", torch.get_num_threads())
            return 0.5 * x * (1 + torch.tanh((2 / torch.pi) ** 0.5 * (x + 0.044715 * x**3)))
        """)
    report = judged(gelu, source, "torch", pool=pool)
    assert report.verdict == "accepted", report.message
    assert "threads 4" in report.stdout
    assert_judge_works(gelu, pool, "torch")


def test_real_limits_stop_an_infinite_loop(gelu: Exercise, pool: Pool) -> None:
    # the exercise's own limits (3 s CPU, 5 s wall), once
    report = attack(gelu, pool, "def gelu(x):\n    while True:\n        pass\n", "time_limit")
    assert report.cases[0].status == "timeout"
    assert_judge_works(gelu, pool)


# --- memory ----------------------------------------------------------------------------------------------------

MEMORY = {
    "numpy-ones": "import numpy as np\n\ndef gelu(x):\n    return np.ones(10**10)\n",  # 80 GB at once
    "numpy-keep-growing": src("""
        import numpy as np
        KEEP = []
        def gelu(x):
            while True:
                KEEP.append(np.ones(10**7))
        """),  # 80 MB at a time, kept
    "torch-empty": "import torch\n\ndef gelu(x):\n    return torch.empty(10**10).fill_(1)\n",
    "python-list-growing": src("""
        CHUNKS = []
        def gelu(x):
            while True:
                CHUNKS.append([0] * 10**7)
        """),  # kept across cases, so only the first case pays for filling the memory
    "string-multiplication": "def gelu(x):\n    return 'x' * 10**10\n",
    "bytearray": "def gelu(x):\n    return bytearray(10**10)\n",
    "list-multiplication": "def gelu(x):\n    return [0.0] * 10**10\n",
    "module-level": "import numpy as np\n\nBIG = np.ones((10**5, 10**5))\n\ndef gelu(x):\n    return x\n",
    "ten-to-eight-float64": "import numpy as np\n\ndef gelu(x):\n    return np.zeros(10**8) + 1\n",
    # a zero-cost broadcast view whose copy for the wire would need 800 MB
    "broadcast-view": "import numpy as np\n\ndef gelu(x):\n    return np.broadcast_to(np.float64(0.5), (10**8,))\n",
}


@pytest.mark.parametrize("source", MEMORY.values(), ids=MEMORY.keys())
def test_memory(gelu: Exercise, pool: Pool, source: str) -> None:
    attack(gelu, pool, source, "memory_limit", "512 MB")


def test_memory_bombs_leave_the_pool_working(gelu: Exercise, pool: Pool) -> None:
    for source in MEMORY.values():
        attack(gelu, pool, source, "memory_limit")
    assert_judge_works(gelu, pool, *gelu.tracks)


# --- output floods ---------------------------------------------------------------------------------------------

FLOODS = {
    "print-loop": "def gelu(x):\n    while True:\n        print('spam' * 100)\n",
    "one-huge-print": "def gelu(x):\n    print('x' * 10**8)\n    return x\n",
    "module-level-flood": "for i in range(10**7):\n    print(i)\n\ndef gelu(x):\n    return x\n",
    "print-to-file-argument": src("""
        class Sink:
            def __init__(self):
                self.parts = []
            def write(self, text):
                self.parts.append(text)
        SINK = Sink()
        def gelu(x):
            while True:
                print("x" * 1000, file=SINK)
                print("y" * 1000)
        """),
}


@pytest.mark.parametrize("source", FLOODS.values(), ids=FLOODS.keys())
def test_output_floods(gelu: Exercise, pool: Pool, source: str) -> None:
    report = attack(gelu, pool, source, "output_limit")
    assert len(report.stdout) <= gelu.limits.output_kb * 1024


def test_flood_during_hidden_cases(gelu: Exercise, pool: Pool) -> None:
    # correct answers, but a flood of output once the hidden cases start
    report = attack(gelu, pool, src("""
        import numpy as np
        calls = [0]
        def gelu(x):
            calls[0] += 1
            if calls[0] > 2:
                while True:
                    print(x)
            return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))
        """), "output_limit")
    assert report.stdout == ""


def test_huge_answers_hit_the_result_cap(gelu: Exercise, pool: Pool) -> None:
    # 10**8 booleans (100 MB): fits the memory limit, not the 16 MiB cap on what the judge reads from a run
    attack(gelu, pool, "import numpy as np\n\ndef gelu(x):\n    return np.zeros(10**8, dtype=bool)\n",
           "output_limit", "the answer is too large to send back (over 16 MB)")
    assert_judge_works(gelu, pool)


# --- recursion -------------------------------------------------------------------------------------------------

RECURSION = [
    Attack("plain-recursion", "def gelu(x):\n    return gelu(x)\n", "runtime_error", ("RecursionError",)),
    Attack("mutual-recursion", "def a(x):\n    return b(x)\n\ndef b(x):\n    return a(x)\n\ngelu = a\n",
           "runtime_error", ("RecursionError",)),
    # a __repr__ that recurses, triggered by print
    Attack("recursive-repr", src("""
        class R:
            def __repr__(self):
                return repr(self)
        def gelu(x):
            print(R())
            return x
        """), "runtime_error", ("RecursionError",)),
    # a self-containing list returned (the encoder must not recurse forever)
    Attack("self-containing-list", "def gelu(x):\n    a = [x]\n    a.append(a)\n    return a\n", "wrong_answer"),
    # deep nested data in the return value
    Attack("deep-nested-return", src("""
        def gelu(x):
            v = x
            for _ in range(200000):
                v = [v]
            return v
        """), "wrong_answer"),
    # a recursion in the exception message
    Attack("recursive-exception-str", src("""
        class E(Exception):
            def __str__(self):
                return str(self)
        def gelu(x):
            raise E()
        """), "runtime_error"),
]


@pytest.mark.parametrize("case", run_attacks(RECURSION))
def test_recursion(gelu: Exercise, pool: Pool, case: Attack) -> None:
    attack(gelu, pool, case.source, case.verdict, *case.names)
