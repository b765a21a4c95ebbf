"""What is sent for a function: its own statement and what it needs of its cell or module (imports narrowed to
the names used, constants, helpers, transitively), then imports, other cells' statements or literals for what it
takes from elsewhere; and, when there is no source, a sentence that says so and what to do."""

from __future__ import annotations

import importlib.util
import linecache
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import numpy as np
import pytest

from mljudge.client.errors import SourceNotFound
from mljudge.client.source import from_function

MODULE = '''"""A learner's file."""
import math
import numpy as np, time
from math import erf
C = math.sqrt(2 / math.pi)
K = 0.044715
DATA = np.zeros(3)


def _inner(x):
    return C * (x + K * x**3)


def gelu(x, y=None):
    z = np.tanh(_inner(x))  # z, x, y: locals, never looked for
    return 0.5 * x * (1 + z)


def my_gelu(x):
    return gelu(x)


def make():
    def inner(x):
        return x
    return inner


made = make()
print(gelu(DATA))
'''


def load(tmp_path: Path, text: str, name: str) -> ModuleType:
    path = tmp_path / f"{name}.py"
    path.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_a_module_function_is_sent_with_what_it_uses_there_alone(tmp_path: Path) -> None:
    module = load(tmp_path, MODULE, "learner_gelu")
    sent = from_function(module.gelu, "gelu", vars(module))
    assert sent.code.splitlines()[:2] == ["import math", "import numpy as np"]  # `time` and `erf` are not used
    for needed in ("C = math.sqrt(2 / math.pi)", "K = 0.044715", "def _inner(x):", "def gelu(x, y=None):"):
        assert needed in sent.code
    for unneeded in ("time", "erf", "DATA", "print", "my_gelu", "make"):
        assert unneeded not in sent.code
    assert sent.missing == () and any("gelu (" in p and "line 14" in p for p in sent.parts)
    namespace: dict[str, Any] = {}
    exec(compile(sent.code, "sent", "exec"), namespace)  # what is sent runs on its own
    assert np.allclose(namespace["gelu"](np.array([1.0])), module.gelu(np.array([1.0])))


def test_another_name_and_a_made_function_are_sent_under_the_exercises_name(tmp_path: Path) -> None:
    module = load(tmp_path, MODULE, "learner_names")
    renamed = from_function(module.my_gelu, "gelu", vars(module))
    assert "def gelu(x, y=None):" in renamed.code and renamed.code.rstrip().endswith(
        "gelu = my_gelu  # the function checked, under the name the exercise grades")
    made = from_function(module.made, "gelu", vars(module))
    assert "def make():" in made.code and "made = make()" in made.code and "gelu = made" in made.code


def test_no_source_is_a_sentence_saying_what_was_sent_and_what_to_do() -> None:
    cases = [
        (np.tanh, "built-in function"), (len, "built-in function"),
        (eval("lambda x: x"), "no text of"),  # made by exec/eval: Python kept no source
    ]
    for function, said in cases:
        with pytest.raises(SourceNotFound, match=said) as caught:
            from_function(function, "gelu", {"unrelated": 1})
        assert "nothing was sent" in str(caught.value)
        assert caught.value._render_traceback_() == [f"SourceNotFound: {caught.value}"]  # IPython: one line


def test_a_lambda_passed_inline_or_a_nested_function_is_said_to_be_unbound(tmp_path: Path) -> None:
    module = load(tmp_path, "def outer():\n    def gelu(x):\n        return x\n    return gelu\n"
                            "PASSED = [lambda x: x]\n", "learner_inline")
    with pytest.raises(SourceNotFound, match=r"inside another function.*nothing was sent"):
        from_function(module.outer(), "gelu", vars(module))
    with pytest.raises(SourceNotFound, match="a lambda on line 5 is not bound to a name"):
        from_function(module.PASSED[0], "gelu", vars(module))


def test_a_notebooks_other_cells_give_imports_statements_and_literals(monkeypatch: pytest.MonkeyPatch) -> None:
    """As IPython keeps them: each cell in linecache under its own name and in the history, in the order run."""
    cells = ["import numpy as np",
             "K = 0.044715\nW = np.ones(3)\n\ndef cube(x):\n    return K * x**3\n\nplt_figure = None",
             "def gelu(x):\n    return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + cube(x)))) + 0 * W.sum()"
             " + LIMIT * 0 + GHOST * 0"]
    namespace: dict[str, Any] = {"__name__": "__main__", "LIMIT": 3, "GHOST": object()}
    history = [""]
    for number, cell in enumerate(cells, 1):
        history.append(cell)
        filename = f"/tmp/ipykernel_0/cell{number}.py"
        linecache.cache[filename] = (len(cell), None, cell.splitlines(True), filename)
        exec(compile(cell, filename, "exec"), namespace)
    shell = SimpleNamespace(user_ns=namespace, history_manager=SimpleNamespace(input_hist_parsed=history))
    monkeypatch.setitem(sys.modules, "IPython", SimpleNamespace(get_ipython=lambda: shell))
    sent = from_function(namespace["gelu"], "gelu", namespace)
    lines = sent.code.splitlines()
    assert lines[0] == "import numpy as np" and "LIMIT = 3" in lines  # a literal bound without a statement
    assert sent.code.index("K = 0.044715") < sent.code.index("def cube") < sent.code.index("def gelu")
    assert "W = np.ones(3)" in sent.code and "plt_figure" not in sent.code
    assert sent.missing == ("GHOST (object)",) and sent.origin == "cell [3]"
