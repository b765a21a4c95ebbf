"""The worked examples of a prompt, checked against the reference (`judge check`): the first numbers a learner
reads must be right, in every language.

An example is a fenced block whose first line starts with the language's input label (docs/authoring.md,
"Examples in a prompt"):

    ```
    input:   x = [-1.0, 0.0, 1.0], alpha = 0.5
    output:  [-0.1588, 0.0, 0.8412]
    ```

`input:` gives the arguments as `name = value` (separated by commas or line breaks; a parameter left out keeps its
default); `output:` the returned value, or for a function that returns a tuple or a dict its parts as `name =
value`, in order. A value is a Python-style literal: numbers (− or -), [lists], (tuples), True/False, nan, inf.
Once a value's brackets are closed, whatever follows on its line is a comment, unless it is the next `name =`.
Each number of the output is compared with the reference's to the decimals it shows: 0.8412 stands for anything
from 0.84115 to 0.84125. Any other fenced block is prose, never checked.
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from mljudge.judge.exercise import Exercise, Returns
from mljudge.judge.i18n import t
from mljudge.judge.inputs import materialize

FENCE = re.compile(r"^\s*```")
_NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_NAME = re.compile(r"[^\W\d]\w*")
_PAIR = re.compile(r"([^\W\d][\w′']*)\s*=(?!=)")  # `name =`, opening a pair
_WORDS = {"True": True, "False": False, "None": None, "nan": math.nan, "inf": math.inf}
# A number written with d decimals matches anything that rounds to it, plus a hair for binary floating point.
_SLACK = 1e-9
MAX_PER_EXAMPLE = 3  # wrong numbers reported per example: the first few say what is wrong


@dataclass(frozen=True)
class ExampleProblem:
    file: Path
    line: int
    message: str


class FormatError(ValueError):
    """An example that does not follow the format, at a line of the prompt."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


@dataclass(frozen=True)
class WrittenNumber:
    """A number as written: its value, the half-width of the interval it stands for, and its line."""

    value: float
    text: str
    line: int

    @property
    def slack(self) -> float:
        mantissa, _, exponent = self.text.lower().lstrip("-").partition("e")
        decimals = len(mantissa.partition(".")[2])
        return 0.5 * 10.0 ** (int(exponent or 0) - decimals)

    @property
    def plain(self) -> float | int:
        whole = not any(c in self.text for c in ".eE")
        return int(self.text) if whole else self.value


@dataclass(frozen=True)
class Example:
    line: int  # of its input label
    inputs: list[tuple[str, Any, int]]  # (name, value, line)
    outputs: list[tuple[str | None, Any, int]]  # (name or None, value, line)


def example_problems(exercise: Exercise, reference: Callable[..., Any], lang: str) -> list[ExampleProblem]:
    """Every example of the prompt in `lang` whose output is not the reference's, or that breaks the format."""
    file = exercise.path / f"prompt.{lang}.md"
    text = exercise.prompt.get(lang, "")
    found = []
    for start, lines in _blocks(text):
        try:
            example = parse_example(lines, start, labels(lang))
        except FormatError as exc:
            found.append(ExampleProblem(file, exc.line, f"this example is not in the example format: {exc} (docs/"
                                                 "authoring.md, \"Examples in a prompt\")"))
            continue
        if example is not None:
            found += [ExampleProblem(file, line, message) for line, message in _compare(exercise, reference, example)]
    return found


def labels(lang: str) -> tuple[str, str]:
    """How a prompt in `lang` labels an example's input and output ("input:", "output:"): the string catalogue's."""
    return t("prompt.example_input", lang), t("prompt.example_output", lang)


def _blocks(text: str) -> Iterator[tuple[int, list[str]]]:
    """(line number of its first line, its lines) of every fenced block."""
    inside, start, lines = False, 0, list[str]()
    for n, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            if inside:
                yield start, lines
            inside, start, lines = not inside, n + 1, []
        elif inside:
            lines.append(line)


def parse_example(lines: list[str], start: int, labels: tuple[str, str]) -> Example | None:
    """The example in a fenced block's lines (the first at line `start`), None if the block is no example."""
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None or not lines[first].lstrip().startswith(labels[0]):
        return None
    sections: dict[str, list[tuple[int, str]]] = {}
    current: list[tuple[int, str]] | None = None
    for i, line in enumerate(lines[first:], start + first):
        stripped = line.lstrip()
        label = next((lab for lab in labels if stripped.startswith(lab)), None)
        if label is not None:
            if label in sections:
                raise FormatError(i, f"a second {label!r} in one example: give each example a block of its own")
            current = sections[label] = [(i, stripped[len(label):])]
        elif re.match(r"\s*[^\W\d][\w ]*:(\s|$)", line) and not re.match(r"\s*[^\W\d]\w*\s*=", line):
            current = None  # another label ("errors:"): prose inside the block, up to the next label
        elif current is not None:
            current.append((i, line))
    if labels[1] not in sections:
        raise FormatError(start + first, f"an example needs an {labels[1]!r} line after its {labels[0]!r}")
    inputs = _pairs(sections[labels[0]], named=True)
    outputs = _pairs(sections[labels[1]], named=None)
    return Example(start + first, [(n or "", v, line) for n, v, line in inputs], outputs)


def _pairs(lines: list[tuple[int, str]], named: bool | None) -> list[tuple[str | None, Any, int]]:
    """`name = value` pairs (or, with `named` None, one unnamed value instead) from a section's lines."""
    parser = _Parser(lines)
    out: list[tuple[str | None, Any, int]] = []
    while parser.skip_blank():
        line = parser.line()
        name = parser.name_before_equals()
        if name is None and (named or out):
            raise FormatError(line, f"expected `name = value`, not {parser.rest_of_line()!r}")
        out.append((name, parser.value(), line))
        if name is None:  # one unnamed value: what follows on its lines is comment
            parser.comment()
            if parser.skip_blank():
                raise FormatError(parser.line(), f"one value, or `name = value` pairs, not {parser.rest_of_line()!r}")
            break
        parser.after_value()
    if not out:
        raise FormatError(lines[0][0], "no value")
    return out


class _Parser:
    """A cursor over a section's text (its lines joined), with the line each character came from."""

    def __init__(self, lines: list[tuple[int, str]]) -> None:
        self.text = "\n".join(text for _, text in lines).replace("−", "-")
        self.starts, offset = [], 0
        for _, text in lines:
            self.starts.append(offset)
            offset += len(text) + 1
        self.numbers = [n for n, _ in lines]
        self.pos = 0

    def line(self) -> int:
        return self.numbers[bisect.bisect_right(self.starts, self.pos) - 1]

    def rest_of_line(self) -> str:
        end = self.text.find("\n", self.pos)
        return self.text[self.pos:end if end >= 0 else len(self.text)].strip()

    def skip(self, newlines: bool = True) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in (" \t\n" if newlines else " \t"):
            self.pos += 1

    def skip_blank(self) -> bool:
        """Past spaces and line breaks: True if anything is left."""
        self.skip()
        return self.pos < len(self.text)

    def comment(self) -> None:
        """Whatever follows a complete value on its line is a comment."""
        end = self.text.find("\n", self.pos)
        self.pos = len(self.text) if end < 0 else end

    def after_value(self) -> None:
        """After a `name = value`: a comma, the next `name = value` on the line, a line break, or a comment to the
        end of the line."""
        self.skip(newlines=False)
        if self.text.startswith(",", self.pos):
            self.pos += 1
        elif not _PAIR.match(self.text, self.pos):
            self.comment()

    def name_before_equals(self) -> str | None:
        match = _PAIR.match(self.text, self.pos)
        if match is None:
            return None
        self.pos = match.end()
        return match.group(1)

    def value(self) -> Any:
        self.skip()
        if self.pos >= len(self.text):
            raise FormatError(self.line(), "a value is missing")
        char = self.text[self.pos]
        if char in "[(":
            close = "]" if char == "[" else ")"
            self.pos += 1
            items = []
            while True:
                self.skip()
                if self.text.startswith(close, self.pos):
                    self.pos += 1
                    break
                items.append(self.value())
                self.skip()
                if self.text.startswith(",", self.pos):
                    self.pos += 1
                elif not self.text.startswith(close, self.pos):
                    raise FormatError(self.line(), f"expected ',' or {close!r} in a list, not "
                                                   f"{self.rest_of_line()[:20]!r}")
            return items if char == "[" else tuple(items)
        line = self.line()
        number = _NUMBER.match(self.text, self.pos)
        if number is not None:
            self.pos = number.end()
            return WrittenNumber(float(number.group()), number.group(), line)
        word = _NAME.match(self.text, self.pos)
        negative = word is None and self.text.startswith("-", self.pos)
        if negative:
            word = _NAME.match(self.text, self.pos + 1)
        if word is not None and word.group() in _WORDS:
            self.pos = word.end()
            value = _WORDS[word.group()]
            if isinstance(value, float):
                return WrittenNumber(-value if negative else value, word.group(), line)
            if negative:
                raise FormatError(line, f"-{word.group()} is not a value")
            return value
        raise FormatError(line, f"not a value: {self.rest_of_line()[:30]!r}")


# --- comparing with the reference ----------------------------------------------------------------------------


def _compare(exercise: Exercise, reference: Callable[..., Any], example: Example) -> list[tuple[int, str]]:
    params = {p.name: p for p in exercise.function.params}
    args: dict[str, Any] = {}
    for name, value, line in example.inputs:
        if name not in params:
            return [(line, f"the example gives {name!r}, which is not a parameter ({', '.join(params)})")]
        try:
            args[name] = materialize(_plain(value), params[name].kind)
        except (ValueError, TypeError, KeyError) as exc:
            return [(line, f"the example's {name} is not a {params[name].kind}: {exc}")]
    missing = [p.name for p in exercise.function.params if p.required and p.name not in args]
    if missing:
        return [(example.line, f"the example's input leaves out {', '.join(missing)}")]
    call, kwargs = exercise.call_args(args)
    try:
        with np.errstate(all="ignore"):
            got = reference(*call, **kwargs)
    except Exception as exc:
        return [(example.line, f"the reference fails on this example's input: {type(exc).__name__}: {exc}")]
    shown = _shown(example, exercise.function.returns, got)
    if isinstance(shown, str):
        return [(example.outputs[0][2], shown)]
    inputs = ", ".join(f"{name} = {_brief(value)}" for name, value, _ in example.inputs)
    wrong: list[tuple[int, str]] = []
    for label, value, expected in shown:
        wrong += _differences(value, expected, label, inputs)
    return wrong[:MAX_PER_EXAMPLE]


def _shown(example: Example, returns: Returns, got: Any) -> list[tuple[str, Any, Any]] | str:
    """(label, shown value, the reference's) for each part of the output, or why they cannot be paired."""
    outputs = example.outputs
    if len(outputs) == 1 and outputs[0][0] is None:
        return [("output", outputs[0][1], got)]
    if returns.kind == "dict" and isinstance(got, dict):
        pairs = []
        for name, value, _ in outputs:
            if name not in got:
                return f"the example shows {name!r}, which the function does not return ({', '.join(got)})"
            pairs.append((name or "", value, got[name]))
        return pairs
    if returns.kind == "tuple" and isinstance(got, tuple | list):
        if len(outputs) > len(got):
            return f"the example shows {len(outputs)} returned values, the function returns {len(got)}"
        return [(name or f"output[{i}]", value, part)
                for i, ((name, value, _), part) in enumerate(zip(outputs, got, strict=False))]
    if len(outputs) == 1:
        return [(outputs[0][0] or "output", outputs[0][1], got)]
    return "the example shows several named values, but the function returns one"


def _differences(shown: Any, expected: Any, label: str, inputs: str) -> list[tuple[int, str]]:
    """Where the shown value and the reference's differ: (line, message) for each wrong number."""
    if isinstance(shown, list | tuple):
        want = np.asarray(expected) if not isinstance(expected, tuple | list) else expected
        if isinstance(want, np.ndarray):
            shape = _shape(shown)
            if shape is None:
                return [(_first_line(shown), f"{label}: the example's rows are of different lengths")]
            if shape != want.shape:
                return [(_first_line(shown), f"{label} has shape {shape} in the example, the reference returns "
                                             f"{want.shape} (for {inputs})")]
            flat = list(_flatten(shown))
            out: list[tuple[int, str]] = []
            for (index, number), value in zip(flat, want.reshape(-1).tolist(), strict=True):
                where = f"{label}[{', '.join(map(str, index))}]" if index else label
                out += _number(number, value, where, inputs)
            return out
        if len(shown) != len(want):
            return [(_first_line(shown), f"{label} has {len(shown)} parts in the example, the reference "
                                         f"returns {len(want)}")]
        return [d for i, (s, e) in enumerate(zip(shown, want, strict=True))
                for d in _differences(s, e, f"{label}[{i}]", inputs)]
    return _number(shown, expected, label, inputs)


def _number(shown: Any, expected: Any, where: str, inputs: str) -> list[tuple[int, str]]:
    if isinstance(shown, bool) or shown is None:
        ok = bool(np.asarray(expected) == shown) if shown is not None else expected is None
        return [] if ok else [(0, f"{where} is {shown} in the example, the reference gives {expected!r}")]
    assert isinstance(shown, WrittenNumber)
    try:
        value = float(np.asarray(expected, dtype=np.float64).reshape(()))
    except (TypeError, ValueError):
        return [(shown.line, f"{where} is a number in the example, the reference gives {expected!r}")]
    if math.isnan(shown.value) or math.isnan(value):
        ok = math.isnan(shown.value) and math.isnan(value)
    elif math.isinf(shown.value) or math.isinf(value):
        ok = shown.value == value
    else:
        ok = abs(shown.value - value) <= shown.slack + _SLACK * max(1.0, abs(value))
    if ok:
        return []
    return [(shown.line, f"{where} is {shown.text} in the example, but the reference gives {_digits(value, shown)} "
                         f"(for {inputs})")]


def _digits(value: float, like: WrittenNumber) -> str:
    """The reference's number to the decimals the example shows, and one more."""
    decimals = len(like.text.lower().partition("e")[0].partition(".")[2])
    return f"{value:.{min(decimals + 1, 16)}f}" if "e" not in like.text.lower() else f"{value:.6g}"


def _shape(value: Any) -> tuple[int, ...] | None:
    if not isinstance(value, list | tuple):
        return ()
    shapes = {_shape(v) for v in value}
    inner = shapes.pop() if len(shapes) == 1 else () if not shapes else None
    return None if inner is None else (len(value), *inner)


def _flatten(value: Any, index: tuple[int, ...] = ()) -> Iterator[tuple[tuple[int, ...], Any]]:
    if isinstance(value, list | tuple):
        for i, item in enumerate(value):
            yield from _flatten(item, (*index, i))
    else:
        yield index, value


def _first_line(value: Any) -> int:
    return next((n.line for _, n in _flatten(value) if isinstance(n, WrittenNumber)), 0)


def _plain(value: Any) -> Any:
    """The shown value as plain Python, for the reference's input."""
    if isinstance(value, WrittenNumber):
        return value.plain
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _brief(value: Any) -> str:
    text = repr(_plain(value))
    return text if len(text) <= 40 else text[:37] + "…"
