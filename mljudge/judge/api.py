"""What an exercise's own Python (checker.py, mistakes.py) may rely on of the judge: import it from here, and
from nothing else of the judge or the sandbox (the bundled course's trusted maths, mljudge.reference, is its own).

    from mljudge.judge.api import Answer, Array, Case, Earlier, Expected, Text

    def check(case: Case, expected: Expected, got: Answer, earlier: Earlier) -> Text | None:   # a Checker
        assert isinstance(got, Array)  # an array kind of `returns`: the judge refused anything else already
        if got.data.shape != case.args["x"].shape:
            return Text(en="Keep the shape of x.", ru="Сохраните форму x.")
        return None                    # right

    def flattened(got: Answer, expected: Expected, case: Case) -> bool:                          # a MistakePredicate
        return isinstance(got, Array) and got.data.ndim == 1

A checker says why an answer is wrong, in every language (a Text), or None when it is right; a mistake predicate
says whether one failed case shows the mistake. A wrong implementation (`function = "mistakes.py:name"`) is plain
NumPy code with the exercise's own signature and needs nothing from here. docs/authoring.md describes each.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from mljudge.judge.exercise import Answer, Case, Checker, Earlier, Expected, MistakePredicate, Tolerance
from mljudge.judge.i18n import Text
from mljudge.judge.loader import exercise_module
from mljudge.sandbox import Array, Opaque

__all__ = [
    "Answer", "Array", "Case", "Checker", "Earlier", "Expected", "MistakePredicate", "Opaque", "Text", "Tolerance",
    "sibling",
]


def sibling(this_file: str, file_name: str) -> ModuleType:
    """Another Python file of this exercise's folder, as the judge loads it (once per version of the file): a
    mistakes.py that reuses its checker's tests writes `checker = sibling(__file__, "checker.py")`."""
    return exercise_module(Path(this_file).parent, file_name)
