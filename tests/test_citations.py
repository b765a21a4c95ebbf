"""Every file of this checkout that the package's code and the docs cite by path exists: a comment that points at a
file which has gone (twelve panel headers citing exercises/<slug>/PANEL.md once did) sends a reader nowhere.

A cited path is one into the package's folders (exercises/, judge/, sandbox/, web/, store/, dispatch/, with or
without mljudge/ in front) or the checkout's (docs/, tests/, bench/), ending in a file name; one with a placeholder
(<slug>, *, {name}) is a pattern, not a file. reference/ is left out, and so are the docs' code blocks: they also
name the files of a teacher's own course (its reference/layer_norm.py, the tests/ that `judge new` writes there).
"""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "mljudge"
CITED = re.compile(r"(?<![\w/.<>*{-])((?:mljudge/)?(?:exercises|judge|sandbox|web|store|dispatch)/[\w./-]*\w"
                   r"\.(?:md|toml|py|js|json|html|css)|(?:docs|tests|bench)/[\w./-]*\w\.(?:md|py|toml|json))(?![\w<*{])")
SKIPPED = ("web/static/vendor", "web/frontend/node_modules", "/submissions/")


def citing_files() -> list[Path]:
    code = [p for p in PACKAGE.rglob("*") if p.suffix in (".py", ".js", ".html", ".css", ".toml")
            and not any(part in p.as_posix() for part in SKIPPED)]
    return sorted([*code, *(REPO / "docs").glob("*.md"), REPO / "README.md"])


def missing() -> list[str]:
    found = []
    for file in citing_files():
        text = file.read_text(encoding="utf-8")
        if file.suffix == ".md":  # a code block's lines blanked, so that line numbers stay right
            text = re.sub(r"^```.*?^```", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.M | re.S)
        for match in CITED.finditer(text):
            cited = match.group(1)
            if not ((REPO / cited).exists() or (PACKAGE / cited).exists()):
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{file.relative_to(REPO)}:{line}: {cited}")
    return found


def test_every_cited_file_exists() -> None:
    gone = missing()
    assert not gone, "cited, but not in the checkout:\n" + "\n".join(gone)


def test_the_scan_finds_citations() -> None:
    text = "see exercises/rnn/lesson.toml, docs/authoring.md and exercises/<slug>/lesson.toml (a pattern)"
    assert [m.group(1) for m in CITED.finditer(text)] == ["exercises/rnn/lesson.toml", "docs/authoring.md"]
    assert len(citing_files()) > 100
