"""Fair admission across every web process and worker: the in-process server's rules (sandbox.fairness), kept in
Redis so that they hold however many web processes enqueue and however many workers grade.

- A client (web.client_address()) has at most `per_client` submissions queued or being graded, across all web
  processes: past it, ClientBusy (429). So a learner flooding the queue delays another learner's submission by at
  most `per_client` jobs, as the in-process queue's turns do.
- A track's queue holds at most what its workers drain in a minute (measured: the submissions answered in the
  last minute), and never less than `floor`: past it, Busy (503) with a Retry-After from that drain rate.

Each admitted submission is held under its id until released, with an expiry, so a web process that dies holding
some frees them by itself. One Lua script checks and admits atomically.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import redis

from mljudge.sandbox import Busy, ClientBusy

WINDOW = 60.0  # seconds: the queue may be as deep as the workers drain in this long
PREFIX = "mljudge:admission"

# KEYS: the track's held submissions, the client's, the track's recent answers.
# ARGV: now, id, hold until, per_client, floor, window. Returns {0 admitted | 1 client busy | 2 busy, depth, done}.
_ADMIT = """
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - tonumber(ARGV[6]))
local done = redis.call('ZCARD', KEYS[3])
local mine = redis.call('ZCARD', KEYS[2])
if mine >= tonumber(ARGV[4]) then return {1, mine, done} end
local depth = redis.call('ZCARD', KEYS[1])
if depth >= math.max(tonumber(ARGV[5]), done) then return {2, depth, done} end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[2])
local ttl = math.ceil(tonumber(ARGV[3]) - now) + 1
redis.call('EXPIRE', KEYS[1], ttl)
redis.call('EXPIRE', KEYS[2], ttl)
return {0, depth, done}
"""


@dataclass(frozen=True)
class Depth:
    held: int  # submissions queued or being graded
    answered: int  # answered in the last WINDOW seconds


class Admission:
    def __init__(self, client: redis.Redis, *, per_client: int, floor: int) -> None:
        self.redis = client
        self.per_client = per_client
        self.floor = floor
        self._admit = client.register_script(_ADMIT)

    def _keys(self, track: str, client: str) -> list[str]:
        return [f"{PREFIX}:held:{track}", f"{PREFIX}:client:{client}", f"{PREFIX}:answered:{track}"]

    def admit(self, track: str, client: str, submission_id: str, hold: float) -> None:
        """Hold a place for `submission_id` for at most `hold` seconds, or raise ClientBusy / Busy at once."""
        now = time.time()
        outcome, count, done = (int(v) for v in self._admit(
            keys=self._keys(track, client),
            args=[now, submission_id, now + hold, self.per_client, self.floor, WINDOW]))
        if outcome == 1:
            raise ClientBusy(f"{count} of your submissions are already being judged or waiting",
                             _retry_after(1, done))
        if outcome == 2:
            # A place frees up when as many have been answered as the queue is over its limit.
            over = count - max(self.floor, done) + 1
            raise Busy(f"{count} submissions are queued for the {track} sandboxes", _retry_after(over, done))

    def release(self, track: str, client: str, submission_id: str, *, answered: bool) -> None:
        """Give the place back; `answered`: a worker's answer arrived (counted in the drain rate)."""
        held, mine, recent = self._keys(track, client)
        with self.redis.pipeline() as pipe:
            pipe.zrem(held, submission_id)
            pipe.zrem(mine, submission_id)
            if answered:
                pipe.zadd(recent, {submission_id: time.time()})
                pipe.expire(recent, int(WINDOW) + 1)
            pipe.execute()

    def depth(self, track: str) -> Depth:
        held, _, recent = self._keys(track, "")
        now = time.time()
        with self.redis.pipeline() as pipe:
            pipe.zcount(held, now, "+inf")
            pipe.zcount(recent, now - WINDOW, "+inf")
            counts = pipe.execute()
        return Depth(int(counts[0]), int(counts[1]))


def _retry_after(ahead: int, answered: int) -> float:
    """Seconds until `ahead` more submissions have been answered at the rate of the last minute (a minute when
    nothing was answered: no worker may be there)."""
    if answered <= 0:
        return WINDOW
    return float(min(WINDOW, max(1, math.ceil(ahead * WINDOW / answered))))
