"""What a dotted name of a governed library is, for the policy: a module, something callable (a function, a class,
a method of a tensor or an array), or neither (data such as np.pi and torch.float32, or nothing at all).

The policy runs in the judge's process, which never imports torch (1.5 s and ~200 MB): torch's answers come from
`torch-names.json`, written from the pinned torch by `python -m mljudge.sandbox.library_names --write` (a test
keeps it in step). NumPy and the standard library's numeric modules are asked directly. The tripwire in the child
judges the objects themselves; this only lets the policy refuse a name with its line and column before anything
runs.
"""

from __future__ import annotations

import functools
import importlib
import json
import sys
import types
import warnings
from pathlib import Path
from typing import Any, Literal

from mljudge.sandbox.tracks import GOVERNED_ROOTS, LIBRARIES

Kind = Literal["module", "callable", "other"]
TORCH_NAMES = Path(__file__).with_name("torch-names.json")


@functools.cache
def _torch_index() -> dict[str, Any]:
    try:
        data: dict[str, Any] = json.loads(TORCH_NAMES.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"modules": {}, "classes": {}}
    return data


def member_kind(owner: str, attr: str) -> Kind:
    """What `owner.attr` is, `owner` being a module or a value class (torch.Tensor) of a governed library."""
    root = owner.partition(".")[0]
    if root == "torch":
        index = _torch_index()
        cls = index["classes"].get(owner)
        if cls is not None:
            return "callable" if attr in cls else "other"
        module = index["modules"].get(owner)
        if module is None:
            return "other"
        return "module" if attr in module["modules"] else "callable" if attr in module["callables"] else "other"
    if root not in GOVERNED_ROOTS:
        return "other"
    return _live_kind(owner, attr)


@functools.cache
def _live_kind(owner: str, attr: str) -> Kind:
    value = _live(owner)
    if value is None:
        return "other"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            member = getattr(value, attr)
        except Exception:  # AttributeError, or a deprecated alias that raises
            return "other"
    if isinstance(member, types.ModuleType):
        return "module"
    return "callable" if callable(member) and not isinstance(member, (int, float, complex, str, bytes)) else "other"


def _live(dotted: str) -> Any:
    """A module (or a class inside one) of numpy or the standard library, imported here if need be."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        name = ".".join(parts[:cut])
        if name.partition(".")[0] == "torch":
            return None
        try:
            obj: Any = sys.modules.get(name) or importlib.import_module(name)
        except Exception:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr, None)
            if obj is None:
                return None
        return obj
    return None


def write_torch_names() -> None:
    """torch-names.json from the installed torch: each public module's callables and submodules, and each value
    class's public callable members."""
    import torch
    import torch.nn.functional
    import torch.nn.init

    modules: dict[str, dict[str, list[str]]] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name, module in sorted(sys.modules.items()):
            if not isinstance(module, types.ModuleType) or name.partition(".")[0] != "torch" \
                    or any(part.startswith("_") for part in name.split(".")):
                continue
            callables, submodules = [], []
            for attr, value in sorted(vars(module).items()):
                if attr.startswith("_"):
                    continue
                if isinstance(value, types.ModuleType):
                    submodules.append(attr)
                elif callable(value):
                    callables.append(attr)
            modules[name] = {"callables": callables, "modules": submodules}
        classes = {}
        for dotted in LIBRARIES["torch"].value_classes:
            parts = dotted.split(".")
            cls = getattr(sys.modules[".".join(parts[:-1])], parts[-1])
            classes[dotted] = sorted(a for a in dir(cls) if not a.startswith("_") and callable(getattr(cls, a, None)))
    # One module or class a line: a diff after a torch upgrade reads as what changed.
    lines = [f'{{"torch": {json.dumps(torch.__version__)},', ' "modules": {']
    lines += [f"  {json.dumps(name)}: {json.dumps(table)}," for name, table in modules.items()]
    lines[-1] = lines[-1].rstrip(",")
    lines += [" },", ' "classes": {']
    lines += [f"  {json.dumps(name)}: {json.dumps(members)}," for name, members in classes.items()]
    lines[-1] = lines[-1].rstrip(",")
    lines += [" }", "}"]
    TORCH_NAMES.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m mljudge.sandbox.library_names --write")
    write_torch_names()
