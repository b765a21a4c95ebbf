"""Many independent gradings at once, for the authors' and teachers' commands (`judge check --all`, `judge
grade`): the sandbox pool serves each thread from its own zygote, so `jobs` threads keep `jobs` CPUs busy."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from typing import TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")


def run_all(work: Callable[[Item], Result], items: Sequence[Item], *, jobs: int,
            on_done: Callable[[Result], None] | None = None) -> list[Result]:
    """`work(item)` for every item on `jobs` threads; the results in the items' order. `on_done` runs in the
    calling thread as each one finishes (a progress bar). Give it a pool for this run alone: zygotes the worker
    threads start die with those threads (a zygote's PR_SET_PDEATHSIG fires when the *thread* that forked it
    exits)."""
    results: dict[int, Result] = {}
    executor = ThreadPoolExecutor(max_workers=max(1, jobs), thread_name_prefix="judge-work")
    try:
        futures = {executor.submit(work, item): i for i, item in enumerate(items)}
        for future in as_completed(futures):
            result = future.result()
            results[futures[future]] = result
            if on_done is not None:
                on_done(result)
    except BaseException:  # Ctrl-C: drop what has not started instead of doing the rest first
        executor.shutdown(wait=True, cancel_futures=True)
        raise
    executor.shutdown()
    return [results[i] for i in range(len(items))]
