"""A warm-up job the zygote runs on itself once, before forking any child.

Forked children share the zygote's memory but not what they load afterwards, so anything initialised lazily
(torch's dispatch tables, RestrictedPython-compiled code paths, NumPy's ufunc loops) must be initialised here,
or every child pays for it again.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

from mljudge.sandbox import wire
from mljudge.sandbox.tracks import TrackSpec


def _discard(header: dict[str, Any], blob: bytes = b"") -> None:
    """The warm-up's answers: encoded like a real job's (that path warms too), then dropped."""
    wire.encode_frame(header, blob)


def warm(track: TrackSpec, context: Any) -> None:
    """Run the worker's whole path once, in this process, on the track's trusted warm-up code (never hardened: the
    audit hook and replaced kernels cannot be undone, and the zygote serves every exercise)."""
    from mljudge.sandbox import policy, worker
    from mljudge.sandbox.limits import Limits
    from mljudge.sandbox.runner import Call, Job, build_request, imports_for

    imports = imports_for(track.name)
    program = policy.vet(track.warmup, policy.Rules.of(imports), "warmup.py")
    calls = (Call("a", (np.linspace(-3.0, 3.0, 7),), arg_names=("x",)),
             Call("b", (np.ones((3, 3)),), {"scale": 0.5}, arg_names=("x",)))
    # a forbidden op warms the guards' paths too (the warm-up code never calls it)
    job = Job(program, "f", track.name, calls, imports, forbidden_aten=("gelu",) if track.has_ops else ())
    header, blob = build_request(job, Limits())
    stdout, stderr = sys.stdout, sys.stderr
    try:
        worker.run_job(header, blob, _discard, context, harden=False)
    finally:
        sys.stdout, sys.stderr = stdout, stderr
        context.shield.current = None
