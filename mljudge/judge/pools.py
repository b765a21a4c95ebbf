"""The sandbox pools the judge grades with, made with what the judge wants out of every submission's sight: its
own package and its metadata (installed, not editable, `mljudge` sits in site-packages, which the jail shows
read-only beside the libraries submissions need; it holds the bundled course and the answer keys' maths), and the
folders its caller names (a course of one's own, the record's data directory), wherever they lie. A folder that
no bind of the jail shows is invisible already; the others are masked (sandbox.rootfs)."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from mljudge.sandbox import Pool, default_pool

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


def new_pool(size: int | None = None, *, hide: Iterable[Path | str] = (), **options: Any) -> Pool:
    """A pool of its own (a server, a batch, a test session), closed by its owner. `hide`: folders to mask besides
    the judge's own (the course graded, the record's data directory)."""
    options.setdefault("allow_unconfined", os.environ.get("MLJUDGE_ALLOW_UNCONFINED") == "1")
    return Pool(size, hidden=hidden(hide), **options)


def shared_pool(hide: Iterable[Path | str] = ()) -> Pool:
    """The process-wide pool, for a single `judge run` or a `grade()` given none; closed at exit. `hide` counts
    only on the first call, which makes it."""
    return default_pool(hidden=hidden(hide))
