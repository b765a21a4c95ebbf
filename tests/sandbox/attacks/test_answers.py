"""What crosses back: answers that lie or are of the wrong kind come back as plain numbers or not at all, and
nothing of a hidden case reaches the report."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest

from mljudge.judge.exercise import Exercise
from mljudge.judge.localise import Localised
from mljudge.sandbox.pool import Pool
from tests.judging import judged
from tests.sandbox.attacks.common import HIDDEN_VALUES, NEEDS_ROOT, RECORDER, Attack, attack, run_attacks, src, text_of

pytestmark = NEEDS_ROOT


@pytest.fixture
def gelu(gelu: Exercise) -> Exercise:
    """GELU without its vocabulary: these attacks use library corners no exercise builds from (a tensor subclass's
    as_subclass, torch.futures, …) to test what lies below the exercise's rule."""
    return dataclasses.replace(gelu, vocabulary=None)


@pytest.fixture
def pool(every_layer_but_the_vocabulary: Pool) -> Pool:
    return every_layer_but_the_vocabulary


# --- answers that lie ------------------------------------------------------------------------------------------

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


def attack_accepted(exercise: Exercise, pool: Pool, source: str) -> Localised:
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


# --- exfiltrating hidden cases ---------------------------------------------------------------------------------

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
    # nor the line, nor even that it raised (the code chooses all of it): the hidden case failed, no more
    source = RECORDER.format(action="if len(SEEN) > 2:\n        raise ValueError('LEAK ' + str(x.tolist()))")
    report = attack(gelu, pool, source, "wrong_answer", "a hidden case does not")
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
