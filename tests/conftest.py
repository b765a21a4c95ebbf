"""Shared fixtures: one real sandbox pool for the session, and the exercises."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judge.exercise import Catalog, Exercise
from sandbox.pool import Pool


@pytest.fixture(scope="session")
def pool() -> Iterator[Pool]:
    """Real zygotes (numpy and torch), started on first use and closed at the end."""
    pool = Pool(size=2)
    yield pool
    pool.close()


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return Catalog()


@pytest.fixture(scope="session")
def gelu(catalog: Catalog) -> Exercise:
    return catalog.get("gelu")
