"""What the attack tests share: the constants, `attack()` and its checks, the table of attacks, and the
prelude that reaches `os` once the language policy is off (test_unguarded.py; tests/sandbox/test_by_design.py
uses it too). Fixtures live in conftest.py."""

from __future__ import annotations

import json
import os
import select
import socket
import textwrap
import uuid
from dataclasses import dataclass
from pathlib import Path

import pytest

from mljudge.judge.exercise import Exercise
from mljudge.judge.localise import Localised
from mljudge.sandbox import NAMES as TRACK_NAMES
from mljudge.sandbox import uids
from mljudge.sandbox.pool import Pool
from tests.judging import judged

ROOT = os.geteuid() == 0
NEEDS_ROOT = pytest.mark.skipif(not ROOT, reason="the jail needs root, as on the judge's machines and in CI")

REPO = Path(__file__).resolve().parents[3]
GELU_DIR = REPO / "mljudge" / "exercises" / "gelu"
EXPECTED_JSON = GELU_DIR / "expected.json"
REFERENCE_PY = REPO / "mljudge" / "reference" / "gelu.py"
MODEL = {track: (GELU_DIR / "solutions" / f"{track}.py").read_text() for track in TRACK_NAMES}
# A value only expected.json holds (a hidden case's expected GELU, to 16 digits): it must never reach a report.
EXPECTED_SECRET = "2.2687485526424345"
MARK = f"mljudge-attack-{uuid.uuid4().hex[:12]}"  # unique names for files the attacks try to create
PWNED = f"/tmp/{MARK}-pwned"  # what `touch /tmp/pwned` in an attack really tries to create
JAIL_UIDS = range(uids.FIRST_UID, uids.LAST_UID + 1)  # sandbox.uids: a block per pool, a uid per zygote slot
BAD_VERDICTS = ("accepted", "internal_error")


def src(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def forged_frame(head: str, *, pipe: int, tail: str = "", then: str = "") -> str:
    """A jailed body that writes a result frame by hand, as the child's own reports are framed: a JSON header
    `head` (a Python expression) on the `pipe`-th pipe the child holds, then the bytes `tail` (a Python expression)
    and the statement `then`."""
    return src(f"""
        stat = imp("stat")
        struct = imp("struct")
        def is_pipe(fd):
            try:
                return stat.S_ISFIFO(os.fstat(fd).st_mode)
            except OSError:
                return False
        pipe = [fd for fd in range(3, 64) if is_pipe(fd)][{pipe}]
        head = ({head}).encode()
        os.write(pipe, struct.pack(">QQ", len(head), 0) + head{" + " + tail if tail else ""})
        {then}
        """)


def text_of(report: Localised) -> str:
    """Everything a learner would see, as one string."""
    return json.dumps(report.to_dict(), ensure_ascii=False, default=str)


def attack(exercise: Exercise, pool: Pool, source: str | bytes, verdict: str, *names: str, track: str | None = None,
           **kwargs: object) -> Localised:
    """Grade a hostile submission; check the verdict, that the message names what was refused, and the basics.
    "/tmp/pwned" in a source becomes a name unique to this run, which the autouse check looks for on the host."""
    if isinstance(source, str):
        source = source.replace("/tmp/pwned", PWNED)
    report = judged(exercise, source, track, pool=pool, **kwargs)  # type: ignore[arg-type]
    assert report.verdict not in BAD_VERDICTS, (report.verdict, report.message)
    assert report.verdict == verdict, (report.verdict, report.message, [c.message for c in report.cases])
    for name in names:
        assert name in report.message, (name, report.message)
    assert EXPECTED_SECRET not in text_of(report)
    return report


def assert_judge_works(exercise: Exercise, pool: Pool, *tracks: str) -> None:
    """The pool survived: the model solution is still accepted."""
    for track in tracks or ("numpy",):
        report = judged(exercise, MODEL[track], track, pool=pool)
        assert report.verdict == "accepted", (track, report.message)


def processes() -> dict[int, tuple[int, int, str, float]]:
    """pid -> (parent pid, real uid, command line, CPU seconds used), read from the host's /proc."""
    found = {}
    ticks = os.sysconf("SC_CLK_TCK")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            status = Path(f"/proc/{entry}/status").read_text()
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            stat = Path(f"/proc/{entry}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue  # exited while we looked
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        cpu = (int(stat[11]) + int(stat[12])) / ticks  # utime + stime
        found[int(entry)] = (int(fields["PPid"]), int(fields["Uid"].split()[0]), cmdline, cpu)
    return found


def is_zygote(cmdline: str) -> bool:
    return "mljudge.sandbox.zygote" in cmdline


# An armed child (jailed, waiting for its job) has used only the CPU of its jail's setup.
ARMED_CPU_SECONDS = 0.5


@dataclass(frozen=True)
class Attack:
    id: str
    source: str
    verdict: str
    names: tuple[str, ...] = ()  # what the report's message must name

    def param(self) -> object:
        return pytest.param(self, id=self.id)


def run_attacks(attacks: list[Attack]) -> list[object]:
    return [a.param() for a in attacks]


def nobody_connected(server: socket.socket) -> bool:
    readable, _, _ = select.select([server], [], [], 0.3)
    return not readable


# Inputs of the hidden cases "large" and "shape-3d" (its first random value, to 16 digits).
HIDDEN_VALUES = ("-17.5", "-8.25", "2.0577137479038026")

RECORDER = src("""
    import numpy as np
    SEEN = []
    def good(x):
        return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))
    def gelu(x):
        SEEN.append(x.tolist())
        {action}
        return good(x)
    """)


# Reaches `os` and the real `__import__` with plain attribute access, as eval'd or unpickled code could.
PRELUDE = src("""
    OS = [c for c in ().__class__.__base__.__subclasses__() if c.__name__ == "_wrap_close"][0].__init__.__globals__
    os = OS["sys"].modules["os"]
    sys = OS["sys"]
    imp = sys.modules["builtins"].__import__
    open = sys.modules["builtins"].open

    def attempt(label, action):
        try:
            print(label, "DONE", action())
        except BaseException as exc:
            print(label, "REFUSED", type(exc).__name__)
    """)


def jailed(exercise: Exercise, pool: Pool, body: str, verdict: str = "wrong_answer") -> Localised:
    """Run PRELUDE + body at import time (its prints are shown), then `gelu` returns x: a wrong answer."""
    source = PRELUDE + src(body) + "\ndef gelu(x):\n    return x\n"
    return attack(exercise, pool, source, verdict)


def outcomes(report: Localised) -> dict[str, str]:
    """label -> 'DONE ...' or 'REFUSED ErrorType', from the attempt() lines printed."""
    found = {}
    for line in report.stdout.splitlines():
        label, _, rest = line.partition(" ")
        if rest.startswith(("DONE", "REFUSED")):
            found[label] = rest
    return found


# What the OS answers when it refuses: anything else (a NameError, say) would mean the attempt never ran.
REFUSALS = ("REFUSED PermissionError", "REFUSED FileNotFoundError", "REFUSED OSError")


def refused(value: str) -> bool:
    return value in REFUSALS
