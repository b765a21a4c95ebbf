"""Tracks: the libraries a learner may write an exercise in. Everything the sandbox and the judge need to know
about one lives in its spec below — what it may import, what its zygote preloads, how inputs become its arrays and
its arrays become plain numbers, how a file is recognised as written for it, what guards its forbidden operations.
Adding a track (JAX, say) means one more spec here, and exercises that list it.
"""

from __future__ import annotations

import difflib
import inspect
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np


@dataclass(frozen=True)
class Completion:
    """What the web editor offers on Ctrl+Space for this track (web/frontend/tools/library_names.py writes it out
    once from the installed library)."""

    modules: tuple[str, ...]  # modules whose public members are offered, by dotted name
    aliases: dict[str, str]  # names a learner writes without importing them first (np: numpy)
    instance: str  # the class whose members are offered after any other name (`x.`), dotted
    submodules: frozenset[str] = frozenset()  # offered as `<library>.<name>` besides `modules` (no members)
    # The library's own cut of its namespace (module, name, value): False leaves a public member out.
    offers: Callable[[str, str, Any], bool] | None = field(default=None, compare=False)


@dataclass(frozen=True)
class TrackSpec:
    name: str  # as exercises, the CLI and the API name it
    label: str  # as prose names it
    libraries: frozenset[str]  # top-level modules a submission may import (besides the harmless standard ones)
    marker: str  # the library whose use by the graded function makes a file this track's
    priority: int  # detection order, highest first: a torch solution uses numpy too, never the other way
    preload: tuple[str, ...]  # what its zygote imports before any child (and the private index covers)
    array_type: str  # what a learner returns, as messages name it
    origin: str  # how the child labels such an answer on the wire
    # The track's other answers that count as its arrays (from_answer's labels for them), each as messages name it:
    # a NumPy scalar (np.float64(1.5)) is NumPy's array of no axes.
    scalar_origins: dict[str, str]
    # Hooks, run in the zygote or the child (each imports its library itself, so the judge never needs it):
    setup: Callable[[], Any]  # once in the zygote, before any child (torch: its thread caps)
    to_array: Callable[[np.ndarray], Any]  # an input, as the learner's function gets it
    # An answer that is this track's array: (plain array, wire origin), or (None, element type) when it holds
    # something other than real numbers; None for anything else.
    from_answer: Callable[[Any], tuple[np.ndarray | None, str] | None]
    plain_types: Callable[[], set[type]]  # types whose values are data (the guards skip them quickly)
    has_ops: bool  # its library has a dispatcher whose ops the zygote and the child replace (sandbox.kernels)
    # For `judge doctor`: a function reaching a forbidden op ("gelu") past every guard above its kernels, or "".
    op_probe: str
    # For `judge check`: why the op tripwire could never match a forbidden op of this name (an exercise's `aten`), or
    # None when it can; None for a library without ops. Runs in the judge, and imports the library.
    op_problem: Callable[[str], str | None] | None
    # Trusted code the zygote runs on itself once, through the worker's whole path, so that what its library
    # initialises lazily is ready before any child (it defines `f(x, scale=1.0)`).
    warmup: str
    completion: Completion  # the editor's Ctrl+Space names
    # For exercises that ask for gradients by hand (`autodiff = false`): switches the library's automatic
    # differentiation off in the child before the submission loads, and the names that would compute gradients
    # anyway or switch it back on, which such a job forbids. None / () for a library without one.
    autodiff_off: Callable[[], None] | None = None
    autodiff_names: tuple[str, ...] = ()


# --- NumPy ---------------------------------------------------------------------------------------------------

_NUMPY_WARMUP = '''
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


def _numpy_setup() -> Any:
    return None


_NUMPY_SCALAR = "numpy scalar"


def _numpy_answer(value: Any) -> tuple[np.ndarray | None, str] | None:
    if isinstance(value, np.ndarray):
        return np.asarray(value).view(np.ndarray), "ndarray"
    if isinstance(value, np.generic):
        return np.asarray(value), _NUMPY_SCALAR
    return None


def _numpy_types() -> set[type]:
    return {np.ndarray, np.dtype, *(t for t in set(np.sctypeDict.values()) if isinstance(t, type))}


NUMPY = TrackSpec(
    name="numpy", label="NumPy", libraries=frozenset({"numpy"}), marker="numpy", priority=0,
    preload=("numpy", "numpy.linalg", "numpy.random", "numpy.typing"), array_type="numpy.ndarray",
    origin="ndarray", scalar_origins={_NUMPY_SCALAR: "a NumPy scalar"}, setup=_numpy_setup,
    to_array=lambda array: array, from_answer=_numpy_answer,
    plain_types=_numpy_types, has_ops=False, op_probe="", op_problem=None, warmup=_NUMPY_WARMUP,
    completion=Completion(modules=("numpy", "numpy.linalg", "numpy.random", "numpy.fft"),
                          aliases={"np": "numpy", "numpy": "numpy"}, instance="numpy.ndarray"),
)


# --- PyTorch -------------------------------------------------------------------------------------------------

_TORCH_WARMUP = '''
import torch
from torch import nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.c = 1.0

    def forward(self, x):
        return 0.5 * x * (1 + torch.tanh(self.c * (x + 0.044715 * x.pow(3))))

def f(x, scale=1.0):
    y = M()(x) + torch.exp(x) * 0 + torch.where(x > 0, x, torch.zeros_like(x)) + torch.sigmoid(x) * 0
    y = y + torch.softmax(x, dim=-1) * 0 + torch.clamp(x, min=0) * 0 + (x @ x) * 0 + x.sum() * 0
    z = x.float().to(x.dtype).clone().detach()
    return y + z * 0 + torch.erf(x) * 0 + torch.maximum(x, torch.tensor(0.0, dtype=x.dtype)) * 0
'''


# What a submission's torch.set_num_threads(n) gets at most. OpenMP aborts the whole process when it cannot start
# the threads it was told to (RLIMIT_NPROC, Limits.threads), which left learners an unexplained crash.
MAX_TORCH_THREADS = 4


# Code no policy would pass: it reaches torch through object.__subclasses__ (as an attacker past the guards would),
# leaves any mode torch might hold, and calls the forbidden op: only the replaced kernel is left to refuse it.
_TORCH_OP_PROBE = """
OS = [c for c in ().__class__.__base__.__subclasses__() if c.__name__ == "_wrap_close"][0].__init__.__globals__
torch = OS["sys"].modules["torch"]
def f(x):
    while torch._C._len_torch_function_stack():
        torch._C._pop_torch_function_stack()
    while torch._C._len_torch_dispatch_stack():
        torch._C._pop_torch_dispatch_stack(None)
    return torch.nn.functional.gelu(x)
"""


def _torch_setup() -> Any:
    import torch

    torch.set_num_threads(1)
    torch.set_num_interop_threads(1)
    set_num_threads = torch.set_num_threads

    def capped(n: int) -> None:
        set_num_threads(min(n, MAX_TORCH_THREADS) if type(n) is int else n)  # torch explains a bad argument

    capped.__doc__ = set_num_threads.__doc__
    torch.set_num_threads = capped  # type: ignore[assignment]  # the same signature, minus the stub's name
    return None


def _torch_autodiff_off() -> None:
    import torch

    torch.set_grad_enabled(False)  # for the whole child: no graph is recorded, so no grad_fn to call


# What computes gradients whatever the grad mode (function transforms, forward mode, autograd's own functions,
# which switch it back on inside) or switches it back on. A submodule bound by `import a.b as c` is the module
# itself, so modules are named as well as their functions.
_TORCH_AUTODIFF = (
    "torch.enable_grad", "torch.set_grad_enabled", "torch.inference_mode",
    "torch.autograd.grad_mode.enable_grad", "torch.autograd.grad_mode.set_grad_enabled",
    "torch.autograd.grad_mode.inference_mode",
    "torch.autograd", "torch.autograd.grad", "torch.autograd.backward",
    "torch.autograd.functional", "torch.autograd.functional.vjp", "torch.autograd.functional.jvp",
    "torch.autograd.functional.jacobian", "torch.autograd.functional.hessian", "torch.autograd.functional.vhp",
    "torch.autograd.functional.hvp",
    "torch.autograd.forward_ad", "torch.autograd.forward_ad.make_dual", "torch.autograd.forward_ad.unpack_dual",
    "torch.autograd.forward_ad.dual_level", "torch.autograd.forward_ad.enter_dual_level",
    # The graph's own handles: with the grad mode off they would only give None (a confusing TypeError later).
    "torch.Tensor.backward", "torch.Tensor.requires_grad_", "torch.Tensor.grad_fn",
    "torch.func", "torch.func.grad", "torch.func.grad_and_value", "torch.func.vjp", "torch.func.jvp",
    "torch.func.linearize", "torch.func.jacrev", "torch.func.jacfwd", "torch.func.hessian",
)


def _torch_array(array: np.ndarray) -> Any:
    import torch

    return torch.from_numpy(array)


def _torch_answer(value: Any) -> tuple[np.ndarray | None, str] | None:
    torch = sys.modules.get("torch")
    if torch is None or not isinstance(value, torch.Tensor):
        return None
    # Read the raw storage through the base class: a subclass's overrides don't get a say.
    tensor = torch.Tensor.detach(value)
    if tensor.is_complex():
        return None, str(tensor.dtype).removeprefix("torch.")
    if tensor.dtype in (torch.bfloat16, torch.float16):
        tensor = tensor.float()
    array = np.array(torch.Tensor.numpy(tensor.cpu().contiguous()), copy=True)
    return array, "tensor" if tensor.dtype == value.dtype else f"tensor:{str(value.dtype).removeprefix('torch.')}"


def _torch_op_problem(name: str) -> str | None:
    """Why the dispatcher tripwire could never match the forbidden op `name`, or None if it can. The tripwire
    (sandbox.kernels) compares "namespace::op" without the overload, so a name is "gelu" (aten is the
    default namespace) or "aten::gelu", and must be an op the dispatcher knows."""
    import torch

    namespace, _, op = name.rpartition("::")
    namespace = namespace or "aten"
    if "." in op:
        return (f"forbidden aten op {name!r} names an overload, but the tripwire compares ops without one, so it "
                f"would never match: write {op.partition('.')[0]!r} (that refuses every overload)")
    try:  # torch.ops makes any namespace on demand; an op is an OpOverloadPacket in it, anything else is not
        packet = getattr(getattr(torch.ops, namespace), op, None) if op.isidentifier() else None
    except Exception:
        packet = None
    if isinstance(packet, torch._ops.OpOverloadPacket):
        return None
    every: list[str] = getattr(torch._C, "_dispatch_get_all_op_names", list)()  # only for the suggestion: private API
    known = {n.partition(".")[0].partition("::")[2] for n in every if n.startswith(f"{namespace}::")}
    close = difflib.get_close_matches(op, sorted(known), n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ": check the spelling"
    return f"forbidden aten op {name!r} is not an op of torch {torch.__version__}, so no call can match it{hint}"


def _torch_types() -> set[type]:
    torch = sys.modules.get("torch")
    return set() if torch is None else {torch.Tensor, torch.nn.Parameter, torch.dtype, torch.Size, torch.device}


def _torch_offers(module: str, name: str, value: Any) -> bool:
    home = str(getattr(value, "__module__", "") or "").split(".")[0]
    if inspect.isclass(value) and home in {"typing", "collections", "builtins"}:
        return False  # typing helpers torch imported for itself
    if name.isupper() or isinstance(value, (str, dict, list, tuple)):
        return False  # build flags, enum values, doc snippets: not maths
    if module == "torch":
        if name.endswith("_"):
            return False  # torch.relu_, torch.dropout_: in-place twins of the real functions
        if inspect.isclass(value):
            # torch's namespace re-exports ~100 C++ binding classes; keep tensors, dtypes and generators
            return name in {"Tensor", "Generator", "Size", "dtype", "device"} or name.endswith("Tensor")
    return True


TORCH = TrackSpec(
    name="torch", label="PyTorch", libraries=frozenset({"torch", "numpy"}), marker="torch", priority=1,
    preload=("torch",), array_type="torch.Tensor", origin="tensor", scalar_origins={}, setup=_torch_setup,
    to_array=_torch_array,
    from_answer=_torch_answer, plain_types=_torch_types, has_ops=True, op_probe=_TORCH_OP_PROBE,
    op_problem=_torch_op_problem,
    warmup=_NUMPY_WARMUP.replace(
        "def f(x", "def numpy_f(x") + _TORCH_WARMUP,
    completion=Completion(
        modules=("torch", "torch.nn", "torch.nn.functional", "torch.nn.init", "torch.linalg", "torch.special",
                 "torch.fft"),
        aliases={"torch": "torch", "F": "torch.nn.functional", "nn": "torch.nn"}, instance="torch.Tensor",
        # the rest of torch's ~100 submodules are internals
        submodules=frozenset({"autograd", "func", "distributions", "testing"}), offers=_torch_offers),
    autodiff_off=_torch_autodiff_off, autodiff_names=_TORCH_AUTODIFF,
)


# --- Libraries, as an exercise's vocabulary names them (judge.vocabulary) ------------------------------------


@dataclass(frozen=True)
class Library:
    """A library whose names an exercise's vocabulary governs, and how a vocabulary's short entry for it expands:
    "exp" means numpy.exp and the array method numpy.ndarray.exp, or torch.exp, torch.Tensor.exp, its in-place
    twin and torch.nn.functional.exp, and the dispatcher's op aten::exp. An entry with a dot is a path below the
    library and expands to itself; "typing.*" opens that module whole (annotations compute nothing)."""

    name: str
    spellings: tuple[str, ...]  # patterns of the names one plain entry stands for ("{}" is the entry)
    ops: tuple[str, ...] = ()  # patterns of the dispatcher ops it stands for (torch only)
    # Classes whose instances a solution computes with: their methods are governed one by one (x.relu() is
    # torch.Tensor.relu), where other library classes are governed as a whole (nn.Module's methods are free).
    value_classes: tuple[str, ...] = ()

    def expand(self, entry: str) -> tuple[list[str], list[str]]:
        """The dotted names and the ops that `entry` stands for."""
        if "." in entry:
            return [f"{self.name}.{entry}"], []
        return [s.format(entry) for s in self.spellings], [o.format(entry) for o in self.ops]


LIBRARIES: dict[str, Library] = {library.name: library for library in (
    Library("numpy", ("numpy.{}", "numpy.ndarray.{}"),
            value_classes=("numpy.ndarray", "numpy.generic", "numpy.ufunc", "numpy.random.Generator",
                           "numpy.random.RandomState")),
    Library("torch", ("torch.{}", "torch.Tensor.{}", "torch.Tensor.{}_", "torch.nn.functional.{}",
                      "torch.nn.functional.{}_"), ops=("aten::{}",),
            value_classes=("torch.Tensor", "torch.Generator")),
    Library("math", ("math.{}",)),
    Library("random", ("random.{}",)),  # the standard library's
)}
# The standard library's numeric modules: governed like the libraries (cmath.tanh is tanh), though only math and
# random have words; the others are outside every vocabulary.
NUMERIC_STDLIB = frozenset({"math", "cmath", "random", "statistics", "decimal", "fractions"})
GOVERNED_ROOTS = frozenset({"numpy", "torch"}) | NUMERIC_STDLIB


def vocabulary_libraries(track: TrackSpec) -> tuple[Library, ...]:
    """The libraries whose words apply in `track`: its own (a torch solution may use numpy too) and the standard
    library's numeric modules."""
    return tuple(library for name, library in LIBRARIES.items() if name in track.libraries or name in NUMERIC_STDLIB)


TRACKS: dict[str, TrackSpec] = {track.name: track for track in (NUMPY, TORCH)}
NAMES: tuple[str, ...] = tuple(TRACKS)
BY_PRIORITY: tuple[TrackSpec, ...] = tuple(sorted(TRACKS.values(), key=lambda t: -t.priority))
ORIGINS: dict[str, str] = {track.origin: track.array_type for track in TRACKS.values()}
# Every wire origin of a track's answers, as messages name it (a tensor: "torch.Tensor").
ORIGIN_NAMES: dict[str, str] = {origin: name for track in TRACKS.values()
                                for origin, name in {track.origin: track.array_type, **track.scalar_origins}.items()}
# The track trusted code computes in (expected values, known mistakes' implementations): its values are compared
# as this track's answers.
TRUSTED = NUMPY


def track(name: str) -> TrackSpec:
    try:
        return TRACKS[name]
    except KeyError:
        raise ValueError(f"unknown track {name!r}; known tracks: {', '.join(NAMES)}") from None
