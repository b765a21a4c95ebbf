"""Fixtures shared by every test package: one warm sandbox pool per session, and the GELU exercise."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judge.catalog import Catalog
from judge.exercise import Exercise
from judge.pools import new_pool
from sandbox.pool import Pool


@pytest.fixture(scope="session")
def pool() -> Iterator[Pool]:
    """Two zygotes per flavour, started on first use and closed when the session ends."""
    sandbox_pool = new_pool(2)
    try:
        yield sandbox_pool
    finally:
        sandbox_pool.close()


@pytest.fixture(scope="session")
def gelu() -> Exercise:
    return Catalog().get("gelu")
