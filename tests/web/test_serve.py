"""`judge serve`: a real process on a free port, zygotes warm before it says where it listens."""

from __future__ import annotations

import io
import json
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from web.server import warn_if_unconfined

REPO = Path(__file__).resolve().parents[2]


def test_judge_serve_starts_grades_and_stops() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "judge.cli", "serve", "--port", "0", "--slots", "1"], cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert proc.stdout is not None
        lines = []
        deadline = time.monotonic() + 120
        url = None
        while url is None and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            found = re.search(r"serving on (http://127\.0\.0\.1:\d+/)", line)
            url = found.group(1) if found else None
        assert url, "".join(lines)
        text = "".join(lines)
        # the sandbox came up before the URL was printed, and its isolation was reported either way
        assert "starting the sandbox" in text and ("sandbox isolation:" in text or "WARNING" in text)

        with urllib.request.urlopen(url, timeout=10) as page:
            assert page.status == 200 and b"mljudge" in page.read()
        code = (REPO / "exercises/gelu/solutions/numpy.py").read_text(encoding="utf-8")
        request = urllib.request.Request(url + "api/exercises/gelu/submissions", method="POST",
                                         data=json.dumps({"code": code, "track": "numpy"}).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            assert json.load(answer)["verdict"] == "accepted"
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0


def test_a_clear_warning_when_isolation_is_inactive() -> None:
    out = io.StringIO()
    assert warn_if_unconfined({"none"}, ["namespaces: unshare failed: EPERM"], out)
    text = out.getvalue()
    assert text.startswith("WARNING") and "namespaces: unshare failed" in text and "judge doctor" in text
    out = io.StringIO()
    assert not warn_if_unconfined({"root"}, [], out)
    assert "all layers active" in out.getvalue()
