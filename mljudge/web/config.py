"""`judge serve`'s settings: one declared table (environment variable, parser, default, example, help), read and
checked once at start.

A typo must stop the server with one line naming the setting and a valid example, never quietly change what it
does (a malformed rate limit used to turn rate limiting off). docs/deploy.md lists the same table; a test keeps
the two in step.
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mljudge.judge.errors import JudgeError

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class ConfigError(JudgeError):
    """A setting with a value it cannot have: one line, naming it and showing a valid value."""


# --- parsers: text -> value, ValueError with a short reason otherwise -----------------------------------------


def rate_limit(text: str) -> str:
    """Flask-Limiter's syntax, checked here because the limiter itself skips a limit it cannot parse."""
    from limits import parse_many

    try:
        limits = parse_many(text)
    except ValueError:
        raise ValueError("not a rate limit such as '120/minute' or '5 per second'") from None
    if any(limit.amount < 1 for limit in limits):
        raise ValueError("a limit of 0 requests would refuse every request")
    return text.strip()


def count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise ValueError("not a whole number") from None
    if value < 1:
        raise ValueError("must be at least 1")
    return value


def seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ValueError("not a number of seconds") from None
    if not 0 < value < 24 * 3600:  # also refuses nan and inf
        raise ValueError("must be more than 0 and less than a day")
    return value


def seconds_or_auto(text: str) -> float | None:
    return None if text.strip().lower() == "auto" else seconds(text)


def networks(text: str) -> tuple[Network, ...]:
    """Comma- or space-separated addresses and CIDR blocks; '' is none."""
    found = []
    for item in text.replace(",", " ").split():
        try:
            found.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise ValueError(f"{item!r} is not an IP address or CIDR block") from None
    return tuple(found)


def flag(text: str) -> bool:
    if text.strip() not in ("0", "1"):
        raise ValueError("must be 0 or 1")
    return text.strip() == "1"


def default_data_dir() -> Path:
    """The per-user data directory (~/.local/share/mljudge on Linux, as platformdirs says): never the working
    directory, so that serving from a course's repository does not put learners' submissions into it."""
    from platformdirs import user_data_path

    return user_data_path("mljudge", appauthor=False)


def data_dir(text: str) -> Path:
    """A folder to keep data in ('' is the per-user one): created at start when missing, so it must not be a
    file."""
    path = Path(text).expanduser() if text.strip() else default_data_dir()
    if path.exists() and not path.is_dir():
        raise ValueError("exists and is not a directory")
    return path


def database_url(text: str) -> str:
    """'' (the SQLite default) or an SQLAlchemy URL of a database the judge supports."""
    text = text.strip()
    if text and text.partition("://")[0].partition("+")[0] not in ("sqlite", "postgresql", "postgres"):
        raise ValueError("not an sqlite:/// or postgresql:// URL")
    return text


def broker_url(text: str) -> str:
    """'' (grade in the web's own process) or a Redis URL."""
    text = text.strip()
    if text and not text.startswith(("redis://", "rediss://", "unix://")):
        raise ValueError("not a redis:// URL")
    return text


def directory(text: str) -> Path | None:
    if not text:
        return None
    path = Path(text)
    if not path.is_dir():
        raise ValueError("no such directory")
    return path


# --- the table --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Setting:
    env: str  # the environment variable
    key: str  # where the parsed value goes: the Flask app's config, and `read()`'s answer
    parse: Callable[[str], Any]
    default: str  # as text, parsed like a given value
    example: str  # a valid value, shown when a given one is not
    help: str


SETTINGS: tuple[Setting, ...] = (
    Setting("JUDGE_RATE_LIMIT", "RATE_LIMIT", rate_limit, "120/minute", "120/minute",
            "Requests per client to /api (all endpoints share one budget), in Flask-Limiter syntax; several limits "
            "separated by ';'. Past it: 429 with Retry-After."),
    Setting("JUDGE_MAX_PENDING", "MAX_PENDING", count, "16", "32",
            "Submissions that may wait for a sandbox, per track, besides those being judged; clients take turns. "
            "Past it: 503 with a Retry-After computed from how fast the queue drains. With a broker: a track's "
            "queue may always be this deep, and deeper as far as its workers drain in a minute."),
    Setting("JUDGE_MAX_PER_CLIENT", "MAX_PER_CLIENT", count, "2", "3",
            "Submissions one client may have being judged or waiting at once; past it: 429 with Retry-After. "
            "A client never holds every sandbox of a track while there are two or more. With a broker the cap holds "
            "across every web process and worker."),
    Setting("JUDGE_TRUSTED_PROXIES", "TRUSTED_PROXIES", networks, "", "127.0.0.1, 10.0.0.0/8",
            "Reverse proxies (addresses or CIDR blocks) whose X-Forwarded-For is believed when naming the client "
            "(rate limits, fair admission). Empty: the direct peer is the client."),
    Setting("JUDGE_CONNECTION_LIMIT", "CONNECTION_LIMIT", count, "2000", "4000",
            "Open connections at once; past it, new ones wait in the kernel's backlog. The open-files limit is "
            "raised at start to fit it."),
    Setting("JUDGE_REQUEST_TIMEOUT", "REQUEST_TIMEOUT", seconds, "30", "20",
            "Seconds a client has to send a whole request (headers and body) from its first byte; past it: 408 "
            "and the connection is closed, so slow senders cannot hold connections."),
    Setting("JUDGE_IDLE_TIMEOUT", "IDLE_TIMEOUT", seconds, "60", "120",
            "Seconds a connection may stay silent between requests before it is closed."),
    Setting("JUDGE_SHUTDOWN_GRACE", "SHUTDOWN_GRACE", seconds_or_auto, "auto", "60",
            "On SIGTERM/SIGINT, seconds to finish the requests in flight before exiting. auto: the longest "
            "time limit of the exercises plus 30 s."),
    Setting("JUDGE_EXERCISES_DIR", "EXERCISES_DIR", directory, "", "/srv/mljudge/exercises",
            "The course: a folder with its course.toml and exercise folders (`--exercises-dir` wins). Empty: the "
            "course bundled in the package. A folder that holds no course stops the start."),
    Setting("JUDGE_DATA_DIR", "DATA_DIR", data_dir, "", "/var/lib/mljudge",
            "Where the judge keeps its data: the SQLite database of submissions unless JUDGE_DATABASE_URL says "
            "otherwise. Created at start and printed. Empty: the per-user data directory (~/.local/share/mljudge "
            "on Linux), never the working directory; `make run` passes `var` (in the checkout)."),
    Setting("JUDGE_DATABASE_URL", "DATABASE_URL", database_url, "", "postgresql://judge@db.example.edu/mljudge",
            "The database of submissions, as an SQLAlchemy URL (postgresql:// through psycopg 3). Migrated at "
            "start. Empty: the SQLite file mljudge.sqlite3 in JUDGE_DATA_DIR."),
    Setting("JUDGE_BROKER_URL", "BROKER_URL", broker_url, "", "redis://127.0.0.1:6379/0",
            "Redis to grade through: each submission is queued for `judge worker`s instead of graded in the web's "
            "own process (`judge serve --broker` wins). Empty: graded in-process."),
    Setting("MLJUDGE_ALLOW_UNCONFINED", "ALLOW_UNCONFINED", flag, "0", "0",
            "1 lets the sandbox run with isolation layers missing (development only; `judge doctor` says which)."),
)


def read(environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """{key: value} for every setting, from `environ` (default: the process's) or the defaults. Raises ConfigError
    for the first malformed one."""
    environ = os.environ if environ is None else environ
    values = {}
    for setting in SETTINGS:
        given = environ.get(setting.env)
        text = setting.default if given is None else given
        try:
            values[setting.key] = setting.parse(text)
        except ValueError as exc:
            raise ConfigError(f"{setting.env}={text!r} is not valid ({exc}); for example "
                              f"{setting.env}='{setting.example}'") from None
    return values


def markdown_table() -> str:
    """The settings as docs/deploy.md shows them (a test keeps the two in step)."""
    rows = ["| Variable | Default | Example | What it does |", "|---|---|---|---|"]
    for s in SETTINGS:
        rows.append(f"| `{s.env}` | {f'`{s.default}`' if s.default else 'empty'} | `{s.example}` | {s.help} |")
    return "\n".join(rows)
