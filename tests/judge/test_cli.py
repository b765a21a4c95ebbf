"""`judge run / list / show`: exit codes, the JSON contract, readable errors. Real sandbox, real subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mljudge.sandbox import NAMES as TRACK_NAMES

ROOT = Path(__file__).resolve().parents[2]
GELU = ROOT / "mljudge" / "exercises" / "gelu"
JSON_KEYS = {"version", "exercise", "track", "verdict", "passed", "total", "cases", "hints", "stdout", "message"}


def judge(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mljudge.cli", *args], capture_output=True, text=True,
                          timeout=120, cwd=ROOT, env=env)


def write(tmp_path: Path, source: str, name: str = "solution.py") -> Path:
    path = tmp_path / name
    path.write_text(source, encoding="utf-8")
    return path


@pytest.mark.parametrize("track", TRACK_NAMES)
def test_model_solution_exits_zero_with_one_json_object(track: str) -> None:
    result = judge("run", "gelu", str(GELU / "solutions" / f"{track}.py"), "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)  # exactly one object: json.loads refuses trailing data
    assert report.keys() >= JSON_KEYS
    assert (report["verdict"], report["track"], report["passed"], report["total"]) == ("accepted", track, 6, 6)
    assert all("status" in case for case in report["cases"])


def test_track_is_detected_from_the_imports() -> None:
    result = judge("run", "gelu", str(GELU / "submissions/accepted/module_torch.py"), "--json")
    assert json.loads(result.stdout)["track"] == "torch"


def test_wrong_answer_exits_one_and_shows_the_targeted_hint(tmp_path: Path) -> None:
    result = judge("run", "gelu", str(GELU / "submissions/wrong_answer/no_cubic.py"), "--no-color")
    assert result.returncode == 1
    assert "Wrong answer" in result.stdout
    assert "The cubic term is missing" in result.stdout
    assert "expected  [-0.158808, 0.0, 0.841192]" in result.stdout  # a visible case in full


def test_hidden_cases_never_show_their_values() -> None:
    result = judge("run", "gelu", str(GELU / "submissions/wrong_answer/no_cubic.py"), "--json")
    report = json.loads(result.stdout)
    hidden = [c for c in report["cases"] if not c["visible"]]
    assert hidden and all(c["input"] is None and c["expected"] is None and c["got"] is None for c in hidden)
    assert all(c["kind"] for c in hidden)


def test_russian_report(tmp_path: Path) -> None:
    result = judge("run", "gelu", str(GELU / "submissions/wrong_answer/no_cubic.py"), "--lang", "ru",
                   "--no-color")
    assert "Неверный ответ" in result.stdout
    assert "Не хватает кубического слагаемого" in result.stdout


def test_syntax_error_names_the_learners_line(tmp_path: Path) -> None:
    path = write(tmp_path, "import numpy as np\n\n\ndef gelu(x):\n    return 0.5 * x * (1 +\n")
    result = judge("run", "gelu", str(path), "--json")
    report = json.loads(result.stdout)
    assert (result.returncode, report["verdict"]) == (1, "compile_error")
    assert report["issues"][0]["line"] == 5
    assert "line 5" in report["message"]


def test_missing_function_is_named(tmp_path: Path) -> None:
    path = write(tmp_path, "import numpy as np\n\ndef gelu_tanh(x):\n    return x\n")
    report = json.loads(judge("run", "gelu", str(path), "--json").stdout)
    assert report["verdict"] == "compile_error"
    assert "`gelu`" in report["message"] and "gelu_tanh" in report["message"]


def test_runtime_error_points_at_the_learners_line(tmp_path: Path) -> None:
    path = write(tmp_path, "import numpy as np\n\ndef gelu(x):\n    y = x + 1\n    return y[100]\n")
    report = json.loads(judge("run", "gelu", str(path), "--json").stdout)
    assert report["verdict"] == "runtime_error"
    assert "IndexError" in report["message"] and "line 5" in report["message"]


def test_unchanged_starter_is_not_attempted() -> None:
    report = json.loads(judge("run", "gelu", str(GELU / "starters/numpy.py"), "--json").stdout)
    assert report["verdict"] == "not_attempted"


def test_forbidden_call_names_the_call_and_the_reason() -> None:
    result = judge("run", "gelu", str(GELU / "submissions/forbidden/f_gelu.py"), "--json")
    report = json.loads(result.stdout)
    assert (result.returncode, report["verdict"]) == (1, "forbidden")
    assert "torch.nn.functional.gelu" in report["message"]
    assert "build GELU yourself" in report["message"]


@pytest.mark.parametrize(("args", "words"), [
    (("run", "nope", "x.py"), "no exercise named 'nope'"),
    (("run", "gelu", "does-not-exist.py"), "no such file"),
    (("run", "gelu", "x.py", "--track", "jax"), "invalid choice"),
    (("show", "nope"), "no exercise named 'nope'"),
])
def test_usage_errors_exit_two_with_one_line(args: tuple[str, ...], words: str) -> None:
    result = judge(*args)
    assert result.returncode == 2
    assert words in result.stderr
    assert result.stdout == ""


def test_list_and_show() -> None:
    listed = judge("list")
    assert listed.returncode == 0 and "gelu" in listed.stdout and "New bends" in listed.stdout
    shown = judge("show", "gelu", "--lang", "ru", "--track", "torch")
    assert shown.returncode == 0
    assert "GELU через приближение с tanh" in shown.stdout
    assert "import torch" in shown.stdout and "def gelu(x: torch.Tensor)" in shown.stdout


def test_help_lists_every_command() -> None:
    result = judge("--help")
    for command in ("run", "list", "show", "doctor", "check"):
        assert command in result.stdout


def test_doctor_reports_a_sandbox_that_cannot_start_instead_of_crashing(monkeypatch: pytest.MonkeyPatch) -> None:
    # e.g. a user who may not even run the venv's interpreter: Popen raises PermissionError
    from mljudge import sandbox
    from mljudge.sandbox.doctor import smoke_test

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied", "/root/.venv/bin/python")

    monkeypatch.setattr(sandbox.runner, "run", refuse)
    layer = smoke_test()
    assert layer.active is False and "PermissionError" in layer.detail


@pytest.mark.parametrize(("asked", "shown"), [(None, 1), ("0", 0), ("2", 2), ("9", 4)])
def test_hints_n_means_the_same_in_text_and_json(tmp_path: Path, asked: str | None, shown: int) -> None:
    """No recognised mistake: the ladder alone, held back the same way in both forms (the last hint, almost the
    whole solution, is not in the JSON either unless asked for)."""
    path = write(tmp_path, "import numpy as np\n\ndef gelu(x):\n    return x\n")
    extra = ["--hints", asked] if asked is not None else []
    report = json.loads(judge("run", "gelu", str(path), "--json", *extra).stdout)
    text = judge("run", "gelu", str(path), "--no-color", *extra).stdout
    assert len(report["hints"]) == shown and report["hints_withheld"] == 4 - shown
    assert text.count("Hint: ") == shown
    assert ("more hint(s)" in text) == (shown < 4)
    assert "Almost the whole solution" not in json.dumps(report) or shown == 4


def test_a_targeted_hint_comes_alone_by_default_in_both_forms() -> None:
    path = str(GELU / "submissions/wrong_answer/no_cubic.py")
    report = json.loads(judge("run", "gelu", path, "--json").stdout)
    assert report["targeted"] == 1 and len(report["hints"]) == 1 and report["hints_withheld"] == 4
    assert "The cubic term is missing" in report["hints"][0]


def test_a_top_level_loop_says_where_the_time_went(tmp_path: Path) -> None:
    path = write(tmp_path, "import numpy as np\n\nwhile True:\n    pass\n\ndef gelu(x):\n    return x\n")
    result = judge("run", "gelu", str(path), "--no-color", "--lang", "ru")
    assert result.returncode == 1
    assert "Код вне функции работал дольше лимита" in result.stdout
    assert "Перенесите его в `gelu`" in result.stdout


def test_python_messages_are_translated_with_the_original_kept(tmp_path: Path) -> None:
    path = write(tmp_path, "import numpy as np\n\ndef gelu(x):\n    return x * k\n")
    result = judge("run", "gelu", str(path), "--no-color", "--lang", "ru")
    assert "NameError: имя `k` не определено (name 'k' is not defined)" in result.stdout
    syntax = write(tmp_path, "def gelu(x)\n    return x\n", "syntax.py")
    result = judge("run", "gelu", str(syntax), "--no-color", "--lang", "ru")
    assert "ожидалось `:` (expected ':')" in result.stdout


def test_a_reader_that_leaves_early_gets_no_traceback() -> None:
    """`judge show gelu | head -1`: the pipe closes before the judge has written everything."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first byte
    try:
        result = subprocess.run([sys.executable, "-m", "mljudge.cli", "show", "gelu"], stdout=write_end,
                                stderr=subprocess.PIPE, text=True, timeout=120, cwd=ROOT)
    finally:
        os.close(write_end)
    assert "Traceback" not in result.stderr and "BrokenPipeError" not in result.stderr, result.stderr
