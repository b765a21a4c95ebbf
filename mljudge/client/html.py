"""The report in a notebook: one block of HTML with inline styles and an inline SVG plot — no external asset, no
script, no event handler, no <style> a notebook viewer would strip — readable in light and dark themes alike
(text keeps the notebook's own colour; marks are coloured badges and strokes that hold on either background).

Everything the learner's code produced or wrote (messages that quote it, values, what it printed, the code sent)
is escaped here, once, by `_e`: the learner's strings are text, never markup.
"""

from __future__ import annotations

import html
import math
from typing import TYPE_CHECKING, Any

from mljudge.judge.i18n import t
from mljudge.judge.localise import LocalCase
from mljudge.judge.render import terminal_safe
from mljudge.judge.values import display_text

if TYPE_CHECKING:
    from mljudge.client.answer import CheckReport

GREEN, RED, AMBER, PURPLE, GREY, BLUE, ORANGE = ("#1a7f37", "#cf222e", "#9a6700", "#8250df", "#6e7781", "#2f81f7",
                                                 "#e8710a")
TONE_COLOUR = {"good": GREEN, "bad": RED, "caution": AMBER, "judge": PURPLE}
STATUS_COLOUR = {"passed": GREEN, "failed": RED, "error": RED, "timeout": AMBER, "not_run": GREY, "forbidden": PURPLE}
FAINT = "rgba(127,127,127,.35)"
SHADE = "rgba(127,127,127,.12)"
MAX_ITEMS = 8
MAX_TEXT = 400
FONT = "font-family:var(--jp-ui-font-family,system-ui,sans-serif);"
MONO = "font-family:var(--jp-code-font-family,ui-monospace,monospace);"


def _e(text: Any) -> str:
    """Text as HTML: escaped (quotes too), control characters removed."""
    return html.escape(terminal_safe(str(text)), quote=True)


def _badge(text: str, colour: str) -> str:
    return (f'<span style="display:inline-block;padding:.1em .55em;border-radius:.9em;background:{colour};'
            f'color:#fff;font-weight:600">{_e(text)}</span>')


def report(result: CheckReport) -> str:
    said = result.shown()
    lang = said.lang
    colour = TONE_COLOUR.get(result.tone, RED)
    mark = "✓" if result.passed else "✗"
    who = (t("client.graded_here", lang) if result.graded_by == "this machine"
           else t("client.graded_by", lang, server=result.graded_by))
    if result.submission_id:
        who += " · " + t("client.submission", lang, id=result.submission_id)
    parts = [
        f'<div style="{FONT}color:inherit;line-height:1.45;max-width:60em;border-left:4px solid {colour};'
        f'padding:.35em .9em;margin:.3em 0" role="region" aria-label="{_e(result.title)}">',
        f'<div style="opacity:.8;font-size:.92em">{_e(result.title)} · {_e(t("cli.track", lang))}: '
        f'{_e(said.track)} · {_e(who)}</div>',
        f'<div style="margin:.35em 0;font-size:1.08em">{_badge(f"{mark} {said.verdict_label}", colour)} '
        f'<span style="white-space:pre-wrap">{_e(said.message)}</span></div>',
    ]
    for issue in said.issues[1:]:
        parts.append(f'<div style="white-space:pre-wrap;margin-left:1em">'
                     f'{_e(t("report.at_line", lang, line=issue.line))}{_e(issue.message)}</div>')
    if said.cases and any(c.status != "not_run" for c in said.cases):
        parts.append(_cases(said.cases, lang))
    parts += _hints(result, lang)
    plot = _plot(result.plot, lang)
    if plot:
        parts.append(plot)
    for note in [*said.notes, *result.notes]:
        parts.append(f'<div style="margin:.4em 0;white-space:pre-wrap"><b>{_e(t("cli.notes", lang))}:</b> '
                     f'{_e(note)}</div>')
    if said.stdout:
        parts.append(f'<details style="margin:.4em 0"><summary>{_e(t("cli.output", lang))}</summary>'
                     f'<pre style="{MONO}background:{SHADE};padding:.4em;overflow:auto;max-height:18em">'
                     f'{_e(said.stdout[:20_000])}</pre>'
                     + (f"<div>{_e(t('cli.truncated', lang))}</div>" if said.stdout_truncated else "")
                     + "</details>")
    if result.sent is not None:
        parts.append(_sent(result, lang))
    parts.append("</div>")
    return "".join(parts)


def _cases(cases: list[LocalCase], lang: str) -> str:
    cell = f"border-bottom:1px solid {FAINT};padding:.2em .6em;text-align:left;vertical-align:top"
    rows = [f'<table style="border-collapse:collapse;margin:.4em 0;color:inherit;background:transparent">'
            f'<thead><tr><th style="{cell}">#</th><th style="{cell}">{_e(t("cli.case", lang))}</th>'
            f'<th style="{cell}">{_e(t("cli.status", lang))}</th><th style="{cell}">{_e(t("cli.details", lang))}'
            f"</th></tr></thead><tbody>"]
    for number, case in enumerate(cases, 1):
        colour = STATUS_COLOUR.get(str(case.status), GREY)
        name = _e(case.kind) + ("" if case.visible else f' <span style="opacity:.7">({_e(t("cli.hidden", lang))})'
                                                         "</span>")
        status = (f'<span style="color:{colour}" aria-hidden="true">●</span> '
                  f'{_e(t(f"cli.{case.status}", lang))}')
        details = f'<div style="white-space:pre-wrap">{_e(case.message)}</div>' if case.message else ""
        if case.visible and case.status not in ("passed", "not_run") and case.input is not None:
            details += _values(case, lang)
        rows.append(f'<tr data-status="{_e(case.status)}"><td style="{cell}">{number}</td><td style="{cell}">'
                    f'{name}</td><td style="{cell};white-space:nowrap">{status}</td><td style="{cell}">{details}'
                    "</td></tr>")
    rows.append("</tbody></table>")
    return "".join(rows)


def _values(case: LocalCase, lang: str) -> str:
    lines = [(t("cli.input", lang), f"{key} = {_short(value)}") for key, value in (case.input or {}).items()]
    if case.expected is not None:
        lines.append((t("cli.expected", lang), _short(case.expected)))
    if case.got is not None:
        lines.append((t("cli.got", lang), _short(case.got, set(case.diff_indices or []))))
    return "".join(f'<div style="{MONO}font-size:.9em"><span style="opacity:.7">{_e(label)}</span> {value}</div>'
                   for label, value in lines)


def _short(value: Any, marked: set[int] | None = None) -> str:
    """A value on one line, escaped: a long list cut with …, differing entries (flat indices) marked."""
    if isinstance(value, list) and value and not isinstance(value[0], list):
        items = []
        for i, v in enumerate(value[:MAX_ITEMS]):
            text = _e(display_text(v))
            items.append(f'<mark style="background:{RED};color:#fff">{text}</mark>' if marked and i in marked
                         else text)
        more = f", … ({len(value)} items)" if len(value) > MAX_ITEMS else ""
        return "[" + ", ".join(items) + _e(more) + "]"
    text = display_text(value)
    return _e(text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…")


def _hints(result: CheckReport, lang: str) -> list[str]:
    said = result.shown()
    out = []
    for number, hint in enumerate(said.hints):
        label = t("client.about_you", lang) if number < said.targeted else t("cli.hint", lang)
        out.append(f'<div style="margin:.5em 0;padding:.4em .7em;background:{SHADE};border-radius:.3em;'
                   f'white-space:pre-wrap"><b>{_e(label)}:</b> {_e(hint)}</div>')
    if said.hints_withheld > 0:
        shown = len(said.hints) - said.targeted
        more = t("client.more_hints", lang, count=said.hints_withheld, slug=said.exercise, next=shown + 1)
        out.append(f'<div style="opacity:.75;font-size:.92em">{_e(more)}</div>')
    return out


def _sent(result: CheckReport, lang: str) -> str:
    sent = result.sent
    assert sent is not None
    lines = sent.code.rstrip("\n").splitlines()
    width = len(str(len(lines)))
    numbered = "\n".join(f'<span style="opacity:.5">{n:>{width}}</span>  {_e(line)}' for n, line in
                         enumerate(lines, 1))
    missing = (f'<div style="color:inherit"><b>⚠</b> {_e(t("client.missing", lang, names=", ".join(sent.missing)))}'
               "</div>" if sent.missing else "")
    return (f'<details style="margin:.4em 0"{" open" if sent.missing else ""}><summary>'
            f'{_e(t("client.sent", lang, lines=len(lines)))}</summary>{missing}'
            f'<div style="opacity:.8;font-size:.92em">{_e(t("client.sent_parts", lang, parts="; ".join(sent.parts)))}'
            f'</div><pre style="{MONO}background:{SHADE};padding:.4em;overflow:auto;max-height:24em">{numbered}</pre>'
            "</details>")


# --- the plot -----------------------------------------------------------------------------------------------------

W, H, PAD_L, PAD_R, PAD_T, PAD_B = 560, 240, 44, 12, 14, 28


def _numbers(values: Any, n: int) -> list[float | None] | None:
    if not isinstance(values, list) or len(values) != n:
        return None
    return [float(v) if isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) else None
            for v in values]


def _plot(plot: dict[str, Any] | None, lang: str) -> str:
    """The learner's curve (dashed) over the right one, on the exercise's grid; the right one alone, said so,
    when the function gave none."""
    if not plot or not isinstance(plot.get("x"), list) or len(plot["x"]) < 2:
        return ""
    xs = _numbers(plot["x"], len(plot["x"]))
    if xs is None or any(x is None for x in xs):
        return ""
    grid = [float(x) for x in xs if x is not None]
    reference = _numbers(plot.get("reference"), len(grid))
    learner = _numbers(plot.get("learner"), len(grid))
    known = [y for y in (reference or learner or []) if y is not None]
    if not known:
        return ""
    low, high = min(known), max(known)
    if learner and reference:  # room for a learner curve near the right one; far off, it leaves the frame
        span = max(high - low, 1e-9)
        mine = [y for y in learner if y is not None]
        if mine:
            low, high = max(min(low, *mine), low - span), min(max(high, *mine), high + span)
    if high - low < 1e-9:
        low, high = low - 1, high + 1
    margin = (high - low) * 0.06
    low, high = low - margin, high + margin
    x0, x1 = grid[0], grid[-1]

    def sx(x: float) -> float:
        return PAD_L + (x - x0) / (x1 - x0 or 1) * (W - PAD_L - PAD_R)

    def sy(y: float) -> float:
        return PAD_T + (high - y) / (high - low) * (H - PAD_T - PAD_B)

    def path(ys: list[float | None]) -> str:
        out, pen = [], "M"
        for x, y in zip(grid, ys, strict=True):
            if y is None:
                pen = "M"
                continue
            out.append(f"{pen}{sx(x):.1f},{sy(min(max(y, low), high)):.1f}")
            pen = "L"
        return " ".join(out)

    clipped = bool(learner) and any(y is not None and not low <= y <= high for y in learner or [])
    axes = [f'<rect x="{PAD_L}" y="{PAD_T}" width="{W - PAD_L - PAD_R}" height="{H - PAD_T - PAD_B}" fill="none" '
            f'stroke="{FAINT}"/>']
    if low < 0 < high:
        axes.append(f'<line x1="{PAD_L}" x2="{W - PAD_R}" y1="{sy(0):.1f}" y2="{sy(0):.1f}" stroke="{FAINT}"/>')
    if x0 < 0 < x1:
        axes.append(f'<line x1="{sx(0):.1f}" x2="{sx(0):.1f}" y1="{PAD_T}" y2="{H - PAD_B}" stroke="{FAINT}"/>')
    labels: list[tuple[float, float, str, str]] = [(PAD_L, H - 8, "start", _g(x0)), (W - PAD_R, H - 8, "end", _g(x1)),
              (PAD_L - 4, sy(high - margin) + 4, "end", _g(high - margin)),
              (PAD_L - 4, sy(low + margin) + 4, "end", _g(low + margin))]
    if x0 < 0 < x1:
        labels.append((sx(0), H - 8, "middle", "0"))
    text = "".join(f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" font-size="11" fill="currentColor">'
                   f"{_e(label)}</text>" for x, y, anchor, label in labels)
    curves = ""
    legend = []
    if reference:
        curves += f'<path d="{path(reference)}" fill="none" stroke="{BLUE}" stroke-width="2.5"/>'
        legend.append((BLUE, "", t("client.plot_reference", lang)))
    if learner:
        curves += (f'<path d="{path(learner)}" fill="none" stroke="{ORANGE}" stroke-width="2" '
                   'stroke-dasharray="6 4"/>')
        legend.append((ORANGE, "6 4", t("client.plot_yours", lang)))
    keys = "".join(
        f'<line x1="{PAD_L + 10 + i * 110}" x2="{PAD_L + 34 + i * 110}" y1="{PAD_T + 12}" y2="{PAD_T + 12}" '
        f'stroke="{colour}" stroke-width="2.5"{f" stroke-dasharray={chr(34)}{dash}{chr(34)}" if dash else ""}/>'
        f'<text x="{PAD_L + 40 + i * 110}" y="{PAD_T + 16}" font-size="12" fill="currentColor">{_e(label)}</text>'
        for i, (colour, dash, label) in enumerate(legend))
    heading = t("client.plot_heading", lang)
    notes = []
    if not learner:
        notes.append(t("client.plot_no_curve", lang))
    if clipped:
        notes.append(t("client.plot_clipped", lang))
    return (f'<figure style="margin:.5em 0"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" '
            f'width="{W}" height="{H}" role="img" aria-label="{_e(heading)}" style="max-width:100%;height:auto;'
            f'color:inherit"><title>{_e(heading)}</title>{"".join(axes)}{curves}{text}{keys}</svg>'
            f'<figcaption style="font-size:.9em;opacity:.8">{_e(heading)}'
            + "".join(f" {_e(n)}" for n in notes) + "</figcaption></figure>")


def _g(value: float) -> str:
    return f"{value:.3g}"
