"""Starters in every language (judge.starters): `starters/<track>.py` in English and `starters/<track>.<lang>.py`
for each other language, with the same code and translated words. A missing or drifted translation is an error
naming its file; an unchanged starter in any language is not attempted; `judge show --lang` prints the learner's."""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

import pytest

from mljudge.judge import starters
from mljudge.judge.catalog import Catalog
from mljudge.judge.cli import main
from mljudge.judge.errors import ExerciseError
from mljudge.judge.grade import grade
from mljudge.judge.i18n import DEFAULT_LANG, LANGS, Text
from mljudge.judge.loader import load_exercise
from mljudge.sandbox import NAMES as TRACK_NAMES

ROOT = Path(__file__).resolve().parents[2]
EXERCISES = ROOT / "mljudge" / "exercises"
GELU = EXERCISES / "gelu"
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
ENGLISH_STARTERS = sorted(p for p in EXERCISES.glob("*/starters/*.py") if p.name.count(".") == 1)
OTHER_LANGS = [lang for lang in LANGS if lang != DEFAULT_LANG]

EN = '''import numpy as np


def f(x: np.ndarray) -> np.ndarray:
    """Double x."""
    # Your code here
    raise NotImplementedError("f is not written yet")
'''
RU = '''import numpy as np


def f(x: np.ndarray) -> np.ndarray:
    """Удвойте x.

    Длинный docstring сдвигает все строки ниже: номера строк не сравниваются.
    """
    # Здесь ваш код
    raise NotImplementedError("функция f ещё не написана")
'''


def checked(ru: str, en: str = EN) -> None:
    starters.require_same_code(Path("ex"), "starters/numpy.py", Text(en=en, ru=ru))


def refusal(ru: str, en: str = EN) -> ExerciseError:
    with pytest.raises(ExerciseError) as caught:
        checked(ru, en)
    return caught.value


# --- the same code, other words -------------------------------------------------------------------------------


def test_file_names() -> None:
    assert starters.file_for("starters/numpy.py", "en") == "starters/numpy.py"
    assert starters.file_for("starters/numpy.py", "ru") == "starters/numpy.ru.py"
    assert starters.file_for("stubs/np_start.py", "ru") == "stubs/np_start.ru.py"


def test_comments_docstrings_and_the_placeholder_message_may_differ() -> None:
    checked(RU)  # no error


@pytest.mark.parametrize(("change", "line", "ours", "theirs"), [
    (("    raise NotImplementedError", "    x = x * 2\n    raise NotImplementedError"), 10, "raise", "`x = x * 2`"),
    (("-> np.ndarray:", ":"), 4, "`np.ndarray`", "nothing"),
    (("import numpy as np", "import numpy as numpy"), 1, "`numpy as np`", "`numpy as numpy`"),
    (("raise NotImplementedError(", "raise ValueError("), 10, "`NotImplementedError`", "`ValueError`"),
    (("def f(x:", "def g(x:"), 4, "`def f", "`def g"),
])
def test_different_code_is_refused_naming_the_file_the_line_and_both_sides(change: tuple[str, str], line: int,
                                                                           ours: str, theirs: str) -> None:
    error = refusal(RU.replace(*change))
    assert error.path == Path("ex/starters/numpy.ru.py") and error.line == line, error
    assert "the code differs from starters/numpy.py (a translation changes only comments, docstrings" in str(error)
    assert f"it has {theirs}" in error.message and "where starters/numpy.py:" in error.message, error
    assert ours in error.message.split("where starters/numpy.py")[1], error


def test_an_operator_is_code() -> None:
    error = refusal("def f(x):\n    '''док\n    ументация'''\n    return x - 1\n", "def f(x):\n    '''doc'''\n"
                                                                                "    return x + 1\n")
    assert error.line == 4 and "it has `x - 1` where starters/numpy.py:3 has `x + 1`" in error.message


def test_a_docstring_stays_a_docstring() -> None:
    """Its words may change, not whether it is there (a translation that drops it drops the contract too)."""
    error = refusal(RU.replace('"""Удвойте x.\n\n    Длинный docstring сдвигает все строки ниже: номера строк не '
                               'сравниваются.\n    """\n', ""))
    assert error.line == 6 and "Double x." in error.message


def test_other_strings_are_code() -> None:
    """Only the placeholder's message is words: any other string may be what the code computes with."""
    en = EN.replace("    # Your code here\n", '    mode = "sum"\n')
    error = refusal(RU.replace("    # Здесь ваш код\n", '    mode = "сумма"\n'), en)
    assert "it has `\"сумма\"` where starters/numpy.py:6 has `\"sum\"`" in error.message


def test_a_translation_that_does_not_parse_is_refused_at_its_line() -> None:
    error = refusal(RU.replace("def f(x:", "def f(x,,"))
    assert error.line == 4 and error.message.startswith("not valid Python")


# --- the loader -------------------------------------------------------------------------------------------------


@pytest.fixture
def gelu(tmp_path: Path) -> Path:
    folder = tmp_path / "gelu"
    shutil.copytree(GELU, folder, ignore=shutil.ignore_patterns("__pycache__"))
    return folder


def test_the_loader_reads_every_language(gelu: Path) -> None:
    track = load_exercise(gelu).tracks["torch"]
    assert set(track.starter) == set(LANGS) and track.starter_file == "starters/torch.py"
    assert track.starter["en"] == (gelu / "starters/torch.py").read_text(encoding="utf-8")
    assert track.starter["ru"] == (gelu / "starters/torch.ru.py").read_text(encoding="utf-8")


def test_a_missing_translation_is_an_error_naming_its_file(gelu: Path) -> None:
    (gelu / "starters/numpy.ru.py").unlink()
    with pytest.raises(ExerciseError) as caught:
        load_exercise(gelu)
    assert caught.value.path == gelu / "starters/numpy.ru.py"
    assert caught.value.message.startswith("file is missing: every starter exists in each language, this one in ru")


def test_a_translation_with_other_code_does_not_load(gelu: Path) -> None:
    file = gelu / "starters/torch.ru.py"
    file.write_text(file.read_text(encoding="utf-8").replace("import torch", "import torch as t"), encoding="utf-8")
    with pytest.raises(ExerciseError) as caught:
        load_exercise(gelu)
    assert (caught.value.path, caught.value.line) == (file, 1)
    assert "it has `torch as t` where starters/torch.py:1 has `torch`" in caught.value.message


def test_a_starter_named_in_exercise_toml_has_its_translation_beside_it(gelu: Path) -> None:
    meta = gelu / "exercise.toml"
    meta.write_text(meta.read_text(encoding="utf-8").replace("[tracks.numpy]\n",
                                                             '[tracks.numpy]\nstarter = "stubs/np.py"\n'),
                    encoding="utf-8")
    (gelu / "stubs").mkdir()
    shutil.copy(gelu / "starters/numpy.py", gelu / "stubs/np.py")
    with pytest.raises(ExerciseError) as caught:
        load_exercise(gelu)
    assert caught.value.path == gelu / "stubs/np.ru.py"
    shutil.copy(gelu / "starters/numpy.ru.py", gelu / "stubs/np.ru.py")
    assert load_exercise(gelu).tracks["numpy"].starter_file == "stubs/np.py"


# --- every exercise's starters ----------------------------------------------------------------------------------


def test_every_exercise_has_starters() -> None:
    assert len(ENGLISH_STARTERS) >= 2 * 27


@pytest.mark.parametrize("english", ENGLISH_STARTERS, ids=lambda p: f"{p.parts[-3]}/{p.name}")
@pytest.mark.parametrize("lang", OTHER_LANGS)
def test_each_starter_is_translated_with_the_same_code(english: Path, lang: str) -> None:
    relative = f"starters/{english.name}"
    translated = english.parent.parent / starters.file_for(relative, lang)
    assert translated.is_file(), f"{translated} is missing"
    source = translated.read_text(encoding="utf-8")
    starters.require_same_code(english.parent.parent, relative, Text({DEFAULT_LANG: english.read_text(encoding="utf-8"),
                                                          lang: source}))
    assert all(len(line) <= 120 for line in source.splitlines())
    if lang == "ru":  # translated, not copied: the docstring, every comment and the placeholder's message
        tree = ast.parse(source)
        function = next(node for node in tree.body if isinstance(node, ast.FunctionDef))
        assert CYRILLIC.search(ast.get_docstring(function) or ""), "the docstring is not translated"
        comments = [line.strip() for line in source.splitlines() if line.strip().startswith("#")]
        assert comments and all(CYRILLIC.search(c) for c in comments), comments
        assert re.search(r'raise NotImplementedError\("функция \w+ ещё не написана"\)', source)


@pytest.mark.parametrize("slug", sorted({p.parts[-3] for p in ENGLISH_STARTERS}))
def test_an_unchanged_starter_is_not_attempted_in_any_language(slug: str) -> None:
    """Decided before anything runs: no sandbox is needed."""
    exercise = Catalog(EXERCISES).get(slug)
    for name, track in exercise.tracks.items():
        for lang in LANGS:
            source = track.starter[lang]
            assert grade(exercise, source, name).verdict == "not_attempted", (name, lang)
            assert grade(exercise, f"\n{source.rstrip()}  \n\n", None).verdict == "not_attempted", (name, lang)


# --- judge show ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "words", "not_words"), [
    ("en", "Your code here", "Здесь ваш код"),
    ("ru", "Здесь ваш код", "Your code here"),
])
def test_show_prints_the_starter_in_the_asked_language(capsys: pytest.CaptureFixture[str], lang: str, words: str,
                                                       not_words: str) -> None:
    for track in TRACK_NAMES:
        assert main(["show", "gelu", "--track", track, "--lang", lang, "--exercises-dir", str(EXERCISES)]) == 0
        out = capsys.readouterr().out
        starter = (GELU / starters.file_for(f"starters/{track}.py", lang)).read_text(encoding="utf-8")
        assert starter.rstrip() in out and words in out and not_words not in out
