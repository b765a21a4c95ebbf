"""`judge check`: passes on a sound exercise, and fails with a clear message (and file:line where the format
gives one) for each kind of broken exercise. Every test breaks one thing in a private copy of exercises/gelu."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from mljudge.judge.catalog import Catalog
from tests.authoring.conftest import REPO_EXERCISES, Run
from tests.authoring.helpers import edit, line_of

Judge = Callable[..., Run]
CATALOG = Catalog(REPO_EXERCISES)


def check(judge: Judge, exercises: Path, *extra: str) -> Run:
    """`judge check gelu` on the copy. A test whose defect has nothing to do with the example submissions passes
    --quick, which leaves out grading them (each is graded in tests/exercises/test_examples.py)."""
    return judge("check", "gelu", "--exercises-dir", exercises, *extra)


def at(path: Path, line: int | None = None) -> str:
    """How a problem names its place: the file (as check prints it), and the line when there is one."""
    return f"{path.resolve()}:{line}" if line else str(path.resolve())


def assert_fails(run: Run, *fragments: str) -> None:
    assert run.code == 1, run.text
    for fragment in fragments:
        assert fragment in run.out, f"{fragment!r} not in:\n{run.out}"


# --- sound exercises ------------------------------------------------------------------------------------------


@pytest.mark.usefixtures("shared_pool")
def test_a_sound_copy_passes_with_all(judge: Judge, exercises: Path) -> None:
    run = judge("check", "--all", "--exercises-dir", exercises)
    assert run.code == 0, run.text
    assert "1 of 1 exercise(s) pass" in run.out
    assert "error:" not in run.out


@pytest.mark.usefixtures("shared_pool")
def test_check_all_on_the_repository_exercises(judge: Judge) -> None:
    """The whole course proves itself: every exercise in exercises/ passes `judge check`. --quick leaves out
    grading the 660-odd example submissions, the same rule tests/exercises/test_examples.py pins one by one (their
    verdicts and their mistakes), instead of grading each of them twice in `make test`."""
    run = judge("check", "--all", "--quick", "--exercises-dir", REPO_EXERCISES)
    rows = {line.split()[0]: line.split()[1] for line in run.out.splitlines()
            if len(line.split()) == 6 and line.split()[1] in ("ok", "FAIL")}
    assert len(rows) >= 28 and set(rows.values()) == {"ok"}, run.text
    assert run.code == 0, run.text


# --- metadata and files ---------------------------------------------------------------------------------------


def test_invalid_toml(judge: Judge, exercises: Path) -> None:
    meta = exercises / "gelu" / "exercise.toml"
    edit(meta, "order = 1", "order = = 1")
    assert_fails(check(judge, exercises), f"{at(meta, line_of(meta, 'order = = 1'))}: not valid TOML")


def test_missing_title_ru(judge: Judge, exercises: Path) -> None:
    meta = exercises / "gelu" / "exercise.toml"
    edit(meta, 'title.ru = "GELU через приближение с tanh"\n', "")
    assert_fails(check(judge, exercises), f"{at(meta, line_of(meta, 'title.en'))}: 'title' has no text in ru")


def test_missing_prompt_ru(judge: Judge, exercises: Path) -> None:
    prompt = exercises / "gelu" / "prompt.ru.md"
    prompt.unlink()
    assert_fails(check(judge, exercises), f"{at(prompt)}: file is missing")


def test_missing_starter_ru(judge: Judge, exercises: Path) -> None:
    starter = exercises / "gelu" / "starters" / "torch.ru.py"
    starter.unlink()
    assert_fails(check(judge, exercises), f"{at(starter)}: file is missing: every starter exists in each language")


def test_starter_ru_with_other_code(judge: Judge, exercises: Path) -> None:
    """Same code, other words: a translation that changes the code is refused at its line, both sides quoted."""
    starter = exercises / "gelu" / "starters" / "numpy.ru.py"
    edit(starter, "(x: np.ndarray)", "(x: np.ndarray, alpha: float = 1.0)")
    assert_fails(check(judge, exercises),
                 f"{at(starter, 4)}: the code differs from starters/numpy.py (a translation changes only comments, "
                 "docstrings and the message of `raise NotImplementedError(...)`): it has `alpha: float` where "
                 "starters/numpy.py:4 has nothing")


def test_missing_track(judge: Judge, exercises: Path, shared_pool: object) -> None:
    meta = exercises / "gelu" / "exercise.toml"
    edit(meta, "[tracks.torch]\n", "")
    assert_fails(check(judge, exercises), f"{at(meta)}: missing track(s): torch (every exercise has both)")


def test_unknown_module(judge: Judge, exercises: Path, shared_pool: object) -> None:
    meta = exercises / "gelu" / "exercise.toml"
    edit(meta, 'module = "bends"', 'module = "nowhere"')
    assert_fails(check(judge, exercises, "--quick"), f"{at(meta)}: module 'nowhere' is not declared in course.toml")


def test_unknown_param_kind(judge: Judge, exercises: Path) -> None:
    meta = exercises / "gelu" / "exercise.toml"
    edit(meta, 'params = [{ name = "x", kind = "array" }]', 'params = [{ name = "x", kind = "matrix" }]')
    assert_fails(check(judge, exercises, "--quick"),
                 f"{at(meta, line_of(meta, 'params ='))}: function.params[0].kind must be one of array, ")


# --- cases, expected values, hints ----------------------------------------------------------------------------


def test_only_five_cases(judge: Judge, exercises: Path, shared_pool: object) -> None:
    cases = exercises / "gelu" / "cases.toml"
    text = cases.read_text(encoding="utf-8")
    cases.write_text(text[: text.rindex("[[case]]")], encoding="utf-8")
    assert_fails(check(judge, exercises, "--quick"), f"{at(cases)}: 5 cases; at least 6 are required")


def test_only_one_visible_case(judge: Judge, exercises: Path, shared_pool: object) -> None:
    cases = exercises / "gelu" / "cases.toml"
    edit(cases, 'id = "example-2"\nvisible = true', 'id = "example-2"\nvisible = false')
    assert_fails(check(judge, exercises, "--quick"), f"{at(cases)}: 1 visible case(s); at least 2 are required")


def test_case_with_unknown_argument(judge: Judge, exercises: Path) -> None:
    cases = exercises / "gelu" / "cases.toml"
    edit(cases, "args.x = [-3.0, 3.0]", "args.x = [-3.0, 3.0]\nargs.y = 1.0")
    assert_fails(check(judge, exercises, "--quick"),  # at the argument's own line
                 f"{at(cases, line_of(cases, 'args.y = 1.0'))}: case 'example-2': unknown argument 'y'; the "
                 "parameters are: x")


def test_stale_expected_values(judge: Judge, exercises: Path) -> None:
    edit(exercises / "gelu" / "cases.toml", "args.x = [-3.0, 3.0]", "args.x = [-3.0, 3.5]")
    assert_fails(check(judge, exercises, "--quick"),
                 f"{at(exercises / 'gelu' / 'expected.json')}: stale for case 'example-2'",
                 "judge check --write")


def test_drifted_expected_value(judge: Judge, exercises: Path, shared_pool: object) -> None:
    path = exercises / "gelu" / "expected.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["cases"]["example-1"]["value"]["data"][2] += 1e-3  # inputs unchanged, so not stale: drifted
    path.write_text(json.dumps(doc), encoding="utf-8")
    stored = doc["cases"]["example-1"]["value"]["data"][2]
    assert_fails(check(judge, exercises, "--quick"),  # by how much, where, and what accepts the new values
                 f"{at(path)}: case 'example-1': the reference computes another value now: 1 of 3 element(s) differ, "
                 f"at most by 0.001 at [2] (stored {stored:.10g}, now {stored - 1e-3:.10g})",
                 f"{at(path)}: 1 case(s) drifted from what the reference computes now: if the reference is right, "
                 "`judge check --write` accepts the new values")


def test_expected_values_are_stored_only_where_read_one_case_per_line() -> None:
    """Compared cases and visible ones; a hidden case of a checker exercise keeps only its fingerprint."""
    for slug in ("gelu", "dropout"):
        exercise = CATALOG.get(slug)
        path = exercise.path / "expected.json"
        lines = path.read_text(encoding="utf-8").splitlines()
        assert len(lines) == len(exercise.cases) + 7, lines[:10]  # 4 braces, 3 header lines, one line per case
        stored = json.loads("\n".join(lines))["cases"]
        for case in exercise.cases:
            line = next(x for x in lines if x.lstrip().startswith(json.dumps(case.id)))
            assert json.loads(line.rstrip(",").partition(": ")[2]) == stored[case.id]
            assert ("value" in stored[case.id]) == (not case.raises and (exercise.checker is None or case.visible))
    assert sum(1 for _ in (CATALOG.get("dropout").path / "expected.json").open()) < 200


def test_expected_values_in_an_old_format_ask_for_a_rewrite(judge: Judge, exercises: Path) -> None:
    path = exercises / "gelu" / "expected.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**doc, "format": 1}), encoding="utf-8")
    assert_fails(check(judge, exercises, "--quick"),
                 f"{at(path)}: not in format 2: run `judge check --write` to recompute")


def test_only_two_hints(judge: Judge, exercises: Path, shared_pool: object) -> None:
    hints = exercises / "gelu" / "hints.toml"
    text = hints.read_text(encoding="utf-8")
    hints.write_text(text[: text.index("[[hint]]", text.index("[[hint]]", text.index("[[hint]]") + 1) + 1)],
                     encoding="utf-8")
    assert_fails(check(judge, exercises, "--quick"), f"{at(hints)}: 2 hint(s) per language; at least 3 required")


def test_hint_without_russian(judge: Judge, exercises: Path) -> None:
    hints = exercises / "gelu" / "hints.toml"
    hints.write_text('[[hint]]\nen = "one"\nru = "один"\n\n[[hint]]\nen = "two"\n\n[[hint]]\nen = "three"\n'
                     'ru = "три"\n', encoding="utf-8")
    assert_fails(check(judge, exercises, "--quick"), f"{at(hints, 5)}: 'hint' has no text in ru")


# --- solutions, starters, example submissions, mistakes -------------------------------------------------------


def test_wrong_model_solution(judge: Judge, exercises: Path, shared_pool: object) -> None:
    solution = exercises / "gelu" / "solutions" / "numpy.py"
    edit(solution, "return 0.5 * x * (1.0 + np.tanh(inner))", "return 0.5 * x * (1.0 + np.tanh(0.9 * inner))")
    assert_fails(check(judge, exercises, "--quick"), f"{at(solution)}: the model solution gets wrong_answer")


def test_starter_that_is_accepted(judge: Judge, exercises: Path, shared_pool: object) -> None:
    folder = exercises / "gelu"
    for name in ("numpy.py", "numpy.ru.py"):  # a translation has the English code: both are accepted
        shutil.copy(folder / "solutions" / "numpy.py", folder / "starters" / name)
    assert_fails(check(judge, exercises, "--quick"),
                 f"{at(folder / 'starters' / 'numpy.py')}: the starter is accepted as it is",
                 f"{at(folder / 'starters' / 'numpy.ru.py')}: the starter is accepted as it is")


def test_example_in_the_wrong_verdict_folder(judge: Judge, exercises: Path, shared_pool: object) -> None:
    submissions = exercises / "gelu" / "submissions"
    moved = submissions / "wrong_answer" / "loop_numpy.py"
    (submissions / "accepted" / "loop_numpy.py").rename(moved)
    assert_fails(check(judge, exercises), f"{at(moved)}: expected wrong_answer, got accepted")


def test_quick_grades_no_example_but_checks_their_folders(judge: Judge, exercises: Path, shared_pool: object) -> None:
    submissions = exercises / "gelu" / "submissions"
    (submissions / "accepted" / "loop_numpy.py").rename(submissions / "wrong_answer" / "loop_numpy.py")
    quick = check(judge, exercises, "--quick")
    assert quick.code == 0 and "expected wrong_answer" not in quick.out, quick.text
    graded = int(next(line.split()[4] for line in quick.out.splitlines() if line.startswith("gelu ")))
    assert 0 < graded < len(list(submissions.glob("*/*.py")))  # the model solutions and starters only
    (submissions / "passed").mkdir()  # what needs no grading is still checked
    assert_fails(check(judge, exercises, "--quick"), f"{at(submissions / 'passed')}: unknown verdict folder")


def test_unknown_verdict_folder(judge: Judge, exercises: Path, shared_pool: object) -> None:
    folder = exercises / "gelu" / "submissions" / "passed"
    folder.mkdir()
    shutil.copy(exercises / "gelu" / "solutions" / "numpy.py", folder / "again.py")
    assert_fails(check(judge, exercises, "--quick"), f"{at(folder)}: unknown verdict folder; use one of: accepted, ")


def test_mistake_header_not_recognised(judge: Judge, exercises: Path, shared_pool: object) -> None:
    example = exercises / "gelu" / "submissions" / "wrong_answer" / "no_cubic.py"
    edit(example, "# mistake: no-cubic", "# mistake: sqrt-2pi")
    assert_fails(check(judge, exercises),
                 f"{at(example)}: the mistake 'sqrt-2pi' is not recognised (recognised: no-cubic)")


def test_mistakes_recognised_together_must_each_be_recognised(judge: Judge, exercises: Path,
                                                             shared_pool: object) -> None:
    """`# mistake: a + b` names two mistakes that one submission makes: the report must recognise both."""
    example = exercises / "gelu" / "submissions" / "wrong_answer" / "no_cubic.py"
    edit(example, "# mistake: no-cubic", "# mistake: no-cubic + sqrt-2pi")
    assert_fails(check(judge, exercises),
                 f"{at(example)}: the mistake 'no-cubic + sqrt-2pi' is not recognised (recognised: no-cubic)")


def test_a_combination_that_one_of_its_mistakes_explains_is_an_error(judge: Judge, exercises: Path,
                                                                      shared_pool: object) -> None:
    """Its answers would always be named after that one mistake: the check asks for a case that tells them apart."""
    mistakes = exercises / "gelu" / "mistakes.toml"
    mistakes.write_text(mistakes.read_text(encoding="utf-8") + '''
[[mistake]]
id = "no-cubic-sqrt-2pi"
combines = ["no-cubic", "sqrt-2pi"]
function = "mistakes.py:no_cubic"
hint.en = "Both at once."
hint.ru = "Обе сразу."
''', encoding="utf-8")
    assert_fails(check(judge, exercises, "--quick"),
                 f"{at(mistakes)}: mistake 'no-cubic-sqrt-2pi' is not recognised from its own outputs: 'no-cubic', "
                 "which it combines, gives the same answers on every case")


def test_mistake_identical_to_the_reference(judge: Judge, exercises: Path, shared_pool: object) -> None:
    mistakes = exercises / "gelu" / "mistakes.py"
    edit(mistakes, "np.tanh(SQRT_2_OVER_PI * x))", "np.tanh(SQRT_2_OVER_PI * (x + 0.044715 * x**3)))")
    assert_fails(check(judge, exercises, "--quick"),
                 f"{at(exercises / 'gelu' / 'mistakes.toml')}: mistake 'no-cubic' passes every case")


def test_a_non_utf8_example_gets_its_verdict(judge: Judge, exercises: Path, shared_pool: object) -> None:
    """A bad example is reported like any other, instead of crashing the check."""
    example = exercises / "gelu" / "submissions" / "accepted" / "latin1.py"
    example.write_bytes(b"# caf\xe9\nimport numpy as np\n\n\ndef gelu(x):\n    return x\n")
    assert_fails(check(judge, exercises), f"{at(example)}: expected accepted, got compile_error")


# --- forbidden names, limits, scaffold placeholders -----------------------------------------------------------


def test_forbidden_name_that_does_not_exist(judge: Judge, exercises: Path, shared_pool: object) -> None:
    meta = exercises / "gelu" / "exercise.toml"
    edit(meta, '"torch.nn.GELU",', '"torch.nn.GELU",\n    "torch.nn.functional.gelu_fast",')
    assert_fails(check(judge, exercises, "--quick"),
                 f"{at(meta, line_of(meta, 'gelu_fast'))}: forbidden name 'torch.nn.functional.gelu_fast' does "
                 "not exist")


def test_tight_limit_is_a_warning_only(judge: Judge, exercises: Path, shared_pool: object) -> None:
    meta = exercises / "gelu" / "exercise.toml"
    edit(meta, "cpu_seconds = 1", "cpu_seconds = 0.001")
    run = check(judge, exercises)
    assert run.code == 0, run.text
    assert (f"warning: {at(meta, line_of(meta, 'cpu_seconds'))}: cpu_seconds = 0.001 is under 2× the slowest "
            "accepted run (") in run.out
    assert "error:" not in run.out


def test_placeholder_left_by_the_scaffold(judge: Judge, exercises: Path, shared_pool: object) -> None:
    prompt = exercises / "gelu" / "prompt.en.md"
    edit(prompt, "## Input\n", "## Input\n\nTODO(author): say which shapes are tested.\n")
    assert_fails(check(judge, exercises, "--quick"),
                 f"{at(prompt, line_of(prompt, 'TODO(author)'))}: placeholder left by `judge new`: "
                 "TODO(author): say which shapes are tested.")


# --- forbidden aten ops, headroom over accepted examples ------------------------------------------------------


def test_forbidden_aten_op_that_does_not_exist(judge: Judge, exercises: Path, shared_pool: object) -> None:
    meta = exercises / "gelu" / "exercise.toml"
    edit(meta, '[[forbidden]]\nnames = [', '[[forbidden]]\naten = ["gelu", "aten::gelu_backward", "no_such_op",\n'
                                          '        "gelu_bakward", "gelu.default"]\nnames = [')
    run = check(judge, exercises, "--quick")
    assert_fails(run,
                 f"{at(meta, line_of(meta, 'no_such_op'))}: forbidden aten op 'no_such_op' is not an op of torch",
                 f"{at(meta, line_of(meta, 'gelu_bakward'))}: forbidden aten op 'gelu_bakward' is not an op of "
                 "torch",
                 "did you mean 'gelu_backward'?",
                 f"{at(meta, line_of(meta, 'gelu.default'))}: forbidden aten op 'gelu.default' names an overload",
                 "write 'gelu'")
    assert "'aten::gelu_backward'" not in run.out  # the namespaced form of a real op is fine
    assert run.out.count("forbidden aten op") == 3


@pytest.mark.parametrize(("name", "problem"), [
    ("gelu", None),
    ("aten::gelu", None),
    ("_fused_dropout", None),
    ("relu_", None),
    ("no_such_op", "is not an op of torch"),
    ("aten::no_such_op", "is not an op of torch"),
    ("name", "is not an op of torch"),  # an attribute of torch.ops.aten, but no op
    ("", "is not an op of torch"),
    ("gelu.default", "names an overload"),
])
def test_aten_names_are_checked_against_the_dispatcher(name: str, problem: str | None) -> None:
    from mljudge.sandbox import TRACKS

    op_problem = next(spec.op_problem for spec in TRACKS.values() if spec.op_problem is not None)  # torch's
    found = op_problem(name)
    assert (found is None) if problem is None else (problem in (found or "")), found


SLOW = """import numpy as np

BUSY = sum(i * i for i in range(1_500_000))  # CPU burnt once, at import: far slower than the model solutions


def gelu(x):
    return 0.5 * x * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (x + 0.044715 * x**3)))
"""


def test_slow_accepted_example_is_timed_too(judge: Judge, exercises: Path, shared_pool: object) -> None:
    """Not only the model solutions: an accepted example slower than them sets the headroom, and is named."""
    meta = exercises / "gelu" / "exercise.toml"
    edit(meta, "cpu_seconds = 1", "cpu_seconds = 0.001")  # the sandbox enforces whole seconds, at least 1
    (exercises / "gelu" / "submissions" / "accepted" / "slow_numpy.py").write_text(SLOW, encoding="utf-8")
    run = check(judge, exercises)
    assert run.code == 0, run.text
    assert (f"warning: {at(meta, line_of(meta, 'cpu_seconds'))}: cpu_seconds = 0.001 is under 2× the slowest "
            "accepted run (submissions/accepted/slow_numpy.py: ") in run.out


def test_memory_headroom_warning(judge: Judge, exercises: Path, shared_pool: object) -> None:
    """An accepted run that peaks over half of memory_mb (above the worker's own footprint) gets a warning."""
    meta = exercises / "gelu" / "exercise.toml"
    edit(meta, "cpu_seconds = 1", "cpu_seconds = 1\nmemory_mb = 200")
    big = SLOW.replace("BUSY = sum(i * i for i in range(1_500_000))  # CPU burnt once, at import: far slower than "
                       "the model solutions", "SCRATCH = np.ones(15_000_000)  # 120 MB, held for the whole run")
    assert "SCRATCH" in big
    (exercises / "gelu" / "submissions" / "accepted" / "big_numpy.py").write_text(big, encoding="utf-8")
    run = check(judge, exercises)
    assert run.code == 0, run.text
    assert (f"warning: {at(meta, line_of(meta, 'memory_mb'))}: memory_mb = 200 is under 2× the peak of the largest "
            "accepted run (submissions/accepted/big_numpy.py: about ") in run.out
    assert "cpu_seconds" not in run.out


def test_no_memory_warning_on_a_sound_exercise(judge: Judge, exercises: Path, shared_pool: object) -> None:
    """torch's worker alone holds ~160 MB: the warning counts only what a run adds to its track's footprint."""
    meta = exercises / "gelu" / "exercise.toml"
    edit(meta, "cpu_seconds = 1", "cpu_seconds = 1\nmemory_mb = 64")
    run = check(judge, exercises)
    assert run.code == 0, run.text
    assert "warning:" not in run.out, run.out


def test_a_forbidden_group_is_shared_and_an_unknown_one_named(judge: Judge, exercises: Path) -> None:
    (exercises / "forbidden.toml").write_text('[group.gelus]\nnames = ["torch.nn.GELU"]\naten = ["gelu"]\n',
                                              encoding="utf-8")
    meta = exercises / "gelu" / "exercise.toml"
    text = meta.read_text(encoding="utf-8")
    meta.write_text(text.replace("[[forbidden]]\n", '[[forbidden]]\ngroup = "gelus"\n', 1), encoding="utf-8")
    exercise = Catalog(exercises).get("gelu")
    assert "torch.nn.GELU" in exercise.forbidden[0].names and "gelu" in exercise.forbidden[0].aten
    meta.write_text(text.replace("[[forbidden]]\n", '[[forbidden]]\ngroup = "gelu"\n', 1), encoding="utf-8")
    assert_fails(check(judge, exercises), f"{at(meta, line_of(meta, 'group = '))}: no forbidden group 'gelu'",
                 "did you mean 'gelus'")
