"""The worked examples of a prompt (judge.authoring.examples): `input:`/`output:` blocks, in every language,
computed with the reference by `judge check`; a wrong number is an error at its line with both numbers. (`judge
check` itself failing on one, on a real install: tests/test_install.py.)"""

from __future__ import annotations

import dataclasses

import pytest

from mljudge.judge.authoring import examples
from mljudge.judge.catalog import Catalog
from mljudge.judge.exercise import Exercise
from mljudge.judge.i18n import LANGS, Text
from mljudge.judge.loader import resolve_reference

CATALOG = Catalog()


def with_prompt(exercise: Exercise, lang: str, text: str) -> Exercise:
    return dataclasses.replace(exercise, prompt=Text({**exercise.prompt, lang: text}))


def problems(exercise: Exercise, lang: str = "en") -> list[str]:
    reference = resolve_reference(exercise)
    assert reference is not None
    return [f"{p.line}: {p.message}" for p in examples.example_problems(exercise, reference, lang)]


def test_every_example_of_the_bundled_course_is_the_references() -> None:
    checked = 0
    for exercise in CATALOG.all():
        if exercise.checker is None and exercise.reference:
            for lang in LANGS:
                assert problems(exercise, lang) == [], (exercise.slug, lang)
                checked += 1
    assert checked >= 40  # most exercises show examples in this form, in both languages


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_number_is_an_error_at_its_line_with_both_numbers(lang: str) -> None:
    gelu = CATALOG.get("gelu")
    text = gelu.prompt[lang]
    label = examples.labels(lang)[1]
    wrong = text.replace("[-0.1588, 0.0, 0.8412]", "[-0.1944, 0.0, 0.8412]")
    line = next(n for n, x in enumerate(text.splitlines(), 1) if x.startswith(label) and "-0.1588" in x)
    assert problems(with_prompt(gelu, lang, wrong), lang) == [
        f"{line}: output[0] is -0.1944 in the example, but the reference gives -0.15881 (for x = [-1.0, 0.0, 1.0])"]


def test_numbers_count_to_the_decimals_shown() -> None:
    gelu = CATALOG.get("gelu")
    block = "```\ninput:   x = [1.0]\noutput:  [{}]\n```\n"
    for shown, ok in (("0.8412", True), ("0.841", True), ("0.84", True), ("0.8413", False), ("1", True),
                      ("0.8", True), ("0.9", False), ("8.412e-1", True), ("8.413e-1", False)):
        assert (problems(with_prompt(gelu, "en", block.format(shown))) == []) is ok, shown


def test_the_format_natural_to_authors() -> None:
    adam = CATALOG.get("adam")  # returns a tuple, shown as named parts in order; a comment after a value
    block = ("```\ninput:   param = [1.0, -2.0, 0.5], grad = [2.0, -4.0, 1.0]\n"
             "         m = [0.0, 0.0, 0.0]      v = [0.0, 0.0, 0.0]      t = 1        (defaults)\n"
             "output:  param = [0.999, -1.999, 0.499]\n         m     = [0.2, -0.4, 0.1]       the first moment\n"
             "         v     = [0.004, 0.016, 0.001]\n```\n")
    assert problems(with_prompt(adam, "en", block)) == []
    wrong = block.replace("[0.2, -0.4, 0.1]", "[0.2, −0.5, 0.1]")
    assert problems(with_prompt(adam, "en", wrong)) == [
        "5: m[1] is -0.5 in the example, but the reference gives -0.40 (for param = [1.0, -2.0, 0.5], grad = "
        "[2.0, -4.0, 1.0], m = [0.0, 0.0, 0.0], v = [0.0, 0.0, 0.0], t = 1)"]
    prose = "```\nx = [1.0]   →   0.8412\n```\n"  # not an example: never checked
    assert problems(with_prompt(CATALOG.get("gelu"), "en", prose)) == []


@pytest.mark.parametrize(("block", "message"), [
    ("input:   y = [1.0]\noutput:  [0.8412]", "the example gives 'y', which is not a parameter (x)"),
    ("input:   x = [1.0]", "an example needs an 'output:' line after its 'input:'"),
    ("input:   x = [1.0, oops]\noutput:  [0.8412]", "this example is not in the example format: not a value"),
    ("input:   x = [1.0]\noutput:  [0.8412, 0.1]", "output has shape (2,) in the example, the reference returns (1,)"),
])
def test_an_example_that_breaks_the_format_says_so(block: str, message: str) -> None:
    found = problems(with_prompt(CATALOG.get("gelu"), "en", f"```\n{block}\n```\n"))
    assert len(found) == 1 and message in found[0], found
