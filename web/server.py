"""`judge serve`: the web app on waitress, with the sandbox's zygotes warm before the first request."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from typing import TextIO

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, *, exercises_dir: Path | None = None,
          threads: int = 16, pool_size: int | None = None, out: TextIO = sys.stdout) -> int:
    """Start the zygotes, then serve until interrupted. Returns an exit code."""
    import waitress

    from judge.catalog import Catalog
    from sandbox.pool import Pool
    from web import create_app

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    pool = Pool(size=pool_size, allow_unconfined=os.environ.get("MLJUDGE_ALLOW_UNCONFINED") == "1")
    print(f"starting the sandbox ({pool.size} zygote(s) per track)…", file=out, flush=True)
    try:
        pool.start()
        warn_if_unconfined(pool.modes(), pool.inactive_layers(), out)
        app = create_app(pool=pool, catalog=Catalog(exercises_dir))
        # More threads than admitted submissions (MAX_PENDING), so pages and static files never queue behind
        # grading; waitress bounds connections itself (connection_limit).
        server = waitress.create_server(app, host=host, port=port, threads=max(threads, app.config["MAX_PENDING"] + 4))
        shown = f"[{host}]" if ":" in host else host
        print(f"mljudge is serving on http://{shown}:{server.effective_port}/  (Ctrl+C stops it)", file=out,
              flush=True)
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        pool.close()
    return 0


def warn_if_unconfined(modes: set[str], inactive: list[str], out: TextIO) -> bool:
    """Say loudly when OS isolation layers are not active: submissions would run less confined. True if warned."""
    if "none" in modes or not modes or inactive:
        print("WARNING: some of the sandbox's isolation layers are NOT active on this machine; submitted code runs "
              "less confined than it should. Run `judge doctor` for details, and do not expose this server to "
              "untrusted users until they are.", file=out, flush=True)
        for line in inactive or [f"jail mode: {', '.join(sorted(modes)) or 'unknown'}"]:
            print(f"  - {line}", file=out, flush=True)
        return True
    print(f"sandbox isolation: {', '.join(sorted(modes))} mode, all layers active", file=out, flush=True)
    return False
