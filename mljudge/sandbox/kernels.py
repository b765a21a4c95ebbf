"""Torch's own tripwires, below the submission's code, so that library code calling a forbidden function for it
is caught too.

Three layers, outermost first:
- a `TorchFunctionMode` judges every torch API call by identity against the exercise's forbidden functions (an
  ``nn.Dropout`` found inside some module calls ``F.dropout``, which the dispatcher only sees as ``bernoulli_``);
- a `TorchDispatchMode` refuses forbidden aten ops however they are reached (``F.gelu``, ``torch._C._nn.gelu``,
  ``torch.ops.aten.gelu``, a module's forward), every overload and the in-place variant included;
- the forbidden ops' *kernels themselves* are replaced in the child, for every dispatch key that has one, before
  the submission loads (`Kernels.forbid`). The modes live on torch's mode stacks, which code that gets hold of
  ``torch._C._pop_torch_dispatch_stack`` could pop; a replaced kernel has no stack to pop: whatever route the
  call takes through the dispatcher, it ends in a kernel that refuses.

Each refusal is reported through `on_refusal` before it raises, so a submission that swallows the exception
gains nothing.
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


class Modes:
    """The function and dispatch modes, entered once in the zygote so that their lazy imports happen before any
    child exists; each job then tells them what to refuse."""

    def __init__(self) -> None:
        from torch.overrides import TorchFunctionMode
        from torch.utils._python_dispatch import TorchDispatchMode

        modes = self

        class FunctionMode(TorchFunctionMode):
            def __torch_function__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
                if modes.judge_function is not None:
                    modes.judge_function(func)
                return func(*args, **(kwargs or {}))

        class DispatchMode(TorchDispatchMode):
            @classmethod
            def _should_skip_dynamo(cls) -> bool:
                # Otherwise TorchDispatchMode wraps __torch_dispatch__ in torch._disable_dynamo, whose first call
                # imports torch._dynamo, sympy, torch.distributed, ... (~820 modules, ~68 MB of heap). Unused
                # here, that heap made every fork and every child's exit copy and tear down its page tables:
                # ~5 ms of CPU per torch verdict.
                return False

            def __torch_dispatch__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
                if modes.ops and op_base(func.name()) in modes.ops:
                    assert modes.refuse is not None
                    raise modes.refuse("forbidden_call", func.name())
                return func(*args, **(kwargs or {}))

        self.ops: frozenset[str] = frozenset()
        self.refuse: Refusal | None = None
        self.judge_function: Callable[[Any], None] | None = None
        self.dispatch_mode = DispatchMode()
        self.dispatch_mode.__enter__()
        overloads_by_op()  # here, once, before any child exists
        self.function_mode = FunctionMode()
        self.function_mode.__enter__()

    def forbid(self, ops: Iterable[str], refuse: Refusal | None, judge_function: Callable[[Any], None] | None
               ) -> None:
        """Refuse these aten ops (by base name) and, through `judge_function`, forbidden torch functions."""
        self.ops = frozenset(op_base(op) for op in ops)
        self.refuse = refuse
        self.judge_function = judge_function


class Kernels:
    """Replaces forbidden ops' kernels in this (child) process. Never used in the zygote: it serves every
    exercise, and a replaced kernel cannot be put back."""

    def __init__(self) -> None:
        self._library: Any = None
        self.replaced: list[str] = []

    def forbid(self, ops: Iterable[str], refuse: Refusal) -> None:
        import torch

        overloads = [name for op in {op_base(op) for op in ops} for name in overloads_by_op().get(op, ())]
        if not overloads:
            return
        self._library = torch.library.Library("aten", "IMPL")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "Overriding a previously registered kernel": that is the point
            for qualified in overloads:
                name = qualified.partition("::")[2]
                kernel = _refusing_kernel(qualified, refuse)
                for key in _dispatch_keys(qualified):
                    try:
                        self._library.impl(name, kernel, key)
                    except (RuntimeError, ValueError):
                        continue  # a key Python kernels cannot take (e.g. Tracer): the others still refuse
                    self.replaced.append(f"{qualified}@{key}")


@functools.cache
def overloads_by_op() -> dict[str, tuple[str, ...]]:
    """Every registered overload by the op it belongs to (``aten::gelu`` -> gelu, gelu.out, gelu_). Listing the
    dispatcher's ~3600 ops costs ~10 ms: done once, in the zygote (Modes), so children inherit the table."""
    import torch

    table: dict[str, list[str]] = {}
    for name in torch._C._dispatch_get_all_op_names():
        table.setdefault(op_base(name), []).append(name)
    return {op: tuple(names) for op, names in table.items()}


def _refusing_kernel(op: str, refuse: Refusal) -> Callable[..., Any]:
    def kernel(*_args: Any, **_kwargs: Any) -> Any:
        raise refuse("forbidden_call", op)

    return kernel


def _dispatch_keys(op: str) -> list[str]:
    """The dispatch keys with a kernel for `op`, read from the dispatcher's own table (plus the composite keys
    an op without a backend kernel decomposes through)."""
    import torch

    keys = {"CompositeImplicitAutograd", "CompositeExplicitAutograd", "Autograd", "CPU"}
    for line in torch._C._dispatch_dump(op).splitlines():
        head, sep, _ = line.partition(": registered at ")
        if sep and "(inactive)" not in head:
            keys.add(head.replace("[alias]", "").strip())
    return sorted(keys)
