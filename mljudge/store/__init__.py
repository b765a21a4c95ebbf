"""The record of graded submissions: who submitted what, and what the judge said.

    Store.open(url)            an engine over SQLite (the default, a file under JUDGE_DATA_DIR) or PostgreSQL
    store.upgrade()            the schema brought to the newest revision (Alembic, store/migrations/)
    store.add(Record)          one row per submission, written once, keyed by its id
    store.get(id, learner)     a submission, only for the learner who made it
    store.history / progress / export / stats / prune   what the pages and the teachers' commands read

Only the web process (and the teachers' commands) touch the database: workers grade and hand back reports, so
a SQLite file on the web machine still works with workers on other machines.
"""

from __future__ import annotations

from mljudge.store.records import ExerciseStats, Record, Summary, new_id
from mljudge.store.repository import Store, StoreError, default_url

__all__ = ["ExerciseStats", "Record", "Store", "StoreError", "Summary", "default_url", "new_id"]
