"""A warm-up job the zygote runs on itself once, before forking any child.

Forked children share the zygote's memory but not what they load afterwards, so anything initialised lazily
(torch's dispatch-mode machinery costs ~1 s on first use, RestrictedPython-compiled code paths, NumPy's ufunc
loops) must be initialised here, or every child pays for it again.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

from sandbox import wire

NUMPY_SOURCE = '''
import math
import numpy as np

def f(x, scale=1.0):
    c = math.sqrt(2 / math.pi)
    out = 0.5 * x * (1 + np.tanh(c * (x + 0.044715 * x**3)))
    out[out > 1e9] *= 1.0
    e = np.exp(x - np.max(x, axis=-1, keepdims=True))
    s = e / np.sum(e, axis=-1, keepdims=True)
    r = np.maximum(x, 0) + np.where(x > 0, x, scale * np.expm1(np.minimum(x, 0)))
    for i, v in enumerate(x.flat):
        total = 0
        total += v
    print(f"{float(s.sum()):.3f}", "{:.2f}".format(1.0))
    return out + 0 * s + 0 * r + x @ x * 0 + np.mean(x) * 0
'''

TORCH_SOURCE = NUMPY_SOURCE + '''
import torch
from torch import nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.c = 1.0

    def forward(self, x):
        return 0.5 * x * (1 + torch.tanh(self.c * (x + 0.044715 * x.pow(3))))

def g(x, scale=1.0):
    y = M()(x) + torch.exp(x) * 0 + torch.where(x > 0, x, torch.zeros_like(x)) + torch.sigmoid(x) * 0
    y = y + torch.softmax(x, dim=-1) * 0 + torch.clamp(x, min=0) * 0 + (x @ x) * 0 + x.sum() * 0
    z = x.float().to(x.dtype).clone().detach()
    return y + z * 0 + torch.erf(x) * 0 + torch.maximum(x, torch.tensor(0.0, dtype=x.dtype)) * 0
'''


def warm(flavour: str, context: Any) -> None:
    """Run the worker's whole path once, in this process, on trusted code (never hardened: the audit hook and
    replaced kernels cannot be undone, and the zygote serves every exercise)."""
    from sandbox import policy, worker
    from sandbox.limits import Limits
    from sandbox.runner import Call, Job, build_request, imports_for

    torch = flavour == "torch"
    imports = imports_for(flavour)
    program = policy.check(TORCH_SOURCE if torch else NUMPY_SOURCE, policy.Rules.of(imports), "warmup.py")
    calls = (Call("a", (np.linspace(-3.0, 3.0, 7),), arg_names=("x",)),
             Call("b", (np.ones((3, 3)),), {"scale": 0.5}, arg_names=("x",)))
    job = Job(program, "g" if torch else "f", flavour, calls, imports, forbidden_aten=("gelu",) if torch else ())
    header, blob = build_request(job, Limits())
    stdout, stderr = sys.stdout, sys.stderr
    try:
        worker.run_job(header, blob, lambda h, b=b"": wire.encode_frame(h, b), context, harden=False)
    finally:
        sys.stdout, sys.stderr = stdout, stderr
        context.shield.current = None
        if context.modes is not None:
            context.modes.forbid((), None, None)
