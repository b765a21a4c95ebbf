"""What runs inside the sandboxed child: read the job, execute the submission, call its function on each input,
and stream the answers back as plain numbers.

Everything here runs in a process that holds no expected values, inside a jail that was set up before the job
existed (sandbox.zygote arms the child ahead of time; the child reads its own job, so the zygote never holds a
submission). The child streams one frame per event (module executed, one per call, each violation the moment it
happens, done), so a run killed half-way still reports the cases it finished. Nothing the child sends is trusted
by the judge (sandbox.runner checks every frame against the job it sent): the child only turns answers into
plain numbers, and the parent compares.
"""

from __future__ import annotations

import marshal
import os
import resource
import sys
import time
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

from mljudge.sandbox import wire
from mljudge.sandbox.audit import AuditHook
from mljudge.sandbox.codes import ErrorKind
from mljudge.sandbox.guards import ForbiddenOperation, Shield, Tripwire, make_globals
from mljudge.sandbox.tracks import ORIGINS, TRACKS

MAX_STRUCT_ITEMS = 64
MAX_OBJECT_ITEMS = 1_000_000  # an object array larger than this is not converted element by element
MAX_MESSAGE = 2000
MAX_JOB = 256 * 1024 * 1024
Emit = Callable[..., None]


class OutputFlood(BaseException):
    """The submission printed far past the output limit. BaseException: `except Exception` won't hide it."""


class Capture:
    """A capped stand-in for stdout/stderr. Keeps the first `keep` characters; past `hard`, every write raises."""

    def __init__(self, keep: int, hard: int) -> None:
        self.keep, self.hard = keep, hard
        self.total = 0
        self.kept = 0
        self.flooded = False
        self.parts: list[str] = []

    def write(self, text: Any) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        self.total += len(text)
        if self.total > self.hard:
            self.flooded = True
            raise OutputFlood()
        room = self.keep - self.kept
        if room > 0:
            piece = text[:room]
            self.parts.append(piece)
            self.kept += len(piece)
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def take(self) -> str:
        text, self.parts = "".join(self.parts), []
        return text

    @property
    def truncated(self) -> bool:
        return self.total > self.keep


class Emitter:
    """Writes frames to the result pipe."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def __call__(self, header: dict[str, Any], blob: bytes = b"") -> None:
        data = memoryview(wire.encode_frame(header, blob))
        while data:
            written = os.write(self.fd, data)
            data = data[written:]


class Context:
    """What the zygote prepared once for every job: the guards' tables, where the libraries live, the kernels it
    replaced."""

    def __init__(self, shield: Shield, library_paths: tuple[str, ...] = (), harden: bool = True) -> None:
        self.shield = shield
        self.library_paths = library_paths
        self.harden = harden  # False only for tests of the OS jail alone (MLJUDGE_UNGUARDED)
        self.zygote_kernels: Any = None  # the ops outside the pool's vocabulary (sandbox.kernels.Kernels)
        self.kernels: Any = None  # the replaced kernels of this child's job

    def refuse(self, code: str, what: str) -> BaseException:
        """A zygote-replaced kernel's refusal, reported to the job running now."""
        current = self.shield.current
        if current is None:
            return RuntimeError(f"{what} is outside every vocabulary of this pool")
        return current.trip(code, what)


def serve_child(job_fd: int, result_fd: int, context: Context, restrict: Callable[[Any, int], None]) -> None:
    """An armed child's whole job: read it (the zygote never sees it), restrict the child to its limits, run it."""
    from mljudge.sandbox.limits import Limits

    with os.fdopen(job_fd, "rb", buffering=0) as jobs:
        frame = wire.read_frame(jobs, max_header=MAX_JOB, max_blob=MAX_JOB)
    if frame is None:
        return  # the judge closed the pipe without a job: the pool is shutting down
    job, blob = frame
    restrict(Limits(**job["limits"]), 2 * len(blob) + (1 << 20))
    run_job(job, blob, Emitter(result_fd), context, harden=context.harden)


def run_job(job: dict[str, Any], blob: bytes, emit: Emit, context: Context, *, harden: bool) -> None:
    """Execute one job. `harden` (every real job, never the zygote's warm-up) replaces the forbidden ops'
    kernels and installs the audit hook: both are irreversible."""
    capture = Capture(keep=int(job["output_keep"]), hard=int(job["output_hard"]))
    sys.stdout = sys.stderr = capture
    # The default warning printer reads the warning's source line from disk (linecache), which the audit hook
    # refuses when that line is the judge's own; the learner needs the warning, not the line.
    def show_warning(message: Warning | str, category: type[Warning], *_rest: Any, **_kw: Any) -> None:
        capture.write(f"{category.__name__}: {message}\n")

    warnings.showwarning = show_warning

    def report(code: str, what: str) -> None:
        emit({"event": "violation", "code": code, "what": what[:200]})

    track = TRACKS[job["track"]]
    if not job.get("autodiff", True) and track.autodiff_off is not None:
        track.autodiff_off()  # before the submission's first line: nothing it computes records a graph
    tripwire = Tripwire.build(context.shield, job["imports"], job["forbidden_names"], report,
                              refused_modules=job.get("refused_modules", ()))
    namespace = make_globals(tripwire, capture.write)
    filename = job["filename"]
    code = marshal.loads(blob[job["code"][0]: job["code"][0] + job["code"][1]])
    if harden:
        if track.has_ops and job["forbidden_aten"]:
            from mljudge.sandbox.kernels import Kernels

            context.kernels = Kernels()  # held for the child's life: a collected Library unregisters its kernels
            context.kernels.forbid(job["forbidden_aten"], tripwire.trip)
        AuditHook(tripwire.trip, context.library_paths, code).install()

    def status() -> dict[str, Any]:
        return {"flooded": capture.flooded, "truncated": capture.truncated}

    def module_event(ok: bool, **extra: Any) -> None:
        printed = wire.BlobWriter()
        stdout = capture.take()
        where = list(printed.add(stdout.encode("utf-8", "replace"))) if stdout else None
        emit({"event": "module", "ok": ok, "stdout": where, **extra, **status()}, printed.getvalue())

    try:
        exec(code, namespace)
    except BaseException as exc:
        module_event(False, error=describe_exception(exc, filename))
        return
    module_event(True)

    function = namespace.get(job["function"])
    if not callable(function):
        defined = sorted(k for k, v in namespace.items()
                         if callable(v) and not k.startswith("_") and getattr(v, "__module__", "") == "submission")
        emit({"event": "missing", "name": job["function"], "defined": defined[:20],
              "found": type(function).__name__ if function is not None else None})
        return

    to_track = _converter(track.to_array)
    for call in job["calls"]:
        args = [wire.decode_value(a, blob) for a in call["args"]]
        kwargs = {k: wire.decode_value(v, blob) for k, v in call["kwargs"].items()}
        # Inputs are fresh per call; keep copies to tell the learner if their function changed them in place.
        positional = [*call["arg_names"], *(f"argument {i + 1}" for i in range(len(call["arg_names"]), len(args)))]
        names = [*positional[: len(args)], *kwargs]
        watched = [(name, v.data, v.data.copy()) for name, v in _arrays(names, [*args, *kwargs.values()])]
        args = [to_track(a) for a in args]
        kwargs = {k: to_track(v) for k, v in kwargs.items()}
        out_blob = wire.BlobWriter()
        started = time.perf_counter()
        try:
            result = function(*args, **kwargs)
            elapsed = time.perf_counter() - started
            header: dict[str, Any] = {"ok": True, "value": encode_result(result, out_blob)}
        except BaseException as exc:
            elapsed = time.perf_counter() - started
            header = {"ok": False, "error": describe_exception(exc, filename)}
        header["mutated"] = [name for name, live, before in watched
                             if not np.array_equal(before, live, equal_nan=before.dtype.kind == "f")]
        stdout = capture.take()
        if call["echo"] and stdout:
            header["stdout"] = list(out_blob.add(stdout.encode("utf-8", "replace")))
        emit({"event": "call", "id": call["id"], "ms": round(elapsed * 1000, 3), "printed": len(stdout),
              **header, **status()}, out_blob.getvalue())
        if capture.flooded:
            return
    usage = resource.getrusage(resource.RUSAGE_SELF)
    emit({"event": "done", "cpu_seconds": usage.ru_utime + usage.ru_stime, "max_rss_kb": usage.ru_maxrss})


# --- turning answers into plain numbers ------------------------------------------------------------------------


def encode_result(value: Any, blob: wire.BlobWriter, depth: int = 0) -> dict[str, Any]:
    """Turn whatever the submission returned into a wire value. The unencodable becomes Opaque; only running out
    of memory raises (as the call's own MemoryError, hence a memory_limit verdict)."""
    try:
        return _encode(value, blob, depth)
    except MemoryError:
        # np.broadcast_to(0.0, (10**8,)) costs nothing until it is made contiguous here (800 MB); calling
        # that an "object of type numpy.ndarray" would be a puzzling wrong answer.
        raise
    except Exception:
        return {"t": "object", "type": _type_name(value)}


def _encode(value: Any, blob: wire.BlobWriter, depth: int) -> dict[str, Any]:
    for track in TRACKS.values():  # any track's arrays: a tensor in the NumPy track is a wrong type, named so
        found = track.from_answer(value)
        if found is not None:
            array, origin = found
            if array is None:  # the track's array, of something other than real numbers (complex, ...)
                return {"t": "object", "type": track.array_type, "dtype": origin}
            return _encode_ndarray(array, blob, origin)
    if isinstance(value, bool):
        return {"t": "bool", "v": value}
    if isinstance(value, int):
        return {"t": "int", "v": value} if abs(value) < 2**63 else {"t": "float", "v": float(value)}
    if isinstance(value, float):
        return {"t": "float", "v": value}
    if value is None:
        return {"t": "none"}
    if depth < wire.MAX_DEPTH and isinstance(value, list | tuple):
        kind = "tuple" if isinstance(value, tuple) else "list"
        if len(value) <= MAX_STRUCT_ITEMS:
            return {"t": kind, "items": [encode_result(v, blob, depth + 1) for v in value]}
        return _encode_ndarray(np.asarray(value, dtype=np.float64), blob, kind)
    if depth < wire.MAX_DEPTH and isinstance(value, dict) and len(value) <= MAX_STRUCT_ITEMS:
        return {"t": "dict", "items": {str(k): encode_result(v, blob, depth + 1) for k, v in value.items()}}
    return {"t": "object", "type": _type_name(value)}


def _encode_ndarray(array: np.ndarray, blob: wire.BlobWriter, origin: str) -> dict[str, Any]:
    kind = array.dtype.kind
    if kind == "O":
        numbers = _object_numbers(array)
        if numbers is not None:  # np.frompyfunc and friends: right values in an object array
            return wire.encode_array(numbers, blob, origin=f"{origin}:object")
    if kind not in "biuf":
        # Strings, bytes, records, dates, complex or Python objects are not real numbers, even when astype()
        # could turn them into some (x.astype(str) would come back as the very floats it printed; an object
        # array could hold lying objects). The judge is told the element type, never given values.
        words = {"U": "str", "S": "bytes", "V": "structured records", "O": "object"}
        node = {"t": "object", "type": ORIGINS.get(origin, origin),
                "dtype": words.get(kind, array.dtype.name)}
        if kind == "O":  # what it holds instead of numbers (shown for visible cases only)
            node["preview"] = ", ".join(_preview(v) for v in array.flat[:6])[:200]
        return node
    if array.dtype.str not in wire.PLAIN_DTYPES:  # float128, big-endian floats, ...: say so, send floats
        array, origin = array.astype(np.float64), f"{origin}:{array.dtype}"
    return wire.encode_array(array, blob, origin=origin)


# Element types an object array may hold to count as numbers: exactly these (a subclass could lie in __float__).
_NUMBER_TYPES = frozenset({int, float, bool, np.float64, np.float32, np.float16, np.int64, np.int32, np.int16,
                           np.int8, np.uint8, np.uint16, np.uint32, np.uint64, np.bool_})


def _object_numbers(array: np.ndarray) -> np.ndarray | None:
    """An object array whose every element is a plain real number, as float64; None otherwise."""
    if array.size > MAX_OBJECT_ITEMS or not all(type(v) in _NUMBER_TYPES for v in array.flat):
        return None
    return np.array([float(v) for v in array.flat], dtype=np.float64).reshape(array.shape)


def _preview(value: Any) -> str:
    try:
        return repr(value)[:40]
    except BaseException:
        return f"<{_type_name(value)}>"


def _type_name(value: Any) -> str:
    cls = type(value)
    module = getattr(cls, "__module__", "") or ""
    name = getattr(cls, "__qualname__", cls.__name__)
    return name if module in ("builtins", "submission") else f"{module}.{name}"


# --- inputs ------------------------------------------------------------------------------------------------


def _arrays(names: list[str], values: list[Any]) -> list[tuple[str, wire.Array]]:
    """Every input array with the name a learner would call it by: `x`, or `p['w_q']` inside a dict argument."""
    found = []
    for name, value in zip(names, values, strict=True):
        if isinstance(value, wire.Array):
            found.append((name, value))
        elif isinstance(value, dict):
            found.extend((f"{name}[{key!r}]", item) for key, item in value.items() if isinstance(item, wire.Array))
    return found


def _converter(to_array: Callable[[np.ndarray], Any]) -> Callable[[Any], Any]:
    """Inputs as the learner's function gets them: the track's arrays, also inside a dict argument."""

    def convert(value: Any) -> Any:
        if isinstance(value, dict):
            return {key: convert(item) for key, item in value.items()}
        return to_array(value.data) if isinstance(value, wire.Array) else value

    return convert


# --- errors ------------------------------------------------------------------------------------------------


def describe_exception(exc: BaseException, filename: str) -> dict[str, Any]:
    """An exception as data: its type, message, kind, and the frames that are the learner's own."""
    frames = []
    tb = exc.__traceback__
    while tb is not None:  # not traceback.extract_tb: it reads source lines from disk, which the audit refuses
        code = tb.tb_frame.f_code
        if code.co_filename == filename:
            frames.append([tb.tb_lineno, code.co_name])
        tb = tb.tb_next
    info: dict[str, Any] = {"type": type(exc).__name__, "message": _message(exc), "frames": frames[-20:],
                            "kind": classify(exc)}
    if isinstance(exc, ForbiddenOperation):
        info["violation"] = [exc.code, exc.what]
    if isinstance(exc, SyntaxError):
        info["line"] = exc.lineno
    return info


def classify(exc: BaseException) -> ErrorKind:
    if isinstance(exc, ForbiddenOperation):
        return ErrorKind.FORBIDDEN
    if isinstance(exc, OutputFlood):
        return ErrorKind.OUTPUT
    if isinstance(exc, MemoryError):
        return ErrorKind.MEMORY
    if isinstance(exc, RuntimeError | OSError) and any(
            s in _message(exc) for s in ("DefaultCPUAllocator", "can't allocate memory", "Cannot allocate memory")):
        return ErrorKind.MEMORY
    if isinstance(exc, RecursionError):
        return ErrorKind.RECURSION
    if isinstance(exc, SystemExit):
        return ErrorKind.EXIT
    return ErrorKind.ERROR


def _message(exc: BaseException) -> str:
    try:
        text = str(exc)
    except BaseException:  # a learner's __str__ may itself raise
        text = "<unprintable message>"
    return text[:MAX_MESSAGE]
