"""`judged()`: grade() and say the report in one language, for tests that read what the learner is told; and
`graded_ahead()`: a sweep's reports graded two at a time, for the parametrised tests that each read one."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, Generic, TypeVar

import pytest

from mljudge.judge.exercise import Exercise
from mljudge.judge.grade import grade
from mljudge.judge.localise import Localised, localise

T = TypeVar("T")


def judged(exercise: Exercise, source: str | bytes, track: str | None = None, *, lang: str = "en",
           **kwargs: Any) -> Localised:
    return localise(grade(exercise, source, track, **kwargs), lang)


class Ahead(Generic[T]):
    """Results being computed in the background, in the order the tests will ask for them."""

    def __init__(self, futures: dict[Hashable, Future[T]], run: Callable[[Any, str], T]) -> None:
        self._futures, self._run = futures, run

    def get(self, key: Hashable) -> T:
        """The result for `key` (its exception re-raised); computed now if the sweep did not select it."""
        future = self._futures.get(key)
        return self._run(key, "") if future is None else future.result()


@contextmanager
def graded_ahead(request: pytest.FixtureRequest, test: str, param: str, run: Callable[[Any, str], T],
                 workers: int = 2) -> Iterator[Ahead[T]]:
    """Run `run(value, client)` for the `param` of every selected test named `test`, `workers` at a time, each
    worker as a client of its own (the pool lets no one client hold every sandbox of a track). The session pool
    keeps two zygotes per track, so two in flight take about half the time on two CPUs (an infinite loop burns
    its whole CPU limit), and each test still asserts on its own report."""
    values = [item.callspec.params[param] for item in request.session.items
              if getattr(item, "originalname", None) == test and hasattr(item, "callspec")]
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix=f"ahead-{test}") as executor:
        futures: dict[Hashable, Future[T]] = {}
        for value in values:
            futures.setdefault(value, executor.submit(_as_worker, run, value))
        try:
            yield Ahead(futures, run)
        finally:
            for future in futures.values():
                future.cancel()


def _as_worker(run: Callable[[Any, str], T], value: Any) -> T:
    return run(value, threading.current_thread().name)
