"""Starters: the stub a learner starts from, one per track and language. `starters/<track>.py` is the English one,
`starters/<track>.<lang>.py` its translation into each other language of judge.i18n.LANGS (starters/numpy.ru.py).

A translation has exactly the English starter's code; only its words differ: comments, docstrings and the message
of `raise NotImplementedError("...")`. So a learner gets the same stub in whichever language they read it, and an
unchanged starter is recognised in any of them (judge.grade). The loader reads the files and calls `check`, so a
translation whose code drifted stops the exercise from loading, and `judge check` names the file and the line.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from mljudge.judge.errors import ExerciseError
from mljudge.judge.i18n import DEFAULT_LANG, Text

WHAT_MAY_DIFFER = "comments, docstrings and the message of `raise NotImplementedError(...)`"
_Lines = tuple[int | None, int | None]  # the nearest lines above, in the English starter and in the translation


def file_for(english: str, lang: str) -> str:
    """The starter's file in `lang`, next to the English one: starters/numpy.py → starters/numpy.ru.py."""
    if lang == DEFAULT_LANG:
        return english
    stem, dot, suffix = english.rpartition(".")
    return f"{stem}.{lang}.{suffix}" if dot and "/" not in suffix else f"{english}.{lang}"


def require_same_code(folder: Path, english: str, starters: Text) -> None:
    """Raise an ExerciseError naming the file (and line) of the first translation that does not parse or whose
    code is not the English starter's. An English starter that does not parse is left to `judge check`, which
    grades it (a compile error) and says so."""
    try:
        original = ast.parse(starters[DEFAULT_LANG])
    except (SyntaxError, ValueError):
        return
    for lang, source in starters.items():
        if lang == DEFAULT_LANG:
            continue
        file = folder / file_for(english, lang)
        try:
            translated = ast.parse(source)
        except (SyntaxError, ValueError) as exc:
            line = exc.lineno if isinstance(exc, SyntaxError) else None
            raise ExerciseError(file, f"not valid Python: {exc.msg if isinstance(exc, SyntaxError) else exc}",
                                line) from None
        found = _difference(_code(original), _code(translated))
        if found is not None:
            ours = _quote(starters[DEFAULT_LANG], found.ours)
            raise ExerciseError(file, f"the code differs from {english} (a translation changes only "
                                      f"{WHAT_MAY_DIFFER}): it has {_quote(source, found.theirs)} where "
                                      f"{english}{_at(found.our_line)} has {ours}", found.line)


class _Words(ast.NodeTransformer):
    """Blanks what a translation may change, so that only code is left to compare (comments never reach the
    AST): the text of each docstring (a docstring must stay one, so its presence is compared) and the message of
    `raise NotImplementedError("...")`, which the learner reads when a half-written stub still raises."""

    def visit_Module(self, node: ast.Module) -> ast.AST:
        return self._blank_docstring(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        return self._blank_docstring(node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        return self._blank_docstring(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> ast.AST:
        return self._blank_docstring(node)

    def visit_Raise(self, node: ast.Raise) -> ast.AST:
        exc = node.exc
        if isinstance(exc, ast.Call) and isinstance(exc.func, ast.Name) and exc.func.id == "NotImplementedError":
            for arg in exc.args:
                _blank(arg)
        return self.generic_visit(node)

    def _blank_docstring(self, node: ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        if node.body and isinstance(node.body[0], ast.Expr):
            _blank(node.body[0].value)
        return self.generic_visit(node)


def _blank(node: ast.expr) -> None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        node.value = ""


def _code(tree: ast.Module) -> ast.Module:
    return _Words().visit(tree)  # type: ignore[no-any-return]


@dataclass(frozen=True)
class _Parting:
    """Where two trees part: the English starter's node and the translation's (None: nothing there), and the line
    of each (of its node, or of the nearest node above it when it has nothing there)."""

    ours: ast.AST | None
    theirs: ast.AST | None
    line: int | None  # in the translation
    our_line: int | None  # in the English starter


def _difference(a: ast.AST | None, b: ast.AST | None, lines: _Lines = (None, None)) -> _Parting | None:
    """The innermost place where `a` (English) and `b` (a translation) part, or None when they are the same code.
    Positions are not compared: a longer docstring shifts every line after it. `lines`: the nearest lines above."""
    lines = (_line(a) or lines[0], _line(b) or lines[1])
    if a is None or b is None or type(a) is not type(b):
        return _Parting(a, b, lines[1], lines[0])
    for name, left in ast.iter_fields(a):
        right = getattr(b, name, None)
        if isinstance(left, list) and isinstance(right, list):
            for x, y in zip(left, right, strict=False):
                found = _pair(x, y, a, b, lines)
                if found:
                    return found
            if len(left) != len(right):
                shorter = min(len(left), len(right))
                return _shown(_Parting(_item(left, shorter), _item(right, shorter), lines[1], lines[0]), a, b)
            continue
        found = _pair(left, right, a, b, lines)
        if found:
            return found
    return None


def _pair(x: object, y: object, a: ast.AST, b: ast.AST, lines: _Lines) -> _Parting | None:
    if isinstance(x, ast.AST) or isinstance(y, ast.AST):
        found = _difference(x if isinstance(x, ast.AST) else None, y if isinstance(y, ast.AST) else None, lines)
        return found and _shown(found, a, b)
    return _Parting(a, b, lines[1], lines[0]) if x != y else None  # a plain value (a name, a number): its node


def _item(items: list[object], index: int) -> ast.AST | None:
    item = items[index] if index < len(items) else None
    return item if isinstance(item, ast.AST) else None


def _shown(found: _Parting, a: ast.AST, b: ast.AST) -> _Parting:
    """A node with no place in the source (an operator, a function's argument list) is shown as its parent."""
    ours = a if found.ours is not None and not _line(found.ours) else found.ours
    theirs = b if found.theirs is not None and not _line(found.theirs) else found.theirs
    return _Parting(ours, theirs, found.line, found.our_line)


def _line(node: ast.AST | None) -> int | None:
    return getattr(node, "lineno", None)


def _at(line: int | None) -> str:
    return f":{line}" if line else ""


def _quote(source: str, node: ast.AST | None) -> str:
    segment = ast.get_source_segment(source, node) if node is not None else None
    if not segment:
        return "nothing"
    first = " ".join(segment.split())
    return f"`{first[:60]}…`" if len(first) > 60 else f"`{first}`"
