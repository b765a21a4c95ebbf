"""Which libraries the graded function really uses: the roots of the imports it reaches, through the module-level
functions, classes and constants it refers to. A file that imports torch only to test a NumPy function under
``__main__``, or out of habit, is still a NumPy solution.
"""

from __future__ import annotations

import ast
from collections import deque

from mljudge.sandbox.prune import import_aliases


def used_roots(tree: ast.Module, function: str) -> set[str] | None:
    """The top-level modules (``numpy``, ``torch``, ``math``…) that `function` reaches; None when the file defines
    no such function at its top level (then nothing can be said from its uses)."""
    definitions: dict[str, list[ast.AST]] = {}
    for statement in tree.body:
        for name in _defined(statement):
            definitions.setdefault(name, []).append(statement)
    if function not in definitions:
        return None
    aliases = import_aliases(tree)
    roots: set[str] = set()
    seen: set[str] = set()
    todo = deque([function])
    while todo:
        name = todo.popleft()
        if name in seen:
            continue
        seen.add(name)
        if name in aliases:
            roots.add(aliases[name].partition(".")[0])
        for node in definitions.get(name, []):
            todo.extend(n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load))
    return roots


def idle_functions(tree: ast.Module, function: str) -> dict[str, tuple[int, int]]:
    """The top-level functions that never run when the judge calls `function`: neither it, nor any code that runs
    at load time (everything but function bodies: assignments, class bodies, decorators, defaults), names them,
    directly or through what it names. name -> (first line, last line)."""
    functions = {s.name: s for s in tree.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)}
    if function not in functions:
        return {}
    definitions: dict[str, list[ast.AST]] = {}
    for statement in tree.body:
        for name in _defined(statement):
            definitions.setdefault(name, []).append(statement)
    loaded_at_load: list[str] = []
    for statement in tree.body:
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
            parts: list[ast.AST] = [*statement.decorator_list, *statement.args.defaults,
                                    *(d for d in statement.args.kw_defaults if d is not None)]
        else:
            parts = [statement]
        loaded_at_load.extend(n.id for part in parts for n in ast.walk(part) if isinstance(n, ast.Name))
    seen: set[str] = set()
    todo = deque([function, *loaded_at_load])
    while todo:
        name = todo.popleft()
        if name in seen:
            continue
        seen.add(name)
        for node in definitions.get(name, []):
            todo.extend(n.id for n in ast.walk(node) if isinstance(n, ast.Name))
    return {name: (node.lineno, node.end_lineno or node.lineno) for name, node in functions.items()
            if name not in seen}


def _defined(statement: ast.stmt) -> list[str]:
    if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [statement.name]
    targets: list[ast.AST] = []
    if isinstance(statement, ast.Assign):
        targets = list(statement.targets)
    elif isinstance(statement, ast.AnnAssign | ast.AugAssign):
        targets = [statement.target]
    return [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]
