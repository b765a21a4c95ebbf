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
sys.path.insert(0, str(Path(__file__).resolve().parents[4]))  # the checkout, for `mljudge`

from mljudge.sandbox import TRACKS, TrackSpec  # noqa: E402  (the front door: what the sandbox says of its tracks)

# Besides each track's own modules (its spec's `completion`): Python's math, in every track.
COMMON_MODULES = ("math",)
MODULES = (*COMMON_MODULES, *(module for track in TRACKS.values() for module in track.completion.modules))


def kind_of(value: Any) -> str:
    if isinstance(value, types.ModuleType):
        return "namespace"
    if inspect.isclass(value):
        return "class"
    if callable(value):
        return "function"
    return "constant"


def track_of(module: str) -> TrackSpec | None:
    return next((t for t in TRACKS.values() if module in t.completion.modules), None)


def wanted(module: str, name: str, value: Any) -> bool:
    if name.startswith("_"):
        return False
    track = track_of(module)
    offers = track.completion.offers if track else None
    if offers is not None and not offers(module, name, value):
        return False
    home = str(getattr(value, "__module__", "") or "").split(".")[0]
    if inspect.isclass(value) and home in {"typing", "collections", "builtins"}:
        return "." not in module  # typing helpers a library imported for itself; np.bool_ etc. stay
    if isinstance(value, types.ModuleType):
        top_level = track is not None and "." not in module and name in track.completion.submodules
        return top_level or f"{module}.{name}" in MODULES
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
    libraries = {track.marker: importlib.import_module(track.marker) for track in TRACKS.values()}
    names: dict[str, Any] = {
        "versions": {name: str(module.__version__).split("+")[0] for name, module in libraries.items()},
        "keywords": sorted(keyword.kwlist),
        "builtins": sorted(n for n in dir(builtins) if not n.startswith("_") and not (
            inspect.isclass(getattr(builtins, n)) and issubclass(getattr(builtins, n), BaseException))),
        "modules": {name: members(importlib.import_module(name), name) for name in MODULES},
    }
    for track in TRACKS.values():
        module, _, cls = track.completion.instance.rpartition(".")
        names["modules"][track.completion.instance] = instance_members(getattr(importlib.import_module(module), cls))
    # What the editor needs per track: the names bound without an import, and whose members follow `x.`
    names["tracks"] = {track.name: {"aliases": track.completion.aliases, "instance": track.completion.instance}
                       for track in TRACKS.values()}
    text = json.dumps(names, indent=1, sort_keys=False, ensure_ascii=True) + "\n"
    OUT.write_text(text, encoding="utf-8")
    total = sum(len(v) for m in names["modules"].values() for v in m.values())
    print(f"{OUT}: {total} names, {len(text)} bytes", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
