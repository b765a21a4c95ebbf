"""The Celery application both sides share: the web sends jobs with it, `judge worker` consumes them.

Its settings are what makes a job neither lost nor graded for ever:
- JSON only, both ways: a worker never unpickles what a web process (or anyone who reaches Redis) sent; and a
  worker reads its queues through dispatch.transport, which drops (and logs) any message that is not a grading job
  as the web sends it, so no message, however malformed, stops a worker.
- Acknowledged late, one at a time: a job leaves the queue only when its answer is stored, and a worker holds no
  more jobs than it grades at once, so a worker that dies takes at most the jobs it was grading.
- The Redis transport can still lose a job a worker had taken when it was killed (kombu #305) and hands others back
  only after the visibility timeout. The web does not wait for that: it keeps its own deadline and sends a job
  again under the same id (dispatch.submitter). Each message expires at the web's deadline, so a stale copy handed
  back later is dropped instead of graded (or killing another worker).
- Started states are reported, so the web measures a job's time limit from when a worker began it, not from when
  it was queued behind others.
"""

from __future__ import annotations

from typing import Any

from celery import Celery
from celery.backends.redis import RedisBackend

from mljudge.dispatch import transport
from mljudge.dispatch.transport import TASK
from mljudge.sandbox import TRACKS

__all__ = ["TASK", "make_app", "queue_name", "safe_url"]
# The visibility timeout: after it, Redis hands a job that was taken but never acknowledged to another worker. The
# web's own deadline (time limit + a margin) comes long before; this only bounds how long a lost copy lingers.
VISIBILITY_TIMEOUT = 600
RESULT_SECONDS = 900  # how long an answer stays in Redis: long past any web process's wait for it
# Redis serves priority 0 first: a job sent again (its worker died) goes ahead of the jobs sent once.
FIRST_PRIORITY, AGAIN_PRIORITY = 5, 0


def queue_name(track: str) -> str:
    """One queue per track, so that a machine can be given to the heavy track (`judge worker --tracks torch`)."""
    return f"mljudge.{track}"


QUEUES = tuple(queue_name(track) for track in TRACKS)


class Answers(RedisBackend):  # type: ignore[misc]
    """Celery's Redis result backend, less the subscription it makes for every job it sends: the web hears the
    answers through one listener of its own (dispatch.results), where Celery's would share one pub/sub connection
    between the web's threads (celery#4480) and cost a round trip per job."""

    def on_task_call(self, producer: Any, task_id: str) -> None:
        return None


def make_app(url: str) -> Celery:
    """The Celery app over the Redis at `url` (broker and result backend alike)."""
    app = Celery("mljudge", broker=url, backend=f"{Answers.__module__}:{Answers.__name__}+{url}",
                 set_as_current=False)
    app.conf.update(
        broker_transport=f"{transport.__name__}:Transport",  # kombu's Redis transport, its messages screened
        task_serializer="json",
        result_serializer="json",
        accept_content=["json"],
        result_accept_content=["json"],
        task_acks_late=True,
        task_acks_on_failure_or_timeout=True,  # a job that raised has its answer (an error): not to be redone
        worker_prefetch_multiplier=1,
        # With late acknowledgement, a job running when the broker connection drops cannot be acknowledged any more
        # and will be handed out again: stop it rather than grade it twice (Celery 6's default).
        worker_cancel_long_running_tasks_on_connection_loss=True,
        # A copy handed back by Redis after its first run succeeded is not graded again.
        worker_deduplicate_successful_tasks=True,
        task_track_started=True,
        result_expires=RESULT_SECONDS,
        result_extended=False,
        broker_connection_retry_on_startup=True,
        broker_transport_options={"visibility_timeout": VISIBILITY_TIMEOUT},
        result_backend_transport_options={"visibility_timeout": VISIBILITY_TIMEOUT},
        task_default_queue=queue_name(next(iter(TRACKS))),
        task_create_missing_queues=True,
        worker_disable_rate_limits=True,
        worker_hijack_root_logger=False,
        worker_redirect_stdouts=False,
        worker_send_task_events=False,
        task_send_sent_event=False,
        # Workers are not controlled remotely (no pidbox broadcast traffic through Redis).
        worker_enable_remote_control=False,
    )
    return app


def safe_url(url: str) -> str:
    """A broker URL without its password, for logs and messages."""
    from kombu.utils.url import maybe_sanitize_url

    return str(maybe_sanitize_url(url))
