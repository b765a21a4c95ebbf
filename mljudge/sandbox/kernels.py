"""Torch's dispatcher as the lowest layer of an exercise's rule: kernels that refuse, below everything the
submission can reach.

Two replacements, both for every overload and every dispatch key that has a kernel (dense, sparse, quantized,
mkldnn, meta, the composite and autograd keys):
- in the zygote, once: every op of every namespace outside the pool's vocabulary (`sandbox.Allowed.ops`: the ops
  of every word of the course). Sparse, quantized and mkldnn conversions, backward kernels used forwards, fused
  attention, other namespaces' ops: none of them runs in any child, however it is reached;
- in each child, before the submission loads: the ops of the words its exercise takes away (its own answer).

A replaced kernel has no stack to pop and no mode to leave. It costs nothing for the ops that are allowed (they
keep their own kernels), which is why there is no Python dispatch or function mode on the critical path: those
cost a Python call per tensor operation (a loop of scalar ops ran ~4× slower under them, bench/latency.py).
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable, Iterable
from typing import Any

Refusal = Callable[[str, str], BaseException]  # (code, what) -> the exception to raise, already reported


def op_base(name: str) -> str:
    """``aten::gelu_.out`` -> ``aten::gelu``: the op an overload or in-place variant belongs to."""
    qualified = name if "::" in name else f"aten::{name}"
    namespace, _, rest = qualified.partition("::")
    base = rest.partition(".")[0]
    if base.endswith("_") and not base.endswith("__") and len(base) > 1:
        base = base[:-1]  # gelu_ is gelu in place; __and__ is an operator, not an in-place op
    return f"{namespace}::{base}"


class Kernels:
    """Replaced kernels, held for the process's life (a collected Library unregisters them). A replacement cannot
    be undone: the zygote's serves every job, a child's only its own."""

    def __init__(self) -> None:
        self._libraries: dict[str, Any] = {}
        self.replaced: list[str] = []

    def forbid(self, ops: Iterable[str], refuse: Refusal, code: str = "forbidden_call") -> None:
        """Replace these ops (by base name, every overload) with kernels that refuse with `code`."""
        table = overloads_by_op()
        self._replace([name for op in sorted({op_base(op) for op in ops}) for name in table.get(op, ())],
                      refuse, code)

    def forbid_outside(self, allowed: Iterable[str], refuse: Refusal) -> None:
        """Replace every op whose base is not in `allowed` (qualified, as op_base gives them)."""
        keep = {op_base(op) for op in allowed}
        self._replace([name for op, names in sorted(overloads_by_op().items()) if op not in keep for name in names],
                      refuse, "outside_vocabulary")

    def _replace(self, overloads: list[str], refuse: Refusal, code: str) -> None:
        import torch

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "Overriding a previously registered kernel": that is the point
            for qualified in overloads:
                namespace, _, name = qualified.partition("::")
                library = self._libraries.get(namespace)
                if library is None:
                    try:
                        library = self._libraries[namespace] = torch.library.Library(namespace, "IMPL")
                    except RuntimeError:
                        continue  # a namespace that takes no Python kernels
                kernel = _refusing_kernel(qualified, refuse, code)
                for key in dispatch_keys(qualified):
                    try:
                        library.impl(name, kernel, key)
                    except (RuntimeError, ValueError, NotImplementedError):
                        continue  # a key Python kernels cannot take (e.g. Tracer): the others still refuse
                    self.replaced.append(f"{qualified}@{key}")


def warm_registration() -> None:
    """Load, in the zygote, what a child's first replacement would load lazily (the dispatcher's table, torch.library's
    modules): a jailed child cannot import them. A throwaway registration, undone when its Library goes."""
    import gc

    overloads_by_op()
    scratch = Kernels()
    scratch.forbid(["aten::_nnz"], lambda code, what: RuntimeError(what))
    del scratch
    gc.collect()


@functools.cache
def overloads_by_op() -> dict[str, tuple[str, ...]]:
    """Every registered overload by the op it belongs to (``aten::gelu`` -> gelu, gelu.out, gelu_). Listing the
    dispatcher's ~3600 ops costs ~10 ms: done once, in the zygote, so children inherit the table."""
    import torch

    table: dict[str, list[str]] = {}
    for name in torch._C._dispatch_get_all_op_names():
        table.setdefault(op_base(name), []).append(name)
    return {op: tuple(names) for op, names in table.items()}


def _refusing_kernel(op: str, refuse: Refusal, code: str) -> Callable[..., Any]:
    def kernel(*_args: Any, **_kwargs: Any) -> Any:
        raise refuse(code, op)

    return kernel


@functools.cache
def dispatch_keys(op: str) -> tuple[str, ...]:
    """The dispatch keys with a kernel for `op`, read from the dispatcher's own table (plus the composite keys
    an op without a backend kernel decomposes through). Cached: the zygote reads them for the ops it replaces
    and for those a child may (sandbox.zygote), so that children only register."""
    import torch

    keys = {"CompositeImplicitAutograd", "CompositeExplicitAutograd", "Autograd", "CPU"}
    for line in torch._C._dispatch_dump(op).splitlines():
        head, sep, _ = line.partition(": registered at ")
        if sep and "(inactive)" not in head:
            keys.add(head.replace("[alias]", "").strip())
    return tuple(sorted(keys))
