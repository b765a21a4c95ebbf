"""Load test: a running `judge serve` as a busy course uses it, with a hostile client or two in the crowd.

    .venv/bin/python bench/load.py --start                     # its own server on a free port, stopped by SIGTERM
    .venv/bin/python bench/load.py http://127.0.0.1:8000       # a server already running (see "clients" below)
    .venv/bin/python bench/load.py --start --slow 1000         # plus 1000 connections sending headers at 1 byte/s
    make load ARGS="--clients 8 --per-client 20"
    make load ARGS="--mix numpy,torch,wrong --slow 1000"      # learners without loops; one client floods them

The workload, all on GELU: learners submit a mix (correct NumPy, correct PyTorch, wrong answer, forbidden, syntax
error, infinite loop) one after another, waiting as told by Retry-After when refused (503, 429), as the web page
does; one flooding client submits infinite loops from several threads at once and never waits. Every answer's
verdict is compared with the one its file must get. With `--slow N`, N more connections trickle request headers
for the whole run (and reconnect when the server cuts them off), as a slowloris attack does.

Clients are told apart by X-Forwarded-For, so the server must trust this machine as a proxy:
JUDGE_TRUSTED_PROXIES=127.0.0.1 (`--start` sets it). Otherwise every client is one and shares one rate limit.

Prints markdown tables: per kind and per client, how many answers, verdict mismatches, lost requests (no answer at
all), internal errors (500 or an internal_error verdict), 503s and 429s, and p50/p90/p99 seconds from the first
try to the final answer; then throughput. With `--start`, the server must also exit 0 on SIGTERM. Exits 1 when
anything was lost, mismatched or internal, or the server did not stop cleanly.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import re
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parents[1]
GELU = REPO / "mljudge" / "exercises" / "gelu"
SUBMIT = "/api/exercises/gelu/submissions"
FLOODER = "10.66.0.1"


@dataclass(frozen=True)
class Kind:
    name: str
    file: str  # under exercises/gelu
    track: str | None  # None: the judge detects it from what the function uses, as for a learner who gives none
    verdict: str  # what the judge must answer

    def body(self) -> bytes:
        code = (GELU / self.file).read_text(encoding="utf-8")
        return json.dumps({"code": code, **({"track": self.track} if self.track else {})}).encode()


# The model solution of every track GELU has (solutions/<track>.py), then the wrong and hostile ones.
KINDS = (
    *(Kind(path.stem, f"solutions/{path.name}", path.stem, "accepted")
      for path in sorted((GELU / "solutions").glob("*.py"))),
    Kind("wrong", "submissions/wrong_answer/no_cubic.py", None, "wrong_answer"),
    Kind("forbidden", "submissions/forbidden/f_gelu.py", None, "forbidden"),
    Kind("syntax", "submissions/compile_error/syntax.py", None, "compile_error"),
    Kind("loop", "submissions/time_limit/infinite_loop.py", None, "time_limit"),
)
LOOP = KINDS[-1]


@dataclass
class Outcome:
    """One submission, from its first try to its final answer."""

    client: str
    kind: Kind
    seconds: float = 0.0
    status: int | None = None  # of the final answer; None: no answer at all
    verdict: str | None = None
    refused: int = 0  # 503s on the way
    limited: int = 0  # 429s on the way
    error: str | None = None

    @property
    def lost(self) -> bool:
        return self.status is None

    @property
    def internal(self) -> bool:
        return self.status == 500 or self.verdict == "internal_error"

    @property
    def answered(self) -> bool:
        return self.status == 200

    @property
    def mismatch(self) -> bool:
        """Judged, but not as the file must be; or refused with a status other than 'busy' or 'slow down'."""
        if self.status == 200:
            return self.verdict != self.kind.verdict
        return self.status is not None and self.status not in (429, 503, 500)


# --- clients ----------------------------------------------------------------------------------------------------


def post(base: str, body: bytes, client: str, timeout: float) -> tuple[int, dict[str, str], bytes]:
    """One POST of a submission, as `client` (X-Forwarded-For), on a connection of its own."""
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port or 80, timeout=timeout)
    try:
        connection.request("POST", SUBMIT, body=body, headers={"Content-Type": "application/json",
                                                              "X-Forwarded-For": client})
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def submit(base: str, kind: Kind, client: str, *, patient: float, timeout: float = 120.0) -> Outcome:
    """Submit until judged; on 503/429 wait Retry-After and try again for up to `patient` seconds (0: never)."""
    outcome = Outcome(client, kind)
    body = kind.body()
    started = time.monotonic()
    while True:
        try:
            status, headers, data = post(base, body, client, timeout)
        except (OSError, http.client.HTTPException) as exc:
            outcome.status, outcome.error = None, f"{type(exc).__name__}: {exc}"
            break
        outcome.status = status
        if status == 200:
            outcome.verdict = json.loads(data).get("verdict")
        if status not in (429, 503):
            break
        outcome.refused += status == 503
        outcome.limited += status == 429
        wait = min(float(headers.get("retry-after", "1") or 1), 10.0)
        if time.monotonic() + wait - started > patient:
            break
        time.sleep(wait)
    outcome.seconds = time.monotonic() - started
    return outcome


@dataclass
class Run:
    base: str
    outcomes: list[Outcome] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, outcome: Outcome) -> None:
        with self.lock:
            self.outcomes.append(outcome)


def learner(run: Run, client: str, count: int, offset: int, think: float, patient: float,
            mix: tuple[Kind, ...] = KINDS) -> None:
    for i in range(count):
        run.add(submit(run.base, mix[(offset + i) % len(mix)], client, patient=patient))
        time.sleep(think)


def flooder(run: Run, stop: threading.Event) -> None:
    while not stop.is_set():
        outcome = submit(run.base, LOOP, FLOODER, patient=0)
        run.add(outcome)
        if outcome.status != 200:
            time.sleep(0.05)  # a refusal comes back at once: do not spin the CPU the server needs


class SlowHerd:
    """`count` connections each sending a request's headers one byte every `interval` seconds and never finishing
    them; a connection the server cuts off is replaced, as an attacker would. Counts what the server did."""

    HEAD = b"GET / HTTP/1.1\r\nHost: slow\r\nX-Slow: "

    def __init__(self, base: str, count: int, interval: float = 1.0) -> None:
        parts = urlsplit(base)
        self.address = (parts.hostname or "127.0.0.1", parts.port or 80)
        self.count, self.interval = count, interval
        self.sockets: list[socket.socket] = []
        self.cut = 0  # connections the server closed
        self.timed_out = 0  # of those, answered 408 first
        self.failed = 0  # connections that could not even be opened
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="slow-herd", daemon=True)

    def _open(self) -> socket.socket | None:
        try:
            sock = socket.create_connection(self.address, timeout=5)
            sock.sendall(self.HEAD)
        except OSError:
            self.failed += 1
            return None
        sock.setblocking(False)
        return sock

    def start(self) -> SlowHerd:
        raise_open_files(self.count + 256)
        for _ in range(self.count):
            sock = self._open()
            if sock is not None:
                self.sockets.append(sock)
        self._thread.start()
        return self

    def held(self) -> int:
        """Connections open right now that the server has neither answered nor closed."""
        return sum(1 for sock in list(self.sockets) if self._alive(sock, consume=False))

    def _alive(self, sock: socket.socket, *, consume: bool) -> bool:
        try:
            data = sock.recv(4096, 0 if consume else socket.MSG_PEEK)
        except BlockingIOError:
            return True
        except OSError:
            return False
        if consume and data.startswith((b"HTTP/1.0 408", b"HTTP/1.1 408")):
            self.timed_out += 1
        return False  # answered, or closed (b"")

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            for i, sock in enumerate(list(self.sockets)):
                alive = self._alive(sock, consume=True)
                if alive:
                    try:
                        sock.send(b"a")
                    except OSError:
                        alive = False
                if not alive:
                    self.cut += 1
                    sock.close()
                    replacement = self._open()
                    if replacement is not None:
                        self.sockets[i] = replacement

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=10)
        for sock in self.sockets:
            sock.close()


def run_load(base: str, *, clients: int, per_client: int, flood: int, think: float = 0.0,
             patient: float = 120.0, slow: int = 0,
             mix: tuple[Kind, ...] = KINDS) -> tuple[Run, float, dict[str, int]]:
    """Drive the server at `base`; the learners submit the kinds in `mix` in turn. Returns the outcomes, the wall
    time of the learners' work, and the slow herd's counts (empty without one)."""
    run = Run(base.rstrip("/"))
    herd = SlowHerd(run.base, slow).start() if slow else None
    stop = threading.Event()
    floods = [threading.Thread(target=flooder, args=(run, stop), daemon=True) for _ in range(flood)]
    learners = [threading.Thread(target=learner, args=(run, f"10.0.0.{i + 1}", per_client, i, think, patient, mix))
                for i in range(clients)]
    started = time.monotonic()
    for thread in floods + learners:
        thread.start()
    held = herd.held() if herd else 0
    for thread in learners:
        thread.join()
    wall = time.monotonic() - started
    stop.set()
    for thread in floods:
        thread.join(timeout=150)
    herd_counts: dict[str, int] = {}
    if herd:
        herd_counts = {"slow connections": slow, "held while learners started": held,
                       "held at the end": herd.held(), "cut by the server": herd.cut,
                       "answered 408 first": herd.timed_out, "could not connect": herd.failed}
        herd.stop()
    return run, wall, herd_counts


# --- the server -------------------------------------------------------------------------------------------------


def raise_open_files(wanted: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


@dataclass
class Served:
    url: str
    proc: subprocess.Popen[str]
    output: list[str]
    returncode: int | None = None


@contextlib.contextmanager
def started_server(*, slots: int | None = None, env: dict[str, str] | None = None,
                   startup: float = 180.0) -> Iterator[Served]:
    """`judge serve` on a free port, trusting this machine as a proxy; stopped with SIGTERM on the way out (then
    `returncode` holds its exit code; killed after 120 s)."""
    command = [sys.executable, "-m", "mljudge.cli", "serve", "--port", "0"]
    if slots:
        command += ["--slots", str(slots)]
    environment = {**os.environ, "JUDGE_TRUSTED_PROXIES": "127.0.0.1", **(env or {})}
    proc = subprocess.Popen(command, cwd=REPO, env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    served = Served("", proc, [])
    reader = threading.Thread(target=lambda: served.output.extend(proc.stdout or ()), daemon=True)
    try:
        assert proc.stdout is not None
        deadline = time.monotonic() + startup
        while not served.url and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            served.output.append(line)
            found = re.search(r"serving on (http://\S+?)/\s", line)
            served.url = found.group(1) if found else ""
        if not served.url:
            raise RuntimeError("judge serve did not start:\n" + "".join(served.output))
        reader.start()
        yield served
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=120)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if reader.is_alive():
            reader.join(timeout=10)  # the last lines ("stopped")
    served.returncode = proc.returncode


# --- the report -------------------------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty list."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))]


def table(title: str, column: str, groups: dict[str, list[Outcome]]) -> str:
    rows = [f"### {title}", "",
            f"| {column} | sent | judged | mismatched | lost | internal errors | 503s | 429s | p50 s | p90 s | p99 s |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for name, outcomes in groups.items():
        times = [o.seconds for o in outcomes if o.answered]
        spread = [f"{percentile(times, q):.2f}" for q in (50, 90, 99)] if times else ["–"] * 3
        rows.append(f"| {name} | {len(outcomes)} | {sum(o.answered for o in outcomes)} | "
                    f"{sum(o.mismatch for o in outcomes)} | {sum(o.lost for o in outcomes)} | "
                    f"{sum(o.internal for o in outcomes)} | {sum(o.refused for o in outcomes)} | "
                    f"{sum(o.limited for o in outcomes)} | " + " | ".join(spread) + " |")
    return "\n".join(rows)


def report(run: Run, wall: float, herd: dict[str, int]) -> str:
    by_kind: dict[str, list[Outcome]] = {}
    by_client: dict[str, list[Outcome]] = {}
    for outcome in sorted(run.outcomes, key=lambda o: (o.client, o.kind.name)):
        by_kind.setdefault(outcome.kind.name, []).append(outcome)
        role = "flooder" if outcome.client == FLOODER else "learner"
        by_client.setdefault(f"{outcome.client} ({role})", []).append(outcome)
    learners = [o for o in run.outcomes if o.client != FLOODER]
    judged = sum(o.answered for o in run.outcomes)
    lines = [table("By kind", "kind", by_kind), "", table("By client", "client", by_client), "",
             f"learners: {sum(o.answered for o in learners)}/{len(learners)} judged in {wall:.1f} s; "
             f"throughput {judged / wall:.1f} verdicts/s (all clients)"]
    if herd:
        lines.append("slow connections: " + ", ".join(f"{k} {v}" for k, v in herd.items()))
    for outcome in run.outcomes:
        if outcome.lost or outcome.mismatch or outcome.internal:
            lines.append(f"- {outcome.client} {outcome.kind.name}: status {outcome.status}, verdict "
                         f"{outcome.verdict} (expected {outcome.kind.verdict}) {outcome.error or ''}")
    return "\n".join(lines)


def failures(run: Run) -> int:
    return sum(o.lost or o.mismatch or o.internal for o in run.outcomes)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    target = parser.add_mutually_exclusive_group(required=True)
    target.add_argument("url", nargs="?", help="a running server, e.g. http://127.0.0.1:8000")
    target.add_argument("--start", action="store_true", help="start `judge serve` on a free port, stop it after")
    parser.add_argument("--slots", type=int, default=None, help="with --start: sandboxes per track")
    parser.add_argument("--clients", type=int, default=6, help="learners submitting one after another (default 6)")
    parser.add_argument("--per-client", type=int, default=12, help="submissions per learner (default 12)")
    parser.add_argument("--flood", type=int, default=3, help="threads of the flooding client (default 3; 0: none)")
    parser.add_argument("--think", type=float, default=0.0, help="seconds a learner waits between submissions")
    parser.add_argument("--slow", type=int, default=0, metavar="N", help="slow connections trickling headers")
    names = ",".join(kind.name for kind in KINDS)
    parser.add_argument("--mix", default=names,
                        help=f"the kinds the learners submit, in turn (default all: {names})")
    args = parser.parse_args(argv)
    by_name = {kind.name: kind for kind in KINDS}
    wanted = [name.strip() for name in args.mix.split(",") if name.strip()]
    unknown = [name for name in wanted if name not in by_name]
    if unknown or not wanted:
        parser.error(f"--mix: unknown kind {', '.join(unknown) or '(none given)'}; the kinds are {names}")
    options = {"clients": args.clients, "per_client": args.per_client, "flood": args.flood, "think": args.think,
               "slow": args.slow, "mix": tuple(by_name[name] for name in wanted)}
    if not args.start:
        run, wall, herd = run_load(args.url, **options)
        print(report(run, wall, herd))
        return 1 if failures(run) else 0
    with started_server(slots=args.slots) as served:
        print(f"server: {served.url}", flush=True)
        run, wall, herd = run_load(served.url, **options)
    print(report(run, wall, herd))
    stopped = served.returncode == 0 and any(line.startswith("stopped") for line in served.output)
    print(f"server stopped by SIGTERM: exit code {served.returncode}"
          + ("" if stopped else "\n" + "".join(served.output[-20:])))
    return 1 if failures(run) or not stopped else 0


if __name__ == "__main__":
    sys.exit(main())
