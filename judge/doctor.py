"""`judge doctor`: which protective layers are really active on this machine, verified, not assumed."""

from __future__ import annotations

from importlib.metadata import version
from typing import Any


def diagnose() -> dict[str, Any]:
    from sandbox.probe import probe
    from sandbox.rootfs import python_readable_paths

    layers: list[dict[str, Any]] = [
        {"name": "policy", "active": True,
         "detail": f"static check + RestrictedPython {version('RestrictedPython')} compiler"},
        {"name": "tripwire", "active": True,
         "detail": "guarded attribute access and imports; torch dispatcher mode for forbidden aten ops"},
    ]
    for status in probe(python_readable_paths()):
        layers.append({"name": status.name, "active": status.active, "detail": status.detail})
    layers.append(_smoke_test())
    return {"ok": all(layer["active"] for layer in layers), "layers": layers}


def _smoke_test() -> dict[str, Any]:
    """One real submission through a fresh zygote: proves the whole path, not just the parts."""
    import time

    import numpy as np

    from sandbox import policy
    from sandbox.limits import Limits
    from sandbox.pool import Pool
    from sandbox.runner import Call, Job, imports_for, run

    pool = Pool(size=1)
    try:
        started = time.perf_counter()
        imports = imports_for("numpy")
        program = policy.check("def f(x):\n    return x * 2\n", policy.Rules.of(imports))
        job = Job(program, "f", "numpy", (Call("a", (np.arange(3.0),), arg_names=("x",)),), imports)
        try:
            outcome = run(job, Limits(), pool)
        except Exception as exc:  # e.g. PermissionError: this user may not start the interpreter at all
            return {"name": "sandbox", "active": False,
                    "detail": f"could not start a sandbox: {type(exc).__name__}: {exc}"}
        call = outcome.calls.get("a")
        ok = call is not None and call.ok and list(call.value.data) == [0.0, 2.0, 4.0]
        detail = (f"a submission ran in a jailed child ({(time.perf_counter() - started) * 1000:.0f} ms "
                  "including the zygote's start)" if ok else
                  f"a test submission failed: {outcome.internal_error or outcome.termination}")
        return {"name": "sandbox", "active": ok, "detail": detail}
    finally:
        pool.close()
