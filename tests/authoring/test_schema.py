"""`judge check` validates the metadata against its schema (judge/schema.py): every wrong type and every unknown key
is an error at file:line, a typo with a "did you mean", instead of a traceback or a key silently ignored. Each case
breaks one thing in a private copy of exercises/gelu; none needs the sandbox, since loading stops first."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.authoring.conftest import Run
from tests.authoring.helpers import edit, line_of
from tests.authoring.test_check import assert_fails, at, check

Judge = Callable[..., Run]

# (file, text in it, replacement, a fragment of the line the error names, the message after "file:line: ")
BROKEN = [
    # wrong types: each used to be a traceback (at load, or later in the sandbox) or silently accepted
    ("exercise.toml", "order = 1", 'order = "first"', "order =",
     "order must be a whole number, not the string 'first'"),
    ("exercise.toml", "wall_seconds = 5", 'wall_seconds = "five"', "wall_seconds",
     "limits.wall_seconds must be a positive number, not the string 'five'"),
    ("exercise.toml", "wall_seconds = 5", "wall_seconds = 0", "wall_seconds",
     "limits.wall_seconds must be a positive number, not the whole number 0"),
    ("exercise.toml", "cpu_seconds = 1", "cpu_seconds = 1\nmemory_mb = 256.5", "memory_mb",
     "limits.memory_mb must be a whole number ≥ 1, not the number 256.5"),
    ("exercise.toml", "x = [-5.0, 3.0, 321]", 'x = [3.0, -5.0, "a"]', "x = [3.0",
     "plot.x[2] must be a number, not the string 'a'"),
    ("exercise.toml", "x = [-5.0, 3.0, 321]", "x = [3.0, -5.0, 321]", "x = [3.0",
     "plot.x must be [start, stop, points] with start < stop and 2..5000 points"),
    ("exercise.toml", "x = [-5.0, 3.0, 321]", "x = [-5.0, 3.0, 100000]", "x = [-5.0",
     "plot.x must be [start, stop, points] with start < stop and 2..5000 points"),
    ("exercise.toml", "x = [-5.0, 3.0, 321]", "x = [-5.0, 3.0]", "x = [-5.0",
     "plot.x must list 3 values, not 2"),
    ("exercise.toml", "x = [-5.0, 3.0, 321]", "x = [-5.0, 3.0, 321]\nfixed = { y = 1.0 }", "fixed =",
     "plot.fixed names 'y', which is not a parameter (x)"),
    ("exercise.toml", "x = [-5.0, 3.0, 321]", "x = [-5.0, 3.0, 321]\nfixed = { x = 1.0 }", "fixed =",
     "plot.fixed fixes every parameter: one must sweep the grid"),
    ("exercise.toml", "x = [-5.0, 3.0, 321]", 'x = [-5.0, 3.0, 321]\nfixed = { x = "one" }', "fixed =",
     "plot.fixed.x must be a number, not the string 'one'"),
    ("exercise.toml", 'title.en = "GELU with the tanh approximation"', "title.en = 5", "title.en",
     "title.en must be a string, not the whole number 5"),
    ("exercise.toml", "elementwise = true", 'elementwise = "yes"', "elementwise",
     "function.elementwise must be true or false, not the string 'yes'"),
    ("exercise.toml", "atol = 5e-5", "atol = -1", "atol = -1",
     "compare.atol must be a number ≥ 0, not the whole number -1"),
    ("exercise.toml", 'takes = ["gelu"]', 'takes = "gelu"', "takes =",
     "vocabulary.takes must be a list, not the string 'gelu'"),
    ("exercise.toml", 'returns = { kind = "array" }', 'returns = { kind = "arrays" }', "returns =",
     "function.returns.kind must be one of array, int_array, float, int, bool, tuple, dict, any, not 'arrays'; "
     "did you mean 'array'?"),
    ("exercise.toml", 'params = [{ name = "x", kind = "array" }]',
     'params = [{ name = "x", kind = "array" }, { name = "beta", kind = "float", default = "one" }]', "params =",
     "function.params[1].default does not fit kind 'float': 'one' is not a number"),
    ("cases.toml", 'id = "example-2"\nvisible = true', 'id = "example-2"\nvisible = "yes"', 'visible = "yes"',
     "case[1].visible must be true or false, not the string 'yes'"),
    ("cases.toml", 'kind.en = "published example: ±3"', "kind.en = 3", "kind.en = 3",
     "case[1].kind.en must be a string, not the whole number 3"),
    ("cases.toml", "args.x = [-3.0, 3.0]", 'args.x = [-3.0, 3.0, "a"]', "args.x = [-3.0, 3.0,",
     "case 'example-2': could not convert string to float: 'a'"),
    # unknown keys: each used to be ignored without a word
    ("exercise.toml", "elementwise = true", "elementwize = true", "elementwize",
     "unknown key 'function.elementwize'; did you mean 'elementwise'?"),
    ("exercise.toml", "[compare]", "[comparee]", "[comparee]",
     "unknown table 'comparee'; did you mean 'compare'?"),
    ("exercise.toml", "[tracks.torch]", "[tracks.jax]", "[tracks.jax]",
     "unknown table 'tracks.jax'; known here: numpy, torch"),
    ("exercise.toml", "wall_seconds = 5", "wal_seconds = 5", "wal_seconds",
     "unknown key 'limits.wal_seconds'; did you mean 'wall_seconds'?"),
    ("cases.toml", 'id = "example-2"\nvisible = true', 'id = "example-2"\nvisble = true', "visble",
     "unknown key 'case[1].visble'; did you mean 'visible'?"),
    ("cases.toml", "shape = [2, 3, 4], seed = 2024 }", "shape = [2, 3, 4], sead = 2024 }", "sead",
     "case 'shape-3d': unknown key 'sead' in a normal recipe; did you mean 'seed'?"),
    ("cases.toml", 'random = "normal"', 'random = "gaussian"', "gaussian",
     "case 'shape-3d': unknown random = 'gaussian'"),
    ("cases.toml", "args.x = [-3.0, 3.0]", "args.xs = [-3.0, 3.0]", "args.xs",
     "case 'example-2': unknown argument 'xs'; did you mean 'x'?"),
    ("hints.toml", '[[hint]]\nen = """', '[[hint]]\neng = "typo"\nen = """', "eng =",
     "unknown key 'hint[0].eng'; did you mean 'en'?"),
    ("mistakes.toml", "function = ", "funtion = ", "funtion",
     "unknown key 'mistake[0].funtion'; did you mean 'function'?"),
    ("mistakes.toml", 'id = "no-cubic"', 'id = "no-cubic"\npredicate = "flattened"', "[[mistake]]",
     "mistake 'no-cubic' needs either `function` (a wrong implementation) or `predicate`"),
    # `combines` names other mistakes of the file: a typo or a single one would leave the combination undefined
    ("mistakes.toml", 'id = "no-cubic"', 'id = "no-cubic"\ncombines = ["sqrt-2pi", "sqrt-two-pi"]', "combines =",
     "mistake 'no-cubic': `combines` names the plain known mistakes that this one makes at once, and "
     "'sqrt-two-pi' is not a mistake of this file"),
    ("mistakes.toml", 'id = "no-cubic"', 'id = "no-cubic"\ncombines = ["sqrt-2pi"]', "combines =",
     "mistake 'no-cubic': `combines` names the plain known mistakes that this one makes at once, and needs two "
     "or more different mistakes"),
]


@pytest.mark.parametrize(("file", "old", "new", "line", "message"), BROKEN,
                         ids=[f"{b[0]}:{b[2].splitlines()[-1]}" for b in BROKEN])
def test_broken_metadata_is_an_error_at_its_line(judge: Judge, exercises: Path, file: str, old: str, new: str,
                                                 line: str, message: str) -> None:
    path = exercises / "gelu" / file
    edit(path, old, new)
    run = check(judge, exercises)
    assert_fails(run, f"error: {at(path, line_of(path, line))}: {message}")
    assert "Traceback" not in run.text


def test_the_checker_key_under_a_table(judge: Judge, exercises: Path) -> None:
    """The scaffold warns that `checker` must stay above the first [table]: below one, it is that table's key."""
    meta = exercises / "gelu" / "exercise.toml"
    edit(meta, "[tracks.numpy]", 'checker = "checker.py:check"\n\n[tracks.numpy]')
    assert_fails(check(judge, exercises),
                 f"{at(meta, line_of(meta, 'checker ='))}: unknown key 'plot.checker'; known here: x, fixed")


def test_every_schema_error_at_once(judge: Judge, exercises: Path) -> None:
    """Loading stops at the first problem; `judge check` lists every key the schemas refuse, in every file."""
    meta, cases = exercises / "gelu" / "exercise.toml", exercises / "gelu" / "cases.toml"
    edit(meta, "order = 1", 'order = "first"')
    edit(meta, "elementwise = true", "elementwize = true")
    edit(cases, 'id = "example-2"\nvisible = true', 'id = "example-2"\nvisble = true')
    run = check(judge, exercises)
    assert_fails(run, f"{at(meta, line_of(meta, 'order ='))}: order must be a whole number",
                 f"{at(meta, line_of(meta, 'elementwize'))}: unknown key 'function.elementwize'",
                 f"{at(cases, line_of(cases, 'visble'))}: unknown key 'case[1].visble'")
    assert run.out.count("error:") == 3
