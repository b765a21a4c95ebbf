"""`judge`, the command line: the core's commands (judge.cli) and the web's `serve` in one program. This entry
module sits above both, so that the core never imports the web (and `judge run` never loads Flask)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from judge import cli


def _serve_command(command: cli.AddCommand) -> None:
    serve = command("serve", _serve, "run the web app (editor, lessons, JSON API) with the sandbox warm")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    serve.add_argument("--slots", type=int, default=None, metavar="N",
                       help="sandboxes per track, i.e. submissions judged at once (default: the number of CPUs)")


def _serve(args: argparse.Namespace) -> int:
    from web.server import serve

    if not 0 <= args.port <= 65535:
        raise cli.UsageError(f"--port must be 0..65535, not {args.port}")
    if args.slots is not None and args.slots < 1:
        raise cli.UsageError("--slots must be at least 1")
    return serve(args.host, args.port, exercises_dir=args.exercises_dir, pool_size=args.slots)


def main(argv: Sequence[str] | None = None) -> int:
    return cli.main(argv, extensions=(_serve_command,))


if __name__ == "__main__":
    sys.exit(main())
