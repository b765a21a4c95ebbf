"""`judge check`: proves an exercise folder right, the way Kattis' verifyproblem does.

It refuses placeholders left by `judge new`, validates the metadata against its schema (every key known and of
its type, judge.schema; a forbidden name or aten op must exist), recomputes expected values from the reference
(drift is an error), grades the model solutions, the starters, every example submission (each must get the
verdict its folder names) and a synthetic submission per forbidden call, checks that every known mistake is
recognised, and warns when a time limit leaves less than 2× headroom over the slowest accepted run (model
solutions and accepted examples) or the memory limit less than 2× over the largest one's peak.
"""

from __future__ import annotations

import importlib
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import numpy as np

from mljudge.judge import expected as expected_values
from mljudge.judge import starters
from mljudge.judge.authoring import examples
from mljudge.judge.authoring.new import MARKER
from mljudge.judge.compare import compare
from mljudge.judge.errors import ExerciseError, every
from mljudge.judge.exercise import TRACKS, Exercise
from mljudge.judge.grade import grade
from mljudge.judge.i18n import LANGS
from mljudge.judge.loader import Where, load_exercise, resolve_reference, schema_errors
from mljudge.judge.localise import sentence
from mljudge.judge.mistakes import RAISED, as_answer, mistake_outputs, recognise
from mljudge.judge.report import VERDICTS, Report
from mljudge.sandbox import TRACKS as TRACK_SPECS
from mljudge.sandbox import TRUSTED, Pool, resolve

MIN_CASES, MIN_VISIBLE, MIN_HINTS = 6, 2, 3
HEADROOM = 2.0
DRIFT_TOLERANCE = 1e-9
_HEADER = re.compile(r"^#\s*(mistake|track):\s*([\w-]+(?:\s*\+\s*[\w-]+)*)\s*$", re.MULTILINE)


@dataclass(frozen=True)
class ExampleHeader:
    """What an example submission's header lines say: `# track: torch` grades it in that track, `# mistake: id`
    names the known mistake its report must recognise, and `# mistake: a + b` two that it recognises together
    (docs/authoring.md)."""

    track: str | None
    mistakes: tuple[str, ...]


def read_header(source: str) -> ExampleHeader:
    found = dict(_HEADER.findall(source))
    return ExampleHeader(found.get("track"), tuple(m.strip() for m in found.get("mistake", "").split("+") if m))


@dataclass(frozen=True)
class Finding:
    """One thing `judge check` found: an error (the check fails) or a warning, where, and what."""

    level: Literal["error", "warning"]
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.level}: {self.where}: {self.message}"


@dataclass
class CheckResult:
    slug: str
    problems: list[Finding] = field(default_factory=list)
    graded: int = 0
    seconds: float = 0.0

    @property
    def errors(self) -> list[Finding]:
        return [p for p in self.problems if p.level == "error"]

    @property
    def warnings(self) -> list[Finding]:
        return [p for p in self.problems if p.level == "warning"]

    @property
    def ok(self) -> bool:
        return not self.errors


def check_exercise(path: Path, *, write: bool = False, pool: Pool | None = None,
                   known_modules: set[str] | None = None, examples: bool = True) -> CheckResult:
    """Check one exercise folder. With `write`, (re)compute expected.json first instead of reporting drift.
    Without `examples`, the example submissions are not graded (the slow part); their folders, headers and the
    mistakes they cover are still checked."""
    started = time.perf_counter()
    result = _Checker(path, pool, result=CheckResult(path.name), examples=examples).run(write, known_modules)
    result.seconds = time.perf_counter() - started
    return result


class _Checker:
    def __init__(self, path: Path, pool: Pool | None, result: CheckResult, examples: bool = True) -> None:
        self.path, self.pool, self.result, self.examples = path, pool, result, examples
        self.accepted: list[tuple[str, Report]] = []  # (file, report) of every accepted model solution or example
        self.footprint: dict[str, float] = {}  # track → the smallest max_rss_mb seen in it

    def error(self, where: Path | str, message: str, line: int | None = None) -> None:
        self.result.problems.append(Finding("error", self._rel(where) + (f":{line}" if line else ""), message))

    def warn(self, where: Path | str, message: str, line: int | None = None) -> None:
        self.result.problems.append(Finding("warning", self._rel(where) + (f":{line}" if line else ""), message))

    def fail(self, exc: ExerciseError) -> None:
        for one in every(exc):  # a file's problems found at once are reported at once
            self.error(one.path, one.message, one.line)

    def _rel(self, where: Path | str) -> str:
        path = where if isinstance(where, Path) else self.path / where
        try:
            return str(path.resolve().relative_to(Path.cwd()))
        except ValueError:
            return str(path)

    def grade(self, exercise: Exercise, source: str | bytes, track: str | None, **kwargs: Any) -> Report:
        self.result.graded += 1
        report = grade(exercise, source, track, pool=self.pool, **kwargs)
        rss = report.stats.get("max_rss_mb", 0.0)
        if rss > 0:  # the leanest run of a track is the sandbox worker's own footprint, near enough (_headroom)
            self.footprint[report.track] = min(self.footprint.get(report.track, rss), rss)
        return report

    # --- the steps -----------------------------------------------------------------------------------------

    def run(self, write: bool, known_modules: set[str] | None) -> CheckResult:
        self._placeholders()  # first: a fresh scaffold does not load, and its author wants the whole list
        refused = schema_errors(self.path)
        for exc in refused:  # every unknown key and wrong type at once; loading would stop at the first
            self.fail(exc)
        if refused:
            return self.result
        try:
            exercise = self._load(write)
        except ExerciseError as exc:
            self.fail(exc)
            return self.result
        except Exception as exc:  # e.g. a reference returning what expected.json cannot store: still one FAIL row
            self.error("exercise.toml", f"the check crashed while computing expected values: "
                                        f"{type(exc).__name__}: {exc}")
            return self.result
        steps: list[Callable[[Exercise], None]] = [
            self._requirements, self._examples, self._solutions, self._starters, self._submissions,
            self._mistakes, self._forbidden, self._headroom, self._lesson,
        ]
        if known_modules is not None and exercise.module not in known_modules:
            self.error("exercise.toml", f"module {exercise.module!r} is not declared in course.toml "
                                        f"(known: {', '.join(sorted(known_modules)) or 'none'})")
        for step in steps:
            try:
                step(exercise)
            except ExerciseError as exc:
                self.fail(exc)
            except Exception as exc:  # the judge's own failure: still one exercise's error, and the others go on
                name = step.__name__.strip("_")
                self.error("exercise.toml", f"the check crashed in its {name} step: {type(exc).__name__}: {exc}")
        return self.result

    def _load(self, write: bool) -> Exercise:
        draft = load_exercise(self.path, require_expected=False)
        computed = expected_values.compute(draft) if draft.reference else None
        if write and computed is not None:
            expected_values.write_expected(draft, computed)
        exercise = load_exercise(self.path)
        if computed is not None:
            drifted = 0
            for case in (c for c in exercise.cases if exercise.stores_expected(c)):
                stored, fresh = exercise.expected.get(case.id), computed[case.id]
                if not _same(stored, fresh):
                    drifted += 1
                    self.error("expected.json", f"case {case.id!r}: the reference computes another value now: "
                                                f"{_drift(stored, fresh)}")
            if drifted:
                self.error("expected.json", f"{drifted} case(s) drifted from what the reference computes now: if "
                                            "the reference is right, `judge check --write` accepts the new values")
        elif exercise.checker is None:
            self.error("exercise.toml", "needs a [reference] function or a checker")
        return exercise

    def _placeholders(self) -> None:
        """Every placeholder `judge new` left (it marks each with MARKER) is an error, at file:line."""
        for file in sorted(p for p in self.path.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
            try:
                lines = file.read_text(encoding="utf-8", errors="replace").splitlines()
            except OSError:
                continue
            for n, line in enumerate(lines, 1):
                if MARKER in line:
                    self.error(file, f"placeholder left by `judge new`: {line.strip()[:80]}", n)

    def _requirements(self, exercise: Exercise) -> None:
        missing_tracks = [t for t in TRACKS if t not in exercise.tracks]
        if missing_tracks:
            self.error("exercise.toml", f"missing track(s): {', '.join(missing_tracks)} (every exercise has both)")
        if len(exercise.cases) < MIN_CASES:
            self.error("cases.toml", f"{len(exercise.cases)} cases; at least {MIN_CASES} are required")
        visible = sum(c.visible for c in exercise.cases)
        if visible < MIN_VISIBLE:
            self.error("cases.toml", f"{visible} visible case(s); at least {MIN_VISIBLE} are required")
        if len(exercise.hints) < MIN_HINTS:
            self.error("hints.toml", f"{len(exercise.hints)} hint(s) per language; at least {MIN_HINTS} required")
        for lang in LANGS:
            if not exercise.prompt.get(lang, "").strip():
                self.error(f"prompt.{lang}.md", "is empty")
        if exercise.function.elementwise and not exercise.plot_grid:
            self.warn("exercise.toml", "elementwise exercise without [plot] x = [start, stop, n]: no learner curve")

    def _examples(self, exercise: Exercise) -> None:
        """The worked examples of every language's prompt give the reference's numbers (judge.authoring.examples).
        An exercise judged by its checker has no single right output to show, and is left out."""
        if exercise.checker is not None or not exercise.reference:
            return
        reference = resolve_reference(exercise)
        if reference is None:
            return
        for lang in LANGS:
            for problem in examples.example_problems(exercise, reference, lang):
                self.error(problem.file, problem.message, problem.line or None)

    def _solutions(self, exercise: Exercise) -> None:
        for track in exercise.tracks.values():
            report = self.grade(exercise, track.solution, track.name)
            where = f"solutions/{track.name}.py"
            if not report.accepted:
                self.error(where, f"the model solution gets {report.verdict}: {sentence(report.message, 'en')}")
                continue
            self.accepted.append((where, report))

    def _headroom(self, exercise: Exercise) -> None:
        """Warn when a limit is under HEADROOM× what an accepted run (a model solution or an accepted example)
        used: a slower machine or a busier server would then refuse right answers."""
        if not self.accepted:
            return
        limits, line = exercise.limits, Where(exercise.path / "exercise.toml").line
        for limit, stat in (("cpu_seconds", "cpu_ms"), ("wall_seconds", "wall_ms")):
            used, file = max((report.stats.get(stat, 0.0) / 1000, file) for file, report in self.accepted)
            allowed = getattr(limits, limit)
            if used and allowed < HEADROOM * used:
                self.warn("exercise.toml", f"{limit} = {allowed:g} is under {HEADROOM:g}× the slowest accepted run "
                                           f"({file}: {used:.2f} s)", line("limits", limit))
        # max_rss_mb counts the warm worker's own pages too (~25 MB for NumPy, ~160 MB for torch), while memory_mb
        # is counted above them: so subtract the leanest run of the same track (a starter, say).
        used, file = max((report.stats.get("max_rss_mb", 0.0) - self.footprint.get(report.track, 0.0), file)
                         for file, report in self.accepted)
        if used > 0 and limits.memory_mb < HEADROOM * used:
            self.warn("exercise.toml", f"memory_mb = {limits.memory_mb} is under {HEADROOM:g}× the peak of the "
                                       f"largest accepted run ({file}: about {used:.0f} MB above the sandbox "
                                       "worker's own footprint)", line("limits", "memory_mb"))

    def _starters(self, exercise: Exercise) -> None:
        """Every language's starter runs and fails (the loader has made sure the translations have the English
        code: judge.starters)."""
        for track in exercise.tracks.values():
            for lang, starter in track.starter.items():
                where = starters.file_for(track.starter_file, lang)
                report = self.grade(exercise, starter, track.name, detect_unchanged=False)
                if report.accepted:
                    self.error(where, "the starter is accepted as it is")
                elif report.verdict in ("compile_error", "forbidden", "internal_error"):
                    self.error(where, f"the starter gets {report.verdict}: {sentence(report.message, 'en')}")

    def _submissions(self, exercise: Exercise) -> None:
        root = exercise.path / "submissions"
        covered: set[str] = set()
        files = sorted(root.glob("*/*.py")) if root.is_dir() else []
        if not files:
            self.warn("submissions", "no example submissions")
        for folder in sorted(p for p in root.iterdir() if p.is_dir()) if root.is_dir() else []:
            if folder.name not in VERDICTS:
                self.error(folder, f"unknown verdict folder; use one of: {', '.join(VERDICTS)}")
        tracks_seen: set[str] = set()
        for file in files:
            want = file.parent.name
            if want not in VERDICTS:
                continue
            source = file.read_bytes()  # as a learner's upload: a non-UTF-8 example gets its verdict, no crash
            header = read_header(source.decode("utf-8", "replace"))
            covered.update(header.mistakes)
            if not self.examples:
                continue
            report = self.grade(exercise, source, header.track, filename=file.name)
            tracks_seen.add(report.track)
            if report.verdict != want:
                first = sentence(report.message, "en").splitlines()[0]
                self.error(file, f"expected {want}, got {report.verdict}: {first}")
            elif report.accepted:
                self.accepted.append((str(file.relative_to(exercise.path)), report))
            if not set(header.mistakes) <= set(report.mistakes):
                self.error(file, f"the mistake {' + '.join(header.mistakes)!r} is not recognised (recognised: "
                                 f"{', '.join(report.mistakes) or 'none'})")
        for track in TRACKS if self.examples else ():  # (a file's track is known once it is graded)
            if files and track in exercise.tracks and track not in tracks_seen:
                self.warn("submissions", f"no example submission in the {track} track")
        for m in exercise.mistakes:
            if m.id not in covered:
                level = self.error if m.function is None else self.warn
                level("mistakes.toml", f"mistake {m.id!r} has no example submission (`# mistake: {m.id}` in "
                                       "submissions/wrong_answer/*.py)")

    def _mistakes(self, exercise: Exercise) -> None:
        """Each implemented mistake must differ from the answer somewhere, and be recognised from its outputs."""
        cases = {c.id: c for c in exercise.cases}
        for mistake in exercise.mistakes:
            if mistake.function is None:
                continue
            outputs = mistake_outputs(exercise, mistake)
            answers = {cid: as_answer(v) for cid, v in outputs.items() if v is not RAISED}
            raised = frozenset(cid for cid, v in outputs.items() if v is RAISED)
            failed = [cid for cid, got in answers.items() if cases[cid].raises or (  # returned, should raise
                cid in exercise.expected and not compare(exercise.expected[cid], got, exercise.function.returns,
                                                         cases[cid].tolerance, TRUSTED.name).passed)]
            failed += [cid for cid in raised if not cases[cid].raises]  # raised where the answer returns
            if not answers:
                self.error("mistakes.toml", f"mistake {mistake.id!r} raises on every case")
            elif not failed:
                self.error("mistakes.toml", f"mistake {mistake.id!r} passes every case: add a case where it differs")
            elif mistake not in (found := recognise(exercise, TRUSTED.name, answers, failed, raised)):
                alone = [m.id for m in found if m.id in mistake.combines]
                self.error("mistakes.toml", f"mistake {mistake.id!r} is not recognised from its own outputs" + (
                    f": {alone[0]!r}, which it combines, gives the same answers on every case (add a case where "
                    "the combination differs from it)" if alone else ""))

    def _forbidden(self, exercise: Exercise) -> None:
        """A synthetic submission per forbidden name, by a plain and a dynamic route, must be refused."""
        params = ", ".join(p.name for p in exercise.function.params if p.required)
        meta = exercise.path / "exercise.toml"
        for rule in exercise.forbidden:
            for op in rule.aten:  # ops of a dispatcher: the tracks whose library has one say which it knows
                with _IMPORTING:  # it imports the library
                    problems = {spec.op_problem(op) for spec in map(TRACK_SPECS.get, rule.tracks)
                                if spec is not None and spec.op_problem is not None}
                for problem in sorted(p for p in problems if p):
                    self.error(meta, problem, _line_of(meta, f'"{op}"'))
            for dotted in rule.names:
                if not _resolves(dotted):
                    self.error("exercise.toml", f"forbidden name {dotted!r} does not exist, so the run-time "
                                                "tripwire (which catches aliases by identity) cannot catch it: "
                                                "check the spelling", _line_of(exercise.path / "exercise.toml",
                                                                              f'"{dotted}"'))
                    continue
                module, _, attr = dotted.rpartition(".")
                if not module or any(part.startswith("_") for part in dotted.split(".")):
                    continue  # private paths are refused by the policy's underscore rule already
                routes = {
                    "direct": f"{dotted}({params})",
                    "dynamic": f"getattr({module}, {attr[:1]!r} + {attr[1:]!r})({params})",
                }
                for track in rule.tracks:
                    # a name in one track's library is tried where that library may be imported
                    if track not in exercise.tracks or dotted.partition(".")[0] not in TRACK_SPECS[track].libraries:
                        continue
                    for route, expr in routes.items():
                        source = (f"import {_module_prefix(dotted)}\n\n\ndef {exercise.function.name}({params}):\n"
                                  f"    return {expr}\n")
                        report = self.grade(exercise, source, track, filename=f"forbidden_{route}.py")
                        if report.verdict != "forbidden":
                            self.error("exercise.toml", f"forbidden {dotted} ({route}, {track} track) got "
                                                        f"{report.verdict}, not forbidden")

    def _lesson(self, exercise: Exercise) -> None:
        if exercise.lesson is None:
            return
        from mljudge.judge.lessons import lesson_problems

        for problem in lesson_problems(exercise):
            self.error(problem.file, problem.message, problem.line)


def _resolves(dotted: str) -> bool:
    """Whether the tripwire can find `dotted`. It follows modules the sandbox has already imported and never
    imports itself, so import the longest importable prefix here first, then resolve it the same way."""
    _module_prefix(dotted)
    return resolve(dotted) is not None


def _line_of(path: Path, needle: str) -> int | None:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    return next((n for n, line in enumerate(lines, 1) if needle in line), None)


# `judge check --all` checks exercises in threads, and two threads importing one library at once can deadlock in
# importlib (one holds torch and waits for torch.nn.functional, which the other holds while it waits for torch):
# the check's own imports of the libraries (forbidden names, a track's ops) take turns.
_IMPORTING = threading.RLock()


def _module_prefix(dotted: str) -> str:
    """Import and return the longest module in `dotted`: torch.Tensor.backward → torch (a class is no module);
    torch.nn → torch.nn itself."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            with _IMPORTING:
                importlib.import_module(".".join(parts[:cut]))
        except Exception:  # an attribute rather than a module, or nothing at all: try a shorter prefix
            continue
        return ".".join(parts[:cut])
    return parts[0]


def _same(stored: Any, fresh: Any) -> bool:
    if isinstance(fresh, np.ndarray) or isinstance(stored, np.ndarray):
        a, b = np.asarray(stored), np.asarray(fresh)
        return a.shape == b.shape and a.dtype.kind == b.dtype.kind and bool(
            np.all(np.isclose(a, b, rtol=DRIFT_TOLERANCE, atol=DRIFT_TOLERANCE, equal_nan=True)))
    if isinstance(fresh, tuple | list) and isinstance(stored, tuple | list):
        return len(stored) == len(fresh) and all(_same(a, b) for a, b in zip(stored, fresh, strict=True))
    if isinstance(fresh, dict) and isinstance(stored, dict):
        return stored.keys() == fresh.keys() and all(_same(stored[k], fresh[k]) for k in fresh)
    if isinstance(fresh, float) and isinstance(stored, float):
        return bool(np.isclose(stored, fresh, rtol=DRIFT_TOLERANCE, atol=DRIFT_TOLERANCE, equal_nan=True))
    return bool(stored == fresh)


def _drift(stored: Any, fresh: Any, label: str = "") -> str:
    """By how much, and where, a stored expected value and the reference's differ (the largest difference)."""
    if isinstance(fresh, tuple | list) and isinstance(stored, tuple | list) and len(stored) == len(fresh):
        parts = [_drift(a, b, f"{label}[{i}]") for i, (a, b) in enumerate(zip(stored, fresh, strict=True))
                 if not _same(a, b)]
        return "; ".join(parts)
    if isinstance(fresh, dict) and isinstance(stored, dict) and stored.keys() == fresh.keys():
        return "; ".join(_drift(stored[k], fresh[k], f"{label}[{k!r}]") for k in fresh
                         if not _same(stored[k], fresh[k]))
    where = f"{label}: " if label else ""
    try:
        a, b = np.asarray(stored, dtype=np.float64), np.asarray(fresh, dtype=np.float64)
    except (TypeError, ValueError):
        return f"{where}stored {stored!r}, now {fresh!r}"
    if a.shape != b.shape:
        return f"{where}stored shape {a.shape}, now {b.shape}"
    if a.ndim == 0:
        return f"{where}stored {float(a):.10g}, now {float(b):.10g} (by {abs(float(a) - float(b)):.3g})"
    with np.errstate(invalid="ignore"):
        gap = np.where(np.isnan(a) & np.isnan(b), 0.0, np.abs(a - b))
    gap = np.where(np.isnan(gap), np.inf, gap)
    worst = np.unravel_index(int(np.argmax(gap)), gap.shape)
    count = int(np.sum(~np.isclose(a, b, rtol=DRIFT_TOLERANCE, atol=DRIFT_TOLERANCE, equal_nan=True)))
    index = ", ".join(map(str, worst))
    return (f"{where}{count} of {a.size} element(s) differ, at most by {float(gap[worst]):.3g} at [{index}] "
            f"(stored {float(a[worst]):.10g}, now {float(b[worst]):.10g})")

