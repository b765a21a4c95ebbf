"""For real: a notebook executed in a real Jupyter kernel (nbclient, ipykernel) checks GELU on this machine and on a
real `judge serve`, and `judge run --server` submits from the terminal; the notebook's and the terminal's
submissions form one history on the server, which nobody else's token reads. One server for the module."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

from mljudge.judge.i18n import t
from tests.web.test_serve import judge_serve

REPO = Path(__file__).resolve().parents[2]
GELU = REPO / "mljudge" / "exercises" / "gelu"
NO_CUBIC = (GELU / "submissions/wrong_answer/no_cubic.py").read_text(encoding="utf-8")
SYNTAX = (GELU / "submissions/compile_error/syntax.py").read_text(encoding="utf-8")
RIGHT_CELL = """C = 0.044715  # a constant of this cell: sent with the function

def gelu(x):
    return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + C * x**3)))

print("this line is not sent")
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    data = tmp_path_factory.mktemp("server-data")
    with judge_serve(env={"JUDGE_DATA_DIR": str(data)}) as (url, _):
        yield url.rstrip("/")


@pytest.fixture(scope="module")
def learner(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment of one learner: their own config directory, where the server's token is kept."""
    return {**os.environ, "XDG_CONFIG_HOME": str(tmp_path_factory.mktemp("learner-config")), "NO_COLOR": "1"}


def kernel_spec(folder: Path) -> dict[str, str]:
    """A kernelspec for this interpreter (the one mljudge is installed in), whatever else the machine has."""
    spec = folder / "kernels" / "mljudge-test"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "mljudge tests", "language": "python"}), encoding="utf-8")
    return {"JUPYTER_PATH": str(folder)}


def run_notebook(cells: list[str], env: dict[str, str], folder: Path) -> list[dict[str, Any]]:
    """Each cell's outputs, after running them all in one real kernel."""
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(cell) for cell in cells]
    kernel_env = {**env, **kernel_spec(folder)}
    before = dict(os.environ)
    os.environ.update(kernel_env)  # where jupyter_client looks for the kernelspec
    try:
        client = NotebookClient(notebook, timeout=300, kernel_name="mljudge-test",
                                resources={"metadata": {"path": str(folder)}})
        client.execute(env=kernel_env)
    finally:
        os.environ.clear()
        os.environ.update(before)
    return [cell.get("outputs", []) for cell in notebook.cells]


def shown(outputs: list[dict[str, Any]]) -> dict[str, str]:
    """The displayed result of a cell: its HTML and its plain text."""
    results = [o for o in outputs if o.get("output_type") == "execute_result"]
    assert len(results) == 1, outputs
    return dict(results[0]["data"])


def judge(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mljudge.cli", *args], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=300)


def test_a_notebook_checks_gelu_here_and_on_the_server_into_one_history(
        server: str, learner: dict[str, str], tmp_path: Path) -> None:
    outputs = run_notebook([
        "import mljudge\nimport numpy as np",
        RIGHT_CELL,
        'mljudge.check("gelu", gelu)',
        f'on_server = mljudge.check("gelu", gelu, server="{server}")\non_server',
        NO_CUBIC,
        'report = mljudge.check("gelu", gelu)\nassert report.verdict == "wrong_answer" and not report.passed\nreport',
        "%load_ext mljudge",
        "%%check gelu\n" + SYNTAX,
        "print(on_server.submission_id)",
    ], learner, tmp_path)

    accepted = shown(outputs[2])
    html = accepted["text/html"]
    assert "✓ Accepted" in html and t("client.graded_here", "en") in html
    assert "All 6 cases passed." in html and html.count("<tr data-status=\"passed\"") == 6
    assert "<svg" in html and "<script" not in html.lower() and "http://" not in html.replace(
        "http://www.w3.org/2000/svg", "")
    assert "C = 0.044715" in html and "this line is not sent" not in html  # what was sent, shown
    text = accepted["text/plain"]
    assert text.startswith("GELU with the tanh approximation · track: numpy\n\n✓ Accepted — All 6 cases passed.")

    remote = shown(outputs[3])["text/html"]
    submission = outputs[8][0]["text"].strip()
    assert re.fullmatch(r"[0-9a-f]{32}", submission)
    assert "✓ Accepted" in remote and t("client.graded_by", "en", server=server) in remote and submission in remote

    wrong = shown(outputs[5])
    assert "✗ Wrong answer" in wrong["text/html"] and t("client.about_you", "en") in wrong["text/html"]
    assert "The cubic term is missing" in wrong["text/html"] and "The cubic term is missing" in wrong["text/plain"]

    syntax = shown(outputs[7])
    assert "✗ Does not compile" in syntax["text/html"] and "line 4, column 12" in syntax["text/html"]
    assert "def gelu(x)" in syntax["text/html"] and "def gelu(x)" in syntax["text/plain"]

    # The notebook's submission is in this learner's history as the terminal lists it, and nobody else's.
    mine = judge("history", "gelu", "--server", server, env=learner)
    assert mine.returncode == 0 and submission in mine.stdout, mine
    other = judge("history", "gelu", "--server", server, env={**learner, "XDG_CONFIG_HOME": str(tmp_path / "b")})
    assert other.returncode == 0 and submission not in other.stdout and "No submission" in other.stdout


def test_judge_run_server_prints_the_local_report_and_lands_in_that_learners_history_alone(
        server: str, learner: dict[str, str], tmp_path: Path) -> None:
    solution = tmp_path / "sol.py"
    solution.write_text(NO_CUBIC, encoding="utf-8")
    here = judge("run", "gelu", str(solution), env=learner)
    there = judge("run", "gelu", str(solution), "--server", server, env=learner)
    assert (here.returncode, there.returncode) == (1, 1)
    assert there.stdout == here.stdout  # the same report, whoever graded it
    found = re.search(r"submission ([0-9a-f]{32})", there.stderr)
    assert found, there.stderr
    submission = found.group(1)

    mine = judge("history", "gelu", "--server", server, "--json", env=learner)
    assert submission in [s["id"] for s in json.loads(mine.stdout)]
    someone = {**learner, "XDG_CONFIG_HOME": str(tmp_path / "someone")}
    assert judge("run", "gelu", str(GELU / "solutions/numpy.py"), "--server", server, env=someone).returncode == 0
    theirs = judge("history", "gelu", "--server", server, "--json", env=someone)
    assert submission not in theirs.stdout and len(json.loads(theirs.stdout)) == 1
    with urllib.request.urlopen(f"{server}/api/submissions?exercise=gelu", timeout=30) as answer:  # no token
        assert json.load(answer)["submissions"] == []

    down = judge("run", "gelu", str(solution), "--server", "http://127.0.0.1:9", env=learner)
    assert down.returncode == 2 and down.stderr.startswith("judge: error: nothing answers at http://127.0.0.1:9")
    assert "Traceback" not in down.stderr


def test_judge_history_browser_opens_that_history_in_a_real_browser_once(
        server: str, learner: dict[str, str], tmp_path: Path, browser: Any) -> None:
    solution = tmp_path / "sol.py"
    solution.write_text(NO_CUBIC, encoding="utf-8")
    assert judge("run", "gelu", str(solution), "--server", server, env=learner).returncode == 1
    kept = json.loads(judge("history", "gelu", "--server", server, "--json", env=learner).stdout)
    printed = judge("history", "gelu", "--server", server, "--browser", env=learner)
    assert printed.returncode == 0 and "do not share it" in printed.stderr, printed
    link = printed.stdout.strip()
    assert link.startswith(f"{server}/learner/link#")

    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(link)
        assert "#" not in page.url  # the signed part left the address bar (and the history) at once
        page.get_by_role("button", name="Open my history here").click()
        page.wait_for_url(f"{server}/exercises/gelu")
        page.wait_for_selector(".history-item")
        shown = page.locator(".history-item").evaluate_all("items => items.map(i => i.dataset.id)")
        assert shown == [s["id"] for s in kept]

        again = context.new_page()  # the same link a second time: refused, said so
        again.goto(link)
        again.get_by_role("button", name="Open my history here").click()
        assert "judge history --browser" in again.content()
    finally:
        context.close()
