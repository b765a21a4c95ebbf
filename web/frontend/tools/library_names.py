"""Writes web/frontend/src/library-names.json: the public names the editor completes after `np.`, `torch.`,
`F.`, `x.` ... (Ctrl+Space), read from the NumPy and PyTorch the sandbox runs.

Generated once and committed, so the bundle build needs neither library:

    .venv/bin/python web/frontend/tools/library_names.py      # then: cd web/frontend && npm run build

Each namespace maps a completion type (CodeMirror's: function, class, namespace, constant, method, property)
to sorted names. Private names, and top-level in-place variants (`torch.relu_`), are left out: a learner
building GELU needs `np.tanh`, not 1,000 internals.
"""

from __future__ import annotations

import builtins
import importlib
import inspect
import json
import keyword
import sys
import types
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parents[1] / "src" / "library-names.json"

# Modules whose members are offered, by their dotted name (the editor maps `np`, `F`, `nn` ... onto these).
MODULES = ("math", "numpy", "numpy.linalg", "numpy.random", "numpy.fft", "torch", "torch.nn",
           "torch.nn.functional", "torch.nn.init", "torch.linalg", "torch.special", "torch.fft")
# Instances whose attributes are offered after any other name (`x.`): an array in the numpy track, a tensor in
# the torch track.
INSTANCES = {"numpy.ndarray": "numpy:ndarray", "torch.Tensor": "torch:Tensor"}
# Submodules worth offering as `torch.<name>`; the rest of torch's ~100 submodules are internals.
TORCH_SUBMODULES = {"nn", "linalg", "fft", "special", "autograd", "func", "distributions", "testing"}


def kind_of(value: Any) -> str:
    if isinstance(value, types.ModuleType):
        return "namespace"
    if inspect.isclass(value):
        return "class"
    if callable(value):
        return "function"
    return "constant"


def wanted(module: str, name: str, value: Any) -> bool:
    if name.startswith("_"):
        return False
    home = str(getattr(value, "__module__", "") or "").split(".")[0]
    if inspect.isclass(value) and home in {"typing", "collections", "builtins"}:
        return module in {"math", "numpy"}  # typing helpers a library imported for itself; np.bool_ etc. stay
    if module.startswith("torch"):
        if name.isupper() or isinstance(value, (str, dict, list, tuple)):
            return False  # build flags, enum values, doc snippets: not maths
        if isinstance(value, types.ModuleType):
            return name in TORCH_SUBMODULES if module == "torch" else f"{module}.{name}" in MODULES
        if module == "torch" and name.endswith("_"):
            return False  # torch.relu_, torch.dropout_: in-place twins of the real functions
        if inspect.isclass(value) and module == "torch":
            # torch's namespace re-exports ~100 C++ binding classes; keep tensors, dtypes and generators
            return name in {"Tensor", "Generator", "Size", "dtype", "device"} or name.endswith("Tensor")
    if module.startswith("numpy") and isinstance(value, types.ModuleType):
        return f"{module}.{name}" in MODULES
    return True


def members(obj: Any, module: str) -> dict[str, list[str]]:
    out: dict[str, set[str]] = {}
    for name in dir(obj):
        try:
            value = getattr(obj, name)
        except Exception:  # deprecated or lazily failing attributes are simply not offered
            continue
        if wanted(module, name, value):
            out.setdefault(kind_of(value), set()).add(name)
    return {kind: sorted(names) for kind, names in sorted(out.items())}


def instance_members(cls: type) -> dict[str, list[str]]:
    out: dict[str, set[str]] = {}
    for name in dir(cls):
        if name.startswith("_"):
            continue
        try:
            value = inspect.getattr_static(cls, name)
        except AttributeError:
            continue
        kind = "method" if callable(value) or isinstance(value, (classmethod, staticmethod)) else "property"
        out.setdefault(kind, set()).add(name)
    return {kind: sorted(names) for kind, names in sorted(out.items())}


def main() -> int:
    import numpy
    import torch

    names: dict[str, Any] = {
        "versions": {"numpy": numpy.__version__, "torch": torch.__version__.split("+")[0]},
        "keywords": sorted(keyword.kwlist),
        "builtins": sorted(n for n in dir(builtins) if not n.startswith("_") and not (
            inspect.isclass(getattr(builtins, n)) and issubclass(getattr(builtins, n), BaseException))),
        "modules": {name: members(importlib.import_module(name), name) for name in MODULES},
    }
    for dotted in INSTANCES:
        module, _, cls = dotted.rpartition(".")
        names["modules"][dotted] = instance_members(getattr(importlib.import_module(module), cls))
    text = json.dumps(names, indent=1, sort_keys=False, ensure_ascii=True) + "\n"
    OUT.write_text(text, encoding="utf-8")
    total = sum(len(v) for m in names["modules"].values() for v in m.values())
    print(f"{OUT}: {total} names, {len(text)} bytes", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
