"""The sandbox pools the judge grades with, made with what the judge wants out of every submission's sight — its
own package — and with what its children allow at all: every word of the course (judge.vocabulary). Installed
(not editable), `mljudge` sits in site-packages, which the jail shows read-only beside the libraries submissions
need; it holds the bundled course and the answer keys' maths (`mljudge/reference/`)."""

from __future__ import annotations

import importlib.util
import os
import threading
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from mljudge.judge.loader import BUNDLED, course_words
from mljudge.sandbox import TRACKS, Allowed, Pool

OWN_PACKAGES = ("mljudge",)
Vocabularies = Mapping[str, Allowed]  # per track


@cache
def hidden() -> tuple[str, ...]:
    """Where the judge's own packages live, found without importing them."""
    found: list[str] = []
    for name in OWN_PACKAGES:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.submodule_search_locations:
            found.extend(spec.submodule_search_locations)
    return tuple(sorted(found))


def course_vocabulary(root: Path | None = None) -> dict[str, Allowed]:
    """Per track, every name, module and op that a word of the course in `root` (the bundled one by default)
    stands for: what a pool grading that course must allow its children."""
    words = course_words(root or BUNDLED)
    return {name: words.union(track).allowed() for name, track in TRACKS.items()}


def new_pool(size: int | None = None, *, vocabulary: Vocabularies | None = None, **options: Any) -> Pool:
    """A pool of its own (a server, a batch, a test session), closed by its owner. `vocabulary`: its course's
    (course_vocabulary); the bundled course's by default."""
    options.setdefault("allow_unconfined", os.environ.get("MLJUDGE_ALLOW_UNCONFINED") == "1")
    return Pool(size, hidden=hidden(), vocabulary=vocabulary or course_vocabulary(), **options)


_shared: dict[str, Pool] = {}
_shared_lock = threading.Lock()


def shared_pool(vocabulary: Vocabularies | None = None) -> Pool:
    """A process-wide pool for this vocabulary, for a single `judge run` or a `grade()` given none; closed at
    exit."""
    import atexit

    chosen = dict(vocabulary or course_vocabulary())
    key = repr(sorted((track, allowed.to_json()) for track, allowed in chosen.items()))
    with _shared_lock:
        pool = _shared.get(key)
        if pool is None:
            pool = _shared[key] = Pool(allow_unconfined=os.environ.get("MLJUDGE_ALLOW_UNCONFINED") == "1",
                                       hidden=hidden(), vocabulary=chosen)
            atexit.register(pool.close)
        return pool
