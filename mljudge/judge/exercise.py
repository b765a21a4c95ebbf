"""An exercise as typed data: its function's signature, tracks, cases, tolerances, forbidden calls, hints and
known mistakes. `judge.loader` reads an exercise folder into it (and says precisely what is wrong);
`judge.catalog` finds the folders. docs/authoring.md describes every field.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeAlias

import numpy as np

from mljudge.judge.errors import UnknownTrack
from mljudge.judge.i18n import Text
from mljudge.judge.vocabulary import Refusals, Vocabulary
from mljudge.sandbox import NAMES as track_names
from mljudge.sandbox import Array, Limits, Opaque

# dict: named arrays (a transformer block's parameters), each given like an array argument.
PARAM_KINDS = ("array", "int_array", "bool_array", "float", "int", "bool", "dict")
RETURN_KINDS = ("array", "int_array", "float", "int", "bool", "tuple", "dict", "any")
TRACKS = track_names  # sandbox.tracks: one spec per track
EXPECTED_FORMAT = 2  # of expected.json (judge.expected writes it, judge.loader reads it)
DEFAULT_ATOL = 5e-5  # "correct to 4 decimal places"
NO_DEFAULT: Any = object()


@dataclass(frozen=True)
class Param:
    name: str
    kind: str
    default: Any = NO_DEFAULT  # None: optional with no value of its kind (`optional = true`, None in the signature)

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
    pure: bool = False  # changing an input in place fails the case (optimisers, losses: return new arrays)
    # False: gradients by hand (a backward pass): the track's automatic differentiation is off in the sandbox and
    # everything that would compute gradients anyway is forbidden (sandbox.tracks: autodiff_names).
    autodiff: bool = True


@dataclass(frozen=True)
class Tolerance:
    atol: float = DEFAULT_ATOL
    rtol: float = 0.0


@dataclass(frozen=True)
class ExerciseTrack:
    """The exercise in one track (a sandbox.TrackSpec): its starter, solution and allowed imports."""

    name: str
    starter: Text  # the same code in every language, its comments and docstring translated (judge.starters)
    solution: str
    imports: frozenset[str]
    starter_file: str  # the English starter, relative to the folder; judge.starters.file_for names the others


@dataclass(frozen=True)
class Forbidden:
    names: tuple[str, ...]
    aten: tuple[str, ...]
    reason: Text
    tracks: tuple[str, ...] = TRACKS


@dataclass(frozen=True)
class ExerciseVocabulary:
    """What solutions may be built from (judge.vocabulary), resolved per track when the exercise is loaded: the
    names, modules and ops allowed, and what the exercise refuses of its pool's (`refusals`). `reason`: why what
    lies outside is refused here, in the exercise's own words."""

    adds: tuple[str, ...]
    takes: tuple[str, ...]
    reason: Text
    by_track: dict[str, tuple[Vocabulary, Refusals]]
    union: dict[str, Vocabulary]  # every word's, per track: what the exercise's pool must allow at all


@dataclass(frozen=True)
class Case:
    id: str
    kind: Text
    visible: bool
    args: dict[str, Any]
    tolerance: Tolerance
    raises: tuple[str, ...] = ()
    raised_by_learner: bool = False  # only a `raise` of the learner's own code counts (cases.toml raised_by)


# What a learner's function returned, as the judge sees it (sandbox.wire decodes it): an array as a fresh ndarray in
# an Array, plain numbers, None, containers of those, and anything else as an Opaque (only its type name crossed).
Answer: TypeAlias = (Array | Opaque | bool | int | float | list["Answer"] | tuple["Answer", ...]
                     | dict[str, "Answer"] | None)
# A case's expected value, as expected.json stores it (judge.values.from_json): None where it is not stored (a case
# that must raise, a hidden case of an exercise judged by its checker).
Expected: TypeAlias = np.ndarray | bool | int | float | tuple["Expected", ...] | dict[str, "Expected"] | None
# The cases before this one in the same run, each with the answer it got (a checker's `earlier`).
Earlier: TypeAlias = Sequence[tuple["Case", Answer]]


class Checker(Protocol):
    """An exercise's checker (`checker = "checker.py:check"`), for answers that are not one fixed value: why the
    answer `got` to `case` is wrong, in every language, or None when it is right. `earlier` holds the cases before
    this one with their answers from the same run ("the same seed gives the same mask" is a property of two).
    Called positionally; what it raises, or a result that is neither None nor a Text, is the checker's bug and
    the learner's internal_error."""

    def __call__(self, case: Case, expected: Expected, got: Answer, earlier: Earlier, /) -> Text | None: ...


class MistakePredicate(Protocol):
    """A known mistake recognised by a test of one failed case (`predicate = "mistakes.py:name"`): whether the
    answer `got` to `case` shows it. The mistake is recognised when it holds on every failed case."""

    def __call__(self, got: Answer, expected: Expected, case: Case, /) -> bool: ...


@dataclass(frozen=True)
class Mistake:
    id: str
    hint: Text
    function: Callable[..., Any] | None = None  # a wrong implementation, with the exercise's own signature
    predicate: MistakePredicate | None = None
    combines: tuple[str, ...] = ()  # the ids of the known mistakes this one makes at once (mistakes.toml)


@dataclass(frozen=True)
class Module:
    """A module of the course (course.toml)."""

    id: str
    number: int
    title: Text
    intro: Text
    bundled: tuple[str, ...] = ()  # bundled exercises shown in this module of another course, in this order


@dataclass(frozen=True)
class Exercise:
    slug: str
    path: Path
    title: Text
    summary: Text
    module: str
    order: int
    function: FunctionSpec
    tracks: dict[str, ExerciseTrack]
    tolerance: Tolerance
    limits: Limits
    forbidden: tuple[Forbidden, ...]
    cases: tuple[Case, ...]
    expected: dict[str, Any]
    hints: tuple[Text, ...]
    mistakes: tuple[Mistake, ...]
    prompt: Text
    reference: str | None = None
    vocabulary: ExerciseVocabulary | None = None
    checker: Checker | None = None
    plot_grid: tuple[float, float, int] | None = None
    plot_fixed: dict[str, float] = field(default_factory=dict)  # held while the first other parameter sweeps
    lesson: dict[str, Any] | None = None

    def call_args(self, args: dict[str, Any]) -> tuple[tuple[Any, ...], dict[str, Any]]:
        """A case's arguments as a call: required parameters positionally (in order), optional ones by
        keyword, and only when the case gives them, so the learner's defaults are exercised too."""
        params = self.function.params
        return (tuple(args[p.name] for p in params if p.required),
                {p.name: args[p.name] for p in params if not p.required and p.name in args})

    def plot_args(self) -> dict[str, Any] | None:
        """The arguments that draw the learner's curve: the first parameter without a `[plot] fixed` value sweeps
        the plot grid, the fixed ones hold theirs (an array parameter as a constant array over the grid), the
        rest keep their defaults. None when the exercise draws no learner curve."""
        if not (self.plot_grid and self.function.elementwise):
            return None
        x = np.linspace(*self.plot_grid)
        sweeping = next(p.name for p in self.function.params if p.name not in self.plot_fixed)
        args: dict[str, Any] = {sweeping: x}
        for param in self.function.params:
            if param.name in self.plot_fixed:
                value = self.plot_fixed[param.name]
                args[param.name] = np.full_like(x, value) if param.kind == "array" else value
        return args

    def stores_expected(self, case: Case) -> bool:
        """Whether `case`'s expected value is stored in expected.json (judge.expected): only where something reads
        it, the comparison (no checker) or the report (a visible case); never for a case that must raise."""
        return stores_expected(case, judged_by_checker=self.checker is not None)

    def track(self, name: str) -> ExerciseTrack:
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


def stores_expected(case: Case, *, judged_by_checker: bool) -> bool:
    """See Exercise.stores_expected (the loader asks before the Exercise exists)."""
    return not case.raises and (not judged_by_checker or case.visible)
