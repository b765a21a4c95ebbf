"""The terminal face of a Report: verdict, case table, hints. Plain text with ANSI colour when it helps."""

from __future__ import annotations

import dataclasses
import os
import shutil
import sys
import unicodedata
from typing import Any, TextIO

from mljudge.judge.i18n import t
from mljudge.judge.localise import LocalCase, Localised
from mljudge.judge.report import CaseStatus, HintKind, Tone
from mljudge.judge.values import display_text

MAX_ITEMS = 8
STATUS_COLOR: dict[CaseStatus, str] = {
    CaseStatus.PASSED: "32", CaseStatus.FAILED: "31", CaseStatus.ERROR: "31", CaseStatus.TIMEOUT: "33",
    CaseStatus.NOT_RUN: "90", CaseStatus.FORBIDDEN: "35",
}
# A verdict's colour is its tone's (report.VERDICT_FACTS decides the tone; a client only paints it).
TONE_COLOR: dict[Tone, str] = {Tone.GOOD: "32", Tone.BAD: "31", Tone.CAUTION: "33", Tone.JUDGE: "35"}


def use_color(stream: TextIO, flag: bool | None = None) -> bool:
    if flag is not None:
        return flag
    return stream.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


class Painter:
    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def __call__(self, text: str, code: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.enabled and text else text


# Bidirectional-text controls reorder what a terminal shows ("Trojan source"): as unwelcome as escapes.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def terminal_safe(text: str) -> str:
    """`text` with every control character but newline and tab removed (and bidi controls): what a learner's code
    printed or raised must not clear the screen, draw a fake "✓ Accepted", set the title or write the clipboard
    (OSC 52) when the judge shows it. JSON output keeps such characters, escaped."""
    if text.isprintable():
        return text
    return "".join(ch for ch in text if ch in "\n\t" or (unicodedata.category(ch) != "Cc" and ch not in _BIDI))


def _safe(value: Any) -> Any:
    """Every string inside a report's value, made terminal-safe."""
    if isinstance(value, str):
        return terminal_safe(value)
    if isinstance(value, list):
        return [_safe(v) for v in value]
    if isinstance(value, dict):
        return {terminal_safe(str(k)): _safe(v) for k, v in value.items()}
    return value


def safe_report(report: Localised) -> Localised:
    """A copy of `report` fit for a terminal: the judge's own words pass unchanged, the rest is cleaned."""
    cases = [dataclasses.replace(c, **{f.name: _safe(getattr(c, f.name)) for f in dataclasses.fields(c)})
             for c in report.cases]
    issues = [dataclasses.replace(i, message=terminal_safe(i.message)) for i in report.issues]
    fields = {f.name: _safe(getattr(report, f.name)) for f in dataclasses.fields(report)
              if f.name not in ("cases", "issues")}
    return dataclasses.replace(report, **fields, cases=cases, issues=issues)


def render(report: Localised, title: str, *, color: bool) -> str:
    """The report for a terminal. Hints: those `report` holds (judge.localise cut them), and how many more wait."""
    report = safe_report(report)
    paint = Painter(color)
    lang = report.lang
    lines = [paint(f"{title} · {t('cli.track', lang)}: {report.track}", "1"), ""]
    mark = "✓" if report.accepted else "✗"
    verdict = paint(f"{mark} {report.verdict_label}", "1;" + TONE_COLOR[report.tone])
    lines.append(f"{verdict} — {_indent(report.message, 4)}")
    for issue in report.issues[1:]:
        lines.append(f"    {t('report.at_line', lang, line=issue.line)}{issue.message}")
    if report.cases and any(c.status != "not_run" for c in report.cases):
        lines += ["", *_case_table(report.cases, lang, paint)]
    if report.notes:
        lines += [""] + [paint(f"{t('cli.notes', lang)}: ", "33") + note for note in report.notes]
    if report.stdout:
        lines += ["", paint(t("cli.output", lang), "1")]
        lines += ["  │ " + line for line in report.stdout.rstrip("\n").splitlines()[:40]]
        if report.stdout_truncated or report.stdout.count("\n") > 40:
            lines.append("  " + paint(t("cli.truncated", lang), "90"))
    lines += _hints(report, paint)
    return "\n".join(lines) + "\n"


def _case_table(cases: list[LocalCase], lang: str, paint: Painter) -> list[str]:
    width = min(max(len(_case_name(c, lang)) for c in cases), 48)
    out = [paint(f"  {'#':>2}  {t('cli.case', lang):<{width}}  {t('cli.status', lang):<14} {t('cli.details', lang)}",
                 "1")]
    for n, case in enumerate(cases, 1):
        status = paint(f"{t(f'cli.{case.status}', lang):<14}", STATUS_COLOR.get(case.status, "0"))
        name = _case_name(case, lang, width)
        out.append(f"  {n:>2}  {name:<{width}}  {status} {_indent(case.message, width + 24)}")
        if case.visible and case.status not in ("passed", "not_run") and case.input is not None:
            pad = " " * 8
            for key, value in case.input.items():
                out.append(f"{pad}{t('cli.input', lang):<9} {key} = {_short(value)}")
            if case.expected is not None:
                out.append(f"{pad}{t('cli.expected', lang):<9} {_short(case.expected)}")
            if case.got is not None:
                out.append(f"{pad}{t('cli.got', lang):<9} {_short(case.got, set(case.diff_indices or []), paint)}")
    return out


def _case_name(case: LocalCase, lang: str, width: int | None = None) -> str:
    """The case's name, cut to `width` with "…"; a hidden case keeps its "(hidden)" label whole."""
    label = "" if case.visible else f" ({t('cli.hidden', lang)})"
    name = case.kind
    if width is not None and len(name) + len(label) > width:
        name = name[: max(width - len(label) - 1, 1)] + "…"
    return name + label


def _short(value: Any, marked: set[int] | None = None, paint: Painter | None = None) -> str:
    """A value on one line: long lists cut with …, differing entries (flat indices) in red."""
    if isinstance(value, list) and value and not isinstance(value[0], list):
        items = []
        for i, v in enumerate(value[:MAX_ITEMS]):
            text = str(v)
            items.append(paint(text, "31") if marked and paint and i in marked else text)
        more = f", … ({len(value)} items)" if len(value) > MAX_ITEMS else ""
        return "[" + ", ".join(items) + more + "]"
    text = display_text(value)
    limit = max(40, shutil.get_terminal_size((100, 20)).columns - 20)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _hints(report: Localised, paint: Painter) -> list[str]:
    lines = [""] if report.hints or report.hints_withheld else []
    for hint, kind in zip(report.hints, report.hint_kinds, strict=True):
        label = t("cli.recognised" if kind == HintKind.MISTAKE else "cli.hint", report.lang)
        lines.append(paint(f"{label}: ", "1;33") + _indent(hint, 4))
    if report.hints_withheld > 0:
        shown = len(report.hints) - report.targeted
        lines.append(paint(t("cli.more_hints", report.lang, count=report.hints_withheld, next=shown + 1), "90"))
    return lines


def _indent(text: str, n: int) -> str:
    return text.replace("\n", "\n" + " " * n)


def write(text: str, stream: TextIO = sys.stdout) -> None:
    stream.write(text)
    stream.flush()


class Progress:
    """A one-line progress bar on a terminal; silent elsewhere (logs stay clean)."""

    def __init__(self, total: int, stream: TextIO, width: int = 28) -> None:
        self.total, self.stream, self.width = total, stream, width
        self.count = 0
        self.live = stream.isatty()

    def step(self, label: str) -> None:
        if self.live:
            filled = self.width * self.count // max(self.total, 1)
            bar = "█" * filled + "░" * (self.width - filled)
            self.stream.write(f"\r{bar} {self.count}/{self.total} {label[:30]:<30}")
            self.stream.flush()
        self.count += 1

    def done(self) -> None:
        if self.live:
            self.stream.write("\r" + " " * (self.width + 40) + "\r")
            self.stream.flush()


def check_summary(results: list[Any], *, color: bool) -> str:
    paint = Painter(color)
    lines = ["", paint(f"{'exercise':<18} {'result':<8} {'errors':>6} {'warnings':>8} {'graded':>6} {'time':>7}", "1")]
    for r in results:
        status = paint(f"{'ok' if r.ok else 'FAIL':<8}", "32" if r.ok else "31")
        lines.append(f"{r.slug:<18} {status} {len(r.errors):>6} {len(r.warnings):>8} {r.graded:>6} {r.seconds:>6.1f}s")
    bad = sum(not r.ok for r in results)
    lines.append(paint(f"{len(results) - bad} of {len(results)} exercise(s) pass", "1;32" if not bad else "1;31"))
    return "\n".join(lines)
