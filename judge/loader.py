"""An exercise is a folder of plain files; this module reads one into typed data (`judge.exercise`), or says
precisely what is wrong. Finding the folders and the course they make is `judge.catalog`.

    exercises/<slug>/
      exercise.toml          metadata: titles, function signature, tracks, comparison, limits, forbidden calls
      prompt.en.md  prompt.ru.md
      cases.toml             graded cases: inputs (literal or seeded recipes), visibility, kind, tolerances
      expected.json          expected outputs, computed from the trusted reference by `judge check --write`
      hints.toml             escalating hints, every language
      mistakes.toml          known mistakes (+ mistakes.py): recognised from outputs, each with a targeted hint
      starters/<track>.py  solutions/<track>.py
      submissions/<verdict>/*.py     example submissions and the verdict each must get
      lesson.toml  lesson.en.md  lesson.ru.md       (optional) the lesson page
      checker.py             (optional) a custom checker for answers that are not one fixed value

docs/authoring.md describes every field.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from judge import values
from judge.errors import ExerciseError
from judge.exercise import (
    NO_DEFAULT,
    PARAM_KINDS,
    RETURN_KINDS,
    TRACKS,
    Case,
    Exercise,
    Forbidden,
    FunctionSpec,
    Mistake,
    Param,
    Returns,
    Tolerance,
    Track,
)
from judge.i18n import LANGS, Text
from judge.inputs import materialize
from sandbox.limits import Limits
from sandbox.runner import imports_for


def load_exercise(path: Path | str, *, require_expected: bool = True) -> Exercise:
    """Read and validate one exercise folder. Raises ExerciseError naming the file (and line) at fault."""
    path = Path(path)
    meta_path = path / "exercise.toml"
    meta = read_toml(meta_path)
    where = Where(meta_path)

    function = _function_spec(_table(meta, "function", where), where)
    tracks = _tracks(path, meta.get("tracks", {}), where)
    tolerance = _tolerance(meta.get("compare", {}), where, "compare")
    try:
        limits = Limits.from_mapping(meta.get("limits"))
    except (ValueError, TypeError) as exc:
        raise where.error(str(exc), "limits") from None

    cases_path = path / "cases.toml"
    cases = _cases(read_toml(cases_path), function, tolerance, Where(cases_path))
    # Checker exercises may have no reference, hence nothing to store; everything else needs expected.json.
    has_reference = bool(meta.get("reference", {}).get("function"))
    expected_path = path / "expected.json"
    expected = (_expected(expected_path, cases)
                if require_expected and (has_reference or expected_path.is_file()) else {})

    plot = meta.get("plot", {}).get("x")
    exercise = Exercise(
        slug=path.name,
        path=path,
        title=text_field(meta, "title", where),
        summary=text_field(meta, "summary", where),
        module=str(meta.get("module", "")),
        order=int(meta.get("order", 0)),
        function=function,
        tracks=tracks,
        tolerance=tolerance,
        limits=limits,
        forbidden=tuple(_forbidden(item, where, i) for i, item in enumerate(meta.get("forbidden", []))),
        cases=cases,
        expected=expected,
        hints=_hints(path / "hints.toml"),
        mistakes=_mistakes(path),
        prompt=Text({lang: _read_text(path / f"prompt.{lang}.md") for lang in LANGS}),
        reference=meta.get("reference", {}).get("function"),
        checker=load_callable(path, meta["checker"], where, "checker") if "checker" in meta else None,
        plot_grid=(float(plot[0]), float(plot[1]), int(plot[2])) if plot else None,
        lesson=_lesson(path),
        meta=meta,
    )
    return exercise


class Where:
    """Turns a key path into file:line for error messages (tomllib keeps no positions, so search the text)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []

    def error(self, message: str, *keys: str | int) -> ExerciseError:
        return ExerciseError(self.path, message, self.line(*keys))

    def line(self, *keys: str | int) -> int | None:
        start, found = 0, None
        for i, key in enumerate(keys):
            if isinstance(key, int):  # the key-th [[table]] of the previous key
                headers = [n for n, text in enumerate(self.lines)
                           if re.match(rf"\s*\[\[\s*{re.escape(str(keys[i - 1]))}\s*\]\]", text)]
                if key < len(headers):
                    start = found = headers[key]
                continue
            pattern = re.compile(rf"\s*(\[+\s*)?([\w.]*\.)?{re.escape(key)}\s*[\].=]")
            for n in range(start, len(self.lines)):
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


def _read_text(path: Path) -> str:
    if not path.is_file():
        raise ExerciseError(path, "file is missing")
    return path.read_text(encoding="utf-8")


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
    text = Text({str(k): str(v) for k, v in value.items()})
    missing = text.missing()
    if missing:
        raise where.error(f"{key!r} has no text in {', '.join(missing)}", *path, key)
    return text


def _function_spec(table: dict[str, Any], where: Where) -> FunctionSpec:
    name = table.get("name")
    if not isinstance(name, str) or not name.isidentifier():
        raise where.error("function.name must be a Python identifier", "function", "name")
    params = []
    for i, p in enumerate(table.get("params", [])):
        if not isinstance(p, dict) or not str(p.get("name", "")).isidentifier():
            raise where.error(f"function.params[{i}] needs a name", "function", "params")
        if p.get("kind", "array") not in PARAM_KINDS:
            raise where.error(f"function.params[{i}].kind must be one of {', '.join(PARAM_KINDS)}",
                              "function", "params")
        params.append(Param(p["name"], p.get("kind", "array"), p.get("default", NO_DEFAULT)))
    if not params:
        raise where.error("function.params must list at least one parameter", "function", "params")
    returns = _returns(table.get("returns", {"kind": "array"}), where)
    signature = table.get("signature") or f"{name}({', '.join(p.name for p in params)})"
    return FunctionSpec(name, signature, tuple(params), returns, bool(table.get("elementwise", False)))


def _returns(spec: Any, where: Where) -> Returns:
    if not isinstance(spec, dict) or spec.get("kind", "array") not in RETURN_KINDS:
        raise where.error(f"function.returns.kind must be one of {', '.join(RETURN_KINDS)}", "returns")
    kind = spec.get("kind", "array")
    if kind == "tuple":
        return Returns(kind, items=tuple(_returns(s, where) for s in spec.get("items", [])))
    if kind == "dict":
        return Returns(kind, fields=tuple((k, _returns(s, where)) for k, s in spec.get("fields", {}).items()))
    return Returns(kind)


def _tracks(path: Path, table: dict[str, Any], where: Where) -> dict[str, Track]:
    tracks = {}
    for name in table:
        if name not in TRACKS:
            raise where.error(f"unknown track {name!r}; tracks are {', '.join(TRACKS)}", "tracks", name)
        conf = table[name] or {}
        tracks[name] = Track(
            name=name,
            starter=_read_text(path / conf.get("starter", f"starters/{name}.py")),
            solution=_read_text(path / conf.get("solution", f"solutions/{name}.py")),
            imports=imports_for(name, conf.get("imports", [])),
        )
    if not tracks:
        raise where.error(f"at least one [tracks.<name>] table is required ({', '.join(TRACKS)})", "tracks")
    return tracks


def _tolerance(table: dict[str, Any], where: Where, *path: str | int) -> Tolerance:
    base = Tolerance()
    try:
        atol = float(table.get("atol", base.atol))
        rtol = float(table.get("rtol", base.rtol))
    except (TypeError, ValueError):
        raise where.error("atol and rtol must be numbers", *path) from None
    if atol < 0 or rtol < 0:
        raise where.error("atol and rtol must not be negative", *path)
    return Tolerance(atol, rtol)


def _forbidden(item: dict[str, Any], where: Where, index: int) -> Forbidden:
    names = tuple(item.get("names", []))
    aten = tuple(item.get("aten", []))
    if not names and not aten:
        raise where.error("a [[forbidden]] entry needs names or aten ops", "forbidden", index)
    tracks = tuple(item.get("tracks", TRACKS))
    return Forbidden(names, aten, text_field(item, "reason", where, "forbidden", index), tracks)


def _cases(doc: dict[str, Any], function: FunctionSpec, default: Tolerance, where: Where) -> tuple[Case, ...]:
    raw = doc.get("case")
    if not isinstance(raw, list) or not raw:
        raise where.error("no [[case]] tables", "case")
    cases, seen = [], set()
    params = {p.name: p for p in function.params}
    for i, item in enumerate(raw):
        case_id = str(item.get("id", ""))
        if not re.fullmatch(r"[A-Za-z0-9][\w-]*", case_id) or case_id in seen:
            raise where.error(f"case {i + 1} needs a unique id (letters, digits, -)", "case", i)
        seen.add(case_id)
        args = item.get("args", {})
        unknown = set(args) - set(params)
        if unknown:
            raise where.error(f"case {case_id!r}: unknown argument(s) {', '.join(sorted(unknown))}",
                              "case", i, "args")
        missing = [p.name for p in function.params if p.required and p.name not in args]
        if missing:
            raise where.error(f"case {case_id!r}: missing argument(s) {', '.join(missing)}", "case", i, "args")
        try:
            materialized = {name: materialize(value, params[name].kind) for name, value in args.items()}
        except (ValueError, TypeError, KeyError) as exc:
            raise where.error(f"case {case_id!r}: {exc}", "case", i, "args") from None
        tolerance = _tolerance({"atol": item.get("atol", default.atol), "rtol": item.get("rtol", default.rtol)},
                               where, "case", i)
        cases.append(Case(
            id=case_id,
            kind=text_field(item, "kind", where, "case", i),
            visible=bool(item.get("visible", False)),
            args=materialized,
            tolerance=tolerance,
            raises=tuple(item.get("raises", [])),
        ))
    return tuple(cases)



def _expected(path: Path, cases: tuple[Case, ...]) -> dict[str, Any]:
    if not path.is_file():
        raise ExerciseError(path, "missing: run `judge check --write` to compute expected values")
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))["cases"]
    except (ValueError, KeyError) as exc:
        raise ExerciseError(path, f"unreadable: {exc}") from None
    expected = {}
    for case in cases:
        entry = stored.get(case.id)
        if entry is None or entry.get("inputs") != values.fingerprint(case.args):
            raise ExerciseError(path, f"stale for case {case.id!r} (its inputs changed): "
                                      "run `judge check --write` to recompute")
        expected[case.id] = None if case.raises else values.from_json(entry["value"])
    return expected


def _hints(path: Path) -> tuple[Text, ...]:
    where = Where(path)
    return tuple(text_field({"hint": h}, "hint", where, "hint", i)
                 for i, h in enumerate(read_toml(path).get("hint", [])))


def _mistakes(path: Path) -> tuple[Mistake, ...]:
    file = path / "mistakes.toml"
    if not file.is_file():
        return ()
    where = Where(file)
    out = []
    for i, item in enumerate(read_toml(file).get("mistake", [])):
        mistake_id = str(item.get("id", ""))
        function = predicate = None
        if "function" in item:
            function = load_callable(path, item["function"], where, "mistake", i, "function")
        elif "predicate" in item:
            from judge import mistakes as builtin

            name = item["predicate"]
            predicate = (builtin.PREDICATES.get(name) if ":" not in name
                         else load_callable(path, name, where, "mistake", i, "predicate"))
            if predicate is None:
                raise where.error(f"unknown predicate {name!r}; built in: {', '.join(builtin.PREDICATES)}",
                                  "mistake", i, "predicate")
        else:
            raise where.error(f"mistake {mistake_id!r} needs `function` or `predicate`", "mistake", i)
        out.append(Mistake(mistake_id, text_field(item, "hint", where, "mistake", i), function, predicate))
    return tuple(out)


def _lesson(path: Path) -> dict[str, Any] | None:
    file = path / "lesson.toml"
    if not file.is_file():
        return None
    lesson = read_toml(file)
    lesson["body"] = Text({lang: _read_text(path / f"lesson.{lang}.md") for lang in LANGS})
    return lesson


# Exercise-local modules (mistakes.py, checker.py, reference.py) by (path, mtime): an edited file is reloaded.
_loaded_files: dict[tuple[Path, float], ModuleType] = {}


def load_callable(folder: Path, ref: str, where: Where, *keys: str | int) -> Callable[..., Any]:
    """'reference.gelu:gelu_tanh' (trusted package) or 'mistakes.py:no_cubic' (a file of this exercise)."""
    module_ref, _, attr = str(ref).partition(":")
    try:
        if module_ref.endswith(".py"):
            file = (folder / module_ref).resolve()
            key = (file, file.stat().st_mtime if file.is_file() else 0.0)
            module = _loaded_files.get(key)
            if module is None:
                spec = importlib.util.spec_from_file_location(f"exercise_{folder.name}_{file.stem}", file)
                if spec is None or spec.loader is None or not file.is_file():
                    raise ImportError(f"{module_ref} not found")
                module = importlib.util.module_from_spec(spec)
                spec.loader.exec_module(module)
                _loaded_files[key] = module
        else:
            module = importlib.import_module(module_ref)
        func = getattr(module, attr)
    except (ImportError, AttributeError, SyntaxError) as exc:
        raise where.error(f"cannot load {ref!r}: {exc}", *keys) from None
    if not callable(func):
        raise where.error(f"{ref!r} is not callable", *keys)
    return func


def resolve_reference(exercise: Exercise) -> Callable[..., Any] | None:
    """The trusted function behind expected values (used at check time, never while grading)."""
    if not exercise.reference:
        return None
    return load_callable(exercise.path, exercise.reference, Where(exercise.path / "exercise.toml"),
                          "reference", "function")
