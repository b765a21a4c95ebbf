"""The governed libraries' surface: every function, class and method of NumPy, PyTorch and the standard library's
numeric modules, and which of them a pool's children allow at all.

A pool is told `Allowed` — the names, modules and dispatcher ops that some exercise of its course builds with (the
judge derives it from the course's words: judge.vocabulary). Its zygotes index, once, every callable of every
governed module they hold (sandbox.tracks.GOVERNED_ROOTS), and every method of the classes a solution computes
with (tensors, arrays, random generators: `Library.value_classes`), and keep as `outside` the ones no allowed name
resolves to. The tripwire refuses those by identity wherever the submission meets them — an attribute, a call's
result, an item, a class's method — so a route to a function outside every vocabulary does not exist: not by
another name, a submodule, a re-export, a subclass's inherited method, or a registry that lists it. What one
exercise refuses of the allowed (its own answer, the words it does not add) its job says (sandbox.runner.Job).

Plain data (numbers, dtypes, strings) is never governed: it computes nothing.
"""

from __future__ import annotations

import json
import sys
import types
import warnings
from dataclasses import dataclass, field
from typing import Any

from mljudge.sandbox.tracks import GOVERNED_ROOTS, LIBRARIES

_PLAIN = (int, float, complex, str, bytes, bool, type(None), types.ModuleType)
_DEFINED = (types.FunctionType, types.BuiltinFunctionType, type)  # what a module defines, as opposed to instances


@dataclass(frozen=True)
class Allowed:
    """What a pool's children may allow at all: dotted names, module names and qualified dispatcher ops."""

    names: frozenset[str] = frozenset()
    modules: frozenset[str] = frozenset()
    ops: frozenset[str] = frozenset()

    def to_json(self) -> str:
        return json.dumps({"names": sorted(self.names), "modules": sorted(self.modules), "ops": sorted(self.ops)})

    @classmethod
    def from_json(cls, text: str) -> Allowed:
        data = json.loads(text or "{}")
        return cls(frozenset(data.get("names", ())), frozenset(data.get("modules", ())),
                   frozenset(data.get("ops", ())))

    def covers(self, names: frozenset[str], modules: frozenset[str], ops: frozenset[str]) -> bool:
        return names <= self.names and modules <= self.modules and ops <= self.ops


def is_governed_module(name: str) -> bool:
    return name.partition(".")[0] in GOVERNED_ROOTS


@dataclass
class Surface:
    """Built in the zygote once its libraries are loaded (~0.1 s): what lies outside every vocabulary."""

    outside: dict[int, str] = field(default_factory=dict)  # id -> the library name to report
    resolved: dict[str, Any] = field(default_factory=dict)  # each allowed name -> its object, for the jobs
    modules: frozenset[str] | None = None  # governed modules the pool allows (None: a pool told nothing)
    known: frozenset[int] = frozenset()  # every governed object indexed, allowed or not
    keep_alive: list[Any] = field(default_factory=list)

    def late_outsider(self, value: Any) -> str | None:
        """The name of a library function or class that did not exist when the zygote indexed the libraries (a
        module attribute defined lazily) and no allowed name stands for: outside the vocabulary too, by design.
        Closures a library makes for the submission at run time (`@torch.no_grad()`'s wrapper) are not."""
        if self.modules is None or id(value) in self.known or not isinstance(value, _DEFINED) or _foreign(value):
            return None
        module, qualname = getattr(value, "__module__", None), getattr(value, "__qualname__", "")
        if not isinstance(module, str) or not is_governed_module(module) or "<locals>" in str(qualname):
            return None
        return f"{module}.{qualname}"

    def module_allowed(self, name: str) -> bool:
        return self.modules is None or not is_governed_module(name) or name in self.modules or _private(name)


def build_surface(allowed: Allowed) -> Surface:
    """Index the governed libraries as imported now, and keep what `allowed` does not reach."""
    from mljudge.sandbox.guards import resolve

    governed: dict[int, str] = {}
    keep: list[Any] = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # deprecated module attributes warn when their value is read
        for name, module in sorted(sys.modules.items(), key=lambda kv: (_private(kv[0]), kv[0].count("."), kv[0])):
            if not isinstance(module, types.ModuleType) or not is_governed_module(name):
                continue
            try:
                items = list(vars(module).items())
            except TypeError:
                continue
            for attr, value in items:
                if isinstance(value, _PLAIN) or not callable(value) or _foreign(value):
                    continue
                if id(value) not in governed:
                    governed[id(value)] = _public_name(value, f"{name}.{attr}")
                    keep.append(value)
        for dotted in (cls for library in LIBRARIES.values() for cls in library.value_classes):
            cls = resolve(dotted)
            if isinstance(cls, type):
                _index_members(cls, dotted, governed, keep)
    resolved: dict[str, Any] = {}
    allowed_ids: set[int] = set()
    for dotted in allowed.names:
        if dotted.endswith(".*"):  # a module opened whole: everything found in it
            opened = sys.modules.get(dotted[:-2])
            if isinstance(opened, types.ModuleType):
                allowed_ids.update(id(v) for v in vars(opened).values())
            continue
        obj = resolve(dotted)
        if obj is None:
            continue
        resolved[dotted] = obj
        allowed_ids.add(id(obj))
        inner = getattr(obj, "__func__", None)  # a classmethod's or staticmethod's function
        if inner is not None:
            allowed_ids.add(id(inner))
    outside = {key: name for key, name in governed.items() if key not in allowed_ids}
    return Surface(outside, resolved, frozenset(allowed.modules), frozenset(governed) | allowed_ids, keep)


def _index_members(cls: type, dotted: str, governed: dict[int, str], keep: list[Any]) -> None:
    """A value class's public methods (its library bases' too: torch.Tensor's come from torch._C.TensorBase),
    under the class's public name."""
    for owner in cls.__mro__:
        if not is_governed_module(getattr(owner, "__module__", "") or ""):
            continue  # object's, float's: Python's own
        for attr, member in vars(owner).items():
            if attr.startswith("_"):
                continue
            value = getattr(cls, attr, None)
            for candidate in (member, value, getattr(member, "__func__", None)):
                if candidate is not None and callable(candidate) and not isinstance(candidate, _PLAIN) \
                        and id(candidate) not in governed:
                    governed[id(candidate)] = f"{dotted}.{attr}"
                    keep.append(candidate)
    for sub in _subclasses(cls):
        if is_governed_module(getattr(sub, "__module__", "") or "") and sub is not cls:
            for attr, member in vars(sub).items():
                if not attr.startswith("_") and callable(member) and id(member) not in governed:
                    governed[id(member)] = f"{sub.__module__}.{sub.__qualname__}.{attr}"
                    keep.append(member)


# Where the objects of type annotations come from (typing.Optional, list[int]): they compute nothing.
_ANNOTATIONS = frozenset({"typing", "typing_extensions", "types", "collections.abc"})


def _foreign(value: Any) -> bool:
    """Not the library's to govern where it was found: a function or class of Python's own that a library module
    merely imported (typing.NamedTuple in torch.autograd.forward_ad, functools.wraps in numpy), an annotation
    (typing.Optional in torch.cuda), or a method some module's global happens to hold (torch.jit's loop variable
    left bound to nn.Module.zero_grad: a class's methods are governed with their class). Anything else callable —
    an instance, a partial — is judged where it was found."""
    if not isinstance(value, _DEFINED):
        return type(value).__module__ in _ANNOTATIONS
    module = getattr(value, "__module__", None)
    if isinstance(module, str) and not is_governed_module(module):
        return True
    qualname = getattr(value, "__qualname__", "")
    return isinstance(value, types.FunctionType) and "." in qualname and "<locals>" not in qualname


def _subclasses(cls: type) -> list[type]:
    """The library's own subclasses (numpy.float64 below numpy.generic), found without the submission."""
    found, todo = [], [cls]
    while todo:
        current = todo.pop()
        try:
            subs: list[type] = type.__subclasses__(current)
        except TypeError:
            continue
        for sub in subs:
            if sub not in found:
                found.append(sub)
                todo.append(sub)
    return found


def _public_name(value: Any, fallback: str) -> str:
    """How a refusal names a library object: its home module and qualified name when that is public (a learner can
    look it up), else the name it was found under."""
    module, qualname = getattr(value, "__module__", None), getattr(value, "__qualname__", None)
    if isinstance(module, str) and isinstance(qualname, str) and not _private(f"{module}.{qualname}") \
            and is_governed_module(module):
        return f"{module}.{qualname}"
    return fallback


def _private(name: str) -> bool:
    return any(part.startswith("_") for part in name.split("."))
