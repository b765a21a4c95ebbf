"""Runtime guards for restricted code: the names RestrictedPython's compiler wires every attribute access,
import, item write and in-place operation through, plus the builtins a submission sees.

This is the *tripwire* layer. It catches forbidden operations however they are reached — ``getattr(F,
"ge" + "lu")``, an alias of the same function in another module, ``from ... import``, a module object
smuggled out of a library (``torch.os``, ``np.ctypeslib.ctypes``) — and records every violation where the
submission cannot reach it, so swallowing the exception does not help. It is not the security boundary
(the OS jail is); it exists to give a precise verdict and a sentence naming the call.
"""

from __future__ import annotations

import builtins
import inspect
import operator
import string
import types
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

# Attribute names that lead from an object to frames, code or globals (RestrictedPython's list, kept in step).
INSPECT_ATTRIBUTES = frozenset({
    "tb_frame", "tb_next", "f_back", "f_builtins", "f_code", "f_generator", "f_globals", "f_locals", "f_trace",
    "co_code", "gi_frame", "gi_code", "gi_yieldfrom", "cr_await", "cr_frame", "cr_code", "cr_origin",
    "ag_await", "ag_frame", "ag_code", "mro",
})
# Dunder attributes a submission may read: `super().__init__()` and `type(x).__name__` are idiomatic.
PUBLIC_DUNDERS = frozenset({"__init__", "__name__", "__doc__", "__call__", "__len__", "__getitem__"})

# Library corners that reach the OS, a compiler or another process. Blocked even under an allowed root.
BLOCKED_MODULES = (
    "numpy.ctypeslib", "numpy.f2py", "numpy.distutils", "numpy.testing", "numpy._core._multiarray_tests",
    "torch.utils.cpp_extension", "torch.hub", "torch.package", "torch.multiprocessing", "torch.distributed",
    "torch.utils.data", "torch.cuda", "torch.backends", "torch.testing", "torch.utils.benchmark",
    "torch.compiler", "torch._dynamo", "torch.jit", "torch.fx", "torch.library", "torch.ops",
    # runs `pip`, `nvidia-smi`, ... in subprocesses (refused by seccomp anyway; refused here with a clear verdict)
    "torch.utils.collect_env",
)
# Public callables that run *unguarded* Python: they unpickle (np.load(allow_pickle=True), torch.load(
# weights_only=False) of a file the submission wrote to its /tmp) or eval() strings in the submission's globals
# (string annotations via typing.get_type_hints, which functools.singledispatch's register() calls). Plain
# eval'd code skips every guard above: `().__class__.__base__.__subclasses__()` reaches `os`, and popping the
# dispatch mode then lets F.gelu through to an "accepted". Forbidden in every exercise, by identity like the
# exercise's own names, so aliases (np.lib.npyio.load, torch.serialization.load) are caught too.
# torch.compile too: dynamo rewrites the submission's bytecode and inductor execs generated code (the
# torch.compiler and torch._dynamo modules are blocked above); in the jail it can only time out after importing
# ~800 modules, so it is refused with a clear sentence instead.
UNSAFE_NAMES = (
    "numpy.load", "numpy.lib.format.read_array", "torch.load", "typing.get_type_hints",
    "functools.singledispatch", "functools.singledispatchmethod", "torch.compile",
)

SAFE_BUILTINS = (
    "abs", "all", "any", "ascii", "bin", "bool", "bytearray", "bytes", "callable", "chr", "classmethod",
    "complex", "dict", "divmod", "enumerate", "filter", "float", "frozenset", "hash", "hex", "id", "int",
    "isinstance", "issubclass", "iter", "len", "list", "map", "max", "min", "next", "object", "oct", "ord",
    "pow", "property", "range", "repr", "reversed", "round", "set", "slice", "sorted", "staticmethod", "str",
    "sum", "super", "tuple", "type", "zip", "NotImplemented", "Ellipsis", "None", "True", "False",
    "__build_class__",
)
SAFE_EXCEPTIONS = tuple(
    name for name, value in vars(builtins).items()
    if isinstance(value, type) and issubclass(value, BaseException) and not name.startswith("_")
)

_INPLACE = {
    "+=": operator.iadd, "-=": operator.isub, "*=": operator.imul, "/=": operator.itruediv,
    "//=": operator.ifloordiv, "%=": operator.imod, "**=": operator.ipow, "<<=": operator.ilshift,
    ">>=": operator.irshift, "|=": operator.ior, "^=": operator.ixor, "&=": operator.iand,
    "@=": operator.imatmul,
}


class Violation(BaseException):
    """A forbidden operation was attempted. BaseException so that ``except Exception`` does not swallow it."""

    def __init__(self, code: str, what: str) -> None:
        super().__init__(f"{code}: {what}")
        self.code = code
        self.what = what


@dataclass
class Tripwire:
    """What this run forbids, and what the submission has tried so far."""

    allowed_roots: frozenset[str]
    forbidden: dict[int, str] = field(default_factory=dict)  # id(object) -> the dotted name to report
    keep_alive: list[Any] = field(default_factory=list)       # objects whose ids are in `forbidden`
    violations: list[tuple[str, str]] = field(default_factory=list)

    @classmethod
    def build(cls, allowed_roots: Iterable[str], forbidden_names: Iterable[str]) -> Tripwire:
        wire = cls(allowed_roots=frozenset(allowed_roots))
        for dotted in (*forbidden_names, *UNSAFE_NAMES):
            obj = resolve(dotted)
            if obj is not None and id(obj) not in wire.forbidden:  # aliases report the first, canonical name
                wire.forbidden[id(obj)] = dotted
                wire.keep_alive.append(obj)
        return wire

    def trip(self, code: str, what: str) -> Violation:
        self.violations.append((code, what))
        return Violation(code, what)

    def module_allowed(self, name: str) -> bool:
        if name.partition(".")[0] not in self.allowed_roots:
            return False
        return not any(name == b or name.startswith(b + ".") for b in BLOCKED_MODULES)

    def check_value(self, value: Any) -> Any:
        """Refuse forbidden objects and modules outside the allow-list, whatever path led to them."""
        # A bound method (x.backward) is a new object each time: judge it by the function it wraps.
        name = self.forbidden.get(id(value)) or self.forbidden.get(id(getattr(value, "__func__", None)))
        if name is not None:
            raise self.trip("forbidden_call", name)
        if isinstance(value, types.ModuleType) and not self.module_allowed(value.__name__):
            raise self.trip("forbidden_module", value.__name__)
        if isinstance(value, types.ModuleType) and any(p.startswith("_") for p in value.__name__.split(".")):
            # Private modules (torch.utils._pytree via torch.export.pytree, numpy._core via np.ma.core.umath)
            # hold the switches that turn the tripwire off (torch.utils._mode_utils.no_dispatch let F.gelu
            # past the aten guard). Not in module_allowed(): the libraries' own lazy imports of their private
            # modules, made from C while a submission's frame is current, go through our __import__ too. The
            # submission's own `import a._b` statements are refused by the policy (sandbox.policy).
            raise self.trip("forbidden_module", value.__name__)
        return value


def resolve(dotted: str) -> Any:
    """Follow a dotted path through modules that are *already imported*; None if it does not resolve.
    Never imports: inside the jail, a fresh import may be slow or impossible."""
    import sys

    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        module = sys.modules.get(".".join(parts[:cut]))
        if module is None:
            continue
        obj: Any = module
        for attr in parts[cut:]:
            obj = getattr(obj, attr, None)
            if obj is None:
                return None
        return obj
    return None


class _SafeFormatter(string.Formatter):
    """str.format that refuses "{0.__class__}"-style fields, which would bypass the attribute guard."""

    def __init__(self, tripwire: Tripwire) -> None:
        self.tripwire = tripwire

    def get_field(self, field_name: str, args: Any, kwargs: Any) -> Any:
        first, rest = _formatter_field_name_split(field_name)
        obj = self.get_value(first, args, kwargs)
        for is_attr, key in rest:
            obj = _guarded_getattr(self.tripwire, obj, key) if is_attr else obj[key]
        return obj, first


def _formatter_field_name_split(field_name: str) -> tuple[Any, Iterable[tuple[bool, Any]]]:
    import _string  # CPython's own splitter, exactly what str.format uses

    return _string.formatter_field_name_split(field_name)


def owns(obj: Any, name: str, module_name: str | None) -> bool:
    """Is `name` a single-underscore attribute of the submission's own class, or of an instance of one
    (`self._scale`)? Those are the learner's to use; a library's privates (`torch._C`) never are."""
    if module_name is None or not name.startswith("_") or name.startswith("__") or name.endswith("_"):
        return False
    cls = obj if isinstance(obj, type) else type(obj)
    return getattr(cls, "__module__", None) == module_name


def _existing(obj: Any, name: Any) -> str:
    """`name` if `obj` really has it, else "": a name built at run time (getattr(x, "_" + str(v))) is the
    submission's own text, and the report echoing it would carry hidden inputs out like a printed line.
    getattr_static: no descriptor or __getattr__ of the submission's runs here."""
    if type(name) is not str:
        return ""
    try:
        inspect.getattr_static(obj, name)
    except Exception:  # AttributeError, or an object too odd to look into: say nothing either way
        return ""
    return name


def _guarded_getattr(tripwire: Tripwire, obj: Any, name: Any, *default: Any, module_name: str | None = None) -> Any:
    if type(name) is not str:
        raise TypeError("attribute name must be a string")
    if name in INSPECT_ATTRIBUTES:
        raise tripwire.trip("inspect_attribute", name)
    if name.startswith("_") and name not in PUBLIC_DUNDERS and not owns(obj, name, module_name):
        raise tripwire.trip("private_attribute", _existing(obj, name))
    if name in ("format", "format_map") and isinstance(obj, str):
        formatter = _SafeFormatter(tripwire)
        if name == "format":
            return lambda *args, **kwargs: formatter.vformat(obj, args, kwargs)
        return lambda mapping: formatter.vformat(obj, (), mapping)
    if name in ("format", "format_map") and isinstance(obj, type) and issubclass(obj, str):
        # The unbound form, `str.format("{0.__class__}", x)`, needs the same guard as "...".format(x).
        formatter = _SafeFormatter(tripwire)
        if name == "format":
            return lambda template, *args, **kwargs: formatter.vformat(str(template), args, kwargs)
        return lambda template, mapping: formatter.vformat(str(template), (), mapping)
    value = getattr(obj, name, *default)
    if isinstance(value, types.BuiltinMethodType) and not isinstance(obj, type | types.ModuleType):
        # `x.softmax` on a tensor is a C-level bound method with no __func__: judge it by the class's own
        # attribute (torch.Tensor.softmax), which is what an exercise forbids.
        tripwire.check_value(getattr(type(obj), name, None))
    return tripwire.check_value(value)


def _no_open(*_args: Any, **_kwargs: Any) -> Any:
    # The policy refuses `open` by name, so only C code looks it up here: ndarray.tofile and np.fromfile take
    # `open` from the calling frame's builtins and, finding none, fail with an unreadable SystemError.
    raise PermissionError("a submission cannot open files: your function gets its inputs as arguments "
                          "and returns its answer")


def make_globals(tripwire: Tripwire, write: Callable[[str], Any], module_name: str = "submission"
                 ) -> dict[str, Any]:
    """The global namespace restricted code runs in: guarded builtins plus the guard hooks."""

    def getattr_(obj: Any, name: Any, *default: Any) -> Any:
        return _guarded_getattr(tripwire, obj, name, *default, module_name=module_name)

    def hasattr_(obj: Any, name: Any) -> bool:
        try:
            getattr_(obj, name)
        except AttributeError:
            return False
        return True

    def write_(obj: Any) -> Any:
        # Item writes into arrays are idiomatic; patching a library (np.allclose = ...) is not.
        if isinstance(obj, types.ModuleType) or (
                isinstance(obj, type) and obj.__module__.partition(".")[0] != module_name):
            raise tripwire.trip("patching", getattr(obj, "__name__", type(obj).__name__))
        return obj

    def setattr_(obj: Any, name: Any, value: Any) -> None:
        if type(name) is not str or (name.startswith("_") and not owns(obj, name, module_name)):
            raise tripwire.trip("private_attribute", _existing(obj, name))
        setattr(write_(obj), name, value)

    def delattr_(obj: Any, name: Any) -> None:
        if type(name) is not str or (name.startswith("_") and not owns(obj, name, module_name)):
            raise tripwire.trip("private_attribute", _existing(obj, name))
        delattr(write_(obj), name)

    def import_(name: str, globals: Any = None, locals: Any = None, fromlist: Any = (), level: int = 0) -> Any:
        if level != 0 or not tripwire.module_allowed(name):
            raise tripwire.trip("forbidden_import", name)
        module = builtins.__import__(name, globals, locals, fromlist, level)
        for item in fromlist or ():
            if type(item) is not str or item.startswith("_"):
                raise tripwire.trip("private_attribute", str(item))
            tripwire.check_value(getattr(module, item, None))
        return module

    def print_(*args: Any, sep: str | None = " ", end: str | None = "\n", file: Any = None,
               flush: bool = False) -> None:
        text = (" " if sep is None else sep).join(str(a) for a in args) + ("\n" if end is None else end)
        (file.write if file is not None else write)(text)

    def inplacevar_(op: str, target: Any, value: Any) -> Any:
        return _INPLACE[op](target, value)

    def unpack_sequence_(it: Any, spec: dict[str, Any], getiter: Callable[[Any], Any]) -> list[Any]:
        values = list(getiter(it))
        if len(values) >= spec["min_len"]:
            for index, child in spec["childs"]:
                values[index] = unpack_sequence_(values[index], child, getiter)
        return values

    def iter_unpack_sequence_(it: Any, spec: dict[str, Any], getiter: Callable[[Any], Any]) -> Any:
        for item in getiter(it):
            yield unpack_sequence_(item, spec, getiter)

    safe = {name: getattr(builtins, name) for name in SAFE_BUILTINS + SAFE_EXCEPTIONS}
    safe.update(getattr=getattr_, hasattr=hasattr_, setattr=setattr_, delattr=delattr_, print=print_,
                __import__=import_, open=_no_open)
    return {
        "__builtins__": safe,
        "__name__": module_name,
        "__metaclass__": type,
        "_getattr_": getattr_,
        "_getitem_": operator.getitem,
        "_write_": write_,
        "_getiter_": iter,
        "_inplacevar_": inplacevar_,
        "_apply_": lambda func, *args, **kwargs: func(*args, **kwargs),
        "_unpack_sequence_": unpack_sequence_,
        "_iter_unpack_sequence_": iter_unpack_sequence_,
    }
