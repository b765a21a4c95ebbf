"""The web side's ears: one thread per web process hears every state change of the jobs it waits for.

Celery's Redis result backend stores each state of a job under the job's key and publishes it on a channel of the
same name (STARTED when a worker begins it, then SUCCESS or FAILURE). Celery's own `AsyncResult.get()` shares one
pub/sub connection between threads unsafely (celery#4480, #6335), and the web waits in many threads at once; so one
thread here listens (a pattern subscription: nothing to subscribe per job) and wakes the thread that waits.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from typing import Any

import redis
from celery import Celery, states

log = logging.getLogger("mljudge.web")


class Waiter:
    """What one waiting request has heard of its job: when a worker last began it, and its answer."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self.started_at: float | None = None  # time.monotonic() of the latest STARTED heard
        self.meta: dict[str, Any] | None = None  # the final state (SUCCESS, FAILURE, …) with its result

    def hear(self, meta: dict[str, Any]) -> None:
        with self._changed:
            status = meta.get("status")
            if status == states.STARTED:
                self.started_at = time.monotonic()
            elif status in states.READY_STATES and self.meta is None:
                self.meta = meta
            else:
                return
            self._changed.notify_all()

    def wait(self, seconds: float) -> None:
        """Until something is heard, or `seconds` pass."""
        with self._changed:
            if self.meta is None:
                self._changed.wait(max(0.0, seconds))


class Results:
    def __init__(self, app: Celery, client: redis.Redis) -> None:
        self.backend = app.backend
        self.redis = client
        pattern = bytes(self.backend.get_key_for_task("*"))
        self._prefix = pattern[:-1]
        self._waiters: dict[str, Waiter] = {}
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._pubsub = client.pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
        self._pubsub.psubscribe(pattern)  # before any job is sent: no answer can come before we listen
        self._thread = threading.Thread(target=self._listen, name="mljudge-results", daemon=True)
        self._thread.start()

    def watch(self, job_id: str) -> Waiter:
        """Start hearing `job_id` (before sending it)."""
        waiter = Waiter()
        with self._lock:
            self._waiters[job_id] = waiter
        return waiter

    def forget(self, job_id: str) -> None:
        with self._lock:
            self._waiters.pop(job_id, None)

    def stored(self, job_id: str) -> dict[str, Any] | None:
        """The state stored for `job_id`, read directly (an answer published while the listener was reconnecting
        is still stored)."""
        raw = self.redis.get(self.backend.get_key_for_task(job_id))
        return None if raw is None else dict(self.backend.decode_result(raw))

    def _listen(self) -> None:
        while not self._closed.is_set():
            try:
                message = self._pubsub.get_message(timeout=1.0)
            except (redis.RedisError, OSError, ValueError) as exc:
                if self._closed.is_set():
                    return
                log.warning("listening for answers from the workers failed (%s); retrying", exc)
                time.sleep(0.5)  # redis-py reconnects and subscribes again on the next call
                continue
            if not message or message.get("type") != "pmessage":
                continue
            channel = message["channel"]
            job_id = (channel[len(self._prefix):] if isinstance(channel, bytes) else b"").decode("ascii", "replace")
            with self._lock:
                waiter = self._waiters.get(job_id)
            if waiter is not None:
                try:
                    waiter.hear(dict(self.backend.decode_result(message["data"])))
                except Exception:  # an answer that does not decode is not ours to crash on
                    log.exception("cannot read the answer for job %s", job_id)

    def close(self) -> None:
        self._closed.set()
        self._thread.join(timeout=3)
        with contextlib.suppress(Exception):
            self._pubsub.close()
