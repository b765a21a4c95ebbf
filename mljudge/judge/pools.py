"""The sandbox pools the judge grades with, made with what the judge wants out of every submission's sight: its
own package. Installed (not editable), `mljudge` sits in site-packages, which the jail shows read-only beside the
libraries submissions need; it holds the bundled course and the answer keys' maths (`mljudge/reference/`)."""

from __future__ import annotations

import importlib.util
import os
from functools import cache
from typing import Any

from mljudge.sandbox import Pool, default_pool

OWN_PACKAGES = ("mljudge",)


@cache
def hidden() -> tuple[str, ...]:
    """Where the judge's own packages live, found without importing them."""
    found: list[str] = []
    for name in OWN_PACKAGES:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.submodule_search_locations:
            found.extend(spec.submodule_search_locations)
    return tuple(sorted(found))


def new_pool(size: int | None = None, **options: Any) -> Pool:
    """A pool of its own (a server, a batch, a test session), closed by its owner."""
    options.setdefault("allow_unconfined", os.environ.get("MLJUDGE_ALLOW_UNCONFINED") == "1")
    return Pool(size, hidden=hidden(), **options)


def shared_pool() -> Pool:
    """The process-wide pool, for a single `judge run` or a `grade()` given none; closed at exit."""
    return default_pool(hidden=hidden())
