"""The Redis transport both sides use (dispatch.broker sets it), which screens every message a worker takes off a
queue before kombu or Celery read any of it: only a grading job as dispatch.submitter sends it gets through; anything
else is logged and dropped.

Whoever can write to Redis can push anything onto a track's queue, and kombu and Celery treat much of it as the end of
the worker: a message that is not JSON fails in the transport's own loop ("Unrecoverable error", and `judge worker`
exits, with status 0), and so do headers or bodies of the wrong type in Celery's strategy (celery#4308, #7975; its
on_decode_error covers only part of the way). Catching those exceptions one by one would be a list without end;
instead a message is believed only when it has, field by field, the one shape this judge sends (`screen_message`),
checked on the raw reply of Redis's BRPOP/RPOP, before anything else decodes it. A message screened out was already
taken off the list by that command: it is gone, and the worker waits for the next.

A message that is well formed but not ours to grade (an unknown exercise, code that is not a solution) is still
graded as any job is, and fails or is answered as any submission does: the screen keeps the worker alive, the judge
keeps the answer honest. Who may write to Redis at all is docs/deploy.md's business (a password, a bind address).
"""

from __future__ import annotations

import base64
import binascii
import json
import logging
import re
from datetime import datetime
from typing import Any

import redis
from kombu.transport import redis as kombu_redis

log = logging.getLogger("mljudge.worker")

TASK = "mljudge.grade"  # the one task there is (dispatch.broker and dispatch.worker name it through this)
# A job's code is at most 64 KiB (the web refuses more); escaped in JSON (up to 6 bytes a character) and then in
# base64, with the headers, it stays well under this. Anything larger is not a job of ours.
MAX_MESSAGE_BYTES = 1 << 20
_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
JOB_FIELDS = {"id": str, "exercise": str, "code": str}

# Celery's protocol 2 headers as its client sends them, each with what it may hold.
_HEADERS: dict[str, Any] = {
    "lang": str, "task": str, "id": str, "shadow": (type(None), str), "eta": type(None),
    "expires": (type(None), str), "group": (type(None), str), "group_index": (type(None), int), "retries": int,
    "timelimit": list, "root_id": (type(None), str), "parent_id": (type(None), str), "argsrepr": str,
    "kwargsrepr": str, "origin": str, "ignore_result": (type(None), bool), "replaced_task_nesting": int,
    "stamped_headers": (type(None), list), "stamps": dict,
}
_PROPERTIES: dict[str, Any] = {
    "correlation_id": str, "reply_to": str, "delivery_mode": int, "delivery_info": dict, "priority": int,
    "body_encoding": str, "delivery_tag": str, "expiration": str,
}


class ForeignMessage(ValueError):
    """Why a message is not a grading job of this judge."""


def screen_message(raw: bytes) -> None:
    """Pass a message that has the shape dispatch.submitter sends, field by field; raise ForeignMessage (saying why) for
    anything else. Nothing is evaluated: JSON and base64 only, each within MAX_MESSAGE_BYTES."""
    if len(raw) > MAX_MESSAGE_BYTES:
        raise ForeignMessage(f"larger than {MAX_MESSAGE_BYTES} bytes")
    envelope = _json(raw, "the message")
    _fields(envelope, {"body": str, "content-encoding": str, "content-type": str, "headers": dict,
                       "properties": dict}, "the message", exact=True)
    if envelope["content-type"] != "application/json" or envelope["content-encoding"] != "utf-8":
        raise ForeignMessage(f"content {envelope['content-type']!r} in {envelope['content-encoding']!r}, "
                             "not JSON in UTF-8")
    headers, properties = envelope["headers"], envelope["properties"]
    _fields(headers, _HEADERS, "the headers", required=("task", "id"))
    if headers["task"] != TASK:
        raise ForeignMessage(f"a task {headers['task']!r:.80}, not {TASK}")
    if not _ID.fullmatch(headers["id"]):
        raise ForeignMessage("a task id that is not an id")
    if headers.get("stamps", {}) != {} or headers.get("stamped_headers"):
        raise ForeignMessage("stamps: a job never has them")
    timelimit = headers.get("timelimit", [None, None])
    if len(timelimit) != 2 or not all(t is None or type(t) in (int, float) for t in timelimit):
        raise ForeignMessage("a time limit that is not two numbers")
    if headers.get("expires") is not None:
        try:
            datetime.fromisoformat(headers["expires"])
        except ValueError:
            raise ForeignMessage("an expiry that is not a date") from None
    _fields(properties, _PROPERTIES, "the properties", required=("body_encoding", "delivery_tag", "delivery_info"))
    info = properties["delivery_info"]
    if properties["body_encoding"] != "base64" or not all(isinstance(info.get(k), str)
                                                           for k in ("exchange", "routing_key")):
        raise ForeignMessage("properties of another kind of message")
    try:
        body = base64.b64decode(envelope["body"], validate=True)
    except (binascii.Error, ValueError):
        raise ForeignMessage("a body that is not base64") from None
    decoded = _json(body, "the body")
    if not (isinstance(decoded, list) and len(decoded) == 3 and isinstance(decoded[0], list)
            and decoded[1] == {} and isinstance(decoded[2], dict)):
        raise ForeignMessage("a body that is not [args, {}, options]")
    args, _, embedded = decoded
    if any(value is not None for value in embedded.values()) or not set(embedded) <= {
            "callbacks", "errbacks", "chain", "chord"}:
        raise ForeignMessage("callbacks or a chain: a job never has them")
    if len(args) != 1 or not isinstance(args[0], dict):
        raise ForeignMessage("arguments that are not one job")
    job = args[0]
    _fields(job, {**JOB_FIELDS, "track": (type(None), str), "plot": bool}, "the job", exact=True)
    if job["id"] != headers["id"]:
        raise ForeignMessage("a job whose id is not the task's")


def _json(raw: bytes, what: str) -> Any:
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ForeignMessage(f"{what} is not JSON in UTF-8") from None


def _fields(data: Any, kinds: dict[str, Any], what: str, *, required: tuple[str, ...] = (),
            exact: bool = False) -> None:
    """Every key of `data` is one of `kinds` and of its type (a bool is no int here); the `required` ones (or, when
    `exact`, all of them) are there."""
    if not isinstance(data, dict):
        raise ForeignMessage(f"{what} is not an object")
    for key, value in data.items():
        kind = kinds.get(key)
        if kind is None:
            raise ForeignMessage(f"{what}: an unknown field {str(key)[:40]!r}")
        allowed = kind if isinstance(kind, tuple) else (kind,)
        if type(value) not in allowed:
            raise ForeignMessage(f"{what}: {key} is a {type(value).__name__}")
    missing = [key for key in (kinds if exact else required) if key not in data]
    if missing:
        raise ForeignMessage(f"{what}: no {', '.join(missing)}")


def _shown(raw: bytes) -> str:
    return repr(raw[:60]) + ("…" if len(raw) > 60 else "")


class ScreeningRedis(redis.Redis):
    """The client kombu's channel reads its queues with: a message BRPOP or RPOP returns that fails `screen_message` is
    logged and answered as no message at all."""

    def parse_response(self, connection: Any, command_name: str | bytes, **options: Any) -> Any:
        response = super().parse_response(connection, command_name, **options)  # type: ignore[no-untyped-call]
        if command_name == "BRPOP" and response:
            queue, item = response
            return response if _passes(item, queue) else None
        if command_name == "RPOP" and isinstance(response, bytes):
            return response if _passes(response, b"") else None
        return response


def _passes(item: Any, queue: Any) -> bool:
    raw = item if isinstance(item, bytes) else str(item).encode("utf-8", "replace")
    try:
        screen_message(raw)
    except ForeignMessage as why:
        name = queue.decode("utf-8", "replace") if isinstance(queue, bytes) else str(queue)
        log.warning("dropped a message from %s that is not a grading job of this judge: %s (%d bytes: %s)",
                    name.split("\x06\x16")[0] or "a queue", why, len(raw), _shown(raw))
        return False
    return True


class QoS(kombu_redis.QoS):
    """kombu's record of messages taken and not yet acknowledged (a Redis hash), restored to their queue after the
    visibility timeout. An entry that does not decode (written there by someone else) is dropped, not fatal."""

    def restore_by_tag(self, tag: Any, client: Any = None, leftmost: bool = False) -> None:
        try:
            super().restore_by_tag(tag, client, leftmost)  # type: ignore[no-untyped-call]
        except (ValueError, TypeError, KeyError) as exc:
            log.warning("dropped an unacknowledged message that does not decode (%s): %s", tag, exc)
            with self.channel.conn_or_acquire(client) as connection:
                self._remove_from_indices(tag, connection.pipeline()).execute()  # type: ignore[no-untyped-call]


class ScreeningChannel(kombu_redis.Channel):
    """kombu's channel to Redis, reading through ScreeningRedis."""

    QoS = QoS

    def _get_client(self) -> Any:
        kombus = super()._get_client()  # type: ignore[no-untyped-call]  # (its checks: the redis-py version)
        # A global key prefix is never set by this judge; kombu's own prefixed client (unscreened) if it were.
        return kombus if self.global_keyprefix else ScreeningRedis


class Transport(kombu_redis.Transport):
    Channel = ScreeningChannel
