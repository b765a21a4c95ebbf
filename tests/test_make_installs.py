"""`make browser` and `make services` install what the tests drive (Chromium; redis-server and PostgreSQL) from
Debian's packages, as root. On a fresh machine another apt process (unattended upgrades) often holds the lock, so
every apt-get call must wait for it instead of failing at once.

Each recipe runs for real, with stand-ins for `apt-get` (records its arguments) and `id` (root) first on PATH and
none of the programs anywhere on it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(("target", "packages"), [("browser", ["chromium"]),
                                                  ("services", ["redis-server", "postgresql"])])
def test_make_installs_what_the_tests_need_waiting_for_apt(tmp_path: Path, target: str, packages: list[str]) -> None:
    make = shutil.which("make")
    if make is None:
        pytest.skip("make is not installed")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    calls = tmp_path / "apt-get.calls"
    (bin_dir / "apt-get").write_text(f'#!/bin/sh\necho "$*" >> {calls}\n', encoding="utf-8")
    (bin_dir / "id").write_text("#!/bin/sh\necho 0\n", encoding="utf-8")
    for tool in bin_dir.iterdir():
        tool.chmod(0o755)
    done = subprocess.run([make, "--no-print-directory", "-C", str(REPO), target], capture_output=True,
                          text=True, env={"PATH": str(bin_dir)}, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = calls.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2 and lines[0].endswith("update -qq"), lines  # update, then install
    assert lines[1].split()[-len(packages):] == packages, lines
    assert all("-o DPkg::Lock::Timeout=600" in line for line in lines), lines
