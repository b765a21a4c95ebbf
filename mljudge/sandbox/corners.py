"""The dangerous corners of the libraries a submission may use, and what stands in for them.

Three kinds, each refused or replaced *by identity* wherever the submission meets the object (sandbox.guards):

- UNSAFE_NAMES: public callables that run unguarded Python (unpickling, eval of strings, code generation) or
  reach raw memory (views with arbitrary strides, storages, files mapped into tensors, foreign libraries).
  Refused in every exercise, like the exercise's own forbidden names.
- Helpers that read or write attributes by a name the caller chooses (``functools.update_wrapper``,
  ``operator.attrgetter``, ``string.Formatter``): replaced by versions that put every name through the same
  attribute guard as the submission's own ``getattr``.
- Array constructors over a caller's buffer (``np.ndarray(shape, buffer=b, offset=-8)`` reads before the buffer:
  NumPy checks the end, not the start): replaced by subclasses that refuse a negative offset and otherwise
  construct exactly what NumPy would. ``isinstance(x, np.ndarray)`` and ``type(x) is np.ndarray`` keep working:
  the stand-in answers isinstance for every ndarray, and ``type()`` of an array gives the stand-in too.
"""

from __future__ import annotations

import functools
import operator
import string
from collections.abc import Callable
from typing import Any

# Run unguarded Python: unpickling (np.load(allow_pickle=True), torch.load(weights_only=False) of a file the
# submission wrote to its /tmp), eval of strings (typing.get_type_hints, which singledispatch's register()
# calls), code generation (torch.compile: dynamo rewrites bytecode and inductor execs generated code).
UNPICKLE_OR_EVAL = (
    "numpy.load", "numpy.lib.format.read_array", "torch.load", "typing.get_type_hints",
    "functools.singledispatch", "functools.singledispatchmethod", "torch.compile",
)
# Raw memory: arbitrary strides or offsets over a buffer, storages (their methods map files and share memory),
# files mapped into tensors, loading shared libraries into the process.
RAW_MEMORY = (
    "numpy.lib.stride_tricks.as_strided", "numpy.lib.stride_tricks.DummyArray", "numpy.ctypeslib",
    "torch.as_strided", "torch.as_strided_", "torch.Tensor.as_strided", "torch.Tensor.as_strided_",
    "torch.Tensor.set_", "torch.Tensor.untyped_storage", "torch.Tensor.storage", "torch.Tensor._typed_storage",
    "torch.from_file", "torch.UntypedStorage", "torch.TypedStorage", "torch.storage.UntypedStorage",
    "torch.storage.TypedStorage", "torch.classes", "torch.ops.load_library", "torch.classes.load_library",
    "torch.utils.dlpack.from_dlpack", "torch.from_dlpack", "numpy.from_dlpack",
    *(f"torch.{kind}Storage" for kind in ("Byte", "Char", "Short", "Int", "Long", "Half", "Float", "Double",
                                           "Bool", "BFloat16", "ComplexFloat", "ComplexDouble")),
)
UNSAFE_NAMES = UNPICKLE_OR_EVAL + RAW_MEMORY


def unsafe_kind(name: str) -> str:
    """Why the judge never runs `name`: "raw_memory" or "code" (unpickling, eval of strings, code generation)."""
    return "raw_memory" if name in RAW_MEMORY else "code"
# The builtins a submission does not get, refused by identity wherever a library module re-exports them.
HIDDEN_BUILTINS = ("eval", "exec", "compile", "open", "getattr", "setattr", "delattr", "vars", "dir", "globals",
                   "locals", "__import__", "input", "breakpoint", "help", "memoryview", "__build_class__")
# What functools.update_wrapper copies by default: the only names a stand-in lets through.
WRAPPER_NAMES = frozenset(functools.WRAPPER_ASSIGNMENTS) | frozenset(functools.WRAPPER_UPDATES)

GetAttr = Callable[..., Any]  # the submission's own guarded getattr: (obj, name[, default]) -> value
Refuse = Callable[[str, str], BaseException]


def stand_ins(getattr_: GetAttr, refuse: Refuse, formatter: type[string.Formatter]) -> dict[Any, Any]:
    """Original object -> the object the submission gets instead."""

    def update_wrapper(wrapper: Any, wrapped: Any, assigned: Any = functools.WRAPPER_ASSIGNMENTS,
                       updated: Any = functools.WRAPPER_UPDATES) -> Any:
        _check_wrapper_names(assigned, updated, refuse)
        return functools.update_wrapper(wrapper, wrapped, tuple(assigned), tuple(updated))

    def wraps(wrapped: Any, assigned: Any = functools.WRAPPER_ASSIGNMENTS,
              updated: Any = functools.WRAPPER_UPDATES) -> Any:
        _check_wrapper_names(assigned, updated, refuse)
        return functools.wraps(wrapped, tuple(assigned), tuple(updated))

    def attrgetter(*names: Any) -> Callable[[Any], Any]:
        paths = [str(name).split(".") if type(name) is str else [name] for name in names]

        def get(obj: Any) -> Any:
            found = [functools.reduce(getattr_, path, obj) for path in paths]
            return found[0] if len(found) == 1 else tuple(found)

        return get

    def methodcaller(name: Any, /, *args: Any, **kwargs: Any) -> Callable[[Any], Any]:
        return lambda obj: getattr_(obj, name)(*args, **kwargs)

    return {
        functools.update_wrapper: update_wrapper,
        functools.wraps: wraps,
        operator.attrgetter: attrgetter,
        operator.methodcaller: methodcaller,
        string.Formatter: formatter,
        **_array_constructors(refuse),
    }


def _check_wrapper_names(assigned: Any, updated: Any, refuse: Refuse) -> None:
    for name in (*assigned, *updated):
        if name not in WRAPPER_NAMES:  # ("__globals__",) merged a library's real builtins into the submission
            raise refuse("private_attribute", name if type(name) is str and name in WRAPPER_NAMES else "")


def _array_constructors(refuse: Refuse) -> dict[Any, Any]:
    import numpy as np

    def checked(cls: type, buffer_at: tuple[str, int], offset_at: tuple[str, int]) -> type:
        """A stand-in for `cls` whose constructor refuses a negative offset into a buffer."""

        class StandInMeta(type(cls)):  # type: ignore[misc]
            def __instancecheck__(self, obj: Any) -> bool:
                return isinstance(obj, cls)

            def __subclasscheck__(self, sub: Any) -> bool:
                return isinstance(sub, type) and issubclass(sub, cls)

        def __new__(subtype: type, *args: Any, **kwargs: Any) -> Any:
            buffer = _argument(args, kwargs, *buffer_at)
            offset = _argument(args, kwargs, *offset_at)
            if buffer is not None and offset is not None and operator.index(offset) < 0:
                raise refuse("raw_memory", f"{cls.__module__}.{cls.__name__}")
            return cls.__new__(cls if subtype is stand_in else subtype, *args, **kwargs)

        stand_in = StandInMeta(cls.__name__, (cls,), {"__new__": __new__, "__module__": cls.__module__,
                                                      "__qualname__": cls.__qualname__, "__doc__": cls.__doc__})
        return stand_in

    return {
        # (keyword, index among the positional arguments after `subtype`) of the buffer and of the offset
        np.ndarray: checked(np.ndarray, ("buffer", 2), ("offset", 3)),
        np.recarray: checked(np.recarray, ("buf", 2), ("offset", 3)),
        np.char.chararray: checked(np.char.chararray, ("buffer", 3), ("offset", 4)),
    }


def _argument(args: tuple[Any, ...], kwargs: dict[str, Any], name: str, index: int) -> Any:
    return kwargs[name] if name in kwargs else args[index] if len(args) > index else None


def harden_logging() -> None:
    """logging copies a caller's dict into a record's attributes (``extra=``, ``makeLogRecord``), and records reach
    the submission's own filters and formatters: a record must not carry dunders (``__array_interface__``) that
    way. Patched once, in the zygote, before any child exists."""
    import logging

    make_record = logging.Logger.makeRecord

    def checked_record(self: logging.Logger, *args: Any, **kwargs: Any) -> logging.LogRecord:
        extra = kwargs.get("extra", args[8] if len(args) > 8 else None)
        _refuse_dunder_keys(extra)
        return make_record(self, *args, **kwargs)

    make_log_record = logging.makeLogRecord

    def checked_log_record(attributes: Any) -> logging.LogRecord:
        _refuse_dunder_keys(attributes)
        return make_log_record(attributes)

    logging.Logger.makeRecord = checked_record  # type: ignore[method-assign]
    logging.makeLogRecord = checked_log_record  # type: ignore[assignment]  # takes any mapping, as the original


def _refuse_dunder_keys(mapping: Any) -> None:
    if isinstance(mapping, dict) and any(type(k) is not str or k.startswith("__") for k in mapping):
        raise KeyError("a log record's extra attributes may not be special (__...__) names")
