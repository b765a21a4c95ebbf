"""A report as the API answers it: said in the learner's language on the way out (judge.localise), with what only
the web adds (the reference curve on the plot's grid, the offer to switch track), and the report in no language
beside it (`neutral`: an opaque token the server signs, web.signing), which the page sends back to
/api/reports/render to show it in another language without grading again. Only a token this server issued is
rendered: a report a client makes up is refused before any of it is read."""

from __future__ import annotations

from typing import Any

from mljudge.judge.exercise import Exercise
from mljudge.judge.lessons import reference_curve
from mljudge.judge.localise import localise
from mljudge.judge.report import REPORT_VERSION, Report, Verdict
from mljudge.sandbox import TRACKS, detect_track
from mljudge.web import state
from mljudge.web.i18n import wt


class BadReport(ValueError):
    """A posted report that is not one this server issued (made up, altered, signed with a key no longer kept) or
    of another version of the judge."""


def answer(exercise: Exercise, report: Report, code: str | None, lang: str) -> dict[str, Any]:
    """The API's JSON for `report` in `lang`. `code`: the submission, for the offer to switch track (None: no
    offer)."""
    result = localise(report, lang).to_dict()
    if result.get("plot") is not None:
        # The right curve on the same grid, computed here from trusted reference code, never in the sandbox.
        result["plot"] = {**result["plot"], "reference": reference_curve(exercise)}
    result["switch_track"] = _switch_track(exercise, code, report, lang) if code is not None else None
    result["neutral"] = state()["keys"].report_token(report.to_json())
    return result


def parse(token: Any) -> Report:
    """A report posted back by a page (its `neutral`): only one this server signed, of this judge's version, is
    read (so nothing a client makes up, however deep or large, is ever parsed); anything else is BadReport."""
    data = state()["keys"].report(token) if isinstance(token, str) else None
    if data is None:
        raise BadReport("not a report this server issued")
    if not isinstance(data, dict) or data.get("version") != REPORT_VERSION:
        raise BadReport("not a report of this judge's version")
    try:
        report = Report.from_json(data)
        localise(report, "en")  # every part sayable: a forged shape fails here, not halfway through an answer
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise BadReport(str(exc)) from None
    return report


def _switch_track(exercise: Exercise, code: str, report: Report, lang: str) -> dict[str, str] | None:
    """Code written for another track (PyTorch code in the NumPy track) is refused for importing that track's
    library: a plain "switch to that track" (which the page offers as a button, and does not count as an attempt)
    instead of only "Forbidden". None for anything else (NumPy code needs no such help: the PyTorch track allows
    numpy)."""
    current = report.track
    if (report.verdict != Verdict.FORBIDDEN or current not in exercise.tracks
            or not any(issue.code == "forbidden_import" for issue in report.issues)):
        return None
    wanted = detect_track(code, exercise.function.name).track
    if wanted == current or wanted not in exercise.tracks or TRACKS[wanted].marker in exercise.track(current).imports:
        return None
    return {"track": wanted,
            "message": wt("wrong_track", lang, track=wt(f"track.{wanted}", lang)),
            "detail": wt("wrong_track_detail", lang, module=TRACKS[wanted].marker,
                         current=wt(f"track.{current}", lang))}
