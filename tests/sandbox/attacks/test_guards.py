"""The tripwire: frames, gc, formatting and eval routes to the judge's state, and patching the comparison,
refused by identity however the object is reached."""

from __future__ import annotations

import dataclasses

import pytest

from mljudge.judge.catalog import Catalog
from mljudge.judge.exercise import Exercise, Forbidden
from mljudge.judge.i18n import Text
from mljudge.sandbox.pool import Pool
from tests.sandbox.attacks.common import NEEDS_ROOT, Attack, assert_judge_works, attack, run_attacks, src

pytestmark = NEEDS_ROOT


# --- frames, gc, /proc, formatting and eval routes to the judge's state ----------------------------------------

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
        """), "forbidden", ("numpy.memmap",)),  # its memory map lies outside the vocabulary, before open()
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
        """), "forbidden", ("numpy.memmap",)),  # the same, before the audit hook refuses open()
    Attack("torch-load-by-alias", src("""
        import torch
        def gelu(x):
            return torch.serialization.load("/dev/zero", weights_only=False)
        """), "forbidden", ("torch.serialization",)),  # a module outside the vocabulary
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
        """), "forbidden", ("torch.export",)),  # outside the vocabulary before its private parts
]


@pytest.mark.parametrize("case", run_attacks(INTROSPECTION))
def test_introspection(gelu: Exercise, pool: Pool, case: Attack) -> None:
    report = attack(gelu, pool, case.source, case.verdict, *case.names)
    assert "subclasses" not in report.stdout and "<class" not in report.stdout


def test_forbidden_function_through_a_container_is_still_caught(gelu: Exercise, pool: Pool) -> None:
    # F.gelu fished out of torch.overrides' tables (no attribute access to guard): the tables' module is outside the
    # exercise's vocabulary (and a call's result is screened by identity, and the kernel refuses anyway)
    report = attack(gelu, pool, src("""
        import torch
        import torch.nn.functional
        def gelu(x):
            fns = torch.overrides.get_overridable_functions()[torch.nn.functional]
            return [f for f in fns if f.__name__ == "gelu"][0](x, approximate="tanh")
        """), "forbidden", "`torch.overrides` is outside what this exercise builds from", "build GELU yourself")
    assert report.passed == 0


def test_a_library_class_that_would_call_a_forbidden_function_is_outside_the_vocabulary(pool: Pool) -> None:
    # Only F.dropout is forbidden here, by name (no aten op: on CPU the dispatcher never sees "dropout", only
    # bernoulli_ and mul). nn.Dropout's forward would call F.dropout for the submission, below its own code; the
    # class itself is outside every vocabulary of the course, so no library code gets to call it.
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
    report = attack(exercise, pool, source, "forbidden", "`torch.nn.Dropout` is outside what this exercise",
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


# --- patching the comparison -----------------------------------------------------------------------------------

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
    assert_judge_works(gelu, pool, *gelu.tracks)
