"""`optional = true` declares a parameter whose default is None (TOML has no null), such as max_pool2d's
`stride=None`: it is not required, and a case passes it by keyword only when it gives it, so the learner's own
None default is what the other cases exercise."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mljudge.judge.errors import ExerciseError
from mljudge.judge.loader import load_exercise

ROOT = Path(__file__).resolve().parents[2]
PARAMS = 'params = [{ name = "x", kind = "array" }]'


def _gelu_with(tmp_path: Path, params: str) -> Path:
    folder = tmp_path / "gelu"
    shutil.copytree(ROOT / "mljudge" / "exercises" / "gelu", folder)
    meta = folder / "exercise.toml"
    text = meta.read_text(encoding="utf-8")
    assert PARAMS in text
    meta.write_text(text.replace(PARAMS, params), encoding="utf-8")
    return folder


def test_an_optional_parameter_defaults_to_none_and_is_passed_only_when_given(tmp_path: Path) -> None:
    folder = _gelu_with(tmp_path, 'params = [{ name = "x", kind = "array" }, '
                                  '{ name = "stride", kind = "int", optional = true }]')
    exercise = load_exercise(folder)
    stride = exercise.function.params[1]
    assert stride.default is None
    assert not stride.required
    args, kwargs = exercise.call_args({"x": 1.0})
    assert (args, kwargs) == ((1.0,), {})
    args, kwargs = exercise.call_args({"x": 1.0, "stride": 2})
    assert (args, kwargs) == ((1.0,), {"stride": 2})


def test_optional_false_leaves_the_parameter_required(tmp_path: Path) -> None:
    folder = _gelu_with(tmp_path, 'params = [{ name = "x", kind = "array", optional = false }]')
    assert load_exercise(folder).function.params[0].required


@pytest.mark.parametrize(("param", "message"), [
    ('{ name = "stride", kind = "int", optional = true, default = 2 }',
     "function.params[1]: give either a default or optional = true (a default of None), not both"),
    ('{ name = "stride", kind = "int", optional = "yes" }',
     "function.params[1].optional must be true or false, not the string 'yes'"),
])
def test_a_broken_optional_is_an_error_at_its_line(tmp_path: Path, param: str, message: str) -> None:
    folder = _gelu_with(tmp_path, f'params = [{{ name = "x", kind = "array" }}, {param}]')
    with pytest.raises(ExerciseError) as raised:
        load_exercise(folder)
    assert raised.value.message == message
    lines = (folder / "exercise.toml").read_text(encoding="utf-8").splitlines()
    assert raised.value.line is not None and "params = [" in lines[raised.value.line - 1]
