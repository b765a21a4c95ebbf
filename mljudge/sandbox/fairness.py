"""Fair admission to one track's sandboxes: a bounded queue, served round-robin across clients.

Every submission that needs a sandbox asks for a slot here first. Clients take turns: when a sandbox frees up it
goes to the next client in rotation that has a submission waiting, so a client with many submissions queued
delays another client's next one by at most one job (one time limit), never by its whole backlog. Two caps keep
one client from taking the service: a client has at most `per_client` submissions running or waiting, and runs
in at most `slots - 1` sandboxes when there are several, so a learner flooding infinite loops always leaves one
sandbox to the others. Past `capacity` submissions waiting, or past a client's cap, admission is refused at once
with a Retry-After estimated from how fast this queue really drains.

Pure bookkeeping under one lock: no processes, no I/O. Tested through the pool: tests/web/test_load.py (a flooder
delays no one else's submission) and tests/web/test_api.py (a queue past capacity is a 503 with Retry-After).
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from dataclasses import dataclass, field


class Busy(RuntimeError):
    """No sandbox will be free soon enough: every slot is taken and the queue in front of them is full.
    `retry_after` (seconds) is when trying again is likely to succeed."""

    def __init__(self, message: str, retry_after: float = 1.0) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class ClientBusy(Busy):
    """This client already has as many submissions running or waiting as it may."""


@dataclass
class _Ticket:
    client: str
    event: threading.Event = field(default_factory=threading.Event)
    granted: bool = False


class FairQueue:
    def __init__(self, slots: int, *, per_client: int = 2, capacity: int = 64) -> None:
        if slots < 1 or per_client < 1 or capacity < 1:
            raise ValueError("slots, per_client and capacity must be at least 1")
        self.slots = slots
        self.per_client = per_client
        self.capacity = capacity
        # One client never holds every sandbox of a track while there are two or more.
        self.run_cap = min(per_client, max(1, slots - 1))
        self._lock = threading.Lock()
        self._free = slots
        self._running: dict[str, int] = {}
        self._waiting: dict[str, deque[_Ticket]] = {}
        self._turns: deque[str] = deque()  # clients with a submission waiting, in the order they are served
        self._job_seconds = 0.05  # an estimate of how long one job holds a slot, updated as jobs finish

    # --- the two calls a job makes ---------------------------------------------------------------------------

    def acquire(self, client: str, timeout: float) -> None:
        """Wait for this client's turn and a free slot. Raises ClientBusy or Busy at once when it may not
        wait, and Busy when `timeout` passes first."""
        with self._lock:
            waiting = self._waiting.get(client)
            mine = self._running.get(client, 0) + (len(waiting) if waiting else 0)
            if mine >= self.per_client:
                raise ClientBusy(f"{mine} of your submissions are already being judged or waiting",
                                 self._retry_after(1))
            if self._free > 0 and not self._turns and self._running.get(client, 0) < self.run_cap:
                self._grant(client)
                return
            queued = sum(len(q) for q in self._waiting.values())
            if queued >= self.capacity:
                raise Busy(f"{queued} submissions are waiting for a sandbox", self._retry_after(queued + 1))
            ticket = _Ticket(client)
            self._waiting.setdefault(client, deque()).append(ticket)
            if client not in self._turns:
                self._turns.append(client)
            self._dispatch()
        if ticket.event.wait(timeout):
            return
        with self._lock:
            if ticket.granted:  # granted just as the wait timed out: keep it
                return
            self._waiting[client].remove(ticket)
            self._forget_if_idle(client)
        raise Busy(f"no sandbox freed up within {timeout:.0f} s", self._retry_after(1))

    def release(self, client: str, seconds: float | None = None) -> None:
        """A job of `client` gave its slot back after `seconds` (None: it never ran, e.g. the pool failed)."""
        with self._lock:
            self._running[client] -= 1
            if not self._running[client]:
                del self._running[client]
            self._free += 1
            if seconds is not None:
                self._job_seconds += 0.1 * (max(seconds, 0.001) - self._job_seconds)
            self._dispatch()

    # --- inside the lock -------------------------------------------------------------------------------------

    def _grant(self, client: str) -> None:
        self._free -= 1
        self._running[client] = self._running.get(client, 0) + 1

    def _dispatch(self) -> None:
        """Hand free slots to waiting clients in turn, skipping those at their running cap."""
        checked = 0
        while self._free > 0 and self._turns and checked < len(self._turns):
            client = self._turns.popleft()
            queue = self._waiting.get(client)
            if queue and self._running.get(client, 0) < self.run_cap:
                ticket = queue.popleft()
                self._grant(client)
                ticket.granted = True
                ticket.event.set()
                checked = 0
            else:
                checked += 1
            if queue:
                self._turns.append(client)  # back of the line, whether served or skipped
            else:
                self._forget_if_idle(client)

    def _forget_if_idle(self, client: str) -> None:
        if not self._waiting.get(client):
            self._waiting.pop(client, None)
            if client in self._turns:
                self._turns.remove(client)

    def _retry_after(self, ahead: int) -> float:
        """Seconds until `ahead` more jobs have gone through, at the rate jobs have been finishing."""
        return float(max(1, math.ceil(ahead * self._job_seconds / self.slots)))

    # --- for reports and tests --------------------------------------------------------------------------------

    def snapshot(self) -> dict[str, object]:
        with self._lock:
            return {"free": self._free, "running": dict(self._running),
                    "waiting": {c: len(q) for c, q in self._waiting.items()}, "job_seconds": self._job_seconds,
                    "at": time.monotonic()}
