"""The shape of an exercise's TOML files (and of course.toml), declared once, as data: the keys each table may hold
and the type of each value. `judge.loader` checks every file against its shape before reading it, so a typo
(`elementwize = true`, a `[comparee]` table) or a wrong type (`order = "first"`, `visible = "yes"`) is an error
at file:line with a "did you mean", not a key silently ignored, a silent default or a traceback far from its
cause. What one value cannot tell (start < stop, unique ids, a case argument that fits its kind) the loader
checks next. docs/authoring.md describes every key.
"""

from __future__ import annotations

import difflib
import math
import typing
from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from typing import Any

from mljudge.judge.exercise import PARAM_KINDS, RETURN_KINDS, TRACKS
from mljudge.judge.i18n import LANGS
from mljudge.sandbox import LIBRARIES, Limits

Keys = tuple[str | int, ...]
Found = Iterator[tuple[str, Keys]]  # (message, the keys of the offending value): Where turns keys into a line


class Spec:
    """What one value must be. `problems` yields (message, keys) for each way `value` departs from it, `keys`
    being the path to the offending value, from which Where finds its line."""

    what = "a value"  # how a message names the expected type: "a whole number", "true or false", ...

    def problems(self, value: Any, keys: Keys) -> Found:
        return iter(())


@dataclass(frozen=True)
class AnyValue(Spec):
    """Checked elsewhere (a case argument, by its parameter's kind) or free-form (a parameter's default)."""


@dataclass(frozen=True)
class Str(Spec):
    choices: tuple[str, ...] = ()
    what = "a string"

    def problems(self, value: Any, keys: Keys) -> Found:
        if not isinstance(value, str):
            yield wrong_type(keys, self.what, value), keys
        elif self.choices and value not in self.choices:
            yield (f"{key_path(keys)} must be one of {', '.join(self.choices)}, not {value!r}"
                   f"{did_you_mean(value, self.choices)}"), keys


@dataclass(frozen=True)
class Bool(Spec):
    what = "true or false"

    def problems(self, value: Any, keys: Keys) -> Found:
        if not isinstance(value, bool):
            yield wrong_type(keys, self.what, value), keys


@dataclass(frozen=True)
class Int(Spec):
    minimum: int | None = None

    @property
    def what(self) -> str:  # type: ignore[override]
        return "a whole number" if self.minimum is None else f"a whole number ≥ {self.minimum}"

    def problems(self, value: Any, keys: Keys) -> Found:
        # bool is an int to Python, never to an author: `order = true` is a slip, not 1
        if not isinstance(value, int) or isinstance(value, bool) or (
                self.minimum is not None and value < self.minimum):
            yield wrong_type(keys, self.what, value), keys


@dataclass(frozen=True)
class Number(Spec):
    """A finite int or float (TOML's inf and nan are not sizes, tolerances or grid ends)."""

    minimum: float | None = None
    positive: bool = False

    @property
    def what(self) -> str:  # type: ignore[override]
        if self.positive:
            return "a positive number"
        return "a number" if self.minimum is None else f"a number ≥ {self.minimum:g}"

    def problems(self, value: Any, keys: Keys) -> Found:
        ok = isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
        if not ok or (self.positive and value <= 0) or (self.minimum is not None and value < self.minimum):
            yield wrong_type(keys, self.what, value), keys


@dataclass(frozen=True)
class Translated(Spec):
    """A text a learner reads: `title.en = "..."` and `title.ru = "..."` (a bare string counts as English). That
    every language is there is the loader's check, which names the missing one."""

    what = "a text per language"

    def problems(self, value: Any, keys: Keys) -> Found:
        if isinstance(value, str):
            return
        if not isinstance(value, dict):
            each = ", ".join(f"{key_path(keys)}.{lang}" for lang in LANGS)
            yield f"{key_path(keys)} must give a text per language ({each}), not {describe_value(value)}", keys
            return
        yield from Table({lang: Str() for lang in LANGS}).problems(value, keys)


@dataclass(frozen=True)
class List(Spec):
    item: Spec = field(default_factory=AnyValue)
    length: int | None = None
    what = "a list"

    def problems(self, value: Any, keys: Keys) -> Found:
        if not isinstance(value, list):
            yield wrong_type(keys, self.what, value), keys
            return
        if self.length is not None and len(value) != self.length:
            yield f"{key_path(keys)} must list {self.length} values, not {len(value)}", keys
            return
        for i, item in enumerate(value):
            yield from self.item.problems(item, (*keys, i))


@dataclass(frozen=True, eq=False, repr=False)  # a return spec nests itself: no recursive __eq__ or __repr__
class Table(Spec):
    """A TOML table holding only the keys in `allowed`, or, with `values`, any keys whose values all fit it."""

    allowed: dict[str, Spec] = field(default_factory=dict)
    values: Spec | None = None
    what = "a table"

    def problems(self, value: Any, keys: Keys) -> Found:
        if not isinstance(value, dict):
            yield wrong_type(keys, self.what, value), keys
            return
        for key, item in value.items():
            spec = self.values or self.allowed.get(key)
            if spec is None:
                yield self.unknown(key, item, keys), (*keys, key)
            else:
                yield from spec.problems(item, (*keys, key))

    def unknown(self, key: str, value: Any, keys: Keys) -> str:
        kind = "table" if isinstance(value, dict) else "key"
        hint = did_you_mean(key, self.allowed) or f"; known here: {', '.join(self.allowed)}"
        return f"unknown {kind} {key_path((*keys, key))!r}{hint}"


@dataclass(frozen=True, eq=False, repr=False)
class Tables(Spec):
    """An array of tables: `[[case]]` headers (or an inline list of tables)."""

    table: Table | Tagged = field(default_factory=Table)
    what = "a list of tables"

    def problems(self, value: Any, keys: Keys) -> Found:
        if not isinstance(value, list):
            yield wrong_type(keys, f"{self.what} ([[{key_path(keys)}]])", value), keys
            return
        for i, item in enumerate(value):
            yield from self.table.problems(item, (*keys, i))


@dataclass(frozen=True)
class Scalar(Spec):
    """One plain value: a string, true/false, or a finite number (a curve's fixed argument: `beta = 2.0`,
    `name = "adam"`)."""

    what = "a string, a number or true/false"

    def problems(self, value: Any, keys: Keys) -> Found:
        if isinstance(value, str | bool):
            return
        if not isinstance(value, int | float) or not math.isfinite(value):
            yield wrong_type(keys, self.what, value), keys


@dataclass(frozen=True, eq=False, repr=False)
class AnyOf(Spec):
    """A value that fits one of `options` (a number or a list of numbers)."""

    options: tuple[Spec, ...] = ()

    @property
    def what(self) -> str:  # type: ignore[override]
        return " or ".join(option.what for option in self.options)

    def problems(self, value: Any, keys: Keys) -> Found:
        found = [list(option.problems(value, keys)) for option in self.options]
        if all(found):
            # A list that fits no list option: that option's own message says which item is wrong.
            lists = [f for f, option in zip(found, self.options, strict=True) if isinstance(option, List)]
            yield from lists[0] if lists and isinstance(value, list) else [(wrong_type(keys, self.what, value), keys)]


@dataclass(frozen=True, eq=False, repr=False)
class Tagged(Spec):
    """A table whose keys depend on the value of its `tag` key: the `common` ones plus its variant's
    (`[[panel]] kind = "error"` may say `delta = {...}`; `kind = "conv2d"` may not)."""

    tag: str = "kind"
    common: dict[str, Spec] = field(default_factory=dict)
    variants: dict[str, dict[str, Spec]] = field(default_factory=dict)
    what = "a table"

    def problems(self, value: Any, keys: Keys) -> Found:
        if not isinstance(value, dict):
            yield wrong_type(keys, self.what, value), keys
            return
        variant = value.get(self.tag)
        tag_spec = Str(tuple(self.variants))
        if self.tag not in value:
            yield f"{key_path(keys)} needs {self.tag} = one of {', '.join(self.variants)}", keys
        else:
            yield from tag_spec.problems(variant, (*keys, self.tag))
        extra = self.variants.get(variant, {}) if isinstance(variant, str) else {}
        yield from Table({**self.common, self.tag: AnyValue(), **extra}).problems(value, keys)  # tag: just above


# --- messages ---------------------------------------------------------------------------------------------------


def key_path(keys: Keys) -> str:
    """("function", "params", 0, "kind") → "function.params[0].kind", as the message names a value."""
    out = ""
    for key in keys:
        out += f"[{key}]" if isinstance(key, int) else f".{key}" if out else key
    return out


def describe_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"the string {value!r}"
    if isinstance(value, int):
        return f"the whole number {value}"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return f"{type(value).__name__} {value}"  # TOML dates and times


def wrong_type(keys: Keys, what: str, value: Any) -> str:
    return f"{key_path(keys)} must be {what}, not {describe_value(value)}"


def did_you_mean(word: str, choices: typing.Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


# --- the files --------------------------------------------------------------------------------------------------


def _limits() -> dict[str, Spec]:
    """[limits] takes exactly sandbox.limits.Limits' fields, typed as there. Every one must be positive: 0 is no
    useful limit, and to tmpfs `size=0` even means unlimited."""
    types = typing.get_type_hints(Limits)
    return {f.name: (Int(minimum=1) if types[f.name] is int else Number(positive=True)) for f in fields(Limits)}


TOLERANCE: dict[str, Spec] = {"atol": Number(minimum=0), "rtol": Number(minimum=0)}

RETURNS = Table({"kind": Str(RETURN_KINDS)})
RETURNS.allowed.update(items=List(RETURNS), fields=Table(values=RETURNS))  # a tuple of dicts of arrays, ...

EXERCISE = Table({
    "module": Str(),
    "order": Int(),
    "title": Translated(),
    "summary": Translated(),
    "checker": Str(),
    "function": Table({
        "name": Str(),
        "signature": Str(),
        "params": List(Table({"name": Str(), "kind": Str(PARAM_KINDS), "default": AnyValue(), "optional": Bool()})),
        "returns": RETURNS,
        "elementwise": Bool(),
        "pure": Bool(),
        "autodiff": Bool(),
    }),
    "reference": Table({"function": Str()}),
    "compare": Table(TOLERANCE),
    "limits": Table(_limits()),
    "plot": Table({"x": List(Number(), length=3), "fixed": Table(values=Number())}),
    "tracks": Table({track: Table({"starter": Str(), "solution": Str(), "imports": List(Str())}) for track in TRACKS}),
    # What solutions are built from (judge.vocabulary): the course's base words, minus `takes`, plus `adds`.
    "vocabulary": Table({"adds": List(Str()), "takes": List(Str()), "reason": Translated()}),
    "forbidden": Tables(Table({
        "group": Str(),  # a shared group's names and ops (exercises/forbidden.toml)
        "names": List(Str()),
        "aten": List(Str()),
        "tracks": List(Str(TRACKS)),
        "reason": Translated(),
    })),
})

CASES = Table({"case": Tables(Table({
    "id": Str(),
    "visible": Bool(),
    "kind": Translated(),
    "args": Table(values=AnyValue()),  # names checked against [function] params, values against their kinds
    **TOLERANCE,
    "raises": List(Str()),
    # Who must raise it: "anyone" (the library's own IndexError from an out-of-range index counts) or "learner"
    # (a `raise` statement of the learner's own: a shape error from inside the library does not count).
    "raised_by": Str(("anyone", "learner")),
}))})

HINTS = Table({"hint": Tables(Table({lang: Str() for lang in LANGS}))})

MISTAKES = Table({"mistake": Tables(Table({
    "id": Str(),
    "function": Str(),
    "predicate": Str(),
    "combines": List(Str()),
    "hint": Translated(),
}))})

COURSE = Table({
    "title": Translated(),
    # `bundled`: slugs of the bundled course's exercises shown in this module of another course (judge.catalog).
    "module": Tables(Table({"id": Str(), "number": Int(), "title": Translated(), "intro": Translated(),
                            "bundled": List(Str())})),
})

# exercises/forbidden.toml: groups of forbidden names and ops that several exercises share (`group = "<id>"`).
FORBIDDEN_GROUPS = Table({"group": Table(values=Table({
    "names": List(Str()),
    "aten": List(Str()),
}))})

# exercises/vocabulary.toml: the course's words (judge.vocabulary).
VOCABULARY_WORDS = Table({"word": Table(values=Table({
    "base": Bool(),
    **{library: List(Str()) for library in LIBRARIES},  # the word's names in each library (sandbox.tracks)
    "ops": List(Str()),
    "modules": List(Str()),
}))})

# Each TOML file of an exercise folder and its shape. lesson.toml is not among them: judge.lessons checks it against
# its own (judge/lessons/schema.py), so that a broken lesson is reported without keeping the exercise itself from
# loading.
FILES: dict[str, Table] = {"exercise.toml": EXERCISE, "cases.toml": CASES, "hints.toml": HINTS,
                           "mistakes.toml": MISTAKES}
