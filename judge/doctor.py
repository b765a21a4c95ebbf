"""`judge doctor`: which protective layers are really active on this machine, verified, not assumed.

The jail's layers are tested from inside a probe child (sandbox.probe). The layers above it are tested the way an
attacker would meet them: real jobs in real jailed children of a fresh pool, some compiled *without* the policy so
that they reach what only the lower layers stop (the audit hook, torch's replaced kernels).
"""

from __future__ import annotations

import time
from importlib.metadata import version
from typing import Any

import numpy as np

# Code the policy would never let through: it reaches `sys` through object.__subclasses__ (as an attacker past the
# guards would), then tries what only the audit hook refuses.
_PAST_THE_GUARDS = """
OS = [c for c in ().__class__.__base__.__subclasses__() if c.__name__ == "_wrap_close"][0].__init__.__globals__
sys = OS["sys"]
def f(x):
    sys.modules["ctypes"].string_at(id(x), 8)
    return x
"""
# The same, in torch: pop the function and dispatch modes, then call the forbidden op; only the replaced kernel
# is left to refuse it.
_MODES_POPPED = """
OS = [c for c in ().__class__.__base__.__subclasses__() if c.__name__ == "_wrap_close"][0].__init__.__globals__
torch = OS["sys"].modules["torch"]
def f(x):
    while torch._C._len_torch_function_stack():
        torch._C._pop_torch_function_stack()
    while torch._C._len_torch_dispatch_stack():
        torch._C._pop_torch_dispatch_stack(None)
    return torch.nn.functional.gelu(x)
"""


def diagnose() -> dict[str, Any]:
    from sandbox.probe import probe
    from sandbox.rootfs import python_readable_paths

    layers: list[dict[str, Any]] = [
        {"name": "policy", "active": True,
         "detail": f"static check + RestrictedPython {version('RestrictedPython')} compiler"},
    ]
    for status in probe(python_readable_paths()):
        layers.append({"name": status.name, "active": status.active, "detail": status.detail})
    layers.extend(_in_real_children())
    return {"ok": all(layer["active"] for layer in layers), "layers": layers}


def _smoke_test() -> dict[str, Any]:
    """One real submission through a fresh zygote: proves the whole path, not just the parts."""
    return _in_real_children(only_smoke=True)[0]


def _in_real_children(*, only_smoke: bool = False) -> list[dict[str, Any]]:
    from sandbox import runner
    from sandbox.limits import Limits
    from sandbox.pool import Pool

    pool = Pool(size=1)
    try:
        started = time.perf_counter()
        try:
            outcome = runner.run(_job("def f(x):\n    return x * 2\n", "numpy"), Limits(), pool)
        except Exception as exc:  # e.g. PermissionError: this user may not start the interpreter at all
            return [{"name": "sandbox", "active": False,
                     "detail": f"could not start a sandbox: {type(exc).__name__}: {exc}"}]
        call = outcome.calls.get("a")
        ok = call is not None and call.ok and list(call.value.data) == [0.0, 2.0, 4.0]
        smoke = {"name": "sandbox", "active": ok,
                 "detail": (f"a submission ran in a jailed child armed ahead of its job "
                            f"({(time.perf_counter() - started) * 1000:.0f} ms including the zygote's start)")
                 if ok else f"a test submission failed: {outcome.internal_error or outcome.termination}"}
        if only_smoke or not ok:
            return [smoke]
        audit = runner.run(_job(_PAST_THE_GUARDS, "numpy", guarded=False), Limits(), pool)
        audit_ok = any(v.code == "forbidden_operation" and v.what.startswith("ctypes") for v in audit.violations)
        kernels = runner.run(_job(_MODES_POPPED, "torch", guarded=False, aten=("gelu",)), Limits(), pool)
        kernels_ok = any(v.what.startswith("aten::gelu") for v in kernels.violations)
        uid_block = pool._uids.first if pool._uids is not None else None
        return [
            smoke,
            {"name": "tripwire", "active": True,
             "detail": "guarded attributes, call results, items and iterations; forbidden, unsafe and private "
                       "objects refused by identity; stand-ins for name-taking helpers"},
            {"name": "audit hook", "active": audit_ok,
             "detail": "refused ctypes in a child past the policy and guards" if audit_ok else
                       f"NOT holding: code past the guards used ctypes ({audit.termination})"},
            {"name": "torch kernels", "active": kernels_ok,
             "detail": "a forbidden op was refused with torch's modes popped (its kernels are replaced)"
                       if kernels_ok else f"NOT holding: F.gelu ran with the modes popped ({kernels.termination})"},
            {"name": "uids", "active": uid_block is not None,
             "detail": f"this judge's children run as uids {uid_block}… (a block of its own)"},
        ]
    finally:
        pool.close()


def _job(source: str, track: str, *, guarded: bool = True, aten: tuple[str, ...] = ()) -> Any:
    from sandbox import policy
    from sandbox.runner import Call, Job, imports_for

    imports = imports_for(track)
    if guarded:
        program = policy.check(source, policy.Rules.of(imports))
    else:  # the attacker's view: what the lower layers alone must hold
        program = policy.Program(compile(source, "doctor.py", "exec"), source, "doctor.py", imports)
    call = Call("a", (np.arange(3.0),), arg_names=("x",))
    return Job(program, "f", track, (call,), imports, forbidden_aten=aten)
