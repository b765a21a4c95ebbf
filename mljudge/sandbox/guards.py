"""Runtime guards for restricted code: the names RestrictedPython's compiler wires every attribute access, call
result, item, iteration, import, item write and in-place operation through, plus the builtins a submission sees.

This is the *tripwire* layer. It judges every object at the moment the submission gets hold of it — an attribute
read (``getattr(F, "ge" + "lu")``), a call's result (``operator.attrgetter(...)(torch)``, ``reduce(getattr,
...)``), an item or an element of an iteration (a registry that lists functions), an import — by identity
against three tables: the exercise's forbidden functions and the always-unsafe ones (sandbox.corners), the
libraries' private objects (sandbox.privates), and stand-ins for helpers that take attribute names from their
caller (sandbox.corners). Modules outside the allow-list, and classes or objects the submission builds at run
time with the dunders that let an object speak for raw memory, are refused too.

Every violation is reported to the judge the moment it happens (`Tripwire.report`), so swallowing the exception
does not help. It is not the security boundary (the OS jail is); torch's kernels and the audit hook
(sandbox.kernels, sandbox.audit) hold the exercise's rules where a route around these guards is found.
"""

from __future__ import annotations

import builtins
import inspect
import operator
import string
import sys
import types
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from mljudge.sandbox import stdlib
from mljudge.sandbox.corners import HIDDEN_BUILTINS, UNSAFE_NAMES, stand_ins
from mljudge.sandbox.governed import Surface
from mljudge.sandbox.privates import LibraryIndex, is_private_module
from mljudge.sandbox.tracks import TRACKS

# Attribute names that lead from an object to frames, code or globals (RestrictedPython's list, kept in step).
INSPECT_ATTRIBUTES = frozenset({
    "tb_frame", "tb_next", "f_back", "f_builtins", "f_code", "f_generator", "f_globals", "f_locals", "f_trace",
    "co_code", "gi_frame", "gi_code", "gi_yieldfrom", "cr_await", "cr_frame", "cr_code", "cr_origin",
    "ag_await", "ag_frame", "ag_code", "mro",
})
# Dunder attributes a submission may read: `super().__init__()` and `type(x).__name__` are idiomatic, and a
# notebook prints `np.__version__`.
PUBLIC_DUNDERS = frozenset({"__init__", "__name__", "__qualname__", "__doc__", "__call__", "__len__",
                            "__getitem__", "__version__", "__class__"})
# Dunders that make an object stand for raw memory (NumPy and DLPack read an address from them), or answer any
# attribute lookup (and so those too). The policy refuses them in a class body; a class or object built at run
# time (type(name, bases, ns), a metaclass call, logging's extra=) must not carry them either.
DATA_DUNDERS = frozenset({
    "__array_interface__", "__array_struct__", "__cuda_array_interface__", "__dlpack__", "__dlpack_device__",
    "__buffer__", "__getattr__", "__getattribute__", "__class__", "__torch_function__", "__torch_dispatch__",
})

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

_INPLACE: dict[str, Callable[[Any, Any], Any]] = {
    "+=": operator.iadd, "-=": operator.isub, "*=": operator.imul, "/=": operator.itruediv,
    "//=": operator.ifloordiv, "%=": operator.imod, "**=": operator.ipow, "<<=": operator.ilshift,
    ">>=": operator.irshift, "|=": operator.ior, "^=": operator.ixor, "&=": operator.iand,
    "@=": operator.imatmul,
}
# How an object in the identity tables is treated.
STAND_IN, REFUSED, PRIVATE = range(3)
# Containers whose items a call's result is screened for, up to this many items (iteration and indexing
# screen every item they hand out, whatever the size).
SCAN_ITEMS = 1024


class ForbiddenOperation(BaseException):
    """A forbidden operation was attempted. BaseException so that ``except Exception`` does not swallow it."""

    def __init__(self, code: str, what: str) -> None:
        super().__init__(f"{code}: {what}")
        self.code = code
        self.what = what


class Shield:
    """Everything the guards need that does not depend on the job: the identity tables and the stand-ins. Built
    once in the zygote, after the libraries are imported (building the private index takes ~0.1 s)."""

    def __init__(self, index: LibraryIndex | None = None, surface: Surface | None = None) -> None:
        self.table: dict[int, tuple[int, Any]] = {}
        # The governed libraries' objects outside every vocabulary of the pool (sandbox.governed); empty in a
        # zygote told nothing (the OS-jail tests, the warm-up).
        self.surface = surface or Surface()
        self.known: frozenset[int] = frozenset()
        self.keep_alive: list[Any] = []
        self.current: Tripwire | None = None  # the job's tripwire, which the stand-ins report to
        if index is not None:
            self.table.update((key, (PRIVATE, name)) for key, name in index.private.items())
            self.known = index.known
            self.keep_alive.append(index.keep_alive)
        for dotted in UNSAFE_NAMES:
            self._add(resolve(dotted), (REFUSED, dotted))
        for name in HIDDEN_BUILTINS:
            self._add(getattr(builtins, name, None), (REFUSED, f"{name}()"))
        for original, stand_in in stand_ins(self._getattr, self._refuse, self._formatter()).items():
            self._add(original, (STAND_IN, stand_in))
        self.fast = _fast_types()

    def _add(self, obj: Any, entry: tuple[int, Any]) -> None:
        if obj is not None:
            self.table[id(obj)] = entry
            self.keep_alive.append(obj)

    def _tripwire(self) -> Tripwire:
        if self.current is None:
            raise RuntimeError("no job is running")
        return self.current

    def _getattr(self, obj: Any, name: Any, *default: Any) -> Any:
        return _guarded_getattr(self._tripwire(), obj, name, *default, module_name="submission")

    def _refuse(self, code: str, what: str) -> BaseException:
        return self._tripwire().trip(code, what)

    def _formatter(self) -> type[string.Formatter]:
        shield = self

        class Formatter(string.Formatter):
            """string.Formatter whose fields ("{0.__class__}") go through the attribute guard."""

            def get_field(self, field_name: str, args: Any, kwargs: Any) -> Any:
                return _guarded_field(shield._tripwire(), self, field_name, args, kwargs)

        return Formatter


@dataclass
class Tripwire:
    """What this run forbids, and what the submission has tried so far."""

    shield: Shield
    allowed_roots: frozenset[str]
    forbidden: dict[int, str] = field(default_factory=dict)  # id(object) -> the dotted name to report
    keep_alive: list[Any] = field(default_factory=list)       # objects whose ids are in `forbidden`
    # Forbidden names whose module is not imported yet (torch.nn.attention.flex_attention is not preloaded): they
    # are resolved again whenever a value is checked, so one is forbidden from the moment anything imports it.
    pending: list[str] = field(default_factory=list)
    violations: list[tuple[str, str]] = field(default_factory=list)
    report: Callable[[str, str], None] | None = None  # sends a violation to the judge at once
    # Governed modules the pool allows and this exercise does not (its vocabulary's, sandbox.governed).
    refused_modules: frozenset[str] = frozenset()
    # len(sys.modules) when the pending names were last looked up: until another module is imported none of them
    # can resolve, and checks skip them (looking ~200 unresolvable names up again on every value checked made a
    # torch loop four times slower). -1: look them up at the next check.
    dormant_at: int = field(default=-1, repr=False)

    @classmethod
    def build(cls, shield: Shield, allowed_roots: Iterable[str], forbidden_names: Iterable[str],
              report: Callable[[str, str], None] | None = None, refused_modules: Iterable[str] = ()) -> Tripwire:
        wire = cls(shield=shield, allowed_roots=frozenset(allowed_roots), report=report,
                   refused_modules=frozenset(refused_modules))
        # Names the pool allows resolve from its table at once; the others (an exercise's own explanations of
        # what lies outside every vocabulary anyway) are looked up as before.
        resolved = shield.surface.resolved
        for dotted in dict.fromkeys(forbidden_names):
            obj = resolved.get(dotted)
            if obj is None:
                wire.pending.append(dotted)
            elif id(obj) not in wire.forbidden:
                wire.forbidden[id(obj)] = dotted
                wire.keep_alive.append(obj)
        wire._resolve_pending()
        shield.current = wire
        return wire

    def _resolve_pending(self) -> None:
        if len(sys.modules) == self.dormant_at:
            return
        unresolved = []
        for dotted in self.pending:
            obj = resolve(dotted)
            if obj is None:
                unresolved.append(dotted)
            elif id(obj) not in self.forbidden:  # aliases report the first, canonical name
                self.forbidden[id(obj)] = dotted
                self.keep_alive.append(obj)
        self.pending = unresolved
        # resolve() follows imported modules and their attributes, which change when a module is imported: until
        # then the same names fail the same way (an object that appears otherwise, an attribute defined lazily,
        # lies outside the vocabulary: sandbox.governed.Surface.late_outsider).
        self.dormant_at = len(sys.modules)

    def _forbidden_name(self, value: Any) -> str | None:
        if self.pending:
            self._resolve_pending()
        return self.forbidden.get(id(value))

    def trip(self, code: str, what: str) -> ForbiddenOperation:
        """Record a violation, tell the judge now, and return the exception to raise."""
        self.violations.append((code, what))
        if self.report is not None:
            self.report(code, what)
        return ForbiddenOperation(code, what)

    def module_allowed(self, name: str) -> bool:
        """The policy's rule (sandbox.stdlib.allowed), minus the private-part test: the libraries' own lazy imports
        of their private modules, made from C while a submission's frame is current, go through our __import__."""
        root = name.partition(".")[0]
        return (root in self.allowed_roots or root in stdlib.HARMLESS) and not stdlib.blocked(name)

    def module_in_vocabulary(self, name: str) -> bool:
        """Whether a governed module (numpy.fft, cmath, torch.distributions) is in this exercise's vocabulary;
        True for every other module (and for private ones, which the private rules judge)."""
        return self.shield.surface.module_allowed(name) and name not in self.refused_modules

    def refuse_forbidden(self, value: Any, *, unsafe: bool = True) -> None:
        """Raise if `value` is one of the exercise's forbidden objects or (with `unsafe`) an always-unsafe one.
        Torch's function mode asks this, without `unsafe`, about every torch function a library calls for the
        submission: a library may use what the submission may not (torch.save reads tensors' storages)."""
        name = self._forbidden_name(value)
        if name is None and unsafe:
            entry = self.shield.table.get(id(value))
            name = entry[1] if entry is not None and entry[0] == REFUSED else None
            if name is not None:
                raise self.trip("unsafe_call", name)
        if name is not None:
            raise self.trip("forbidden_call", name)
        outside = self.shield.surface.outside.get(id(value))
        if outside is not None:
            raise self.trip("outside_vocabulary", outside)

    def check_value(self, value: Any, *, public: bool = False) -> Any:
        """The object the submission may have in place of `value`: `value` itself, its stand-in, or a refusal.
        `public`: it was read by a public name from a public module, which makes it public whatever else it is
        (numpy.typing.NDArray is numpy._typing.NDArray, and numpy.typing may be imported after the index)."""
        if type(value) in self.shield.fast:
            return value
        name = self._forbidden_name(value)
        if name is not None:
            raise self.trip("forbidden_call", name)
        entry = self.shield.table.get(id(value))
        if entry is not None:
            kind, payload = entry
            if kind == STAND_IN:
                return payload
            if kind == REFUSED or not public:
                raise self.trip("unsafe_call" if kind == REFUSED else "private_object", payload)
        surface = self.shield.surface
        outside = surface.outside.get(id(value)) or surface.late_outsider(value)
        if outside is not None:
            raise self.trip("outside_vocabulary", outside)
        if type(value) is types.MethodType:
            # A bound method (x.backward) is a new object each time: judge it by the function it wraps.
            self.refuse_forbidden(value.__func__)
            entry = self.shield.table.get(id(value.__func__))
            if entry is not None and entry[0] == PRIVATE:
                raise self.trip("private_object", entry[1])
        elif isinstance(value, types.ModuleType):
            self._check_module(value)
        return value

    def _check_module(self, module: types.ModuleType) -> None:
        name = module.__name__ if isinstance(module.__name__, str) else ""
        # Only a real module's name is reported: types.ModuleType("anything") would echo the submission's text.
        shown = name if sys.modules.get(name) is module else ""
        if not self.module_allowed(name):
            raise self.trip("forbidden_module", shown)
        if shown and not self.module_in_vocabulary(name):
            raise self.trip("outside_vocabulary", shown)
        if any(part.startswith("_") for part in name.split(".")):
            # Private modules (torch.utils._pytree via torch.export.pytree, numpy._core via np.ma.core.umath)
            # hold the switches that turn the tripwire off (torch.utils._mode_utils.no_dispatch let F.gelu
            # past the aten guard). Not in module_allowed(): the libraries' own lazy imports of their private
            # modules, made from C while a submission's frame is current, go through our __import__ too.
            raise self.trip("forbidden_module", shown)

    def screen(self, value: Any) -> Any:
        """A value the submission receives from a call, an item or an iteration: checked like an attribute,
        plus the items of a container and the run-time classes and objects that could speak for raw memory."""
        kind = type(value)
        if kind in self.shield.fast:
            return value
        value = self.check_value(value)
        if kind in (list, tuple, set, frozenset):
            if len(value) <= SCAN_ITEMS:
                for item in value:
                    if type(item) not in self.shield.fast:
                        self._screen_item(item)
        elif kind is dict:
            if len(value) <= SCAN_ITEMS:
                for item in value.values():
                    if type(item) not in self.shield.fast:
                        self._screen_item(item)
        elif isinstance(value, type):
            if id(value) not in self.shield.known and not DATA_DUNDERS.isdisjoint(vars(value)):
                raise self.trip("class_dunder", "")
        else:
            own = _instance_dict(value)
            if own and not DATA_DUNDERS.isdisjoint(own):
                raise self.trip("class_dunder", "")
        return value

    def _screen_item(self, item: Any) -> None:
        replaced = self.check_value(item)
        if replaced is not item:  # a stand-in's original inside a container: refuse the container's route
            return
        if isinstance(item, type) and id(item) not in self.shield.known \
                and not DATA_DUNDERS.isdisjoint(vars(item)):
            raise self.trip("class_dunder", "")


def _library_name(tripwire: Tripwire, obj: Any) -> str:
    """The name of a library's module or class, for a message; "" for anything the submission may have named."""
    name = getattr(obj, "__name__", "")
    if not isinstance(name, str):
        return ""
    if isinstance(obj, types.ModuleType):
        return name if sys.modules.get(name) is obj else ""
    return name if id(obj) in tripwire.shield.known else ""


def _instance_dict(value: Any) -> dict[str, Any] | None:
    try:
        own = object.__getattribute__(value, "__dict__")
    except (AttributeError, TypeError):
        return None
    return own if type(own) is dict else None


def _fast_types() -> frozenset[type]:
    """Types whose values are plain data: screening them is a set lookup."""
    kinds: set[type] = {int, float, complex, bool, str, bytes, type(None), range, slice, type(Ellipsis)}
    for track in TRACKS.values():
        kinds |= track.plain_types()
    return frozenset(kinds)


def resolve(dotted: str) -> Any:
    """Follow a dotted path through modules that are *already imported*; None if it does not resolve.
    Never imports: inside the jail, a fresh import may be slow or impossible."""
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


def _guarded_field(tripwire: Tripwire, formatter: string.Formatter, field_name: str, args: Any, kwargs: Any
                   ) -> Any:
    """string.Formatter.get_field with every attribute step through the guard ("{0.__class__}" is refused)."""
    import _string  # CPython's own splitter, exactly what str.format uses

    first, rest = _string.formatter_field_name_split(field_name)
    obj = formatter.get_value(first, args, kwargs)
    for is_attr, key in rest:
        obj = _guarded_getattr(tripwire, obj, key) if is_attr else tripwire.screen(obj[key])
    return obj, first


def _safe_formatter(tripwire: Tripwire) -> string.Formatter:
    class SafeFormatter(string.Formatter):
        def get_field(self, field_name: str, args: Any, kwargs: Any) -> Any:
            return _guarded_field(tripwire, self, field_name, args, kwargs)

    return SafeFormatter()


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
        formatter = _safe_formatter(tripwire)
        if name == "format":
            return lambda *args, **kwargs: formatter.vformat(obj, args, kwargs)
        return lambda mapping: formatter.vformat(obj, (), mapping)
    if name in ("format", "format_map") and isinstance(obj, type) and issubclass(obj, str):
        # The unbound form, `str.format("{0.__class__}", x)`, needs the same guard as "...".format(x).
        formatter = _safe_formatter(tripwire)
        if name == "format":
            return lambda template, *args, **kwargs: formatter.vformat(str(template), args, kwargs)
        return lambda template, mapping: formatter.vformat(str(template), (), mapping)
    value = getattr(obj, name, *default)
    if not isinstance(obj, type | types.ModuleType):
        # An instance's attribute is judged by its class's too: `x.softmax` on a tensor is a C-level bound method
        # with no __func__, `t.grad_fn` a descriptor whose value says nothing; what an exercise forbids is the
        # class's own (torch.Tensor.softmax, torch.Tensor.grad_fn).
        tripwire.refuse_forbidden(getattr(type(obj), name, None))
    return tripwire.check_value(value, public=_public_module(obj))


def _public_module(obj: Any) -> bool:
    return isinstance(obj, types.ModuleType) and isinstance(obj.__name__, str) and not is_private_module(
        obj.__name__)


def _no_open(*_args: Any, **_kwargs: Any) -> Any:
    # The policy refuses `open` by name, so only C code looks it up here: ndarray.tofile and np.fromfile take
    # `open` from the calling frame's builtins and, finding none, fail with an unreadable SystemError.
    raise PermissionError("a submission cannot open files: your function gets its inputs as arguments "
                          "and returns its answer")


def make_globals(tripwire: Tripwire, write: Callable[[str], Any], module_name: str = "submission"
                 ) -> dict[str, Any]:
    """The global namespace restricted code runs in: guarded builtins plus the guard hooks."""
    fast = tripwire.shield.fast
    screen = tripwire.screen

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
            raise tripwire.trip("patching", _library_name(tripwire, obj))
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
        if name == "builtins" and level == 0 and fromlist and all(
                type(item) is str and item in safe for item in fromlist):
            # `from builtins import range` (Python 2 compatibility code): the sandbox's own builtins.
            return types.SimpleNamespace(**{item: safe[item] for item in fromlist})
        harmless = stdlib.HARMLESS_NAMES.get(name) if level == 0 and type(name) is str else None
        if harmless and fromlist and all(type(item) is str and item in harmless for item in fromlist):
            module = builtins.__import__(name, globals, locals, fromlist, level)
            return types.SimpleNamespace(**{item: getattr(module, item) for item in fromlist})
        if level != 0 or not tripwire.module_allowed(name):
            # The policy refused every such import statement but those inside `try ... except ImportError`
            # (an optional dependency): there, as in Python, the import fails and the code goes on.
            raise ModuleNotFoundError(f"No module named {name!r} is available to submissions", name=name)
        module = builtins.__import__(name, globals, locals, fromlist, level)
        if not fromlist:
            return module
        tripwire.refuse_forbidden(module)  # `from torch.autograd import grad`: the members of a forbidden module
        # `from m import a, b` reads a and b from what we return: hand over checked values (or stand-ins).
        names = {}
        for item in fromlist:
            if type(item) is not str or item.startswith("_"):
                raise tripwire.trip("private_attribute", str(item) if type(item) is str else "")
            try:
                source = getattr(module, item)
            except AttributeError:
                raise ImportError(f"cannot import name {item!r} from {name!r}") from None
            names[item] = tripwire.check_value(source, public=_public_module(module))
        return types.SimpleNamespace(**names)

    def print_(*args: Any, sep: str | None = " ", end: str | None = "\n", file: Any = None,
               flush: bool = False) -> None:
        text = (" " if sep is None else sep).join(str(a) for a in args) + ("\n" if end is None else end)
        (file.write if file is not None else write)(text)

    def inplacevar_(op: str, target: Any, value: Any) -> Any:
        return _INPLACE[op](target, value)

    def getitem_(obj: Any, key: Any) -> Any:
        value = obj[key]
        return value if type(value) in fast else screen(value)

    def getiter_(obj: Any) -> Iterator[Any]:
        if type(obj) in fast:  # an array, a tensor, a range, a string: its items are plain too
            return iter(obj)
        return _screened(iter(obj), fast, screen)

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
        "_getitem_": getitem_,
        "_write_": write_,
        "_getiter_": getiter_,
        "_inplacevar_": inplacevar_,
        "_apply_": lambda func, *args, **kwargs: func(*args, **kwargs),
        "_unpack_sequence_": unpack_sequence_,
        "_iter_unpack_sequence_": iter_unpack_sequence_,
        "_ck_": screen,
    }


def _screened(items: Iterator[Any], fast: frozenset[type], screen: Callable[[Any], Any]) -> Iterator[Any]:
    for item in items:
        yield item if type(item) in fast else screen(item)
