"""What the policy leaves out of a submission before judging it, each with a note for the learner.

Real files carry more than the graded function: a ``if __name__ == "__main__":`` block that tests it, imports left
over from a notebook, ``@torch.jit.script`` on a function that runs fine without it. None of that decides the
answer, so none of it should decide the verdict:

- ``if __name__ == "__main__":`` blocks at the top level never run here (they would not run on import either);
- compile decorators and calls (``@torch.compile``, ``torch.jit.script(f)``) are identity: the plain Python
  function is judged;
- an import nothing uses is dropped, so the module is not even loaded (``import time`` left over from timing).

Works on the parsed tree, before the static check, so what is left out is never judged.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass, field

# Decorators and functions that compile a function or module; here they hand back what they were given.
COMPILERS = frozenset({
    "torch.jit.script", "torch.jit.script_if_tracing", "torch.jit.ignore", "torch.jit.unused", "torch.jit.export",
    "torch.jit.trace", "torch.compile", "torch.compiler.disable", "torch.jit._script.script",
})


@dataclass(frozen=True)
class Note:
    """Something the policy did to the file, to tell the learner: ``code`` selects a sentence, ``params`` fill it."""

    code: str  # main_block_skipped | compile_decorator | unused_import | optional_import
    line: int
    params: dict[str, str] = field(default_factory=dict)


def prune(tree: ast.Module) -> tuple[ast.Module, list[Note]]:
    notes: list[Note] = []
    kept = []
    for statement in tree.body:
        if is_main_block(statement):
            notes.append(Note("main_block_skipped", statement.lineno))
        else:
            kept.append(statement)
    tree.body = kept
    aliases = import_aliases(tree)
    _Compilers(aliases, notes).visit(tree)
    _drop_unused_imports(tree, notes)
    ast.fix_missing_locations(tree)
    return tree, notes


def is_main_block(node: ast.stmt) -> bool:
    """``if __name__ == "__main__":`` (either way round) at the top level."""
    if not isinstance(node, ast.If) or not isinstance(node.test, ast.Compare) or len(node.test.ops) != 1:
        return False
    sides = [node.test.left, node.test.comparators[0]]
    is_name = any(isinstance(s, ast.Name) and s.id == "__name__" for s in sides)
    is_main = any(isinstance(s, ast.Constant) and s.value == "__main__" for s in sides)
    return is_name and is_main and isinstance(node.test.ops[0], ast.Eq)


def import_aliases(tree: ast.AST) -> dict[str, str]:
    """Every name an import binds -> the dotted module path or object it stands for (``np`` -> ``numpy``)."""
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    aliases[alias.asname] = alias.name
                else:
                    root = alias.name.partition(".")[0]
                    aliases[root] = root
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            for alias in node.names:
                aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return aliases


def dotted(node: ast.AST, aliases: dict[str, str]) -> str | None:
    """`F.gelu` -> "torch.nn.functional.gelu" when F stands for torch.nn.functional; None if not a plain chain."""
    if isinstance(node, ast.Name):
        return aliases.get(node.id)
    if isinstance(node, ast.Attribute):
        base = dotted(node.value, aliases)
        return f"{base}.{node.attr}" if base else None
    return None


class _Compilers(ast.NodeTransformer):
    def __init__(self, aliases: dict[str, str], notes: list[Note]) -> None:
        self.aliases, self.notes = aliases, notes

    def _compiler(self, node: ast.AST) -> str | None:
        target = node.func if isinstance(node, ast.Call) else node
        name = dotted(target, self.aliases)
        return name if name in COMPILERS else None

    def _strip(self, node: ast.FunctionDef | ast.ClassDef) -> ast.AST:
        kept = []
        for decorator in node.decorator_list:
            name = self._compiler(decorator)
            if name:
                self.notes.append(Note("compile_decorator", decorator.lineno, {"name": name}))
            else:
                kept.append(decorator)
        node.decorator_list = kept
        self.generic_visit(node)
        return node

    visit_FunctionDef = _strip
    visit_ClassDef = _strip

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        name = self._compiler(node)
        if name and node.args and not isinstance(node.args[0], ast.Starred):
            self.notes.append(Note("compile_decorator", node.lineno, {"name": name}))
            return node.args[0]  # torch.compile(model) -> model
        return node


def _drop_unused_imports(tree: ast.Module, notes: list[Note]) -> None:
    used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Store)}

    class Dropper(ast.NodeTransformer):
        def _keep(self, node: ast.Import | ast.ImportFrom, module: str) -> ast.AST:
            kept = [alias for alias in node.names if _bound(alias, node) in used]
            for alias in node.names:
                if alias not in kept:
                    name = alias.name if isinstance(node, ast.Import) else f"{module}.{alias.name}"
                    notes.append(Note("unused_import", node.lineno, {"module": name}))
            if not kept:
                return ast.copy_location(ast.Pass(), node)
            node.names = kept
            return node

        def visit_Import(self, node: ast.Import) -> ast.AST:
            return self._keep(node, "")

        def visit_ImportFrom(self, node: ast.ImportFrom) -> ast.AST:
            if node.module == "__future__" or any(alias.name == "*" for alias in node.names):
                return node  # compiler directives; a star import is refused by the policy with its own sentence
            return self._keep(node, "." * node.level + (node.module or ""))

    Dropper().visit(tree)


def _bound(alias: ast.alias, node: ast.Import | ast.ImportFrom) -> str:
    if alias.asname:
        return alias.asname
    return alias.name.partition(".")[0] if isinstance(node, ast.Import) else alias.name


def bound_names(tree: ast.AST) -> set[str]:
    """Every name the file binds anywhere (parameters, assignments, loops, defs, imports, handlers): a parameter
    called `input` is the learner's variable, not the builtin."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            names.add(node.id)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names.update(_bound(alias, node) for alias in node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
        elif isinstance(node, ast.Global | ast.Nonlocal):
            names.update(node.names)
    return names


def guarded_imports(tree: ast.AST) -> set[int]:
    """Line numbers of imports inside a ``try`` whose handlers catch ImportError (``try: import cupy as xp`` /
    ``except ImportError: xp = np``): refused at run time as Python would, by an ImportError, not by the policy."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(_catches_import_error(h) for h in node.handlers):
            for statement in node.body:
                lines.update(n.lineno for n in ast.walk(statement) if isinstance(n, ast.Import | ast.ImportFrom))
    return lines


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    caught: Iterable[ast.AST] = (
        handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type] if handler.type else [])
    names = {node.id for node in caught if isinstance(node, ast.Name)}
    return handler.type is None or bool(names & {"ImportError", "ModuleNotFoundError", "Exception",
                                                 "BaseException"})
