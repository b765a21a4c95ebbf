"""One name, one thing: no two public classes, top-level functions or type aliases of mljudge's code share a name
(two `Track`s, two `Text`s, three `say`s once did), so a reader who meets a name knows which thing it is.

What is left out, and why: the bundled course's Python (mljudge/exercises: each exercise's mistakes.py is its own
namespace, loaded by path) and trusted maths (mljudge/reference: one module per topic, whose `panel` is each
lesson's named data function); the migrations, whose `upgrade` and `downgrade` Alembic calls by name; and the names
a protocol fixes, each the same thing wherever it is: a program's `main` (in a module that runs as one) and Flask's
`init_app(app)`.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "mljudge"
LEFT_OUT = ("exercises", "reference", "store/migrations", "judge/authoring/templates", "web/frontend")
PROTOCOL_NAMES = {
    "main": "a program's entry point",
    "init_app": "Flask's hook by which a module registers itself on the app",
}


def modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py")
                  if not p.relative_to(PACKAGE).as_posix().startswith(LEFT_OUT))


def defined(tree: ast.Module) -> list[tuple[str, int]]:
    """The public names a module defines at its top level: classes, functions, and `X: TypeAlias = ...`."""
    found = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            found.append((node.name, node.lineno))
        elif (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
              and ast.unparse(node.annotation).endswith("TypeAlias")):
            found.append((node.target.id, node.lineno))
    return [(name, line) for name, line in found if not name.startswith("_")]


def runs_as_a_program(tree: ast.Module) -> bool:
    return any(isinstance(node, ast.If) and ast.unparse(node.test) in ("__name__ == '__main__'",
                                                                       '__name__ == "__main__"')
               for node in tree.body)


def collisions() -> dict[str, list[str]]:
    where: dict[str, list[str]] = defaultdict(list)
    for path in modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        rel = path.relative_to(PACKAGE).as_posix()
        for name, line in defined(tree):
            if name in PROTOCOL_NAMES and (name != "main" or runs_as_a_program(tree)):
                continue
            where[name].append(f"{rel}:{line}")
    return {name: places for name, places in where.items() if len(places) > 1}


def test_no_two_public_names_are_the_same() -> None:
    found = collisions()
    assert not found, "one name for two things (rename one to say what it is):\n" + "\n".join(
        f"  {name}: {', '.join(places)}" for name, places in sorted(found.items()))


def test_the_walk_sees_every_kind_of_name() -> None:
    """Classes, functions and type aliases are seen, private names are not, and a `main` outside a program counts."""
    tree = ast.parse("from typing import TypeAlias\nclass A: ...\ndef b(): ...\nC: TypeAlias = int\n_d = 1\n"
                     "def main(): ...\n")
    assert [name for name, _ in defined(tree)] == ["A", "b", "C", "main"]
    assert not runs_as_a_program(tree)
    assert runs_as_a_program(ast.parse('def main(): ...\nif __name__ == "__main__":\n    main()\n'))


def test_what_is_left_out_exists() -> None:
    """Every folder left out is there: a rename of one would otherwise quietly widen or narrow the check."""
    for folder in LEFT_OUT:
        assert (PACKAGE / folder).is_dir(), folder
