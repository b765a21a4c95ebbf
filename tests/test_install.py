"""mljudge as a product one installs: a wheel built from this checkout, installed (not editable) into a fresh venv,
used from an empty folder outside the repository, the way a teacher who runs `pip install mljudge` would.

The venv gets the heavy dependencies (torch, NumPy, Flask, …) without installing them again: a .pth file links in
the test run's own site-packages, and the jail binds what a .pth adds (sandbox.rootfs), as it must for any such
layout. Everything runs as `judge` subprocesses of that venv: the bundled course lists, shows, runs and serves;
`judge doctor` is green and a submission cannot read a file of the installed package; a copy of
examples/course-pack/ checks, runs and serves; `judge new` writes into its course only; a wrong number in a
prompt's example fails `judge check`; and nothing lands in the working directory (no var/).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import sysconfig
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PACK = REPO / "examples" / "course-pack"
ROOT = os.geteuid() == 0


@dataclass(frozen=True)
class Installed:
    python: Path
    judge: Path
    package: Path  # site-packages/mljudge of the fresh venv
    cwd: Path  # an empty folder outside the repository
    env: dict[str, str]
    data: Path  # the per-user data directory the venv's judge uses

    def run(self, *args: str | Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(self.judge), *map(str, args)], cwd=self.cwd, env=self.env, capture_output=True,
                              text=True, timeout=timeout)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    base = tmp_path_factory.mktemp("install")
    # The sources the wheel is built from, copied: building in the checkout would leave build/ and egg-info there.
    source = base / "source"
    shutil.copytree(REPO / "mljudge", source / "mljudge",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "node_modules"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPO / name, source / name)
    wheels = base / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w",
                    str(wheels), str(source)], check=True, capture_output=True, timeout=300)
    wheel = next(wheels.glob("mljudge-*.whl"))
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
                    "--no-index", str(wheel)], check=True, capture_output=True, timeout=300)
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               check=True, capture_output=True, text=True).stdout.strip())
    # The dependencies, from this run's own environment (its .pth files are not read from there: the checkout's
    # editable install stays out of the fresh venv).
    (site / "zz_shared_dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    cwd = base / "empty"
    cwd.mkdir()
    data_home = base / "data-home"
    env = {"PATH": f"{venv / 'bin'}:/usr/bin:/bin", "HOME": str(base / "home"), "XDG_DATA_HOME": str(data_home),
           "LANG": "C.UTF-8"}
    return Installed(python, venv / "bin" / "judge", site / "mljudge", cwd, env, data_home / "mljudge")


def test_the_package_is_installed_not_linked(installed: Installed) -> None:
    found = subprocess.run([str(installed.python), "-c", "import mljudge; print(mljudge.__file__)"],
                           cwd=installed.cwd, env=installed.env, capture_output=True, text=True, check=True)
    assert Path(found.stdout.strip()) == installed.package / "__init__.py"
    assert (installed.package / "exercises" / "gelu" / "expected.json").is_file()  # the course is package data


def test_the_bundled_course_lists_shows_and_runs_from_anywhere(installed: Installed) -> None:
    listed = installed.run("list")
    assert listed.returncode == 0, listed.stderr
    modules = [line for line in listed.stdout.splitlines() if re.match(r"\d+ · ", line)]
    exercises = [line for line in listed.stdout.splitlines() if line.startswith("  ")]
    assert (len(modules), len(exercises)) == (9, 28), listed.stdout
    shown = installed.run("show", "gelu", "--lang", "ru")
    assert shown.returncode == 0 and "def gelu" in shown.stdout, shown.stderr
    solution = installed.cwd.parent / "solution.py"
    shutil.copy(REPO / "mljudge" / "exercises" / "gelu" / "solutions" / "numpy.py", solution)
    ran = installed.run("run", "gelu", solution, "--json")
    assert ran.returncode == 0 and json.loads(ran.stdout)["verdict"] == "accepted", ran.stdout + ran.stderr
    assert "judge: error" not in ran.stderr
    help_text = installed.run("--help").stdout
    assert str(installed.package / "exercises") in help_text  # where the default course lives
    assert str(installed.data) in installed.run("serve", "--help").stdout  # and the record
    assert list(installed.cwd.iterdir()) == []  # no var/, nothing at all


def test_a_folder_without_a_course_is_an_error(installed: Installed) -> None:
    for command in (["list"], ["check", "--all"], ["serve", "--port", "0"]):
        done = installed.run(*command, "--exercises-dir", installed.cwd)
        assert done.returncode == 2 and "no course at" in done.stderr, (command, done.stdout, done.stderr)


@pytest.mark.skipif(not ROOT, reason="the jail's every layer needs root, as on the judge's machines and in CI")
def test_doctor_is_green_and_a_submission_reads_no_file_of_the_package(installed: Installed) -> None:
    doctor = installed.run("doctor")
    assert doctor.returncode == 0 and "all layers active" in doctor.stdout, doctor.stdout
    filesystem = next(line for line in doctor.stdout.splitlines() if "filesystem" in line)
    assert re.search(r"none of [1-9]\d* files of the judge's folders visible", filesystem), filesystem
    # Code past the policy and the guards (as an attacker who got that far) tries the package's files by name.
    targets = [installed.package / "__init__.py", installed.package / "exercises" / "gelu" / "expected.json",
               installed.package / "reference" / "gelu.py", installed.package / "exercises" / "course.toml"]
    targets += list(installed.package.parent.glob("mljudge-*.dist-info/RECORD"))
    assert all(t.is_file() for t in targets)
    import numpy

    script = f"""
import numpy as np
from mljudge.judge.pools import new_pool
from mljudge.sandbox import policy, runner
from mljudge.sandbox.limits import Limits

SOURCE = '''
OS = [c for c in ().__class__.__base__.__subclasses__() if c.__name__ == "_wrap_close"][0].__init__.__globals__
TARGETS = {[str(t) for t in targets]!r}
def f(x):
    seen = []
    for path in TARGETS:
        try:
            fd = OS["open"](path, OS["O_RDONLY"])
            seen.append(1.0)
            OS["close"](fd)
        except OSError:
            seen.append(0.0)
    try:
        seen.append(float(len(OS["listdir"]({str(installed.package)!r}))))
    except OSError:
        seen.append(0.0)
    import numpy
    seen.append(float(numpy.__version__ == {numpy.__version__!r}))
    return numpy.array(seen)
'''
pool = new_pool(1, unguarded=True)
try:
    imports = runner.imports_for("numpy")
    program = policy.Program(compile(SOURCE, "attack.py", "exec"), SOURCE, "attack.py", imports)
    job = runner.Job(program, "f", "numpy", (runner.Call("a", (np.arange(1.0),), arg_names=("x",)),), imports)
    call = runner.run(job, Limits(), pool).calls["a"]
    print([float(v) for v in call.value.data] if call.ok else call)
finally:
    pool.close()
"""
    attack = subprocess.run([str(installed.python), "-c", script],
                            cwd=installed.cwd, env=installed.env, capture_output=True, text=True, timeout=300)
    assert attack.returncode == 0, attack.stderr
    seen = json.loads(attack.stdout.strip().splitlines()[-1])
    assert seen[:-1] == [0.0] * (len(targets) + 1), seen  # no file opened, nothing listed
    assert seen[-1] == 1.0  # while NumPy, from the linked-in site-packages, works


@contextmanager
def serving(installed: Installed, *args: str | Path) -> Iterator[str]:
    """`judge serve` of the installed venv on a free port: its URL, stopped with SIGTERM afterwards."""
    proc = subprocess.Popen([str(installed.judge), "serve", "--port", "0", "--slots", "1", *map(str, args)],
                            cwd=installed.cwd, env=installed.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    assert proc.stdout is not None
    lines: list[str] = []
    try:
        deadline, url = time.monotonic() + 180, None
        while url is None and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            found = re.search(r"serving on (http://127\.0\.0\.1:\d+/)", line)
            url = found.group(1) if found else None
        assert url, "".join(lines)
        text = "".join(lines)
        assert f"submissions are recorded in sqlite:///{installed.data}" in text, text
        if ROOT:
            assert "all layers active" in text, text
        yield url
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def submit(url: str, slug: str, code: str, track: str) -> dict[str, object]:
    request = urllib.request.Request(f"{url}api/exercises/{slug}/submissions", method="POST",
                                     data=json.dumps({"code": code, "track": track}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.load(answer)  # type: ignore[no-any-return]


def page(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as answer:
        assert answer.status == 200
        return answer.read().decode()


def test_the_bundled_course_serves(installed: Installed) -> None:
    with serving(installed) as url:
        assert "gelu" in page(url)
        code = (REPO / "mljudge" / "exercises" / "gelu" / "solutions" / "torch.py").read_text(encoding="utf-8")
        assert submit(url, "gelu", code, "torch")["verdict"] == "accepted"
    assert (installed.data / "mljudge.sqlite3").is_file()
    assert list(installed.cwd.iterdir()) == []  # the record is in the data directory, not here


@pytest.fixture(scope="module")
def pack(installed: Installed) -> Path:
    """examples/course-pack, copied out of the repository."""
    copy = installed.cwd.parent / "my-course"
    shutil.copytree(PACK, copy, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache"))
    return copy


def test_a_course_of_ones_own_checks_runs_and_serves(installed: Installed, pack: Path) -> None:
    checked = installed.run("check", "--all", "--exercises-dir", pack)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "2 of 2 exercise(s) pass" in checked.stdout and "warning:" not in checked.stdout, checked.stdout
    listed = installed.run("list", "--exercises-dir", pack).stdout
    assert re.findall(r"^  (\S+)", listed, re.MULTILINE) == ["relu", "leaky-relu", "layer-norm"]  # relu: bundled
    solution = pack / "layer-norm" / "solutions" / "torch.py"
    ran = installed.run("run", "layer-norm", solution, "--exercises-dir", pack)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    tests = subprocess.run([str(installed.python), "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"], cwd=pack,
                           env=installed.env, capture_output=True, text=True, timeout=300)
    assert tests.returncode == 0, tests.stdout + tests.stderr  # the tests that pin its references
    with serving(installed, "--exercises-dir", pack) as url:
        assert "layer-norm" in page(url) and "leaky-relu" in page(url)
        assert "Leaky ReLU" in page(f"{url}lessons/leaky-relu")
        code = (pack / "leaky-relu" / "solutions" / "numpy.py").read_text(encoding="utf-8")
        assert submit(url, "leaky-relu", code, "numpy")["verdict"] == "accepted"
        code = (pack / "layer-norm" / "submissions" / "wrong_answer" / "unbiased_torch.py").read_text(encoding="utf-8")
        report = submit(url, "layer-norm", code, "torch")
        assert report["verdict"] == "wrong_answer" and report["mistakes"] == ["unbiased"], report
    assert list(installed.cwd.iterdir()) == []


def snapshot(*roots: Path) -> dict[Path, float]:
    return {p: p.stat().st_mtime for root in roots for p in root.rglob("*") if "__pycache__" not in p.parts}


def test_judge_new_writes_into_its_course_only(installed: Installed, pack: Path) -> None:
    site = installed.package.parent
    before = snapshot(site, installed.cwd)
    made = installed.run("new", "rms-norm", "--exercises-dir", pack, "--module", "norms")
    assert made.returncode == 0, made.stderr
    assert snapshot(site, installed.cwd) == before  # not a file of the installed package, nothing here
    written = [Path(line.split("wrote ", 1)[1]) for line in made.stdout.splitlines() if "  wrote " in line]
    assert pack / "reference" / "rms_norm.py" in written and pack / "tests" / "test_rms_norm.py" in written
    assert all(pack in path.parents for path in written) and all(path.is_file() for path in written)
    assert f"--exercises-dir {pack}" in made.stdout
    # the stub's reference is found through its course-local name, and fails as a stub should
    checked = installed.run("check", "rms-norm", "--exercises-dir", pack)
    assert checked.returncode == 1 and "NotImplementedError" in checked.stdout, checked.stdout
    assert "No module named" not in checked.stdout
    shutil.rmtree(pack / "rms-norm")
    refused = installed.run("new", "rms-norm")  # the bundled course, inside the installed package
    assert refused.returncode == 2 and "installed mljudge package" in refused.stderr
    assert snapshot(site, installed.cwd) == before


def test_a_wrong_number_in_a_prompts_example_fails_the_check(installed: Installed, pack: Path) -> None:
    prompt = pack / "leaky-relu" / "prompt.ru.md"
    text = prompt.read_text(encoding="utf-8")
    assert "выход:   [-0.02, -0.005" in text
    prompt.write_text(text.replace("выход:   [-0.02, -0.005", "выход:   [-0.04, -0.005"), encoding="utf-8")
    try:
        checked = installed.run("check", "--quick", "leaky-relu", "--exercises-dir", pack)
    finally:
        prompt.write_text(text, encoding="utf-8")
    line = text.splitlines().index(next(x for x in text.splitlines() if x.startswith("выход:   [-0.02"))) + 1
    assert checked.returncode == 1
    assert (f"{prompt}:{line}: output[0] is -0.04 in the example, but the reference gives -0.020"
            in checked.stdout), checked.stdout
