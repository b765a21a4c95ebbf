"""The policy layer: every refusal names line:column and explains itself in a sentence, in English and Russian.

Tested twice: `sandbox.policy.vet` directly (Rejected.kind, Issue.code/line/col/params), and through
`grade()`, where the same position reaches `Report.issues[0]` and the message is rendered in the learner's
language. Line 0 means "no position": the file as a whole (too large) or a parser that gave up without one
(nesting so deep that CPython runs out of stack).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from mljudge.judge.exercise import Exercise
from mljudge.judge.grade import grade
from mljudge.judge.localise import localise
from mljudge.sandbox import policy
from mljudge.sandbox.pool import Pool
from mljudge.sandbox.runner import imports_for

TORCH_FORBIDDEN = ("torch.nn.functional.gelu", "torch.nn.GELU", "torch.nn.modules.activation.GELU",
                   "torch._C._nn.gelu")
RULES = {
    "numpy": policy.Rules.of(imports_for("numpy")),
    "torch": policy.Rules.of(imports_for("torch"), TORCH_FORBIDDEN),
}
CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
LATIN = re.compile(r"[a-z]", re.IGNORECASE)
# Names that stay Latin in any language: acronyms (GELU, UTF-8, NUL) and function names the prose mentions.
TERMS = re.compile(r"\b(?:[A-Z][A-Z0-9-]+|tanh)\b")


@dataclass(frozen=True)
class Refusal:
    id: str
    source: str | bytes
    kind: str  # Rejected.kind: compile | forbidden
    code: str  # Issue.code of the first issue
    line: int
    col: int
    shown: str = ""  # what the English and Russian messages must both mention (a name, a module)
    track: str = "numpy"


def param(case: Refusal) -> object:
    return pytest.param(case, id=case.id)


REFUSALS = [
    # compile errors
    Refusal("syntax-missing-colon", "import numpy as np\n\ndef gelu(x)\n    return x\n", "compile", "syntax_error",
            3, 12),
    Refusal("syntax-unclosed-paren", "def gelu(x):\n    return (x + 1\n", "compile", "syntax_error", 2, 12),
    Refusal("syntax-bad-indent", "def gelu(x):\nreturn x\n", "compile", "syntax_error", 2, 1),
    Refusal("return-outside-function", "x = 1\nreturn x\n", "compile", "syntax_error", 2, 1, "return"),
    Refusal("nonlocal-without-binding", "def gelu(x):\n    nonlocal y\n    return x\n", "compile", "syntax_error", 2,
            5, "y"),
    Refusal("not-utf8", b"import numpy as np\n# caf\xe9\ndef gelu(x):\n    return x\n", "compile", "not_utf8", 2, 6,
            "UTF-8"),
    Refusal("nul-byte", "def gelu(x):\n    return x  # \x00\n", "compile", "null_byte", 2, 17),
    Refusal("too-large", "#" * 70_000 + "\ndef gelu(x):\n    return x\n", "compile", "source_too_large", 0, 0,
            "65536"),
    Refusal("deep-nesting", "x = " + "-" * 60_000 + "1\ndef gelu(x):\n    return x\n", "compile", "unparsable", 0,
            0),
    # imports
    # imports the code uses (an unused one is dropped with a note: test_unused_imports_are_notes)
    Refusal("import-os", "import os\n\ndef gelu(x):\n    return os.getcwd()\n", "forbidden", "forbidden_import",
            1, 1, "os"),
    Refusal("import-in-function", "def gelu(x):\n    import subprocess\n    return subprocess.run\n", "forbidden",
            "forbidden_import", 2, 5, "subprocess"),
    Refusal("from-import", "import numpy as np\nfrom ctypes import CDLL\nCDLL(None)\n", "forbidden",
            "forbidden_import", 2, 1, "ctypes"),
    Refusal("private-module", "import torch\nfrom torch.utils._mode_utils import no_dispatch\nno_dispatch()\n",
            "forbidden", "forbidden_import", 2, 1, "torch.utils._mode_utils", "torch"),
    Refusal("relative-import", "from . import helpers\nhelpers.f()\n", "forbidden", "forbidden_import", 1, 1),
    Refusal("torch-on-numpy-track", "import torch\ny = torch.zeros(1)\n", "forbidden", "forbidden_import", 1, 1,
            "torch"),
    Refusal("blocked-corner", "from torch.utils.data import DataLoader\nDataLoader([])\n", "forbidden",
            "forbidden_import", 1, 1, "torch.utils.data", "torch"),
    # the exercise's forbidden functions, however they are imported or aliased
    Refusal("f-gelu", "import torch.nn.functional as F\n\ndef gelu(x):\n    return F.gelu(x)\n", "forbidden",
            "forbidden_call", 4, 12, "torch.nn.functional.gelu", "torch"),
    Refusal("from-import-alias", "from torch.nn.functional import gelu as g\ng(1)\n", "forbidden", "forbidden_call",
            1, 1, "torch.nn.functional.gelu", "torch"),
    Refusal("nn-gelu", "import torch\n\ndef gelu(x):\n    return torch.nn.GELU(approximate='tanh')(x)\n",
            "forbidden", "forbidden_call", 4, 12, "torch.nn.GELU", "torch"),
    Refusal("nn-alias", "from torch import nn\n\nact = nn.GELU()\n", "forbidden", "forbidden_call", 3, 7,
            "torch.nn.GELU", "torch"),
    # callables that run unguarded code, refused in every exercise
    Refusal("np-load", "import numpy as np\n\ndef gelu(x):\n    return np.load('/tmp/a.npy')\n", "forbidden",
            "unsafe_call", 4, 12, "numpy.load"),
    Refusal("get-type-hints", "from typing import get_type_hints\nget_type_hints(int)\n", "forbidden",
            "unsafe_call", 1, 1, "typing.get_type_hints"),
    # builtins that are not there
    Refusal("eval", "def gelu(x):\n    return eval('x')\n", "forbidden", "forbidden_builtin", 2, 12, "eval"),
    Refusal("open", "def gelu(x):\n    data = open('/etc/passwd').read()\n    return x\n", "forbidden",
            "forbidden_builtin", 2, 12, "open"),
    Refusal("dunder-import", "def gelu(x):\n    return __import__('os')\n", "forbidden", "forbidden_builtin", 2,
            12, "__import__"),
    Refusal("exit", "def gelu(x):\n    exit(1)\n", "forbidden", "forbidden_builtin", 2, 5, "exit"),
    # reserved names and private attributes
    Refusal("builtins-name", "def gelu(x):\n    return __builtins__\n", "forbidden", "private_name", 2, 12,
            "__builtins__"),
    Refusal("guard-name", "def _getattr_(o, n):\n    return o\n", "forbidden", "private_name", 1, 1, "_getattr_"),
    Refusal("dunder-dict", "def gelu(x):\n    return x.__dict__\n", "forbidden", "private_attribute", 2, 12,
            "__dict__"),
    Refusal("torch-C", "import torch\n\ndef gelu(x):\n    return torch._C._nn.elu(x)\n", "forbidden",
            "private_attribute", 4, 12, "_C", "torch"),
    Refusal("gi-frame", "def gelu(x):\n    g = (v for v in x)\n    return g.gi_frame\n", "forbidden",
            "inspect_attribute", 3, 12, "gi_frame"),
    Refusal("mro", "def gelu(x):\n    return type(x).mro()\n", "forbidden", "inspect_attribute", 2, 12, "mro"),
    Refusal("library-private-on-self-name", "import numpy as np\n\ndef gelu(self):\n    return np._core\n",
            "forbidden", "private_attribute", 4, 12, "_core"),
    Refusal("dunder-method-not-allowed", "class A:\n    def __array_ufunc__(self, *a):\n        return 0\n",
            "forbidden", "private_name", 2, 5, "__array_ufunc__"),
    Refusal("annotated-private-target", "def gelu(x):\n    x.__class__: type = int\n    return x\n", "forbidden",
            "private_attribute", 2, 5, "__class__"),
    # constructs the restricted compiler does not support
    Refusal("match", "def gelu(x):\n    match x.ndim:\n        case 1:\n            return x\n", "forbidden",
            "unsupported_statement", 2, 5, "match"),
    Refusal("async-def", "async def gelu(x):\n    return x\n", "forbidden", "unsupported_statement", 1, 1,
            "async def"),
    Refusal("except-star", "def gelu(x):\n    try:\n        pass\n    except* ValueError:\n        pass\n",
            "forbidden", "unsupported_statement", 2, 5, "except*"),
    Refusal("star-import", "from math import *\n", "forbidden", "star_import", 1, 1, "import *"),
    Refusal("metaclass", "class A(metaclass=type):\n    pass\n", "forbidden", "metaclass", 1, 1, "metaclass"),
]


@pytest.mark.parametrize("case", [param(c) for c in REFUSALS])
def test_check_refuses_with_a_position(case: Refusal) -> None:
    with pytest.raises(policy.Rejected) as caught:
        policy.vet(case.source, RULES[case.track])
    rejected = caught.value
    first = rejected.issues[0]
    assert (rejected.kind, first.code, first.line, first.col) == (case.kind, case.code, case.line, case.col), (
        rejected.kind, first)
    assert rejected.issues == sorted(rejected.issues, key=lambda i: (i.line, i.col))


def sentence_check(message: str, params: dict[str, str], script: re.Pattern[str], other: re.Pattern[str]) -> None:
    """A sentence mostly in `script`: once the learner's own words (params, `code`) are removed, letters of the
    other script are absent and those of this one present; it ends like a sentence."""
    prose = message
    for value in sorted(params.values(), key=len, reverse=True):
        prose = prose.replace(value, " ")
    prose = TERMS.sub(" ", re.sub(r"`[^`]*`", " ", prose))
    assert script.search(prose), message
    assert not other.search(prose), message
    assert message.rstrip().endswith((".", ")")), message


@pytest.mark.parametrize("case", [param(c) for c in REFUSALS])
def test_report_names_line_col_in_english_and_russian(gelu: Exercise, pool: Pool, case: Refusal) -> None:
    with pytest.raises(policy.Rejected) as caught:
        policy.vet(case.source, RULES[case.track])
    params = caught.value.issues[0].params
    neutral = grade(gelu, case.source, case.track, pool=pool)
    reports = {lang: localise(neutral, lang) for lang in ("en", "ru")}
    for lang, report in reports.items():
        verdict = "compile_error" if case.kind == "compile" else "forbidden"
        assert report.verdict == verdict, (lang, report.message)
        issue = report.issues[0]
        assert (issue.line, issue.col, issue.code) == (case.line, case.col, case.code)
        assert all(c.status == "not_run" for c in report.cases)
        assert case.shown in issue.message
        assert issue.message in report.message
    en, ru = reports["en"].issues[0].message, reports["ru"].issues[0].message
    sentence_check(en, params, LATIN, CYRILLIC)
    sentence_check(ru, params, CYRILLIC, LATIN)
    if case.line and case.col:
        assert reports["en"].message.startswith(f"line {case.line}, column {case.col}: ")
        assert reports["ru"].message.startswith(f"строка {case.line}, столбец {case.col}: ")
    elif case.line:
        assert reports["en"].message.startswith(f"line {case.line}: ")
        assert reports["ru"].message.startswith(f"строка {case.line}: ")


def test_forbidden_call_message_gives_the_exercises_reason(gelu: Exercise, pool: Pool) -> None:
    source = "import torch.nn.functional as F\n\ndef gelu(x):\n    return F.gelu(x, approximate='tanh')\n"
    neutral = grade(gelu, source, pool=pool)
    for lang, words in (("en", "build GELU yourself"), ("ru", "собрать GELU самостоятельно")):
        report = localise(neutral, lang)
        assert words in report.issues[0].message
        assert "return F.gelu(x, approximate='tanh')" in report.message  # the offending line is quoted


def test_every_issue_is_reported_in_source_order() -> None:
    source = "import os\nimport numpy as np\n\ndef gelu(x):\n    y = eval(os.sep)\n    return x.__dict__\n"
    with pytest.raises(policy.Rejected) as caught:
        policy.vet(source, RULES["numpy"])
    found = [(i.code, i.line, i.col) for i in caught.value.issues]
    assert found == [("forbidden_import", 1, 1), ("forbidden_builtin", 5, 9), ("private_attribute", 6, 12)]


def test_the_same_issue_is_reported_once() -> None:
    with pytest.raises(policy.Rejected) as caught:
        policy.vet("def gelu(x):\n    return eval(eval('x'))\n", RULES["numpy"])
    assert [(i.code, i.col) for i in caught.value.issues] == [("forbidden_builtin", 12), ("forbidden_builtin", 17)]


def test_one_issue_per_attribute_chain() -> None:
    with pytest.raises(policy.Rejected) as caught:
        policy.vet("import torch\n\ny = torch._C._nn.gelu\n", RULES["torch"])
    assert [(i.code, i.params) for i in caught.value.issues] == [("forbidden_call", {"name": "torch._C._nn.gelu"})]


# --- what the policy lets through ------------------------------------------------------------------------------

ALLOWED = {
    "walrus": "def gelu(x):\n    if (n := x.size) > 0:\n        return x\n    return x\n",
    "global": "N = 0\n\ndef gelu(x):\n    global N\n    N += 1\n    return x\n",
    "nonlocal": "def make():\n    n = 0\n    def gelu(x):\n        nonlocal n\n        n += 1\n        return x\n"
                "    return gelu\n\ngelu = make()\n",
    "del-and-assert": "def gelu(x):\n    y = x\n    del y\n    assert x.ndim >= 0, 'bad'\n    return x\n",
    "star-args": "def f(*a, **k):\n    return a\n\ndef gelu(x):\n    first, *rest = [1, 2, 3]\n"
                 "    return f(*[x], **{})[0]\n",
    "item-writes": "def gelu(x):\n    y = x.copy()\n    y[0] = 1.0\n    y[1:] += 1.0\n    y[..., 0] *= 2\n"
                   "    return y\n",
    "attribute-augassign": "class A:\n    def __init__(self):\n        self.n = 0\n    def __call__(self, x):\n"
                           "        self.n += 1\n        return x\n\ngelu = A()\n",
    "own-private-attributes": "class A:\n    _k = 2.0\n    def __init__(self):\n        self._scale = 1.0\n"
                              "    def _helper(self):\n        return self._scale * A._k\n"
                              "    def __call__(self, x):\n        self._scale += 0.0\n"
                              "        return x * self._helper() / 2\n"
                              "\ngelu = A()\n",
    "classmethod-cls-private": "class A:\n    _cache = {}\n    @classmethod\n    def get(cls):\n"
                               "        return cls._cache.setdefault('a', cls())\n\n"
                               "def gelu(x):\n    A.get()\n    return x\n",
    "super-init": "import torch\nfrom torch import nn\n\nclass M(nn.Module):\n    def __init__(self):\n"
                  "        super().__init__()\n        self.k = 1\n    def forward(self, x):\n        return x\n",
    "property-staticmethod": "class A:\n    @property\n    def k(self):\n        return 1\n    @staticmethod\n"
                             "    def s():\n        return 1\n",
    "dunder-name-and-doc": "def gelu(x):\n    '''Doc.'''\n    if __name__ == '__main__':\n        print(gelu.__doc__)\n"
                           "    return x\n",
    "type-name": "def gelu(x):\n    print(type(x).__name__)\n    return x\n",
    "f-strings": "def gelu(x):\n    print(f'{x!r:>10} {x.size:03d} {x.shape}')\n    return x\n",
    "str-format": "def gelu(x):\n    print('{} {:.3f} {shape}'.format(1, 2.0, shape=x.shape))\n    return x\n",
    "annotations": "from __future__ import annotations\nfrom typing import Final\n\nK: Final[float] = 0.5\n\n"
                   "def gelu(x: 'np.ndarray') -> 'np.ndarray':\n    y: float = K\n    return x * y\n",
    "named-tuple": "from typing import NamedTuple\n\nclass P(NamedTuple):\n    a: float = 1.0\n",
    "generators": "def g(x):\n    yield from [x]\n\ndef gelu(x):\n    return next(g(x))\n",
    "comprehensions": "def gelu(x):\n    d = {k: v for k, v in zip('ab', [1, 2])}\n    s = {v for v in d.values()}\n"
                      "    return [v for v in x]\n",
    "lambda-defaults": "def gelu(x, f=lambda v: v):\n    return f(x) if x is not None else None\n",
    "try-finally": "def gelu(x):\n    try:\n        return x\n    except (ValueError, TypeError) as e:\n"
                   "        raise RuntimeError('no') from e\n    finally:\n        pass\n",
    "with": "import numpy as np\n\ndef gelu(x):\n    with np.errstate(all='ignore') as state:\n        return x\n",
    "decorators": "import functools\n\n@functools.lru_cache(maxsize=None)\ndef k():\n    return 1\n\n"
                  "@functools.wraps(k)\ndef gelu(x):\n    return x\n",
    "torch-no-grad-decorator": "import torch\n\n@torch.no_grad()\ndef gelu(x):\n    return x\n",
    "public-f": "import torch.nn.functional as F\n\ndef gelu(x):\n    return F.softplus(x) * 0 + x\n",
    "underscore": "def gelu(x):\n    for _ in range(2):\n        _, b = 1, 2\n    return x\n",
    "private-helper-names": "_K = 0.044715\n\ndef _cube(v):\n    return v ** 3\n\ndef gelu(x):\n"
                            "    _half = 0.5\n    return _half * (x + _K * _cube(x))\n",
}


@pytest.mark.parametrize("source", ALLOWED.values(), ids=ALLOWED.keys())
def test_idioms_pass_the_policy(source: str) -> None:
    program = policy.vet(source, RULES["torch"])
    assert program.source == source


def test_program_records_imports_and_compiles_restricted_code() -> None:
    program = policy.vet("import math\nimport numpy as np\nfrom typing import List\nL: List = [math.pi, np.e]\n",
                           RULES["numpy"])
    assert program.imports == {"math", "numpy", "typing"}
    # attribute access now goes through the guard
    guarded = policy.vet("import numpy as np\ny = np.pi\n", RULES["numpy"])
    assert "_getattr_" in guarded.code.co_names


def test_bom_and_bytes_are_accepted() -> None:
    program = policy.vet("\ufeffdef gelu(x):\n    return x\n".encode(), RULES["numpy"])
    assert program.source.startswith("def gelu")


@pytest.mark.parametrize("source, track", [
    ("import torch\n", "torch"),
    ("import numpy as np\n", "numpy"),
    ("from torch import nn\nnn.ReLU()\n", "torch"),
    ("def f():\n    import torch.nn.functional as F\n    return F\n", "torch"),
    ("import torchvision\n", "numpy"),  # not torch itself
    ("import torch\ndef gelu(x)\n", "torch"),  # does not parse: a text search decides
    ("x = " + "-" * 60_000 + "1\nimport torch\n", "torch"),  # the parser gives up (MemoryError)
    # what the graded function uses decides, not what the file imports
    ("import numpy as np\nimport torch\n\ndef gelu(x):\n    return np.tanh(x)\n", "numpy"),
    ("import numpy as np\nimport torch\n\ndef gelu(x):\n    return torch.tanh(x)\n", "torch"),
    # through a helper function and a module-level constant
    ("import numpy as np\nimport torch\nC = torch.tensor(0.5)\ndef h(x):\n    return C * x\n"
     "def gelu(x):\n    return h(x)\n", "torch"),
    # torch only under __main__ (a test of a NumPy function)
    ("import numpy as np\ndef gelu(x):\n    return np.tanh(x)\nif __name__ == '__main__':\n    import torch\n"
     "    print(gelu(torch.ones(2)))\n", "numpy"),
])
def test_detect_track(source: str, track: str) -> None:
    assert policy.detect_track(source, "gelu").track == track


def test_unused_imports_are_notes_and_never_loaded() -> None:
    source = "import os\nimport time\nfrom torch.utils.data import DataLoader\nimport numpy as np\n\n" \
             "def gelu(x):\n    return np.tanh(x)\n"
    program = policy.vet(source, RULES["numpy"])
    assert [(n.code, n.line, n.params["module"]) for n in program.notes] == [
        ("unused_import", 1, "os"), ("unused_import", 2, "time"), ("unused_import", 3, "torch.utils.data.DataLoader")]
    assert program.imports == {"numpy"}  # the others are not even imported


def test_main_blocks_and_compile_decorators_are_left_out() -> None:
    source = ("import torch\n\n@torch.jit.script\ndef gelu(x):\n    return torch.tanh(x)\n\n"
              "fast = torch.compile(gelu)\n\nif __name__ == '__main__':\n    import doctest\n    doctest.testmod()\n")
    program = policy.vet(source, RULES["torch"])
    assert [n.code for n in program.notes] == ["compile_decorator", "compile_decorator", "main_block_skipped"]
    assert "doctest" not in program.imports


def test_optional_imports_fail_at_run_time_like_python() -> None:
    source = "import numpy as np\ntry:\n    import cupy as xp\nexcept ImportError:\n    xp = np\ny = xp.ones(1)\n"
    program = policy.vet(source, RULES["numpy"])
    assert [(n.code, n.params["module"]) for n in program.notes] == [("optional_import", "cupy")]
    with pytest.raises(policy.Rejected):  # unguarded, the same import is refused
        policy.vet("import numpy as np\nimport cupy as xp\nxp.ones(1)\n", RULES["numpy"])


def test_the_learners_own_names_and_module_metadata_are_fine() -> None:
    policy.vet('"""Doc."""\n__all__ = ["relu"]\n__version__ = "1.0"\n__author__ = "me"\n\n'
                 "def relu(input, max=None):\n    sum = input\n    return sum if max is None else max\n",
                 RULES["numpy"])


def test_unknown_positions_are_zero_not_invented() -> None:
    for source in ("x = 1" + "+1" * 1_000 + "\n", "#" * 70_000):
        with pytest.raises(policy.Rejected) as caught:
            policy.vet(source, RULES["numpy"])
        assert (caught.value.issues[0].line, caught.value.issues[0].col) == (0, 0)
