"""Runs untrusted learner code in isolation and hands back plain numbers only.

The front door: everything a caller (the judge, the web, a benchmark) needs is imported from here, and nothing
else of the package is theirs to rely on. The sandbox names none of its callers: what it must hide from
submissions (the caller's own packages) the caller passes in (`Pool(hidden=...)`).

    vet(source, Rules.of(imports, forbidden))  -> Program      (policy: refuse, or compile restricted code)
    run(Job(program, function, track, calls, imports, ...), limits, pool, client=...) -> Outcome
    Pool(size, hidden=..., per_client=..., max_waiting=...)    (warm zygotes, fair queues, uid block)
    diagnose(hidden)                                           -> [LayerStatus]   (`judge doctor`)

Names are loaded on first use (PEP 562), so that a zygote, which imports this package, does not pay for the
judge's side of it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# name -> the module that defines it
_EXPORTS = {
    "Pool": "pool", "ZygoteError": "pool", "MAX_RESULT": "pool", "default_pool": "pool",
    "Busy": "fairness", "ClientBusy": "fairness",
    "Limits": "limits", "ErrorKind": "codes", "Termination": "codes", "Refusal": "codes", "Rule": "codes",
    "Job": "runner", "Call": "runner", "Outcome": "runner", "CallOutcome": "runner", "ErrorInfo": "runner",
    "Violation": "runner", "run": "runner", "imports_for": "runner", "MODULE_PHASE": "runner",
    "Program": "policy", "Rules": "policy", "Rejected": "policy", "Issue": "policy", "vet": "policy",
    "decode_source": "policy", "detect_track": "policy", "Detected": "policy", "MAX_SOURCE_BYTES": "policy",
    "Note": "prune", "import_aliases": "prune", "dotted": "prune",
    "Array": "wire", "Opaque": "wire",
    "TrackSpec": "tracks", "TRACKS": "tracks", "NAMES": "tracks", "ORIGINS": "tracks", "ORIGIN_NAMES": "tracks",
    "TRUSTED": "tracks",
    "LayerStatus": "isolation",
    "diagnose": "doctor", "smoke_test": "doctor", "jail_layers": "doctor",
    "resolve": "guards", "is_reportable": "reportable",
    "Allowed": "governed", "Library": "tracks", "LIBRARIES": "tracks", "GOVERNED_ROOTS": "tracks",
    "vocabulary_libraries": "tracks", "op_base": "kernels", "NameRules": "policy", "unsafe_kind": "corners",
}
__all__ = [
    "GOVERNED_ROOTS",
    "LIBRARIES",
    "MAX_RESULT",
    "MAX_SOURCE_BYTES",
    "MODULE_PHASE",
    "NAMES",
    "ORIGINS",
    "ORIGIN_NAMES",
    "TRACKS",
    "TRUSTED",
    "Allowed",
    "Array",
    "Busy",
    "Call",
    "CallOutcome",
    "ClientBusy",
    "Detected",
    "ErrorInfo",
    "ErrorKind",
    "Issue",
    "Job",
    "LayerStatus",
    "Library",
    "Limits",
    "NameRules",
    "Note",
    "Opaque",
    "Outcome",
    "Pool",
    "Program",
    "Refusal",
    "Rejected",
    "Rule",
    "Rules",
    "Termination",
    "TrackSpec",
    "Violation",
    "ZygoteError",
    "decode_source",
    "default_pool",
    "detect_track",
    "diagnose",
    "dotted",
    "import_aliases",
    "imports_for",
    "is_reportable",
    "jail_layers",
    "op_base",
    "resolve",
    "run",
    "smoke_test",
    "unsafe_kind",
    "vet",
    "vocabulary_libraries",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'sandbox' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"mljudge.sandbox.{module}"), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:
    from mljudge.sandbox.codes import ErrorKind, Refusal, Rule, Termination
    from mljudge.sandbox.corners import unsafe_kind
    from mljudge.sandbox.doctor import diagnose, jail_layers, smoke_test
    from mljudge.sandbox.fairness import Busy, ClientBusy
    from mljudge.sandbox.governed import Allowed
    from mljudge.sandbox.guards import resolve
    from mljudge.sandbox.isolation import LayerStatus
    from mljudge.sandbox.kernels import op_base
    from mljudge.sandbox.limits import Limits
    from mljudge.sandbox.policy import (
        MAX_SOURCE_BYTES,
        Detected,
        Issue,
        NameRules,
        Program,
        Rejected,
        Rules,
        decode_source,
        detect_track,
        vet,
    )
    from mljudge.sandbox.pool import MAX_RESULT, Pool, ZygoteError, default_pool
    from mljudge.sandbox.prune import Note, dotted, import_aliases
    from mljudge.sandbox.reportable import is_reportable
    from mljudge.sandbox.runner import (
        MODULE_PHASE,
        Call,
        CallOutcome,
        ErrorInfo,
        Job,
        Outcome,
        Violation,
        imports_for,
        run,
    )
    from mljudge.sandbox.tracks import (
        GOVERNED_ROOTS,
        LIBRARIES,
        NAMES,
        ORIGIN_NAMES,
        ORIGINS,
        TRACKS,
        TRUSTED,
        Library,
        TrackSpec,
        vocabulary_libraries,
    )
    from mljudge.sandbox.wire import Array, Opaque
