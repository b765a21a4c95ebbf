"""The sandbox's second round: each class of route that got through, closed as a class (issue: rules that hold by
design, nothing of one learner reaching another). One section per class; each test fails on the code before the
fix (the route it tries worked then) and asserts what the attack achieved now: nothing.

1. library code reading or writing attributes by a name the caller chooses
2. raw memory from public NumPy/torch API
3. tripwires the submission could switch off or swallow (replaced kernels, the audit hook, final violations)
4. the zygote's heap holding earlier submissions
5. a result channel the judge believed
6. hidden cases leaking through what the report says about them
7. the judge doing the work a hostile answer asks for
8. memory outside the limit
9. judges sharing uids
10. the terminal
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
import tracemalloc
import types
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from mljudge import sandbox
from mljudge.judge.exercise import Exercise
from mljudge.judge.pools import new_pool
from mljudge.judge.report import Report
from mljudge.sandbox import governed, policy, uids
from mljudge.sandbox.guards import ForbiddenOperation, Shield, Tripwire
from mljudge.sandbox.pool import Pool
from tests.judging import judged
from tests.sandbox.attacks.common import (
    PRELUDE,
    RECORDER,
    attack,
    forged_frame,
    is_zygote,
    jailed,
    outcomes,
    processes,
    src,
)

ROOT = os.geteuid() == 0
pytestmark = pytest.mark.skipif(not ROOT, reason="the jail needs root, as on the judge's machines and in CI")
REPO = Path(__file__).resolve().parents[2]
TANH_GELU = "0.5 * x * (1 + torch.tanh(0.7978845608028654 * (x + 0.044715 * x**3)))"


def never_accepted(report: Report) -> None:
    assert report.verdict not in ("accepted", "internal_error"), (report.verdict, report.message)


# --- 1. library code that reads or writes attributes by a caller-chosen name --------------------------------------

LIBRARY_ROUTES = {
    # functools.update_wrapper merging F's module globals (its real builtins included) into the submission's: the
    # real getattr then pops torch's modes and F.gelu is "accepted"
    "update-wrapper-globals": """
        import functools
        import torch
        import torch.nn.functional as F
        def gelu(x):
            return x
        functools.update_wrapper(gelu, F.relu, assigned=(), updated=("__globals__",))
        """,
    "wraps-globals": """
        import functools
        import torch.nn.functional as F
        @functools.wraps(F.relu, assigned=(), updated=("__globals__",))
        def gelu(x):
            return x
        """,
    # operator.attrgetter reads any dotted path unguarded
    "attrgetter-private": """
        import operator
        import torch
        def gelu(x):
            operator.attrgetter("_C._pop_torch_function_stack")(torch)()
            return x
        """,
    # methodcaller calls any method by name
    "methodcaller-subclasses": """
        import operator
        def gelu(x):
            operator.methodcaller("__subclasses__")(object)
            return x
        """,
    # a torch helper built on reduce(getattr, ...) hands over a private function
    "getattr-from-fqn": """
        import torch
        import torch.ao.quantization.utils as qu
        def gelu(x):
            qu.getattr_from_fqn(torch, "_C._pop_torch_function_stack")()
            return x
        """,
    # string.Formatter's fields read attributes
    "string-formatter": """
        import string
        def gelu(x):
            print(string.Formatter().format("{0.__class__.__base__}", x))
            return x
        """,
    # a registry that lists private functions, iterated
    "iterate-a-registry": """
        import torch
        def gelu(x):
            for f in torch.overrides.get_ignored_functions():
                if f.__name__ == "_pop_torch_function_stack":
                    f()
            return x
        """,
}


@pytest.mark.parametrize("body", LIBRARY_ROUTES.values(), ids=LIBRARY_ROUTES.keys())
def test_library_helpers_cannot_read_attributes_for_the_submission(gelu: Exercise, pool: Pool, body: str) -> None:
    report = attack(gelu, pool, src(body), "forbidden")
    assert report.passed == 0


def test_ordinary_uses_of_those_helpers_still_work(gelu: Exercise, pool: Pool) -> None:
    # the stand-ins do what the originals do with public names and the default arguments
    source = src("""
        import functools
        import operator
        import string
        import numpy as np

        def traced(f):
            @functools.wraps(f)
            def inner(x):
                return f(x)
            return inner

        @traced
        def gelu(x):
            shape = operator.attrgetter("shape")(x)
            assert string.Formatter().format("{0.shape}", x) == str(shape)
            c = functools.reduce(operator.mul, [1.0, np.sqrt(2 / np.pi)])
            assert operator.methodcaller("sum")(x) == x.sum()
            return 0.5 * x * (1 + np.tanh(c * (x + 0.044715 * x**3)))
        """)
    report = judged(gelu, source, "numpy", pool=pool)
    assert report.verdict == "accepted", (report.message, [c.message for c in report.cases])
    assert gelu.function.name in source


# --- 2. raw memory ------------------------------------------------------------------------------------------------

RAW_MEMORY = {
    "as-strided": ("import numpy as np\ndef gelu(x):\n"
                   "    return np.lib.stride_tricks.as_strided(x, shape=(10**6,), strides=(8,))\n", "as_strided"),
    "dummy-array": ("import numpy as np\ndef gelu(x):\n"
                    "    return np.asarray(np.lib.stride_tricks.DummyArray({'data': (8, False)}))\n", "DummyArray"),
    "ndarray-negative-offset": ("import numpy as np\ndef gelu(x):\n"
                                "    return np.ndarray((4,), buffer=x, offset=-64)\n", "negative offset"),
    "type-of-array-negative-offset": ("import numpy as np\ndef gelu(x):\n"
                                      "    return type(x)((4,), np.float64, x, -64)\n", "negative offset"),
    "subclass-negative-offset": ("import numpy as np\nclass A(np.ndarray):\n    pass\n\ndef gelu(x):\n"
                                 "    return A((4,), buffer=x, offset=-64)\n", "negative offset"),
    # outside every exercise's vocabulary before its stand-in even sees the offset
    "recarray-negative-offset": ("import numpy as np\ndef gelu(x):\n"
                                 "    return np.recarray((4,), dtype=float, buf=x, offset=-64)\n", "numpy.recarray"),
    "array-interface-class": ("import numpy as np\n"
                              "A = type('A', (), {'__array_interface__': {'data': (8, False), 'shape': (9,), "
                              "'typestr': '<u1', 'version': 3}})\n"
                              "def gelu(x):\n    return np.asarray(A())\n", "special attributes"),
    "torch-as-strided": ("import torch\ndef gelu(x):\n"
                         "    return torch.as_strided(x, (10**6,), (1,))\n", "torch.as_strided"),
    "tensor-set": ("import torch\ndef gelu(x):\n    y = torch.zeros(1)\n    y.set_(x.untyped_storage())\n"
                   "    return y\n", "untyped_storage"),
    "untyped-storage": ("import torch\ndef gelu(x):\n    s = torch.UntypedStorage(64)\n    return x\n",
                        "torch.UntypedStorage"),
    "load-library": ("import torch\ndef gelu(x):\n    torch.classes.load_library('/usr/lib/x.so')\n    return x\n",
                     "torch.classes"),
}


@pytest.mark.parametrize("source, name", RAW_MEMORY.values(), ids=RAW_MEMORY.keys())
def test_raw_memory_is_refused(gelu: Exercise, pool: Pool, source: str, name: str) -> None:
    report = attack(gelu, pool, source, "forbidden")
    assert name in report.message


def test_arrays_over_their_own_buffer_still_work(gelu: Exercise, pool: Pool) -> None:
    source = src("""
        import numpy as np
        def gelu(x):
            flat = np.ndarray(x.shape, dtype=x.dtype, buffer=np.ascontiguousarray(x), offset=0)
            assert isinstance(flat, np.ndarray) and type(flat) is np.ndarray and type(x) is np.ndarray
            y = flat.reshape(x.shape)
            return 0.5 * y * (1 + np.tanh(np.sqrt(2 / np.pi) * (y + 0.044715 * y**3)))
        """)
    report = judged(gelu, source, "numpy", pool=pool)
    assert report.verdict == "accepted", (report.message, [c.message for c in report.cases])


# --- 3. tripwires that could be switched off or swallowed ----------------------------------------------------------


def test_a_violation_counts_even_if_the_run_then_never_answers(gelu: Exercise, pool: Pool) -> None:
    # trip, swallow it, then spin until killed: the violation reached the judge when it happened
    source = src("""
        import torch
        import torch.nn.functional as F
        def gelu(x):
            try:
                getattr(F, "ge" + "lu")
            except BaseException:
                pass
            while True:
                pass
        """)
    report = attack(gelu, pool, source, "forbidden", "torch.nn.functional.gelu")
    assert report.passed == 0


@pytest.fixture
def policy_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """The static policy and its attribute guards switched off, in a pool with every other layer: what the audit
    hook and the replaced kernels hold on their own."""

    def plain(raw: str | bytes, rules: policy.Rules, filename: str = "solution.py",
              function: str = "") -> policy.Program:
        source = policy.decode_source(raw)
        return policy.Program(compile(source, filename, "exec", dont_inherit=True), source, filename, frozenset())

    monkeypatch.setattr(sandbox, "vet", plain)  # the front door, where grade() finds it


@pytest.mark.parametrize("action, event", [
    ('sys.modules["ctypes"].string_at(id(1), 8)', "ctypes"),
    ('sys.modules["gc"].get_objects()', "gc.get_objects"),
    ('sys.modules["marshal"].loads(sys.modules["marshal"].dumps(1))', "marshal"),
    ('attempt.__code__.replace(co_consts=())', "code.__new__"),
    ('sys.settrace(None)', "sys.settrace"),
    ('os.system("true")', "os.system"),
    ('open("/tmp/x", "w")', "open"),
])
def test_the_audit_hook_holds_without_the_policy(gelu: Exercise, pool: Pool, policy_off: None, action: str,
                                                 event: str) -> None:
    # every guard above the audit hook gone (the prelude reaches sys and os through object.__subclasses__):
    # these operations are still refused, and reported as forbidden whatever the code does with the exception
    source = PRELUDE + f'attempt("op", lambda: {action})\n\ndef gelu(x):\n    return x\n'
    report = judged(gelu, source, "torch", pool=pool)
    assert report.verdict == "forbidden", (report.verdict, report.message)
    assert event in report.message
    assert outcomes(report)["op"].startswith("REFUSED")


def test_the_kernels_refuse_past_every_guard(gelu: Exercise, pool: Pool, policy_off: None) -> None:
    # code past the policy and the guards (torch from sys.modules), whatever mode it might leave, F.gelu called by
    # every overload: the replaced kernels refuse each (there is no mode to pop: the kernels are the layer)
    source = PRELUDE + src("""
        torch = sys.modules["torch"]
        F = torch.nn.functional
        def gelu(x):
            while torch._C._len_torch_function_stack():
                torch._C._pop_torch_function_stack()
            while torch._C._len_torch_dispatch_stack():
                torch._C._pop_torch_dispatch_stack(None)
            for route in (lambda: F.gelu(x, approximate="tanh"), lambda: torch.ops.aten.gelu_(x.clone()),
                          lambda: torch.ops.aten.gelu.out(x, out=torch.empty_like(x))):
                attempt("gelu", route)
            return F.gelu(x, approximate="tanh")
        """)
    report = judged(gelu, source, "torch", pool=pool)
    assert report.verdict == "forbidden", (report.verdict, report.message)
    assert report.passed == 0
    assert "aten::gelu" in report.message


@pytest.mark.parametrize("route", [
    "torch.ops.aten.softplus(x, 1e12, 20.0)",  # a neighbour: softplus with a huge beta is ReLU
    "torch.ops.aten.threshold_backward(x, x, 0.0)",  # ReLU's own backward kernel used forwards (the word relu takes)
    "torch.ops.quantized.relu6(torch.quantize_per_tensor(x.float(), 1.0, 0, torch.qint32))",  # another namespace
])
def test_ops_outside_every_vocabulary_have_no_kernel_in_any_child(pool: Pool, policy_off: None, route: str) -> None:
    """Past the policy and the guards, an op no word of the course stands for is refused by its kernel, replaced in
    the zygote for every dispatch key, in every namespace; and so is every kernel (forward and backward) of the words
    the exercise takes away, replaced in its child: the class of kernel twins is closed below Python."""
    from mljudge.judge.catalog import Catalog

    relu = Catalog().get("relu")
    source = PRELUDE + src(f"""
        torch = sys.modules["torch"]
        def relu(x):
            return {route}
        """)
    report = judged(relu, source, "torch", pool=pool)
    assert report.verdict == "forbidden", (report.verdict, report.message)
    assert report.passed == 0


def test_a_module_that_is_not_loaded_yet_is_refused_before_it_loads(pool: Pool) -> None:
    """flex_attention's module is not preloaded, so its function cannot be in any table when the run starts: its
    module is outside the exercise's vocabulary, which the policy sees before anything is imported (and so before
    it could register a kernel of its own)."""
    from mljudge.judge.catalog import Catalog

    attention = Catalog().get("attention")
    source = src("""
        import torch
        import torch.nn.attention.flex_attention as fa

        def attention(q, k, v, mask=None):
            sneaky = getattr(fa, "flex_" + "attention")
            return sneaky(q, k, v)
        """)
    report = attack(attention, pool, source, "forbidden", "`torch.nn.attention` is outside what this exercise",
                    track="torch")
    assert report.passed == 0


def _fake_library(monkeypatch: pytest.MonkeyPatch, name: str) -> types.ModuleType:
    top, sub = types.ModuleType(name), types.ModuleType(f"{name}.sub")
    top.sub = sub  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, name, top)
    monkeypatch.setitem(sys.modules, f"{name}.sub", sub)
    return sub


def test_a_name_whose_library_is_not_imported_yet_is_caught_once_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    """Checks skip pending names none of whose modules is imported (they cannot resolve: the other track's names
    in a NumPy run), but only until another module is imported."""
    wire = Tripwire.build(Shield(), ["numpy"], ["mljudge_fake_lib.sub.shortcut"])
    assert wire.pending and wire.dormant_at == len(sys.modules)

    def shortcut() -> None: ...

    assert wire.check_value(shortcut) is shortcut  # not forbidden yet: nothing names it
    _fake_library(monkeypatch, "mljudge_fake_lib").shortcut = shortcut  # type: ignore[attr-defined]
    with pytest.raises(ForbiddenOperation):
        wire.check_value(shortcut)
    assert not wire.pending


def test_a_library_function_defined_after_the_index_is_outside_the_vocabulary(monkeypatch: pytest.MonkeyPatch) -> None:
    """An attribute a library defines lazily, without any import, did not exist when the zygote indexed the
    libraries: no allowed name stands for it, so it is outside the vocabulary, by design, not by a second look."""
    sub = _fake_library(monkeypatch, "numpy.mljudge_fake")  # a governed module: numpy's
    surface = governed.build_surface(governed.Allowed(frozenset({"numpy.exp"}), frozenset({"numpy"})))
    wire = Tripwire.build(Shield(surface=surface), ["numpy"], [])

    def shortcut() -> None: ...

    shortcut.__module__, shortcut.__qualname__ = "numpy.mljudge_fake", "shortcut"
    sub.shortcut = shortcut  # type: ignore[attr-defined]
    with pytest.raises(ForbiddenOperation, match=r"outside_vocabulary: numpy\.mljudge_fake\.shortcut"):
        wire.check_value(shortcut)
    import numpy as np

    assert wire.check_value(np.exp) is np.exp  # allowed, and known
    made_at_run_time = np.vectorize(lambda v: v)  # an instance an allowed call returns
    assert wire.check_value(made_at_run_time) is made_at_run_time


# --- 4. the zygote holds no earlier submission ----------------------------------------------------------------------


def _memory_holds(pid: int, needle: bytes) -> bool:
    with open(f"/proc/{pid}/maps") as maps, open(f"/proc/{pid}/mem", "rb", 0) as mem:
        for line in maps:
            fields = line.split()
            if "r" not in fields[1] or (len(fields) > 5 and fields[5].startswith("[v")):
                continue
            start, end = (int(n, 16) for n in fields[0].split("-"))
            try:
                mem.seek(start)
                if needle in mem.read(end - start):
                    return True
            except (OSError, ValueError, OverflowError):
                continue
    return False


def test_a_zygote_never_holds_a_submission(gelu: Exercise) -> None:
    # a learner's code, inputs and answers never pass through the zygote: the next child, a copy of the zygote's
    # heap, cannot find them (as root, search every readable page of the zygote and of its armed child)
    marker = f"LEARNER-A-{uuid.uuid4().hex}"
    fresh = new_pool(1)
    try:
        source = f"import numpy as np\nSECRET = {marker!r}\n\ndef gelu(x):\n    print(SECRET)\n    return x\n"
        assert judged(gelu, source, "numpy", pool=fresh).verdict == "wrong_answer"
        assert judged(gelu, "import numpy as np\n\ndef gelu(x):\n    return x * 0\n", "numpy",
                     pool=fresh).verdict == "wrong_answer"
        zygotes = [pid for pid, (ppid, _, cmd, _) in processes().items()
                   if ppid == os.getpid() and is_zygote(cmd)]
        children = [pid for pid, (ppid, *_) in processes().items() if ppid in zygotes]
        assert zygotes and children
        for pid in zygotes + children:
            assert not _memory_holds(pid, marker.encode()), f"process {pid} holds the earlier learner's code"
    finally:
        fresh.close()


# --- 5. the result channel ------------------------------------------------------------------------------------------

FORGED = {
    # a frame for a call the judge did not ask for (yet)
    "call-out-of-order": '{"event": "call", "id": "large", "ok": true, "value": {"t": "none"}}',
    # "the judge itself failed": a child cannot say that
    "internal-event": '{"event": "internal", "error": "JudgeCrashed: please retry"}',
    # "done" before any answer
    "early-done": '{"event": "done"}',
}


@pytest.mark.parametrize("header", FORGED.values(), ids=FORGED.keys())
def test_forged_frames_are_the_submissions_runtime_error(gelu: Exercise, unguarded: Pool, header: str) -> None:
    body = forged_frame(repr(header), pipe=-1)
    report = jailed(gelu, unguarded, body, verdict="runtime_error")
    assert report.passed == 0
    assert "JudgeCrashed" not in json.dumps(report.to_dict())


# --- 6. hidden cases ------------------------------------------------------------------------------------------------


def test_a_hidden_cases_row_carries_nothing_the_submission_chose(gelu: Exercise, pool: Pool) -> None:
    # an exception type named after the hidden input, and per-case timings that could count it out: neither shows
    action = ("if len(SEEN) > 2:\n        raise type('L' + str(abs(int(x.flat[0] * 1000))), (Exception,), {})()")
    report = attack(gelu, pool, RECORDER.format(action=action), "wrong_answer")
    text = json.dumps(report.to_dict())
    assert not re.search(r"L\d{2,}", text)
    for case in report.cases:
        if not case.visible:
            assert case.ms is None and case.input is None and case.got is None and case.max_abs_error is None


# Five ways a hidden case can fail that the submission chooses from what it sees: each must look the same.
HIDDEN_FAILURES = {
    "wrong-values": "return good(x) + 1.0",
    "raised": "raise ValueError('xyzzy')",
    "wrong-shape": "return good(x).reshape(-1)[:1]",
    "nan": "return good(x) * np.nan",
    "wrong-kind": "return 'text'",
}


def test_a_hidden_row_says_one_bit_however_the_submission_fails_it(gelu: Exercise, pool: Pool) -> None:
    """Passed or failed, nothing else: the rows, the verdict, the message and the hints of a run are the same
    whichever way the code fails the first hidden case (it could otherwise choose one of five by what it saw there,
    and so read ~2 bits of a hidden input per row and run)."""
    hidden = next(i for i, case in enumerate(gelu.cases) if not case.visible)
    seen = []
    for action in HIDDEN_FAILURES.values():
        source = RECORDER.format(action=f"if len(SEEN) == {hidden + 1}:\n        {action}")
        report = judged(gelu, source, "numpy", pool=pool)
        data = report.to_dict()
        seen.append((data["verdict"], data["message"], data["hints"], data["notes"],
                     json.dumps([c for c in data["cases"] if not c["visible"]], sort_keys=True)))
        row = data["cases"][hidden]
        assert row["status"] == "failed" and row["input"] is None and row["got"] is None
    assert seen[0][0] == "wrong_answer"
    assert all(entry == seen[0] for entry in seen), [s[:2] for s in seen]


# --- 7. the judge's work on a hostile answer ------------------------------------------------------------------------


def test_a_huge_visible_answer_costs_the_judge_little(gelu: Exercise, pool: Pool) -> None:
    # a visible case's answer of 1.5 million floats: the report shows a few hundred numbers, and the judge's own
    # memory stays far below the many copies it used to make (1.4 GB and 15 s for the display alone)
    source = "import numpy as np\n\ndef gelu(x):\n    return np.ones(1_500_000) if x.size == 3 else x\n"
    tracemalloc.start()
    try:
        report = judged(gelu, source, "numpy", pool=pool)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert report.verdict == "wrong_answer"
    got = report.cases[0].got
    assert isinstance(got, list) and len(got) <= 301 and got[-1] == "…"
    assert len(json.dumps(report.to_dict())) < 100_000
    assert peak < 200 * 2**20, peak
    # four million: past the cap on what the judge reads from a run, so it is not even parsed
    big = "import numpy as np\n\ndef gelu(x):\n    return np.ones(4_000_000) if x.size == 3 else x\n"
    attack(gelu, pool, big, "output_limit", "too large")


# --- 8. memory outside the limit ------------------------------------------------------------------------------------


def test_memory_the_address_space_limit_does_not_count_is_refused(gelu: Exercise, unguarded: Pool) -> None:
    # a memfd filled with write(), System V shared memory: pages outside the process's mappings (RLIMIT_AS)
    report = jailed(gelu, unguarded, src("""
        ctypes = imp("ctypes")
        libc = ctypes.CDLL(None, use_errno=True)
        def shm():
            if libc.shmget(0, 1 << 20, 0o1600) < 0:
                raise PermissionError(ctypes.get_errno())
            return "created"
        attempt("memfd", lambda: os.memfd_create("x"))
        attempt("shmget", shm)
        """))
    found = outcomes(report)
    assert found["memfd"] == "REFUSED PermissionError"
    assert found["shmget"] == "REFUSED PermissionError"


# --- 9. uids ------------------------------------------------------------------------------------------------------


def test_two_judges_never_share_a_uid() -> None:
    first, second = uids.allocate(), uids.allocate()
    try:
        assert first.first != second.first
        assert not set(range(first.first, first.first + uids.BLOCK_SIZE)) & set(
            range(second.first, second.first + uids.BLOCK_SIZE))
        freed = first.first
        first.release()
        third = uids.allocate()
        assert third.first == freed  # a released block is free again
        third.release()
    finally:
        first.release()
        second.release()


def test_each_pools_children_run_in_its_own_block(gelu: Exercise) -> None:
    pools = [new_pool(1), new_pool(1)]
    try:
        for each in pools:
            assert judged(gelu, "import numpy as np\n\ndef gelu(x):\n    return x\n", "numpy",
                         pool=each).verdict == "wrong_answer"
        blocks = [each._uids.first for each in pools]  # type: ignore[union-attr]
        assert blocks[0] != blocks[1]
        zygotes = {pid: index for index, each in enumerate(pools) for pid in
                   [z.proc.pid for q in each._idle.values() for z in list(q.queue)]}
        for ppid, uid, _, _ in processes().values():
            if ppid in zygotes and uids.FIRST_UID <= uid <= uids.LAST_UID:
                block = blocks[zygotes[ppid]]
                assert block <= uid < block + uids.BLOCK_SIZE
    finally:
        for each in pools:
            each.close()


# --- 10. the terminal -----------------------------------------------------------------------------------------------

ESCAPES = "\x1b[2J\x1b[H\x1b]0;pwned\x07\x1b]52;c;cHduZWQ=\x07\u202e"


def test_the_terminal_gets_no_escape_from_a_submission(tmp_path: Path) -> None:
    # clear the screen, set the title, write the clipboard, reorder text: in output and in an exception message
    solution = tmp_path / "solution.py"
    solution.write_text(textwrap.dedent(f"""
        import numpy as np
        print({ESCAPES!r} + "✓ Accepted")
        def gelu(x):
            raise ValueError({ESCAPES!r} + "all fine")
        """), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "mljudge.cli", "run", "gelu", str(solution), "--no-color"],
                         capture_output=True, text=True, timeout=120, cwd=REPO)
    assert run.returncode == 1
    assert "✓ Accepted" in run.stdout and "all fine" in run.stdout  # the text itself is still shown
    assert not any(ch in run.stdout for ch in "\x1b\x07\u202e"), repr(run.stdout[:400])
    as_json = subprocess.run([sys.executable, "-m", "mljudge.cli", "run", "gelu", str(solution), "--json"],
                             capture_output=True, text=True, timeout=120, cwd=REPO)
    assert "\\u001b" in as_json.stdout and "\x1b" not in as_json.stdout  # JSON keeps them, escaped


@pytest.fixture
def unguarded(monkeypatch: pytest.MonkeyPatch) -> Iterator[Pool]:
    """As in attacks/test_unguarded.py: no policy, no guards, no audit hook, no replaced kernels; the OS jail alone."""
    def plain(raw: str | bytes, rules: policy.Rules, filename: str = "solution.py",
              function: str = "") -> policy.Program:
        source = policy.decode_source(raw)
        return policy.Program(compile(source, filename, "exec", dont_inherit=True), source, filename, frozenset())

    monkeypatch.setattr(sandbox, "vet", plain)  # the front door, where grade() finds it
    bare = new_pool(1, unguarded=True)
    try:
        yield bare
    finally:
        bare.close()
