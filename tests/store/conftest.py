"""A fresh, migrated store per test, on SQLite and on a real PostgreSQL cluster (one per session)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from mljudge.store import Store
from tests.services import Postgres

_names = itertools.count()


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    cluster = Postgres.start()
    yield cluster
    cluster.stop()


# PostgreSQL starts a cluster (seconds, once a session): slow, as tests/conftest.py marks tests of real services.
@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database: a SQLite file, or a database of its own in the session's PostgreSQL cluster."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'var' / 'mljudge.sqlite3'}"
    cluster: Postgres = request.getfixturevalue("postgres")
    return cluster.create_database(f"test_{next(_names)}")


@pytest.fixture
def store(database_url: str) -> Iterator[Store]:
    opened = Store.open(database_url)
    opened.upgrade()
    yield opened
    opened.close()
