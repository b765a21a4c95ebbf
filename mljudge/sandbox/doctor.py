"""Which protective layers are really active on this machine, verified, not assumed (`judge doctor`).

The jail's layers are tested from inside a probe child (sandbox.probe). The layers above it are tested the way an
attacker would meet them: real jobs in real jailed children of a fresh pool, some compiled *without* the policy so
that they reach what only the lower layers stop (the audit hook, torch's replaced kernels).
"""

from __future__ import annotations

import time
from importlib.metadata import version
from typing import Any

import numpy as np

from mljudge.sandbox.isolation import LayerStatus
from mljudge.sandbox.tracks import NAMES, TRACKS

# Code the policy would never let through: it reaches `sys` through object.__subclasses__ (as an attacker past the
# guards would), then tries what only the audit hook refuses.
_PAST_THE_GUARDS = """
OS = [c for c in ().__class__.__base__.__subclasses__() if c.__name__ == "_wrap_close"][0].__init__.__globals__
sys = OS["sys"]
def f(x):
    sys.modules["ctypes"].string_at(id(x), 8)
    return x
"""
def diagnose(hidden: tuple[str, ...] = ()) -> list[LayerStatus]:
    """Every layer, checked: the jail's from inside a probe child, the rest in real children of a fresh pool (whose
    jails mask `hidden`, as the caller's own pools do)."""
    layers = [LayerStatus("policy", True,
                          f"static check + RestrictedPython {version('RestrictedPython')} compiler")]
    layers += jail_layers(hidden)
    layers += _in_real_children(hidden)
    return layers


def jail_layers(hidden: tuple[str, ...] = ()) -> list[LayerStatus]:
    """The jail's layers, checked from inside a throwaway child jailed as the zygotes' are (what `diagnose` starts
    with, without the real children: quick enough for a server's start)."""
    from mljudge.sandbox.probe import probe
    from mljudge.sandbox.rootfs import python_readable_paths

    return probe(python_readable_paths(), hidden)


def smoke_test(hidden: tuple[str, ...] = ()) -> LayerStatus:
    """One real submission through a fresh zygote: proves the whole path, not just the parts."""
    return _in_real_children(hidden, only_smoke=True)[0]


def _in_real_children(hidden: tuple[str, ...], *, only_smoke: bool = False) -> list[LayerStatus]:
    from mljudge.sandbox import runner
    from mljudge.sandbox.limits import Limits
    from mljudge.sandbox.pool import Pool

    pool = Pool(size=1, hidden=hidden)
    try:
        started = time.perf_counter()
        try:
            outcome = runner.run(_job("def f(x):\n    return x * 2\n", "numpy"), Limits(), pool)
        except Exception as exc:  # e.g. PermissionError: this user may not start the interpreter at all
            return [LayerStatus("sandbox", False, f"could not start a sandbox: {type(exc).__name__}: {exc}")]
        call = outcome.calls.get("a")
        ok = call is not None and call.ok and list(call.value.data) == [0.0, 2.0, 4.0]
        smoke = LayerStatus("sandbox", ok, (
            f"a submission ran in a jailed child armed ahead of its job "
            f"({(time.perf_counter() - started) * 1000:.0f} ms including the zygote's start)") if ok else
            f"a test submission failed: {outcome.internal_error or outcome.termination}")
        if only_smoke or not ok:
            return [smoke]
        audit = runner.run(_job(_PAST_THE_GUARDS, NAMES[0], guarded=False), Limits(), pool)
        audit_ok = any(v.code == "forbidden_operation" and v.what.startswith("ctypes") for v in audit.violations)
        layers = [
            smoke,
            LayerStatus("tripwire", True, "guarded attributes, call results, items and iterations; forbidden, "
                                          "unsafe and private objects refused by identity; stand-ins for "
                                          "name-taking helpers"),
            LayerStatus("audit hook", audit_ok, "refused ctypes in a child past the policy and guards" if audit_ok
                        else f"NOT holding: code past the guards used ctypes ({audit.termination})"),
        ]
        for track in TRACKS.values():
            if track.op_probe:
                probed = runner.run(_job(track.op_probe, track.name, guarded=False, aten=("gelu",)), Limits(), pool)
                held = any(v.what.startswith("aten::gelu") for v in probed.violations)
                layers.append(LayerStatus(f"{track.name} kernels", held, (
                    f"a forbidden op was refused past every guard above {track.label}'s dispatcher (its kernels "
                    "are replaced)") if held else
                    f"NOT holding: the forbidden op ran past the guards ({probed.termination})"))
        block = pool.uid_block
        layers.append(LayerStatus("uids", block is not None,
                                  f"this judge's children run as uids {block}… (a block of its own)"))
        return layers
    finally:
        pool.close()


def _job(source: str, track: str, *, guarded: bool = True, aten: tuple[str, ...] = ()) -> Any:
    from mljudge.sandbox import policy
    from mljudge.sandbox.runner import Call, Job, imports_for

    imports = imports_for(track)
    if guarded:
        program = policy.vet(source, policy.Rules.of(imports))
    else:  # the attacker's view: what the lower layers alone must hold
        program = policy.Program(compile(source, "doctor.py", "exec"), source, "doctor.py", imports)
    call = Call("a", (np.arange(3.0),), arg_names=("x",))
    return Job(program, "f", track, (call,), imports, forbidden_aten=aten)
