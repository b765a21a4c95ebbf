"""An exercise is a folder of plain files; this module reads one into typed data (`judge.exercise`), or says
precisely what is wrong. Finding the folders and the course they make is `judge.catalog`.

    exercises/<slug>/
      exercise.toml          metadata: titles, function signature, tracks, comparison, limits, forbidden calls
      prompt.en.md  prompt.ru.md
      cases.toml             graded cases: inputs (literal or seeded recipes), visibility, kind, tolerances
      expected.json          expected outputs, computed from the trusted reference by `judge check --write`
      hints.toml             escalating hints, every language
      mistakes.toml          known mistakes (+ mistakes.py): recognised from outputs, each with a targeted hint
      starters/<track>.py  starters/<track>.<lang>.py   the same code, its words in each language
      solutions/<track>.py
      submissions/<verdict>/*.py     example submissions and the verdict each must get
      lesson.toml  lesson.en.md  lesson.ru.md       (optional) the lesson page
      checker.py             (optional) a custom checker for answers that are not one fixed value

docs/authoring.md describes every field.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import json
import re
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any, cast

from mljudge.judge import course, schema, starters, values
from mljudge.judge.errors import ExerciseError, ExerciseErrors
from mljudge.judge.exercise import (
    EXPECTED_FORMAT,
    NO_DEFAULT,
    TRACKS,
    Case,
    Checker,
    Exercise,
    ExerciseTrack,
    ExerciseVocabulary,
    Forbidden,
    FunctionSpec,
    Mistake,
    MistakePredicate,
    Param,
    Returns,
    Tolerance,
    stores_expected,
)
from mljudge.judge.i18n import DEFAULT_LANG, LANGS, Text
from mljudge.judge.inputs import materialize
from mljudge.judge.vocabulary import VOCABULARY_FILE, Words
from mljudge.sandbox import TRACKS as TRACK_SPECS
from mljudge.sandbox import Limits, imports_for

# The learner's curve is sampled on this grid in the sandbox, with every run: the same bound as a lesson's plot.
MAX_PLOT_POINTS = 5000
ID = re.compile(r"[A-Za-z0-9][\w-]*")
GROUPS_FILE = "forbidden.toml"  # shared groups of forbidden names and ops, next to course.toml
# The files a course's exercises share, each read from the course, then the bundled course (course.shared_files):
# a change to one reloads the exercises.
SHARED_FILES = (GROUPS_FILE, VOCABULARY_FILE)


def load_exercise(path: Path | str, *, require_expected: bool = True) -> Exercise:
    """Read and validate one exercise folder. Raises ExerciseError naming the file (and line) at fault, whatever
    is wrong with the folder: nothing else escapes."""
    path = Path(path)
    with reading(path / "exercise.toml"):  # the last resort, for whatever no file below is blamed for
        return _load(path, require_expected)


def _load(path: Path, require_expected: bool) -> Exercise:
    meta_path = path / "exercise.toml"
    with reading(meta_path):
        meta, where = read_checked(meta_path)
        function = _function_spec(_table(meta, "function", where), where)
        tracks = _tracks(path, meta.get("tracks", {}), where)
        tolerance = _tolerance(meta.get("compare", {}))
        limits = Limits.from_mapping(meta.get("limits"))  # keys and types already checked by the schema
        plot_grid = _plot_grid(meta.get("plot", {}), where)
        plot_fixed = _plot_fixed(meta.get("plot", {}), function, where)
        forbidden = tuple(_forbidden(item, where, i) for i, item in enumerate(meta.get("forbidden", [])))
        vocabulary = _vocabulary(meta.get("vocabulary", {}), tracks, where)
        title, summary = text_field(meta, "title", where), text_field(meta, "summary", where)
        checker = (cast("Checker", _taking(load_callable(path, meta["checker"], where, "checker"), CHECKER_ARGS,
                                           meta["checker"], where, "checker"))
                   if "checker" in meta else None)
        reference = meta.get("reference", {}).get("function")

    cases_path = path / "cases.toml"
    with reading(cases_path):
        doc, cases_where = read_checked(cases_path)
        cases = _cases(doc, function, tolerance, cases_where)
    # Checker exercises may have no reference, hence nothing to store; everything else needs expected.json.
    expected_path = path / "expected.json"
    with reading(expected_path):
        expected = (_expected(expected_path, cases, judged_by_checker=checker is not None)
                    if require_expected and (reference or expected_path.is_file()) else {})
    return Exercise(
        slug=path.name,
        path=path,
        title=title,
        summary=summary,
        module=meta.get("module", ""),
        order=meta.get("order", 0),
        function=function,
        tracks=tracks,
        tolerance=tolerance,
        limits=limits,
        forbidden=forbidden,
        cases=cases,
        expected=expected,
        hints=_hints(path / "hints.toml"),
        mistakes=_mistakes(path),
        prompt=Text({lang: _read_text(path / f"prompt.{lang}.md") for lang in LANGS}),
        reference=reference,
        vocabulary=vocabulary,
        checker=checker,
        plot_grid=plot_grid,
        plot_fixed=plot_fixed,
        lesson=_lesson(path),
    )


@contextmanager
def reading(file: Path) -> Iterator[None]:
    """The safety net: whatever the checks miss while `file` is read (a TypeError deep in NumPy, a file that
    vanished) is still an ExerciseError naming it. One broken folder then never takes `judge check --all`,
    `judge list` or the web down with it, and its author still learns which file to look at."""
    try:
        yield
    except ExerciseError:
        raise
    except Exception as exc:
        raise ExerciseError(file, f"cannot be loaded: {type(exc).__name__}: {exc}") from exc


def schema_errors(folder: Path) -> list[ExerciseError]:
    """Every key of the folder's TOML files that its schema refuses, all at once (loading stops at the first).
    Files that are missing or not TOML are left to the loader, which says so."""
    out = []
    for name, spec in schema.FILES.items():
        try:
            doc = read_toml(folder / name)
        except ExerciseError:
            continue
        out.extend(validate(doc, spec, Where(folder / name)))
    return out


class Where:
    """Turns a key path into file:line for error messages (tomllib keeps no positions, so search the text)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self.lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            self.lines = []

    def error(self, message: str, *keys: str | int) -> ExerciseError:
        return ExerciseError(self.path, message, self.line(*keys))

    def line(self, *keys: str | int) -> int | None:
        """The line of the last key found. An int is the n-th [[table]] of the key before it (nested ones too:
        "task", 2, "answer", 0 is the first [[task.answer]] of the third [[task]]), and bounds the search that
        follows to that table; an int into an inline array (`params = [{...}]`) stops at the array's line."""
        start, end, found = 0, len(self.lines), None
        for i, key in enumerate(keys):
            if isinstance(key, int):
                header = re.compile(rf"\s*\[\[\s*([\w.]*\.)?{re.escape(str(keys[i - 1]))}\s*\]\]") if i else None
                headers = [n for n in range(start, end) if header and header.match(self.lines[n])]
                if not headers:
                    break
                if key < len(headers):
                    start = found = headers[key]
                    end = headers[key + 1] if key + 1 < len(headers) else end
                continue
            pattern = re.compile(rf"\s*(\[+\s*)?([\w.]*\.)?{re.escape(key)}\s*[\].=]")
            for n in range(start, end):
                if pattern.match(self.lines[n]):
                    start = found = n
                    break
        return None if found is None else found + 1


def read_toml(path: Path) -> dict[str, Any]:
    """A TOML file of an exercise folder (or course.toml); missing or malformed, an ExerciseError at its line."""
    if not path.is_file():
        raise ExerciseError(path, "file is missing")
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except tomllib.TOMLDecodeError as exc:
        line = re.search(r"line (\d+)", str(exc))
        raise ExerciseError(path, f"not valid TOML: {exc}", int(line.group(1)) if line else None) from None
    except UnicodeDecodeError:
        raise ExerciseError(path, "not valid UTF-8") from None
    except OSError as exc:
        raise ExerciseError(path, f"cannot be read: {exc.strerror}") from None


def validate(doc: dict[str, Any], spec: schema.Spec, where: Where) -> list[ExerciseError]:
    """Every way `doc` (a file read by `where`) departs from `spec` (judge.schema), each at its file:line."""
    return [where.error(message, *keys) for message, keys in spec.problems(doc, ())]


def read_checked(path: Path, spec: schema.Table | None = None) -> tuple[dict[str, Any], Where]:
    """A TOML file, checked against its schema (by default the one for its name in `schema.FILES`): the first key
    refused is an ExerciseError at its line."""
    doc, where = read_toml(path), Where(path)
    errors = validate(doc, spec or schema.FILES[path.name], where)
    if errors:
        raise errors[0]
    return doc, where


def _read_text(path: Path) -> str:
    if not path.is_file():
        raise ExerciseError(path, "file is missing")
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ExerciseError(path, "not valid UTF-8") from None
    except OSError as exc:
        raise ExerciseError(path, f"cannot be read: {exc.strerror}") from None


def _table(meta: dict[str, Any], key: str, where: Where) -> dict[str, Any]:
    value = meta.get(key)
    if not isinstance(value, dict):
        raise where.error(f"a [{key}] table is required", key)
    return value


def text_field(table: dict[str, Any], key: str, where: Where, *path: str | int) -> Text:
    """`key.<lang>` of a TOML table as a Text, required in every language. `path`: the keys above `key`, so an
    error names its line."""
    value = table.get(key)
    if isinstance(value, str):
        value = {"en": value}
    if not isinstance(value, dict):
        raise where.error(f"{key!r} must give a text per language ({', '.join(f'{key}.{x}' for x in LANGS)})",
                          *path, key)
    for lang, text in value.items():
        if not isinstance(text, str):
            raise where.error(f"{key}.{lang} must be a string, not {schema.describe_value(text)}", *path, key, lang)
    text = Text({str(k): v for k, v in value.items()})
    missing = text.missing()
    if missing:
        raise where.error(f"{key!r} has no text in {', '.join(missing)}", *path, key)
    return text


def _function_spec(table: dict[str, Any], where: Where) -> FunctionSpec:
    name = table.get("name")
    if not isinstance(name, str) or not name.isidentifier():
        raise where.error("function.name must be a Python identifier", "function", "name")
    params: list[Param] = []
    for i, p in enumerate(table.get("params", [])):
        keys = ("function", "params", i)
        if not str(p.get("name", "")).isidentifier():
            raise where.error(f"function.params[{i}] needs a name (a Python identifier)", *keys)
        if any(q.name == p["name"] for q in params):
            raise where.error(f"function.params[{i}]: {p['name']!r} is listed twice", *keys)
        kind = p.get("kind", "array")
        if p.get("optional") and "default" in p:
            raise where.error(f"function.params[{i}]: give either a default or optional = true (a default of None), "
                              "not both", *keys)
        if "default" in p:
            try:  # a default the learner's signature shows must be a value of its kind
                materialize(p["default"], kind)
            except (ValueError, TypeError, KeyError) as exc:
                raise where.error(f"function.params[{i}].default does not fit kind {kind!r}: {exc}", *keys) from None
        # TOML has no null: `optional = true` is a parameter whose default is None (max_pool2d's stride).
        default = None if p.get("optional") else p.get("default", NO_DEFAULT)
        params.append(Param(p["name"], kind, default))
    if not params:
        raise where.error("function.params must list at least one parameter", "function", "params")
    returns = _returns(table.get("returns", {"kind": "array"}))
    signature = table.get("signature") or f"{name}({', '.join(p.name for p in params)})"
    return FunctionSpec(name, signature, tuple(params), returns, table.get("elementwise", False),
                        table.get("pure", False), table.get("autodiff", True))


def _returns(spec: dict[str, Any]) -> Returns:
    """A return spec, its kinds and keys already checked by the schema."""
    kind = spec.get("kind", "array")
    if kind == "tuple":
        return Returns(kind, items=tuple(_returns(s) for s in spec.get("items", [])))
    if kind == "dict":
        return Returns(kind, fields=tuple((k, _returns(s)) for k, s in spec.get("fields", {}).items()))
    return Returns(kind)


def _tracks(path: Path, table: dict[str, Any], where: Where) -> dict[str, ExerciseTrack]:
    tracks = {}
    for name, conf in table.items():  # only numpy and torch get past the schema
        starter = conf.get("starter", f"starters/{name}.py")
        tracks[name] = ExerciseTrack(
            name=name,
            starter=_starters(path, starter),
            solution=_read_text(path / conf.get("solution", f"solutions/{name}.py")),
            imports=imports_for(name, conf.get("imports", [])),
            starter_file=starter,
        )
    if not tracks:
        raise where.error("at least one [tracks.<name>] table is required (numpy, torch)", "tracks")
    return tracks


def _starters(path: Path, english: str) -> Text:
    """The starter in every language (judge.starters): each translation must exist and have the English code."""
    texts = Text()
    for lang in LANGS:
        file = path / starters.file_for(english, lang)
        if not file.is_file() and lang != DEFAULT_LANG:
            raise ExerciseError(file, f"file is missing: every starter exists in each language, this one in {lang} "
                                      f"with the code of {english} and its comments and docstring translated")
        texts[lang] = _read_text(file)
        _require_compiles(file, texts[lang])
    starters.require_same_code(path, english, texts)
    return texts


def _require_compiles(file: Path, source: str) -> None:
    """A starter is the learner's first view of the exercise: one that is not Python keeps the exercise from
    loading (never served or run; `judge check` says where)."""
    try:
        compile(source, str(file), "exec", dont_inherit=True)
    except SyntaxError as exc:
        raise ExerciseError(file, f"does not compile: {exc.msg}", exc.lineno) from None
    except ValueError as exc:  # a NUL byte
        raise ExerciseError(file, f"does not compile: {exc}") from None


def _tolerance(table: dict[str, Any], default: Tolerance | None = None) -> Tolerance:
    """atol/rtol of a table (numbers ≥ 0, as the schema checked), each defaulting to `default`'s."""
    base = default or Tolerance()
    return Tolerance(float(table.get("atol", base.atol)), float(table.get("rtol", base.rtol)))


def _plot_grid(table: dict[str, Any], where: Where) -> tuple[float, float, int] | None:
    if "x" not in table:
        return None
    start, stop, points = table["x"]  # three numbers: the schema checked
    if not (start < stop and float(points).is_integer() and 2 <= points <= MAX_PLOT_POINTS):
        raise where.error(f"plot.x must be [start, stop, points] with start < stop and 2..{MAX_PLOT_POINTS} "
                          f"points (a whole number), not {table['x']}", "plot", "x")
    return float(start), float(stop), int(points)


def _plot_fixed(table: dict[str, Any], function: FunctionSpec, where: Where) -> dict[str, float]:
    """`[plot] fixed = { grad_output = 1.0 }`: the first parameter not named here sweeps the grid; every other
    required one needs a value."""
    fixed = table.get("fixed", {})
    names = [p.name for p in function.params]
    for name in fixed:
        if name not in names:
            raise where.error(f"plot.fixed names {name!r}, which is not a parameter ({', '.join(names)})",
                              "plot", "fixed", name)
    free = [p for p in function.params if p.name not in fixed]
    if function.elementwise and "x" in table:
        if not free:
            raise where.error("plot.fixed fixes every parameter: one must sweep the grid", "plot", "fixed")
        missing = [p.name for p in free[1:] if p.required]
        if missing:
            raise where.error(f"plot.fixed needs a value for {', '.join(missing)}: the learner's curve calls the "
                              f"function with {free[0].name!r} sweeping the grid and every other required "
                              "argument fixed", "plot")
    return {name: float(value) for name, value in fixed.items()}


def _vocabulary(table: dict[str, Any], tracks: dict[str, ExerciseTrack], where: Where) -> ExerciseVocabulary:
    """The exercise's `[vocabulary]` over its course's words (every exercise has one: no table is the base)."""
    words = course_words(where.path.parent.parent)
    adds, takes = tuple(table.get("adds", ())), tuple(table.get("takes", ()))
    for key, names in (("adds", adds), ("takes", takes)):
        for name in names:
            if name not in words.by_name:
                raise where.error(f"vocabulary.{key}: no word {name!r}{schema.did_you_mean(name, words.by_name)} "
                                  f"in {VOCABULARY_FILE}", "vocabulary", key)
    both = set(adds) & set(takes)
    if both:
        raise where.error(f"vocabulary: {', '.join(sorted(both))} both added and taken", "vocabulary")
    reason = text_field(table, "reason", where, "vocabulary") if "reason" in table else Text()
    by_track = {name: words.exercise(TRACK_SPECS[name], adds, takes) for name in tracks}
    # The union in every track, not only the exercise's: it names the pool that grades it (judge.pools).
    return ExerciseVocabulary(adds, takes, reason, by_track,
                              {name: words.union(spec) for name, spec in TRACK_SPECS.items()})


# A course's words by its folder, with the files' times: an edited vocabulary.toml is read again.
_words_cache: dict[tuple[Path, ...], tuple[tuple[float, ...], Words]] = {}


def course_words(root: Path) -> Words:
    """The words of the course in `root`: the bundled course's vocabulary.toml, then the course's own (a course
    without one speaks the bundled course's words)."""
    # The bundled course's words first: the course's own replace or add to them.
    files = tuple(dict.fromkeys(f.resolve() for f in reversed(course.shared_files(root, VOCABULARY_FILE))))
    stamps = tuple(f.stat().st_mtime for f in files)
    cached = _words_cache.get(files)
    if cached is not None and cached[0] == stamps:
        return cached[1]
    tables = []
    for file in files:
        with reading(file):
            tables.append(read_checked(file, schema.VOCABULARY_WORDS)[0].get("word", {}))
    words = Words.parse(tables)
    _words_cache[files] = (stamps, words)
    return words


def _forbidden(item: dict[str, Any], where: Where, index: int) -> Forbidden:
    names = tuple(item.get("names", []))
    aten = tuple(item.get("aten", []))
    if "group" in item:
        group = _forbidden_group(where.path.parent.parent, item["group"], where, index)
        names, aten = (*group.get("names", []), *names), (*group.get("aten", []), *aten)
    if not names and not aten:
        raise where.error("a [[forbidden]] entry needs names, aten ops or a group", "forbidden", index)
    tracks = tuple(item.get("tracks", TRACKS))
    return Forbidden(names, aten, text_field(item, "reason", where, "forbidden", index), tracks)


def _forbidden_group(root: Path, group: str, where: Where, index: int) -> dict[str, Any]:
    """A group of forbidden names and ops from forbidden.toml: the course's own, then the bundled course's."""
    known: dict[str, list[str]] = {}
    for path in course.shared_files(root, GROUPS_FILE):
        with reading(path):
            groups: dict[str, Any] = read_checked(path, schema.FORBIDDEN_GROUPS)[0].get("group", {})
        if group in groups:
            return groups[group]  # type: ignore[no-any-return]
        known[str(path)] = list(groups)
    every_group = [name for names in known.values() for name in names]
    has = "; ".join(f"{path} has {', '.join(names) or 'none'}" for path, names in known.items())
    raise where.error(f"no forbidden group {group!r}{schema.did_you_mean(group, every_group)}; "
                      f"{has or f'there is no {GROUPS_FILE} in the course or the bundled course'}",
                      "forbidden", index, "group")


def _cases(doc: dict[str, Any], function: FunctionSpec, default: Tolerance, where: Where) -> tuple[Case, ...]:
    raw = doc.get("case")
    if not raw:
        raise where.error("no [[case]] tables", "case")
    cases, seen, errors = [], set(), []  # every wrong case and argument at once
    params = {p.name: p for p in function.params}
    for i, item in enumerate(raw):
        case_id = item.get("id", "")
        if not ID.fullmatch(case_id) or case_id in seen:
            errors.append(where.error(f"case {i + 1} needs a unique id (letters, digits, -)", "case", i))
        seen.add(case_id)
        args = item.get("args", {})
        for name in args:
            if name not in params:
                errors.append(where.error(f"case {case_id!r}: unknown argument {name!r}"
                                          f"{schema.did_you_mean(name, params)}; the parameters are: "
                                          f"{', '.join(params)}", "case", i, "args", name))
        missing = [p.name for p in function.params if p.required and p.name not in args]
        if missing:
            errors.append(where.error(f"case {case_id!r}: missing argument(s) {', '.join(missing)}",
                                      "case", i, "args"))
        materialized = {}
        for name, value in args.items():
            if name not in params:
                continue
            try:
                materialized[name] = materialize(value, params[name].kind)
            except (ValueError, TypeError, KeyError) as exc:
                errors.append(where.error(f"case {case_id!r}: {exc} (argument {name!r})", "case", i, "args", name))
        if errors:
            continue
        cases.append(Case(
            id=case_id,
            kind=text_field(item, "kind", where, "case", i),
            visible=item.get("visible", False),
            args=materialized,
            tolerance=_tolerance(item, default),
            raises=tuple(item.get("raises", [])),
            raised_by_learner=item.get("raised_by", "anyone") == "learner",
        ))
    if errors:
        raise ExerciseErrors(errors)
    return tuple(cases)


def _expected(path: Path, cases: tuple[Case, ...], *, judged_by_checker: bool) -> dict[str, Any]:
    """The stored expected values (judge.expected): None for a case that must raise, and for a hidden case of an
    exercise judged by its checker (nothing reads it, so it is not stored)."""
    if not path.is_file():
        raise ExerciseError(path, "missing: run `judge check --write` to compute expected values")
    try:
        doc = json.loads(_read_text(path))
        stored = doc["cases"]
    except (ValueError, KeyError, TypeError) as exc:
        raise ExerciseError(path, f"unreadable: {exc}; run `judge check --write` to recompute") from None
    if not isinstance(stored, dict) or doc.get("format") != EXPECTED_FORMAT:
        raise ExerciseError(path, f"not in format {EXPECTED_FORMAT}: run `judge check --write` to recompute")
    expected: dict[str, Any] = {}
    for case in cases:
        entry = stored.get(case.id)
        if not isinstance(entry, dict) or entry.get("inputs") != values.fingerprint(case.args):
            raise ExerciseError(path, f"stale for case {case.id!r} (its inputs changed): "
                                      "run `judge check --write` to recompute")
        if not stores_expected(case, judged_by_checker=judged_by_checker):
            expected[case.id] = None
        elif "value" not in entry:
            raise ExerciseError(path, f"no value for case {case.id!r}: run `judge check --write` to recompute")
        else:
            expected[case.id] = values.from_json(entry["value"])
    return expected


def _hints(path: Path) -> tuple[Text, ...]:
    with reading(path):
        doc, where = read_checked(path)
        return tuple(text_field({"hint": h}, "hint", where, "hint", i) for i, h in enumerate(doc.get("hint", [])))


def _mistakes(path: Path) -> tuple[Mistake, ...]:
    file = path / "mistakes.toml"
    if not file.is_file():
        return ()
    with reading(file):
        doc, where = read_checked(file)
        out: list[Mistake] = []
        for i, item in enumerate(doc.get("mistake", [])):
            out.append(_mistake(path, item, where, i, {m.id for m in out}))
        _check_combinations(out, where)
        return tuple(out)


def _check_combinations(mistakes: list[Mistake], where: Where) -> None:
    """`combines` names two or more different mistakes of the same file, each a plain one (not a combination)."""
    ids = {m.id for m in mistakes}
    plain = {m.id for m in mistakes if not m.combines}
    for i, m in enumerate(mistakes):
        if not m.combines:
            continue
        problem = next((f"{c!r} is not a mistake of this file" if c not in ids else f"{c!r} is a combination itself"
                        for c in m.combines if c not in plain), None)
        if problem is None and (len(m.combines) < 2 or len(set(m.combines)) != len(m.combines)):
            problem = "needs two or more different mistakes"
        if problem:
            raise where.error(f"mistake {m.id!r}: `combines` names the plain known mistakes that this one makes at "
                              f"once, and {problem}", "mistake", i, "combines")


def _mistake(path: Path, item: dict[str, Any], where: Where, i: int, seen: set[str]) -> Mistake:
    mistake_id = item.get("id", "")
    if not ID.fullmatch(mistake_id) or mistake_id in seen:
        raise where.error(f"mistake {i + 1} needs a unique id (letters, digits, -)", "mistake", i)
    if ("function" in item) == ("predicate" in item):
        raise where.error(f"mistake {mistake_id!r} needs either `function` (a wrong implementation) or "
                          "`predicate` (a test of one failed case), not both or neither", "mistake", i)
    function = predicate = None
    if "function" in item:
        function = load_callable(path, item["function"], where, "mistake", i, "function")
    else:
        from mljudge.judge import mistakes as builtin

        name = item["predicate"]
        predicate = (builtin.PREDICATES.get(name) if ":" not in name
                     else cast("MistakePredicate", _taking(load_callable(path, name, where, "mistake", i, "predicate"),
                                                           PREDICATE_ARGS, name, where, "mistake", i, "predicate")))
        if predicate is None:
            raise where.error(f"unknown predicate {name!r}{schema.did_you_mean(name, builtin.PREDICATES)}; built "
                              f"in: {', '.join(builtin.PREDICATES)}", "mistake", i, "predicate")
    return Mistake(mistake_id, text_field(item, "hint", where, "mistake", i), function, predicate,
                   tuple(item.get("combines", ())))


def _lesson(path: Path) -> dict[str, Any] | None:
    """The raw lesson: judge.lessons checks it (`judge check`) and reads it (the web)."""
    file = path / "lesson.toml"
    if not file.is_file():
        return None
    with reading(file):
        lesson = read_toml(file)
        lesson["body"] = Text({lang: _read_text(path / f"lesson.{lang}.md") for lang in LANGS})
        return lesson


# Exercise-local modules (mistakes.py, checker.py, reference.py) by (path, mtime): an edited file is reloaded.
_loaded_files: dict[tuple[Path, float], ModuleType] = {}


def load_callable(folder: Path, ref: str, where: Where, *keys: str | int) -> Callable[..., Any]:
    """Trusted code an exercise names, in one of three forms (docs/authoring.md, "Trusted code"):
    'mistakes.py:no_cubic', a file of this exercise's folder; 'course.reference.layer_norm:layer_norm', a module
    of this exercise's course (judge.course); 'mljudge.reference.gelu:gelu_tanh', an installed package."""
    module_ref, _, attr = str(ref).partition(":")
    root = folder.parent
    try:
        if not attr:
            raise ImportError("name it as MODULE:FUNCTION")
        if module_ref.endswith(".py"):
            module = exercise_module(folder, module_ref)
        elif module_ref.startswith(course.CODE_PREFIX):
            module = course.import_module(root, module_ref.removeprefix(course.CODE_PREFIX))
        else:
            module = importlib.import_module(module_ref)
        func = getattr(module, attr)
    except Exception as exc:  # the module's own code runs here, and may raise anything
        raise where.error(f"cannot load {ref!r}: {type(exc).__name__}: {exc}{_advice(root, module_ref)}",
                          *keys) from None
    if not callable(func):
        raise where.error(f"{ref!r} is not callable", *keys)
    return cast("Callable[..., Any]", func)


def exercise_module(folder: Path, file_name: str) -> ModuleType:
    """A Python file of an exercise's folder (mistakes.py, checker.py), run once per version of the file: the
    judge loads these by path, not as a package. Raises ImportError when there is no such file, and whatever the
    file's own code raises."""
    file = (folder / file_name).resolve()
    key = (file, file.stat().st_mtime if file.is_file() else 0.0)
    module = _loaded_files.get(key)
    if module is None:
        name = f"{course.package_name(folder.parent)}_exercise_{folder.name.replace('-', '_')}_{file.stem}"
        spec = importlib.util.spec_from_file_location(name, file)
        if spec is None or spec.loader is None or not file.is_file():
            raise ImportError(f"{file_name} not found")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        _loaded_files[key] = module
    return module


# What exercise code is called with (judge.api: Checker, MistakePredicate), for the message that says so.
CHECKER_ARGS = ("case", "expected", "got", "earlier")
PREDICATE_ARGS = ("got", "expected", "case")


def _taking(func: Callable[..., Any], args: tuple[str, ...], ref: str, where: Where,
            *keys: str | int) -> Callable[..., Any]:
    """`func`, if it can be called with `args` positionally (the judge calls it so); else an error at its key, now
    rather than an internal_error for every learner later."""
    try:
        inspect.signature(func).bind(*args)
    except TypeError:
        raise where.error(f"{ref!r} must take {len(args)} arguments, ({', '.join(args)}), as the judge calls it "
                          "(mljudge.judge.api; docs/authoring.md)", *keys) from None
    except ValueError:
        pass  # no signature to see (a builtin): the call says the rest
    return func


def _advice(root: Path, module_ref: str) -> str:
    """When a module of the course is named like an installed package, the name that reaches it."""
    if module_ref.endswith(".py") or module_ref.startswith(course.CODE_PREFIX):
        return ""
    found = course.module_file(root, module_ref)
    if found is None:
        return ""
    return (f"; {found} is a module of this course: name it {course.CODE_PREFIX}{module_ref}:… "
            "(docs/authoring.md, \"Trusted code\")")


def resolve_reference(exercise: Exercise) -> Callable[..., Any] | None:
    """The trusted function behind expected values (used at check time, never while grading)."""
    if not exercise.reference:
        return None
    return load_callable(exercise.path, exercise.reference, Where(exercise.path / "exercise.toml"),
                          "reference", "function")
