"""The code sent for a function: the statements of the cell (or module) that defined it which it needs — its own
`def`, the helpers, constants and imports it uses there — and, for what that cell takes from elsewhere, an import
of the module or library object it names, the statement of the notebook's other cell that bound it, or its value
written out when it is a plain literal. Nothing else of the notebook is sent: not the cells that test, plot or
print, not the data the learner loaded.

Where the function was defined is what Python recorded: its code object's file, which linecache holds for a
module and for every cell IPython ran (a notebook's cells are in IPython's history, in the order they ran). What a
statement needs and binds is read with `symtable`, Python's own scope analysis, so a local variable of the
function is never mistaken for a global the notebook must send.

When no source can be found (a builtin, a lambda passed inline, a function typed at a bare prompt), SourceNotFound
says why and what to do instead; names found nowhere are listed in `Sent.missing` (the judge's NameError then
names them too).
"""

from __future__ import annotations

import ast
import builtins
import inspect
import linecache
import symtable
import sys
import types
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mljudge.client.errors import SourceNotFound

MAX_LITERAL = 10_000  # a constant written out as its value, up to this many characters
_LITERALS = (int, float, complex, str, bytes, bool, type(None), tuple, list, dict, set, frozenset)
_MISSING = object()


@dataclass(frozen=True)
class Sent:
    """What goes to the judge for one check: `code`, exactly; `parts`, what it is made of, for people; `missing`,
    names the code uses that were found nowhere (sent without them)."""

    code: str
    origin: str
    parts: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()


def from_text(code: str, origin: str = "the code given") -> Sent:
    return Sent(code=code, origin=origin, parts=(origin,))


# --- statements and the units they come from ----------------------------------------------------------------------


@dataclass
class _Statement:
    unit: _Unit
    start: int  # 1-based, its first decorator included
    end: int
    binds: frozenset[str]
    needs: frozenset[str]
    future: bool = False
    imports: dict[str, str] = field(default_factory=dict)  # an import statement: each name it binds, alone


@dataclass
class _Unit:
    """A cell or a module: its lines and its top-level statements. `order`: when it ran (a cell's number)."""

    label: str
    order: int
    lines: list[str]
    statements: list[_Statement] = field(default_factory=list)

    @classmethod
    def parse(cls, label: str, order: int, text: str) -> _Unit | None:
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError):
            return None
        unit = cls(label, order, text.splitlines())
        for node in tree.body:
            start = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
            binds, needs = _names(node)
            future = isinstance(node, ast.ImportFrom) and node.module == "__future__"
            unit.statements.append(_Statement(unit, start, node.end_lineno or node.lineno, binds, needs, future,
                                              {} if future else _aliases(node)))
        return unit

    def binding(self, name: str) -> _Statement | None:
        """The last top-level statement that binds `name` (what it is once the cell or module has run)."""
        return next((s for s in reversed(self.statements) if name in s.binds), None)

    def at(self, line: int) -> _Statement | None:
        return next((s for s in self.statements if s.start <= line <= s.end), None)

    def text(self, start: int, end: int) -> str:
        return "\n".join(self.lines[start - 1:end])


def _aliases(node: ast.stmt) -> dict[str, str]:
    """For an import statement, each name it binds with the import of that name alone (`import numpy as np,
    time` sends only what is used of it)."""
    if isinstance(node, ast.Import):
        return {(a.asname or a.name.partition(".")[0]): ast.unparse(ast.Import([a])) for a in node.names}
    if isinstance(node, ast.ImportFrom) and not any(a.name == "*" for a in node.names):
        return {(a.asname or a.name): ast.unparse(ast.ImportFrom(node.module, [a], node.level)) for a in node.names}
    return {}


def _names(node: ast.stmt) -> tuple[frozenset[str], frozenset[str]]:
    """(the names a top-level statement binds, the global names it needs), by Python's own scope analysis."""
    try:
        table = symtable.symtable(ast.unparse(node), "<cell>", "exec")
    except (SyntaxError, ValueError, RecursionError):  # `await` at the top of a cell, …: every name, roughly
        loads = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
        stored = {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        return frozenset(stored), frozenset(loads - stored)
    binds = {s.get_name() for s in table.get_symbols() if s.is_assigned() or s.is_imported()}
    needs = {s.get_name() for s in table.get_symbols() if s.is_referenced()}
    stack = list(table.get_children())
    while stack:
        scope = stack.pop()
        needs |= {s.get_name() for s in scope.get_symbols() if s.is_global() and s.is_referenced()}
        stack.extend(scope.get_children())
    needs -= binds
    if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
        needs.add(node.target.id)  # x += 1 reads the x bound before
    return frozenset(binds), frozenset(needs)


# --- where a function came from ------------------------------------------------------------------------------------


def _shell() -> Any:
    ipython = sys.modules.get("IPython")
    return ipython.get_ipython() if ipython is not None else None


def _history(namespace: Mapping[str, Any]) -> list[str]:
    """The notebook's cells in the order they ran (index: the cell's number), when `namespace` is the
    notebook's own; [] in a script."""
    shell = _shell()
    if shell is None or getattr(shell, "user_ns", None) is not namespace:
        return []
    cells = getattr(getattr(shell, "history_manager", None), "input_hist_parsed", None)
    return [str(c) for c in cells] if isinstance(cells, list) else []


def _describe(obj: Any) -> str:
    name = getattr(obj, "__qualname__", None) or getattr(obj, "__name__", None) or type(obj).__name__
    module = getattr(obj, "__module__", None) or getattr(type(obj), "__module__", "")
    return f"{module}.{name}" if module and module not in ("builtins", "__main__") else str(name)


def from_function(obj: Any, name: str, namespace: Mapping[str, Any]) -> Sent:
    """The code to send for `obj`, graded as the function `name`. `namespace`: the caller's globals, where a
    callable that is not a plain function (a vectorized one, a module instance) is found by the name it has."""
    function = inspect.unwrap(obj) if callable(obj) else obj
    code = getattr(function, "__code__", None)
    if not isinstance(code, types.CodeType):
        holder = [k for k, v in namespace.items() if v is obj and not k.startswith("_")]
        if not holder:
            raise SourceNotFound(_no_source(obj, name))
        return _Collector(namespace, name, _history(namespace), None).collect_names(holder, obj)
    glob = getattr(function, "__globals__", namespace)
    lines = linecache.getlines(code.co_filename)
    if not lines:
        raise SourceNotFound(
            f"the source of {_describe(function)} cannot be found (it was defined in {code.co_filename}, which "
            f"Python kept no text of: a bare interactive prompt, or exec): nothing was sent. Define {name} in a "
            f"notebook cell or a .py file, or pass the code itself: mljudge.check(slug, '''def {name}(…): …''')")
    history = _history(glob)
    text = "".join(lines)
    number = next((i for i in range(len(history) - 1, 0, -1) if history[i].rstrip() == text.rstrip()), None)
    label = f"cell [{number}]" if number is not None else (
        "this cell" if code.co_filename.startswith("<") or "ipykernel" in code.co_filename else code.co_filename)
    unit = _Unit.parse(label, number if number is not None else len(history), text)
    collector = _Collector(glob, name, history, number)
    statement = unit.at(code.co_firstlineno) if unit is not None else None
    holders = [k for k in statement.binds if glob.get(k, _MISSING) is obj] if statement is not None else []
    if statement is None or not holders:
        holder = [k for k, v in glob.items() if v is obj and not k.startswith("_")]
        if holder:  # made by a call (a closure, a factory) or bound under another name: found by that name
            return collector.collect_names(holder, obj, first=unit)
        raise SourceNotFound(_inline(function, name, code))
    return collector.collect(statement, holders)


def _inline(function: Any, name: str, code: types.CodeType) -> str:
    what = "a lambda" if function.__name__ == "<lambda>" else f"{function.__qualname__}"
    where = " inside another function" if "<locals>" in getattr(function, "__qualname__", "") else ""
    return (f"{what}{where} on line {code.co_firstlineno} is not bound to a name at the top level of its cell or "
            f"module, so there is no statement to send: nothing was sent. Define it as `def {name}(…):` at the top "
            "of a cell (or assign it there: "
            f"`{name} = lambda …`), then mljudge.check(slug, {name})")


def _no_source(obj: Any, name: str) -> str:
    if inspect.isbuiltin(obj) or type(obj).__name__ in ("ufunc", "builtin_function_or_method"):
        return (f"{_describe(obj)} is a library's built-in function, not code of yours: there is no Python source "
                f"to send, and nothing was sent. Write `def {name}(…):` in a cell and check that")
    return (f"{_describe(obj)} (a {type(obj).__name__}) is not a function whose source can be found, and no name of "
            f"this notebook or module holds it: nothing was sent. Pass the function you wrote (`def {name}(…):`)")


class _Collector:
    """Gathers the statements a function needs, from its own unit first, then imports, other cells, literals."""

    def __init__(self, namespace: Mapping[str, Any], name: str, history: list[str], own: int | None) -> None:
        self.namespace = namespace
        self.name = name
        self.history = history
        self.own = own
        self.units: dict[int, _Unit | None] = {}
        self.chosen: list[_Statement] = []
        self.imports: dict[str, str] = {}
        self.import_at: dict[str, tuple[int, int]] = {}  # where an import was written (others come first)
        self.written: dict[str, str] = {}
        self.missing: list[str] = []
        self.done: set[str] = set()
        self.pending: list[tuple[_Unit, str]] = []

    def collect(self, root: _Statement, holders: list[str]) -> Sent:
        self._take(root)
        self._resolve()
        graded = self.name if self.name in holders else sorted(holders)[0]
        return self._sent(alias=None if graded == self.name else graded, root=root)

    def collect_names(self, holders: list[str], obj: Any, first: _Unit | None = None) -> Sent:
        holder = self.name if self.name in holders else sorted(holders)[0]
        statement = (first.binding(holder) if first is not None else None) or self._in_other_cells(holder)
        if statement is None:
            raise SourceNotFound(
                f"{holder} holds {_describe(obj)}, but no statement of this notebook or module that bound it can be "
                f"found: nothing was sent. Define {self.name} with `def {self.name}(…):` in a cell")
        return self.collect(statement, [holder])

    def _take(self, statement: _Statement) -> None:
        if any(s is statement for s in self.chosen):
            return
        self.chosen.append(statement)
        self.done |= statement.binds
        self.pending += [(statement.unit, n) for n in sorted(statement.needs)]

    def _resolve(self) -> None:
        while self.pending:
            unit, name = self.pending.pop(0)
            if name in self.done:
                continue
            self.done.add(name)
            statement = unit.binding(name)
            if statement is not None and name in statement.imports:
                self.imports[name] = statement.imports[name]
                self.import_at[name] = (statement.unit.order, statement.start)
                continue
            if statement is not None:
                self._take(statement)
                continue
            value = self.namespace.get(name, _MISSING)
            if value is _MISSING:
                if not hasattr(builtins, name):
                    self.missing.append(name)
                continue
            line = _import_line(name, value, self.namespace.get("__name__"))
            if line is not None:
                self.imports[name] = line
                continue
            statement = self._in_other_cells(name)
            if statement is not None and name in statement.imports:
                self.imports[name] = statement.imports[name]
                self.import_at[name] = (statement.unit.order, statement.start)
                continue
            if statement is not None:
                self._take(statement)
                continue
            literal = _literal(value)
            if literal is not None:
                self.written[name] = f"{name} = {literal}"
                continue
            self.missing.append(f"{name} ({type(value).__name__})")

    def _in_other_cells(self, name: str) -> _Statement | None:
        """The statement of the latest other cell that bound `name`."""
        for number in range(len(self.history) - 1, 0, -1):
            if number == self.own:
                continue
            if number not in self.units:
                self.units[number] = _Unit.parse(f"cell [{number}]", number, self.history[number])
            unit = self.units[number]
            statement = unit.binding(name) if unit is not None else None
            if statement is not None:
                return statement
        return None

    def _sent(self, alias: str | None, root: _Statement) -> Sent:
        ordered = sorted(self.chosen, key=lambda s: (not s.future, s.unit.order, s.start))
        chunks: list[str] = []
        future = [s for s in ordered if s.future]
        chunks += [s.unit.text(s.start, s.end) for s in future]
        if self.imports:
            written = sorted(self.imports, key=lambda n: self.import_at.get(n, (-1, 0)))
            chunks.append("\n".join(dict.fromkeys(self.imports[n] for n in written)))
        if self.written:
            chunks.append("\n".join(self.written.values()))
        last: tuple[int, int] | None = None
        for statement in (s for s in ordered if not s.future):
            if last is not None and last[0] == id(statement.unit) and statement.start <= last[1]:
                continue  # on a line already sent (`a = 1; b = 2`)
            chunks.append(statement.unit.text(statement.start, statement.end))
            last = (id(statement.unit), statement.end)
        if alias is not None:
            chunks.append(f"{self.name} = {alias}  # the function checked, under the name the exercise grades")
        parts = []
        for statement in ordered:
            names = ", ".join(sorted(statement.binds)) or "a statement"
            parts.append(f"{names} ({statement.unit.label}, line {statement.start})")
        parts += list(self.imports.values()) + list(self.written.values())
        code = "\n\n".join(c.strip("\n") for c in chunks if c.strip()) + "\n"
        return Sent(code=code, origin=root.unit.label, parts=tuple(parts), missing=tuple(self.missing))


def _import_line(name: str, value: Any, own_module: Any) -> str | None:
    """`import numpy as np` for a module, `from math import erf` for a library's object, when `value` is exactly
    what that import gives (read from sys.modules: nothing new is imported here). None otherwise."""
    if isinstance(value, types.ModuleType):
        called = value.__name__
        if called in ("__main__", own_module) or sys.modules.get(called) is not value:
            return None
        return f"import {called}" if name == called else f"import {called} as {name}"
    module = getattr(value, "__module__", None)
    attribute = getattr(value, "__name__", None)
    if not (isinstance(module, str) and isinstance(attribute, str)) or module in ("__main__", own_module, "builtins"):
        return None
    loaded = sys.modules.get(module)
    try:
        same = loaded is not None and attribute.isidentifier() and getattr(loaded, attribute, None) is value
    except Exception:  # a module whose attributes raise on access: not one to name
        same = False
    if not same:
        return None
    return f"from {module} import {attribute}" + (f" as {name}" if name != attribute else "")


def _literal(value: Any) -> str | None:
    """`value` written as Python, when it is a plain literal that reads back equal."""
    if not isinstance(value, _LITERALS):
        return None
    try:
        text = repr(value)
        if len(text) > MAX_LITERAL:
            return None
        same = bool(ast.literal_eval(text) == value)
    except (ValueError, SyntaxError, TypeError, RecursionError, MemoryError):
        return None
    return text if same else None
