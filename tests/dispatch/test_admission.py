"""Fair admission across web processes, kept in a real Redis: a learner's cap holds whichever process they reach,
and a queue deeper than its workers drain in a minute is refused at once with a Retry-After, not left to wait."""

from __future__ import annotations

import time

import pytest

from mljudge.dispatch.admission import Admission, Depth
from mljudge.dispatch.jobs import GradingJob
from mljudge.dispatch.submitter import Dispatcher, Settings
from mljudge.judge.catalog import Catalog
from mljudge.sandbox import Busy, ClientBusy
from mljudge.store import new_id
from tests.services import Redis, free_port


def test_a_learners_cap_holds_across_web_processes(redis_server: Redis, dispatcher: Dispatcher) -> None:
    first, second = dispatcher.admission, Admission(dispatcher.redis, per_client=2, floor=16)  # two processes
    first.admit("numpy", "ann", "a1", hold=60)
    second.admit("torch", "ann", "a2", hold=60)
    with pytest.raises(ClientBusy) as refused:
        second.admit("numpy", "ann", "a3", hold=60)
    assert refused.value.retry_after >= 1
    second.admit("numpy", "bob", "b1", hold=60)  # another learner is not held back
    first.release("numpy", "ann", "a1", answered=True)
    second.admit("numpy", "ann", "a3", hold=60)


def test_a_queue_deeper_than_a_minutes_drain_is_refused(dispatcher: Dispatcher) -> None:
    admission = Admission(dispatcher.redis, per_client=100, floor=2)
    admission.admit("numpy", "ann", "1", hold=60)
    admission.admit("numpy", "bob", "2", hold=60)
    with pytest.raises(Busy) as refused:  # nothing answered in the last minute: no worker may be there
        admission.admit("numpy", "cy", "3", hold=60)
    assert not isinstance(refused.value, ClientBusy) and refused.value.retry_after == 60
    admission.admit("torch", "cy", "3", hold=60)  # each track its own queue
    for n in (1, 2):
        admission.release("numpy", "ann" if n == 1 else "bob", str(n), answered=True)
    for n in range(10):  # the workers answered 12 in the last minute: the queue may be 12 deep
        admission.admit("numpy", "dee", f"done{n}", hold=60)
        admission.release("numpy", "dee", f"done{n}", answered=True)
    for n in range(12):
        admission.admit("numpy", f"learner{n}", f"queued{n}", hold=60)
    assert admission.depth("numpy") == Depth(held=12, answered=12)
    with pytest.raises(Busy) as refused:
        admission.admit("numpy", "eve", "last", hold=60)
    assert refused.value.retry_after == 5  # a place frees up when one more is answered: 12 a minute


def test_a_place_held_by_a_process_that_died_frees_itself(dispatcher: Dispatcher) -> None:
    admission = Admission(dispatcher.redis, per_client=1, floor=16)
    admission.admit("numpy", "ann", "1", hold=0.3)  # never released, as by a web process killed meanwhile
    with pytest.raises(ClientBusy):
        admission.admit("numpy", "ann", "2", hold=60)
    time.sleep(0.4)
    admission.admit("numpy", "ann", "2", hold=60)


def test_a_broker_that_cannot_be_reached_is_busy_not_an_error(catalog: Catalog) -> None:
    gone = Dispatcher(f"redis://127.0.0.1:{free_port()}/0", Settings())
    with pytest.raises(Busy):
        gone.grade(catalog.get("gelu"), GradingJob(new_id(), "gelu", "def gelu(x):\n    return x\n", "numpy"), "ann")
    gone.close()
