"""The sandbox's front door holds: code outside mljudge/sandbox (the judge, the web, the store, the dispatch, the
front end's tools, an exercise's own Python) imports `mljudge.sandbox` and nothing below it, so the sandbox's insides
stay free to change and every caller sees the same few names (mljudge/sandbox/__init__.py). Tests may reach
inside: they test the insides."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "mljudge"
LEARNER_CODE = ("/submissions/", "/solutions/", "/starters/", "/templates/", "/node_modules/")


def imports_inside(tree: ast.Module) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
        found += [(node.lineno, name) for name in names if name.startswith("mljudge.sandbox.")]
    return found


def test_only_the_sandbox_imports_its_own_modules() -> None:
    breaches = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith("sandbox/") or any(part in f"/{rel}" for part in LEARNER_CODE):
            continue
        breaches += [f"mljudge/{rel}:{line}: {name}" for line, name in imports_inside(ast.parse(path.read_text()))]
    assert not breaches, "around the front door (import from mljudge.sandbox instead):\n" + "\n".join(breaches)


def test_the_walk_sees_both_kinds_of_import() -> None:
    tree = ast.parse("import mljudge.sandbox.wire\nfrom mljudge.sandbox.tracks import TRACKS\n"
                     "from mljudge.sandbox import Array\ndef f():\n    from mljudge.sandbox.probe import probe\n")
    assert [name for _, name in imports_inside(tree)] == ["mljudge.sandbox.wire", "mljudge.sandbox.tracks",
                                                          "mljudge.sandbox.probe"]
