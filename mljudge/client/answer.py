"""The report as the learner gets it from `mljudge.check` and `judge run --server`: the one module that reads the
report's fields, so that a change of the report's shape touches this file alone.

Its input is one shape whoever graded: the localised report as JSON — the API's answer (`Report` in
web/openapi.py) from a course server, or `localise(report, lang).to_dict()` plus the reference curve from this
machine. From it come the terminal's text (judge.render, exactly as `judge run` prints it) and the notebook's
HTML (client.html). Fields read here: exercise, track, lang, verdict, verdict_label, message, passed, total,
cases (kind, visible, status, message, input, expected, got, diff_indices), hints, targeted, issues (line,
message), notes, stdout, stdout_truncated, plot (x, learner, reference), version, tone when the report has it,
and submission_id from a server. Every other field of judge.localise's view is carried along by its name and
type (an enum read as that enum), so that the terminal's renderer gets the view it expects.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import Any

from mljudge.client.errors import ServerError
from mljudge.client.source import Sent
from mljudge.judge import render
from mljudge.judge.localise import Localised, default_hints
from mljudge.judge.report import REPORT_VERSION, Verdict


class CheckReport:
    """A graded submission, as a notebook or a script sees it. In Jupyter it displays itself as HTML (verdict,
    cases, the hint about this mistake, the curve); elsewhere `print(report)` gives `judge run`'s text.

    `verdict`: the verdict's code ("accepted", "wrong_answer", …); `passed`: whether it is accepted;
    `cases_passed` of `total`; `hints`: every hint the judge gave (the targeted ones first); `source`: the code
    that was graded; `graded_by`: "this machine" or the server's URL; `submission_id`: its id on that server."""

    def __init__(self, answer: dict[str, Any], *, title: str, graded_by: str, sent: Sent | None = None,
                 notes: Sequence[str] = ()) -> None:
        if answer.get("version") != REPORT_VERSION:
            raise ServerError(f"{graded_by} answered with a report of version {answer.get('version')!r}, and this "
                              f"mljudge reads version {REPORT_VERSION}: use the same version of mljudge as the "
                              "course server (pip install -U mljudge)")
        self.data = answer
        self.title = title
        self.graded_by = graded_by
        self.sent = sent
        self.notes = list(notes)
        self.localised  # read now: an answer that cannot be read fails here, not when it is shown  # noqa: B018

    # --- for scripts and tests -------------------------------------------------------------------------------

    @property
    def verdict(self) -> str:
        return str(self.localised.verdict)

    @property
    def passed(self) -> bool:
        return self.localised.verdict == Verdict.ACCEPTED

    @property
    def exercise(self) -> str:
        return self.localised.exercise

    @property
    def cases_passed(self) -> int:
        return self.localised.passed

    @property
    def total(self) -> int:
        return self.localised.total

    @property
    def hints(self) -> list[str]:
        return list(self.localised.hints)

    @property
    def source(self) -> str | None:
        return self.sent.code if self.sent is not None else None

    @property
    def submission_id(self) -> str | None:
        found = self.data.get("submission_id")
        return found if isinstance(found, str) else None

    @property
    def plot(self) -> dict[str, Any] | None:
        plot = self.data.get("plot")
        return plot if isinstance(plot, dict) else None

    @cached_property
    def localised(self) -> Localised:
        return _localised(self.data, self.graded_by)

    # --- shown ---------------------------------------------------------------------------------------------

    def shown(self, hints: int | None = None) -> Localised:
        """The report with the hints `judge run` shows: those about this submission and `hints` of the
        exercise's ladder (as judge.localise cuts them); by default as `judge run` unasked (none beside a hint
        about the learner's own mistake, else the first: judge.localise.default_hints). The rest wait for
        mljudge.hint / --hints."""
        said = self.localised
        return said.with_hints(default_hints(said) if hints is None else hints)

    @property
    def tone(self) -> str:
        """How to show the verdict ("good", "bad", "caution", "judge"), as the report says when it says so."""
        tone = self.data.get("tone")
        if isinstance(tone, str):
            return tone
        return {"accepted": "good", "not_attempted": "caution", "internal_error": "judge"}.get(self.verdict, "bad")

    def text(self, *, color: bool = False) -> str:
        """Exactly what `judge run` prints for this report."""
        return render.render(self.shown(), self.title, color=color)

    def __str__(self) -> str:
        notes = "".join(f"\n{render.terminal_safe(n)}" for n in self.notes)
        return self.text() + (notes + "\n" if notes else "")

    def __repr__(self) -> str:
        return f"<mljudge report {self.exercise}: {self.verdict}, {self.cases_passed}/{self.total} cases>"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        from mljudge.client import html

        return html.report(self)


def _localised(data: dict[str, Any], graded_by: str) -> Localised:
    try:
        return Localised.from_dict(data)
    except ValueError as exc:
        raise ServerError(f"{graded_by} answered with a report this mljudge cannot read ({exc}): use the same "
                          "version of mljudge as the course server") from None
