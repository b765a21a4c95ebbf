"""What a lesson computes from trusted code, kept per loaded exercise: the catalog hands out a new Exercise object
when its files change, so an entry made for an older object is simply replaced."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from mljudge.judge.exercise import Exercise

_entries: OrderedDict[tuple[Hashable, str], tuple[object, Any]] = OrderedDict()
_lock = threading.Lock()
MAX_ENTRIES = 512  # the panels' states the pages ask for (each a grid point of a declared slider), plus the rest


def cached(key: Hashable, exercise: Exercise, compute: Callable[[], Any]) -> Any:
    """`compute()` once per (key, exercise object); the least recently used entries go past MAX_ENTRIES."""
    slot = (key, str(exercise.path))
    with _lock:
        hit = _entries.get(slot)
        if hit is not None and hit[0] is exercise:
            _entries.move_to_end(slot)
            return hit[1]
    value = compute()  # outside the lock: a slow function (a tenth of a second) must not hold up the others
    with _lock:
        _entries[slot] = (exercise, value)
        _entries.move_to_end(slot)
        while len(_entries) > MAX_ENTRIES:
            _entries.popitem(last=False)
    return value
