"""Admission in front of the sandbox pool: a bounded number of submissions in flight, the rest refused at once.

The pool itself queues jobs for a free zygote (up to its own `max_waiting`, for up to 30 s). A web request
should not hold a server thread that long while pages wait behind it, so the app admits at most `capacity`
submissions (running or waiting) and answers 503 with Retry-After beyond that: never an unbounded pile-up.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from sandbox.pool import Busy


class Gate:
    def __init__(self, capacity: int) -> None:
        if capacity < 1:
            raise ValueError("the gate needs a capacity of at least 1")
        self.capacity = capacity
        self._slots = threading.BoundedSemaphore(capacity)

    @contextmanager
    def admit(self) -> Iterator[None]:
        """Hold one slot for the duration of the block; raises Busy when all are taken (no waiting)."""
        if not self._slots.acquire(blocking=False):
            raise Busy(f"{self.capacity} submissions are already being judged")
        try:
            yield
        finally:
            self._slots.release()
