"""The sandbox pools the judge grades with, made with what the judge wants out of every submission's sight — its
own package and its metadata (installed, not editable, `mljudge` sits in site-packages, which the jail shows
read-only beside the libraries submissions need; it holds the bundled course and the answer keys' maths), and the
folders its caller names (a course of one's own, the record's data directory), wherever they lie — and with what
their children allow at all: every word of the course (judge.vocabulary). A folder that no bind of the jail shows
is invisible already; the others are masked (sandbox.rootfs)."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import threading
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from mljudge.judge import course
from mljudge.judge.loader import course_words
from mljudge.sandbox import TRACKS, Allowed, Pool

Vocabularies = Mapping[str, Allowed]  # per track

OWN_PACKAGES = ("mljudge",)


@cache
def _own() -> tuple[str, ...]:
    """Where the judge's own packages and their installed metadata live, found without importing them."""
    found: set[str] = set()
    for name in OWN_PACKAGES:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.submodule_search_locations:
            found.update(os.path.realpath(p) for p in spec.submodule_search_locations)
        try:
            files = importlib.metadata.distribution(name).files or []
        except importlib.metadata.PackageNotFoundError:
            continue
        # The .dist-info folder: RECORD lists every file of the package, METADATA carries the README.
        found.update(os.path.realpath(Path(str(f.locate())).parent) for f in files
                     if f.parts and f.parts[0].endswith(".dist-info") and len(f.parts) == 2)
    return tuple(sorted(found))


def hidden(also: Iterable[Path | str] = ()) -> tuple[str, ...]:
    """The folders every jail masks: the judge's own, and `also` (those that exist)."""
    extra = {os.path.realpath(p) for p in also if os.path.isdir(p)}
    return tuple(sorted({*_own(), *extra}))


def course_vocabulary(root: Path | None = None) -> dict[str, Allowed]:
    """Per track, every name, module and op that a word of the course in `root` (the bundled one by default)
    stands for: what a pool grading that course must allow its children."""
    words = course_words(root or course.bundled_root())
    return {name: words.union(track).allowed() for name, track in TRACKS.items()}


def new_pool(size: int | None = None, *, hide: Iterable[Path | str] = (), vocabulary: Vocabularies | None = None,
             **options: Any) -> Pool:
    """A pool of its own (a server, a batch, a test session), closed by its owner. `hide`: folders to mask besides
    the judge's own (the course graded, the record's data directory); `vocabulary`: its course's
    (course_vocabulary), the bundled course's by default."""
    options.setdefault("allow_unconfined", os.environ.get("MLJUDGE_ALLOW_UNCONFINED") == "1")
    return Pool(size, hidden=hidden(hide), vocabulary=vocabulary or course_vocabulary(), **options)


def course_pool(root: Path, size: int | None = None, *, hide: Iterable[Path | str] = (), **options: Any) -> Pool:
    """A pool of its own for grading the course at `root` (`judge serve`, a worker, `judge check`, `judge grade`):
    its jails hide that course, and its children allow that course's words. Raises ExerciseError for a course
    whose vocabulary.toml is broken."""
    return new_pool(size, hide=(root, *hide), vocabulary=course_vocabulary(root), **options)


_shared: dict[str, Pool] = {}
_shared_lock = threading.Lock()


def shared_pool(vocabulary: Vocabularies | None = None, *, hide: Iterable[Path | str] = ()) -> Pool:
    """A process-wide pool for this vocabulary (the bundled course's by default), for a single `judge run` or a
    `grade()` given none; closed at exit. `hide` counts only on the call that makes it."""
    import atexit

    chosen = dict(vocabulary or course_vocabulary())
    key = repr(sorted((track, allowed.to_json()) for track, allowed in chosen.items()))
    with _shared_lock:
        pool = _shared.get(key)
        if pool is None:
            pool = _shared[key] = Pool(allow_unconfined=os.environ.get("MLJUDGE_ALLOW_UNCONFINED") == "1",
                                       hidden=hidden(hide), vocabulary=chosen)
            atexit.register(pool.close)
        return pool
