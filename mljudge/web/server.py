"""`judge serve`: the web app on waitress, with the sandbox's zygotes warm before the first request, made to hold
under hostile load.

Plain waitress lets a few clients take the service from everyone: 100 connections at most, watched with select();
its `channel_timeout` counts only silence, so a client sending one header byte a second holds its connection for
ever; SIGTERM drops every submission in flight; and its own error answers are text/plain without the security
headers. So, on waitress's own parts:

- `TimedChannel`: a request must arrive whole within REQUEST_TIMEOUT of its first byte, else 408 and the connection
  closes (`Server.maintenance` checks every second). Connections are many (CONNECTION_LIMIT, the open-files
  limit raised to fit) and watched with poll().
- `Service`: the listening sockets, their connections and the worker threads, run by a loop of our own so that
  SIGTERM/SIGINT *drain* instead of dropping: stop accepting, finish every request already received (up to
  SHUTDOWN_GRACE), answer it with `Connection: close`, then exit 0. A second signal stops at once.
- `ErrorTask`: waitress's own errors (bad request line, headers too large, body too large, too slow) as the
  app's JSON error with the app's security headers.
- `RequestParser`: a request framed both by Content-Length and by chunks is a 400 that closes the connection,
  never read as a request and then another (request smuggling past a proxy that frames it differently).
"""

from __future__ import annotations

import contextlib
import errno
import logging
import math
import resource
import secrets
import select
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from waitress import wasyncore
from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser, ParsingError
from waitress.server import TcpWSGIServer
from waitress.task import ErrorTask as WaitressErrorTask
from waitress.task import ThreadedTaskDispatcher
from waitress.task import WSGITask as WaitressWSGITask
from waitress.utilities import Error

from mljudge.judge.errors import JudgeError
from mljudge.sandbox import TRACKS
from mljudge.web.errors import server_error_body
from mljudge.web.security import strict_headers

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
# What SHUTDOWN_GRACE=auto adds to the longest time limit: a submission may wait that long for a free sandbox
# before its own time limit starts.
SHUTDOWN_MARGIN = 30.0
# Every header of a request together. waitress allows 256 KiB; a browser sends a few KiB, nginx forwards 32 KiB.
MAX_HEADER_BYTES = 64 * 1024
# Descriptors besides the connections: zygote pipes, exercise files being read, logs, the listening sockets.
SPARE_FILES = 256

if TYPE_CHECKING:
    from mljudge.store import Store

log = logging.getLogger("mljudge.web")


# --- waitress's parts, hardened ---------------------------------------------------------------------------------


class ListenError(JudgeError):
    """The address or port cannot be listened on: one line, exit code 2 (judge.cli)."""


class RequestTimeout(Error):
    code = 408
    reason = "Request Timeout"


class ErrorTask(WaitressErrorTask):
    """waitress's own error answers (it writes them before the app sees the request) as the app's JSON errors,
    with the app's security headers."""

    def execute(self) -> None:
        error = self.request.error
        headers = self.request.headers  # as far as they were parsed: maybe none
        body = server_error_body(error.code, error.reason, headers.get("ACCEPT_LANGUAGE"), headers.get("COOKIE"))
        self.status = f"{error.code} {error.reason}"
        self.response_headers.append(("Content-Type", "application/json"))
        self.response_headers.extend(strict_headers(secrets.token_urlsafe(18)).items())
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)


class WSGITask(WaitressWSGITask):
    def build_response_header(self) -> bytes:
        if self.channel.server.draining:  # the client must not send its next request on a connection about to close
            self.set_close_on_finish()
        return super().build_response_header()  # type: ignore[no-any-return]


class RequestParser(HTTPRequestParser):
    """waitress's parser of one request, strict about where a request ends (RFC 9112 §6.3): one with both
    Content-Length and Transfer-Encoding: chunked is refused (400, and the connection closes, as every error of
    this layer does) instead of being read by its chunks, which a proxy in front may have framed by its length
    (request smuggling). Once a request is refused, nothing after it on the connection is read as another."""

    def parse_header(self, header_plus: bytes) -> None:
        super().parse_header(header_plus)
        if self.chunked and "CONTENT_LENGTH" in self.headers:
            raise ParsingError("a request may give Content-Length or Transfer-Encoding: chunked, not both")

    def received(self, data: bytes) -> int:
        consumed = int(super().received(data))
        return len(data) if self.error is not None else consumed


class TimedChannel(HTTPChannel):
    """One connection. Knows when its current request began to arrive, so a slow sender can be cut off."""

    task_class = WSGITask
    error_task_class = ErrorTask
    parser_class = RequestParser
    request: Any  # waitress's parser of the request now arriving (None between requests)
    receiving_since: float | None = None  # time.time() of the current request's first byte; None between requests

    def received(self, data: bytes) -> bool:
        if self.request is None and data:
            self.receiving_since = time.time()
        try:
            return super().received(data)  # type: ignore[no-any-return]
        finally:
            if self.request is None:  # every request in `data` arrived whole
                self.receiving_since = None

    def in_flight(self) -> bool:
        """A request received whole and not yet answered (queued, being served, or its answer still being sent),
        or one whose body is arriving. A drain finishes these; a connection with only part of a request's headers
        is not one of them."""
        partial = self.request
        return bool(self.requests or self.total_outbufs_len or (partial is not None and partial.headers_finished))

    def time_out(self, seconds: float) -> None:
        """Answer the request still arriving with 408 (through the error task, which closes the connection)."""
        with self.requests_lock:
            request = self.request
            if request is None or self.requests or self.will_close or self.close_when_flushed:
                return
            request.error = RequestTimeout(f"the request did not arrive whole within {seconds:g} s")
            request.completed = True
            self.request = None
            self.receiving_since = None
            self.requests.append(request)
        self.server.add_task(self)


class Server(TcpWSGIServer):
    """One listening socket. Its maintenance (every `cleanup_interval` s) closes silent connections, as waitress
    does, and times out requests that arrive too slowly, which waitress does not."""

    channel_class = TimedChannel
    request_timeout = 30.0
    draining = False

    def maintenance(self, now: float) -> None:
        super().maintenance(now)
        cutoff = now - self.request_timeout
        for channel in list(self.active_channels.values()):
            # A request behind one being served is not read yet (waitress reads one request at a time): its clock
            # starts when it can be read.
            if channel.receiving_since is not None and channel.receiving_since < cutoff and not channel.requests:
                channel.time_out(self.request_timeout)


class Signals:
    """SIGTERM and SIGINT counted rather than raised, so they arrive between two turns of the loop, never in the
    middle of one: the first drains, the second stops at once."""

    def __init__(self) -> None:
        self.count = 0
        self.wake: Callable[[], None] | None = None  # makes the loop's poll() return now rather than at its timeout

    def __call__(self, signum: int, frame: object) -> None:
        self.count += 1
        if self.wake is not None:
            self.wake()

    @contextmanager
    def installed(self) -> Iterator[Signals]:
        if threading.current_thread() is not threading.main_thread():  # only the main thread may handle signals
            yield self
            return
        previous = {sig: signal.signal(sig, self) for sig in (signal.SIGTERM, signal.SIGINT)}
        try:
            yield self
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)


class Service:
    """The listening sockets (one per address `host` resolves to), their connections and the worker threads."""

    def __init__(self, app: Any, host: str, port: int, *, threads: int, connection_limit: int,
                 request_timeout: float, idle_timeout: float, grace: float, signals: Signals | None = None) -> None:
        self.adj = Adjustments(
            host=host, port=port, threads=threads, ident="mljudge",
            connection_limit=connection_limit,
            asyncore_use_poll=True,  # select() cannot watch a descriptor numbered 1024 or more
            channel_timeout=max(1, math.ceil(idle_timeout)),
            cleanup_interval=1,  # how often maintenance runs: the precision of both timeouts
            max_request_header_size=MAX_HEADER_BYTES,
            # Refused while arriving, before it is buffered (to a temporary file past 512 KiB): waitress would take
            # a gigabyte by default, and the app refuses anything over its MAX_CONTENT_LENGTH anyway. (+1: waitress
            # refuses a body *of* its limit; the app accepts one.)
            max_request_body_size=int(app.config["MAX_CONTENT_LENGTH"]) + 1,
            # waitress would delete X-Forwarded-For; the app decides whom to believe (TRUSTED_PROXIES).
            clear_untrusted_proxy_headers=False,
        )
        self.grace = grace
        self.signals = signals or Signals()
        self.map: dict[int, Any] = {}
        self.dispatcher = ThreadedTaskDispatcher()
        self.dispatcher.set_thread_count(threads)
        self.servers = [Server(app, self.map, dispatcher=self.dispatcher, adj=self.adj, sockinfo=info)
                        for info in self.adj.listen]
        for server in self.servers:
            server.request_timeout = request_timeout
        self.signals.wake = self.servers[0].pull_trigger

    @property
    def port(self) -> int:
        return int(self.servers[0].effective_port)

    def channels(self) -> list[TimedChannel]:
        return [channel for server in self.servers for channel in list(server.active_channels.values())]

    def _turn(self) -> None:
        wasyncore.loop(timeout=self.adj.asyncore_loop_timeout, map=self.map, use_poll=True, count=1)

    def stop(self) -> None:
        """What SIGTERM does, from any thread: the loop starts draining."""
        self.signals(signal.SIGTERM, None)

    def run(self) -> int:
        """Serve until a signal (or `stop`), then drain. Returns how many requests in flight were cut off."""
        while not self.signals.count:
            self._turn()
        return self.drain()

    def drain(self) -> int:
        """Stop accepting; finish every request already received (up to `grace` seconds, or until a second
        signal); close the other connections. Returns how many requests in flight were cut off."""
        deadline = time.monotonic() + self.grace
        for server in self.servers:
            server.draining = True
            self._accept_waiting(server)
            wasyncore.dispatcher.close(server)  # the listening socket only: the trigger still wakes the loop
        log.info("stopping: %d request(s) in flight, up to %.0f s to finish them",
                 sum(c.in_flight() for c in self.channels()), self.grace)
        turns = 0
        while True:
            channels = self.channels()
            busy = [channel for channel in channels if channel.in_flight()]
            # Two turns first, so that requests already sitting in a socket's buffer are read and counted.
            if turns >= 2:
                for channel in channels:
                    if not channel.in_flight():
                        channel.handle_close()
                if not busy:
                    break
            if time.monotonic() >= deadline or self.signals.count > 1:
                log.warning("stopping now: %d request(s) in flight are cut off", len(busy))
                break
            for server in self.servers:  # off the map now, so its readable() no longer runs maintenance
                server.maintenance(time.time())
            self._turn()
            turns += 1
        self.close()
        return len(busy)

    def _accept_waiting(self, server: Server) -> None:
        """Accept the connections already waiting in the backlog: their clients sent their requests before the
        signal, and closing the socket under them would reset them unanswered."""
        poller = select.poll()
        poller.register(server.socket, select.POLLIN)
        for _ in range(self.adj.backlog):
            if len(self.map) >= self.adj.connection_limit or not poller.poll(0):
                break
            server.handle_accept()

    def close(self) -> None:
        self.signals.wake = None  # its pipe is about to close: a late signal must not write to it
        wasyncore.close_all(self.map, ignore_all=True)
        self.dispatcher.shutdown(cancel_pending=True, timeout=5)


# --- judge serve ------------------------------------------------------------------------------------------------


def raise_open_files(wanted: int) -> int:
    """Raise the soft open-files limit towards `wanted` (never past the hard one). Returns the soft limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = target
    return sys.maxsize if soft == resource.RLIM_INFINITY else soft


def shutdown_grace(catalog: Any) -> float:
    """SHUTDOWN_GRACE=auto: the longest time limit of the exercises, plus the margin."""
    exercises = catalog.all(on_error=lambda slug, exc: None)
    return max((e.limits.wall_seconds for e in exercises), default=5.0) + SHUTDOWN_MARGIN


def open_store(settings: dict[str, Any]) -> Store:
    """The record of submissions (JUDGE_DATABASE_URL, else a SQLite file in JUDGE_DATA_DIR), migrated to the newest
    schema. Raises store.StoreError, one line, when it cannot be opened or migrated."""
    from mljudge.store import Store, default_url

    opened = Store.open(settings["DATABASE_URL"] or default_url(settings["DATA_DIR"]))
    try:
        opened.upgrade()
    except BaseException:
        opened.close()
        raise
    return opened


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, *, exercises_dir: Path | None = None,
          threads: int = 16, pool_size: int | None = None, broker: str | None = None, out: TextIO = sys.stdout) -> int:
    """Check the settings, open and migrate the database, start the zygotes (or, with a broker, reach it), then
    serve until SIGTERM/SIGINT and drain. Returns an exit code; raises a JudgeError (one line) for a malformed
    setting, a database or broker that cannot be reached, a port that cannot be listened on."""
    from mljudge.judge import course
    from mljudge.judge.catalog import Catalog
    from mljudge.judge.pools import course_pool
    from mljudge.web import config, create_app

    settings = config.read()  # before anything starts: a typo stops here
    catalog = Catalog(exercises_dir or settings["EXERCISES_DIR"])
    course.require(catalog.root)  # a folder without a course stops here, never serves an empty site
    broker = broker or settings["BROKER_URL"]
    store = open_store(settings)  # a database that fails stops the start here, in one line, never a 500 later
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    connection_limit = settings["CONNECTION_LIMIT"]
    files = raise_open_files(connection_limit + SPARE_FILES)
    if files < connection_limit + SPARE_FILES:
        connection_limit = max(1, files - SPARE_FILES)
        print(f"WARNING: the open-files limit is {files} (ulimit -n); serving at most {connection_limit} "
              f"connections instead of {settings['CONNECTION_LIMIT']}", file=out, flush=True)
    with contextlib.ExitStack() as stack, Signals().installed() as signals:
        stack.callback(store.close)
        pool = dispatcher = None
        if broker:  # graded by `judge worker`s: this process needs no sandbox
            from mljudge.dispatch.submitter import Dispatcher, Settings

            dispatcher = Dispatcher(broker, Settings(per_client=settings["MAX_PER_CLIENT"],
                                                     floor=settings["MAX_PENDING"]))
            stack.callback(dispatcher.close)
            dispatcher.check()
            # Each submission waits for its worker in a request thread of its own.
            in_flight = len(TRACKS) * 2 * settings["MAX_PENDING"]
        else:
            pool = course_pool(catalog.root, pool_size, hide=(settings["DATA_DIR"],),
                               max_waiting=settings["MAX_PENDING"], per_client=settings["MAX_PER_CLIENT"],
                               allow_unconfined=settings["ALLOW_UNCONFINED"])
            stack.callback(pool.close)
            # A thread for every submission that may be judged or waiting (each waits in its own request).
            in_flight = len(pool.queues) * (pool.size + settings["MAX_PENDING"])
        app = create_app(pool=pool, catalog=catalog, store=store, dispatcher=dispatcher)
        grace = settings["SHUTDOWN_GRACE"] or shutdown_grace(catalog)
        try:  # listening from here (a taken port fails before the sandbox starts); served once the zygotes are warm
            # More threads than submissions in flight, so that pages and static files never queue behind grading.
            service = Service(app, host, port, threads=max(threads, in_flight + 8),
                              connection_limit=connection_limit, request_timeout=settings["REQUEST_TIMEOUT"],
                              idle_timeout=settings["IDLE_TIMEOUT"], grace=grace, signals=signals)
        except OSError as exc:  # the port is taken, the address is not this machine's
            advice = (f"; pick another with --port (make run ARGS='--port {port + 1 if port else 8001}')"
                      if exc.errno == errno.EADDRINUSE else "")
            raise ListenError(f"cannot listen on {host}:{port}: {exc.strerror or exc}{advice}") from None
        stack.callback(service.close)  # (already closed after a drain)
        print(f"submissions are recorded in {store.where}", file=out, flush=True)
        if pool is not None:
            verified = verified_inactive(pool.hidden)  # before the zygotes' threads: a fork of this process
            print(f"starting the sandbox ({pool.size} zygote(s) per track)…", file=out, flush=True)
            pool.start()
            warn_if_unconfined(pool.modes(), pool.inactive_layers() + verified, out)
        elif dispatcher is not None:
            print(f"grading through the broker at {dispatcher.where}: `judge worker`s grade the submissions",
                  file=out, flush=True)
        shown = f"[{host}]" if ":" in host else host
        print(f"mljudge is serving on http://{shown}:{service.port}/  (Ctrl+C stops it)", file=out, flush=True)
        cut = service.run()
        print(f"stopped{f': {cut} request(s) in flight were cut off' if cut else ''}", file=out, flush=True)
    return 0


def verified_inactive(hidden: tuple[str, ...]) -> list[str]:
    """The jail's layers that do not hold, tested from inside a throwaway child jailed as the zygotes' are (the
    probe `judge doctor` runs), as "name: why" lines: the banner says what holds, not only what was planned."""
    from mljudge.sandbox import jail_layers

    return [f"{layer.name}: {layer.detail}" for layer in jail_layers(hidden) if not layer.active]


def warn_if_unconfined(modes: set[str], inactive: list[str], out: TextIO) -> bool:
    """Say loudly when OS isolation layers are not active: submissions would run less confined. True if warned."""
    if "none" in modes or not modes or inactive:
        print("WARNING: some of the sandbox's isolation layers are NOT active on this machine; submitted code runs "
              "less confined than it should. Run `judge doctor` for details, and do not expose this server to "
              "untrusted users until they are.", file=out, flush=True)
        for line in dict.fromkeys(inactive) or [f"jail mode: {', '.join(sorted(modes)) or 'unknown'}"]:
            print(f"  - {line}", file=out, flush=True)
        return True
    print(f"sandbox isolation: {', '.join(sorted(modes))} mode, all layers active (tested from inside a jailed "
          "child, as `judge doctor` does)", file=out, flush=True)
    return False
