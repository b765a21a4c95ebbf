"""Which library objects are private: reachable only through a private name or a private module.

Built once in the zygote, after every module the children use is imported. The tripwire refuses these objects by
identity wherever the submission meets them — an attribute read, a call's result, an item, an iteration — so
that a helper which reads attributes by a name the caller chooses (``operator.attrgetter``, ``reduce(getattr,
...)``) or a registry that lists functions (``torch.overrides.get_ignored_functions()``) cannot hand over
``torch._C._pop_torch_function_stack`` or the like. An object that is also reachable under a public name in a
public module (``torch.nn.functional.gelu`` is ``torch._C._nn.gelu``) is public.
"""

from __future__ import annotations

import sys
import types
import warnings
from dataclasses import dataclass

# Plain data is never worth refusing (numbers, strings and None are not capabilities); modules are judged apart.
_PLAIN = (int, float, complex, str, bytes, bool, type(None), types.ModuleType)


@dataclass(frozen=True)
class LibraryIndex:
    private: dict[int, str]  # id -> a dotted name to report ("torch._C._pop_torch_function_stack")
    known: frozenset[int]  # ids of every object found in a module, public or private
    keep_alive: tuple[object, ...]  # the objects behind those ids, so that no id is ever reused


def is_private_module(name: str) -> bool:
    return any(part.startswith("_") for part in name.split("."))


def _public_members(cls: type) -> set[int]:
    """The ids of a public class's public methods: public through `Class.method`, whatever else names them (a loop
    in torch.jit._script leaves its module global `method` bound to nn.Module.zero_grad)."""
    found = set()
    for attr, member in vars(cls).items():
        if not attr.startswith("_"):
            found.add(id(getattr(member, "__func__", member)))  # staticmethod / classmethod: the function inside
    return found


def build_index() -> LibraryIndex:
    public: set[int] = set()
    candidates: dict[int, str] = {}
    objects: dict[int, object] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # deprecated module attributes warn when their value is read
        for name, module in sorted(sys.modules.items()):
            if not isinstance(module, types.ModuleType):
                continue
            try:
                items = list(vars(module).items())
            except TypeError:
                continue
            private_module = is_private_module(name)
            for attr, value in items:
                if isinstance(value, _PLAIN) or not callable(value):
                    continue  # data (a cached dtype, a table of constants) is no capability; functions and classes are
                key = id(value)
                objects[key] = value
                if private_module or attr.startswith("_"):
                    candidates.setdefault(key, f"{name}.{attr}")
                else:
                    public.add(key)
                    if isinstance(value, type):
                        public.update(_public_members(value))
    private = {key: name for key, name in candidates.items() if key not in public}
    return LibraryIndex(private, frozenset(objects), tuple(objects.values()))
