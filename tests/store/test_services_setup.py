"""`make services`, which installs what the store's and the broker's tests start (redis-server, PostgreSQL) the
way `make browser` installs Chromium: as root, waiting for apt's lock. The recipe runs for real with stand-ins for
`apt-get` (records its arguments) and `id` (root), and neither service anywhere on PATH."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.services import REPO


def test_make_services_installs_redis_and_postgresql_waiting_for_apt(tmp_path: Path) -> None:
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
    done = subprocess.run([make, "--no-print-directory", "-C", str(REPO), "services"], capture_output=True,
                          text=True, env={"PATH": str(bin_dir)}, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = calls.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2 and lines[0].endswith("update -qq")
    assert lines[1].split()[-2:] == ["redis-server", "postgresql"]
    assert all("-o DPkg::Lock::Timeout=600" in line for line in lines), lines
