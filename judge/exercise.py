"""An exercise is a folder of plain files; this module reads one into typed data, or says precisely what is wrong.

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
import os
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from judge import values
from judge.errors import ExerciseError, UnknownExercise, UnknownTrack
from judge.i18n import LANGS, Text
from sandbox.limits import Limits
from sandbox.runner import imports_for

PARAM_KINDS = ("array", "int_array", "float", "int", "bool")
RETURN_KINDS = (*PARAM_KINDS, "tuple", "dict", "any")
TRACKS = ("numpy", "torch")
DEFAULT_ATOL = 5e-5  # "correct to 4 decimal places"
NO_DEFAULT: Any = object()


@dataclass(frozen=True)
class Param:
    name: str
    kind: str
    default: Any = NO_DEFAULT

    @property
    def required(self) -> bool:
        return self.default is NO_DEFAULT


@dataclass(frozen=True)
class Returns:
    kind: str
    items: tuple[Returns, ...] = ()
    fields: tuple[tuple[str, Returns], ...] = ()


@dataclass(frozen=True)
class FunctionSpec:
    name: str
    signature: str
    params: tuple[Param, ...]
    returns: Returns
    elementwise: bool = False


@dataclass(frozen=True)
class Tolerance:
    atol: float = DEFAULT_ATOL
    rtol: float = 0.0


@dataclass(frozen=True)
class Track:
    name: str
    starter: str
    solution: str
    imports: frozenset[str]


@dataclass(frozen=True)
class Forbidden:
    names: tuple[str, ...]
    aten: tuple[str, ...]
    reason: Text
    tracks: tuple[str, ...] = TRACKS


@dataclass(frozen=True)
class Case:
    id: str
    kind: Text
    visible: bool
    args: dict[str, Any]
    tolerance: Tolerance
    raises: tuple[str, ...] = ()


@dataclass(frozen=True)
class Mistake:
    id: str
    hint: Text
    function: Callable[..., Any] | None = None
    predicate: Callable[..., bool] | None = None


@dataclass(frozen=True)
class Module:
    """A module of the course (exercises/course.toml)."""

    id: str
    number: int
    title: Text
    intro: Text


@dataclass(frozen=True)
class Exercise:
    slug: str
    path: Path
    title: Text
    summary: Text
    module: str
    order: int
    function: FunctionSpec
    tracks: dict[str, Track]
    tolerance: Tolerance
    limits: Limits
    forbidden: tuple[Forbidden, ...]
    cases: tuple[Case, ...]
    expected: dict[str, Any]
    hints: tuple[Text, ...]
    mistakes: tuple[Mistake, ...]
    prompt: Text
    reference: str | None = None
    checker: Callable[..., Any] | None = None
    plot_grid: tuple[float, float, int] | None = None
    lesson: dict[str, Any] | None = None
    meta: dict[str, Any] = field(default_factory=dict)

    def call_args(self, args: dict[str, Any]) -> tuple[tuple[Any, ...], dict[str, Any]]:
        """A case's arguments as a call: required parameters positionally (in order), optional ones by
        keyword, and only when the case gives them, so the learner's defaults are exercised too."""
        params = self.function.params
        return (tuple(args[p.name] for p in params if p.required),
                {p.name: args[p.name] for p in params if not p.required and p.name in args})

    def track(self, name: str) -> Track:
        if name not in self.tracks:
            raise UnknownTrack(name, list(self.tracks))
        return self.tracks[name]

    def forbidden_for(self, track: str) -> tuple[Forbidden, ...]:
        return tuple(f for f in self.forbidden if track in f.tracks)

    def reason_for(self, dotted: str) -> Text | None:
        """The learner-facing reason for a forbidden name or aten op, if the exercise gives one."""
        op = dotted.removeprefix("aten::").partition(".")[0]
        for rule in self.forbidden:
            if dotted in rule.names or op in rule.aten:
                return rule.reason
        return None


# --- locating exercises --------------------------------------------------------------------------------------


def default_exercises_dir() -> Path:
    env = os.environ.get("JUDGE_EXERCISES_DIR")
    return Path(env) if env else Path(__file__).resolve().parent.parent / "exercises"


class Catalog:
    """All exercises of one folder, loaded on demand and reloaded when their files change."""

    def __init__(self, root: Path | str | None = None) -> None:
        self.root = Path(root) if root else default_exercises_dir()
        self._cache: dict[str, tuple[float, Exercise]] = {}

    def slugs(self) -> list[str]:
        if not self.root.is_dir():
            return []
        return sorted(p.name for p in self.root.iterdir() if (p / "exercise.toml").is_file())

    def get(self, slug: str) -> Exercise:
        path = self.root / slug
        if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", slug) or not (path / "exercise.toml").is_file():
            raise UnknownExercise(slug, self.slugs())
        stamp = max((p.stat().st_mtime for p in path.rglob("*") if p.is_file()), default=0.0)
        cached = self._cache.get(slug)
        if cached and cached[0] == stamp:
            return cached[1]
        exercise = load_exercise(path)
        self._cache[slug] = (stamp, exercise)
        return exercise

    def all(self, on_error: Callable[[str, ExerciseError], None] | None = None) -> list[Exercise]:
        """Every exercise, in course order: by module number, then by order inside the module. With `on_error`,
        a broken folder (an author's work in progress) is reported to it and left out instead of raising."""
        rank = {m.id: m.number for m in self.modules()}
        found = []
        for slug in self.slugs():
            try:
                found.append(self.get(slug))
            except ExerciseError as exc:
                if on_error is None:
                    raise
                on_error(slug, exc)
        return sorted(found, key=lambda e: (rank.get(e.module, 1 << 30), e.order, e.slug))

    def course_title(self) -> Text | None:
        """The course's title (course.toml `title.<lang>`), if it has one."""
        path = self.root / "course.toml"
        if not path.is_file() or "title" not in (doc := _read_toml(path)):
            return None
        return _text(doc, "title", Where(path))

    def modules(self) -> list[Module]:
        """exercises/course.toml: the course's modules, in order, with their introductions."""
        path = self.root / "course.toml"
        if not path.is_file():
            return []
        where = Where(path)
        return sorted((Module(id=str(m.get("id", "")), number=int(m.get("number", 0)),
                              title=_text(m, "title", where, "module", i), intro=_text(m, "intro", where, "module", i))
                       for i, m in enumerate(_read_toml(path).get("module", []))), key=lambda m: m.number)


# --- reading one folder --------------------------------------------------------------------------------------


def load_exercise(path: Path | str, *, require_expected: bool = True) -> Exercise:
    """Read and validate one exercise folder. Raises ExerciseError naming the file (and line) at fault."""
    path = Path(path)
    meta_path = path / "exercise.toml"
    meta = _read_toml(meta_path)
    where = Where(meta_path)

    function = _function_spec(_table(meta, "function", where), where)
    tracks = _tracks(path, meta.get("tracks", {}), where)
    tolerance = _tolerance(meta.get("compare", {}), where, "compare")
    try:
        limits = Limits.from_mapping(meta.get("limits"))
    except (ValueError, TypeError) as exc:
        raise where.error(str(exc), "limits") from None

    cases_path = path / "cases.toml"
    cases = _cases(_read_toml(cases_path), function, tolerance, Where(cases_path))
    # Checker exercises may have no reference, hence nothing to store; everything else needs expected.json.
    has_reference = bool(meta.get("reference", {}).get("function"))
    expected_path = path / "expected.json"
    expected = (_expected(expected_path, cases)
                if require_expected and (has_reference or expected_path.is_file()) else {})

    plot = meta.get("plot", {}).get("x")
    exercise = Exercise(
        slug=path.name,
        path=path,
        title=_text(meta, "title", where),
        summary=_text(meta, "summary", where),
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


def _read_toml(path: Path) -> dict[str, Any]:
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


def _text(table: dict[str, Any], key: str, where: Where, *path: str | int) -> Text:
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
    return Forbidden(names, aten, _text(item, "reason", where, "forbidden", index), tracks)


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
            kind=_text(item, "kind", where, "case", i),
            visible=bool(item.get("visible", False)),
            args=materialized,
            tolerance=tolerance,
            raises=tuple(item.get("raises", [])),
        ))
    return tuple(cases)


def materialize(value: Any, kind: str) -> Any:
    """A case argument from its TOML form: a literal, or a recipe such as
    ``{random = "uniform", low = -20, high = 20, shape = [64], seed = 3}`` or ``{linspace = [-1, 1, 21]}``."""
    dtype = value.get("dtype") if isinstance(value, dict) else None
    if isinstance(value, dict):
        value = _recipe(value)
    if kind == "array":  # float64 unless the case asks for another dtype (`dtype = "int64"`: integer input)
        return np.asarray(value, dtype=np.dtype(dtype) if dtype else np.float64)
    if kind == "int_array":
        array = np.asarray(value)
        if array.size and not np.all(np.equal(np.mod(array, 1), 0)):
            raise ValueError("an int_array argument must hold whole numbers")
        return array.astype(np.int64)
    if kind == "float":
        return float(value)
    if kind == "int":
        if isinstance(value, bool) or int(value) != value:
            raise ValueError(f"{value!r} is not an integer")
        return int(value)
    if kind == "bool":
        if not isinstance(value, bool):
            raise ValueError(f"{value!r} is not true/false")
        return value
    raise ValueError(f"unknown kind {kind!r}")


def _recipe(spec: dict[str, Any]) -> Any:
    shape = tuple(spec.get("shape", ()))
    if spec.get("dtype") not in (None, "float64", "float32", "int64", "int32"):
        raise ValueError("dtype must be one of float64, float32, int64, int32")
    if "values" in spec:
        array = np.asarray(spec["values"], dtype=np.float64)
        return array.reshape(shape) if shape else array
    if "linspace" in spec:
        start, stop, num = spec["linspace"]
        array = np.linspace(float(start), float(stop), int(num))
        return array.reshape(shape) if shape else array
    if "full" in spec:
        return np.full(shape, float(spec["full"]))
    kind = spec.get("random")
    rng = np.random.default_rng(int(spec["seed"]))
    if kind == "uniform":
        return rng.uniform(float(spec.get("low", 0.0)), float(spec.get("high", 1.0)), shape)
    if kind == "normal":
        return rng.normal(float(spec.get("mean", 0.0)), float(spec.get("std", 1.0)), shape)
    if kind == "integers":
        return rng.integers(int(spec["low"]), int(spec["high"]), shape)
    raise ValueError("a generated argument needs one of: values, linspace, full, random = uniform|normal|integers")


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
    return tuple(_text({"hint": h}, "hint", where, "hint", i)
                 for i, h in enumerate(_read_toml(path).get("hint", [])))


def _mistakes(path: Path) -> tuple[Mistake, ...]:
    file = path / "mistakes.toml"
    if not file.is_file():
        return ()
    where = Where(file)
    out = []
    for i, item in enumerate(_read_toml(file).get("mistake", [])):
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
        out.append(Mistake(mistake_id, _text(item, "hint", where, "mistake", i), function, predicate))
    return tuple(out)


def _lesson(path: Path) -> dict[str, Any] | None:
    file = path / "lesson.toml"
    if not file.is_file():
        return None
    lesson = _read_toml(file)
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
