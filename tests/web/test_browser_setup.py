"""`make browser`, which installs the Chromium the browser tests drive: on a fresh machine another apt process
(unattended upgrades) often holds the lock, so every apt-get call must wait for it instead of failing at once.

The recipe runs for real, with stand-ins for `apt-get` (records its arguments) and `id` (root) first on PATH
and no chromium anywhere on it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def test_make_browser_waits_for_the_apt_lock(tmp_path: Path) -> None:
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

    done = subprocess.run([make, "--no-print-directory", "-C", str(REPO), "browser"], capture_output=True,
                          text=True, env={"PATH": str(bin_dir)}, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = calls.read_text(encoding="utf-8").splitlines()
    assert [line.split()[-1] for line in lines] == ["-qq", "chromium"]  # update, then install
    assert all("-o DPkg::Lock::Timeout=600" in line for line in lines), lines
