"""`judge`, the command line: the core's commands (judge.cli) and, from the parts above the core, the web's
`serve`, the broker's `worker`, and the record's `db` and `submissions`. This entry module sits above all of
them, so that the core never imports the web (and `judge run` never loads Flask, SQLAlchemy or Celery)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from mljudge.judge import cli
from mljudge.judge.i18n import LANGS


def _serve_command(command: cli.AddCommand) -> None:
    from platformdirs import user_data_path

    serve = command("serve", _serve, "run the web app (editor, lessons, JSON API) with the sandbox warm")
    serve.formatter_class = argparse.RawDescriptionHelpFormatter
    serve.epilog = ("Submissions are recorded in $JUDGE_DATABASE_URL, else in mljudge.sqlite3 in $JUDGE_DATA_DIR,\n"
                    f"by default {user_data_path('mljudge', appauthor=False)} (never the working directory).\n"
                    "docs/deploy.md lists every setting.")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    serve.add_argument("--slots", type=int, default=None, metavar="N",
                       help="sandboxes per track, i.e. submissions judged at once (default: the number of CPUs)")
    serve.add_argument("--broker", default=None, metavar="URL",
                       help="grade on `judge worker`s through this Redis (default: $JUDGE_BROKER_URL; none: "
                            "grade in this process)")


def _serve(args: argparse.Namespace) -> int:
    from mljudge.web import config
    from mljudge.web.server import serve

    if not 0 <= args.port <= 65535:
        raise cli.UsageError(f"--port must be 0..65535, not {args.port}")
    if args.slots is not None and args.slots < 1:
        raise cli.UsageError("--slots must be at least 1")
    if args.broker is not None:
        _check(config.broker_url, args.broker, "--broker")
    return serve(args.host, args.port, exercises_dir=args.exercises_dir, pool_size=args.slots, broker=args.broker)


def _worker_command(command: cli.AddCommand) -> None:
    worker = command("worker", _worker, "grade submissions queued by `judge serve --broker` (a Celery worker)")
    worker.add_argument("--broker", default=None, metavar="URL",
                        help="the Redis the web queues submissions in (default: $JUDGE_BROKER_URL)")
    worker.add_argument("--concurrency", type=int, default=1, metavar="N",
                        help="submissions graded at once, one warm sandbox per track each (default 1)")
    worker.add_argument("--tracks", default=None, metavar="T,…",
                        help="the tracks whose queues this worker takes, e.g. torch (default: all)")
    worker.add_argument("--name", default=None, help="the worker's name in logs (default: judge-PID@HOST)")


def _worker(args: argparse.Namespace) -> int:
    from mljudge.dispatch import worker
    from mljudge.web import config

    broker = args.broker or config.read()["BROKER_URL"]
    if not broker:
        raise cli.UsageError("a worker needs a broker: --broker redis://HOST:6379/0 (or JUDGE_BROKER_URL)")
    _check(config.broker_url, broker, "--broker")
    if args.concurrency < 1:
        raise cli.UsageError("--concurrency must be at least 1")
    return worker.run_worker(broker, concurrency=args.concurrency, tracks=worker.parse_tracks(args.tracks),
                      exercises_dir=args.exercises_dir or config.read()["EXERCISES_DIR"], name=args.name)


def _db_command(command: cli.AddCommand) -> None:
    db = command("db", _db, "the database of submissions: `judge db upgrade` migrates it to this version")
    db.add_argument("action", choices=["upgrade"], help="upgrade: apply the migrations it has not had yet")


def _db(args: argparse.Namespace) -> int:
    from mljudge.web import config
    from mljudge.web.server import open_store

    store = open_store(config.read())
    try:
        print(f"{store.where}: schema revision {store.revision()} (the newest)")
    finally:
        store.close()
    return cli.EXIT_OK


def _submissions_command(command: cli.AddCommand) -> None:
    subs = command("submissions", _submissions, "what learners submitted, for teachers (export, stats, prune)")
    actions = subs.add_subparsers(dest="action", metavar="ACTION", required=True)
    export = actions.add_parser("export", help="one row per submission (or --best per learner and exercise)")
    export.add_argument("--exercise", metavar="SLUG", help="only this exercise")
    export.add_argument("--since", metavar="DATE", help="only submissions made at or after DATE (2026-03-01)")
    export.add_argument("--best", action="store_true",
                        help="one row per learner and exercise: the first accepted, else the most cases passed")
    where = export.add_mutually_exclusive_group()
    where.add_argument("--csv", type=Path, metavar="FILE", help="write CSV to FILE ('-': standard output)")
    where.add_argument("--json", action="store_true", help="print a JSON array (with each report)")
    stats = actions.add_parser("stats", help="per exercise: learners, attempts, solved, commonest mistakes")
    stats.add_argument("--exercise", metavar="SLUG", help="only this exercise")
    stats.add_argument("--json", action="store_true", help="print JSON")
    prune = actions.add_parser("prune", help="delete submissions older than an age")
    prune.add_argument("--older-than", required=True, metavar="AGE", help="e.g. 180d, 26w, 48h")


def _submissions(args: argparse.Namespace) -> int:
    from mljudge.store import export
    from mljudge.web import config
    from mljudge.web.server import open_store

    try:
        since = export.parse_date(args.since) if getattr(args, "since", None) else None
        age = export.parse_age(args.older_than) if args.action == "prune" else None
    except ValueError as exc:
        raise cli.UsageError(str(exc)) from None
    store = open_store(config.read())
    try:
        if args.action == "export":
            records = store.export(exercise=args.exercise, since=since, best=args.best)
            if args.json:
                export.write_json(records, sys.stdout)
            elif args.csv is not None and str(args.csv) != "-":
                with args.csv.open("w", encoding="utf-8", newline="") as f:
                    count = export.write_csv(records, f)
                print(f"{count} submission(s) written to {args.csv}", file=sys.stderr)
            else:
                export.write_csv(records, sys.stdout)
        elif args.action == "stats":
            found = store.stats(args.exercise)
            print(json.dumps(export.stats_json(found), ensure_ascii=False, indent=2) if args.json
                  else export.stats_table(found) if found else "no submissions yet")
        elif age is not None:
            print(f"{store.prune(age)} submission(s) older than {args.older_than} deleted")
    finally:
        store.close()
    return cli.EXIT_OK


def _secret_command(command: cli.AddCommand) -> None:
    secret = command("secret", _secret, "the web's signing keys in JUDGE_DATA_DIR (learner tokens, reports)")
    secret.add_argument("action", choices=["rotate"],
                        help="rotate: a new key signs from the next start; the previous one is still believed (and "
                             "what it signed is issued again under the new one), older ones are dropped")


def _secret(args: argparse.Namespace) -> int:
    from mljudge.web import config, signing

    folder = config.read()["DATA_DIR"]
    keys = signing.rotate(folder)
    print(f"{folder / signing.KEY_FILE}: a new signing key, and {len(keys) - 1} previous one(s) still believed; "
          "restart every web process (`judge serve`) to sign with it")
    return cli.EXIT_OK


def _history_command(command: cli.AddCommand) -> None:
    from mljudge.client import cli as client

    history = command("history", client.history_command, "your submissions on a course server, newest first "
                      "(`judge run --server` and notebooks alike), or a link to see them in a browser")
    history.add_argument("exercise", nargs="?", metavar="SLUG", help="only this exercise's (default: every one)")
    history.add_argument("--server", default=None, metavar="URL",
                         help="the course server (default: $MLJUDGE_SERVER)")
    history.add_argument("--lang", default="en", choices=LANGS)
    history.add_argument("--json", action="store_true", help="print the submissions as a JSON array")
    history.add_argument("--browser", action="store_true",
                         help="print a one-time link (valid for minutes, once) that opens this history in a browser")


def _check(parse: Callable[[str], object], value: str, option: str) -> None:
    try:
        parse(value)
    except ValueError as exc:
        raise cli.UsageError(f"{option} {value!r}: {exc}") from None


def main(argv: Sequence[str] | None = None) -> int:
    return cli.main(argv, extensions=(_serve_command, _worker_command, _db_command, _submissions_command,
                                      _secret_command, _history_command))


if __name__ == "__main__":
    sys.exit(main())
