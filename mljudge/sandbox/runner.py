"""The sandbox's one entry point for the judge: run a checked program's function on some inputs, in a jailed
child, and get back what happened as plain data (`Outcome`). Deciding what that means is the judge's job.

Nothing the child sends is believed on its word. Every frame is checked against the job the judge itself sent —
the module first, then one answer per call in the order and with the ids it asked for, then "done" — and each
value is rebuilt from raw bytes within bounds. A child that writes anything else (a frame for a call it was not
asked, a second "done", garbage) ends as ``termination="garbled"``: the submission's runtime error, never the
judge's. Only what the judge observed itself (a sandbox that failed to start or answer) is ``internal``.
"""

from __future__ import annotations

import marshal
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mljudge.sandbox import tracks, wire
from mljudge.sandbox.codes import RUNTIME_REFUSALS, ErrorKind, Termination
from mljudge.sandbox.limits import Limits
from mljudge.sandbox.policy import Program
from mljudge.sandbox.pool import Pool, Run, ZygoteError, default_pool

# Allowed in every track; each track adds its own libraries.
BASE_IMPORTS = frozenset({"__future__", "math", "typing", "functools", "itertools"})
OUTPUT_FLOOD_FACTOR = 16  # past keep × this, printing stops the run
# What a violation frame may say it was; anything else is garbage from the child.
VIOLATION_CODES = RUNTIME_REFUSALS
MODULE_PHASE = "module"
AFTER_PHASE = "done"


@dataclass(frozen=True)
class Call:
    """One invocation of the learner's function. `echo=False` hides what it prints (hidden cases)."""

    id: str
    args: tuple[Any, ...] = ()
    kwargs: dict[str, Any] = field(default_factory=dict)
    arg_names: tuple[str, ...] = ()
    echo: bool = True


@dataclass(frozen=True)
class Job:
    program: Program
    function: str
    track: str
    calls: tuple[Call, ...]
    imports: frozenset[str]
    forbidden_names: tuple[str, ...] = ()
    forbidden_aten: tuple[str, ...] = ()  # ops its child replaces before the submission loads
    autodiff: bool = True  # False: the track's automatic differentiation is off, and what would use it forbidden
    # Governed modules the pool allows that this job's exercise does not (sandbox.governed).
    refused_modules: tuple[str, ...] = ()

    @property
    def refused_names(self) -> tuple[str, ...]:
        """Every name this job forbids: the exercise's, and with autodiff off the track's gradient machinery."""
        extra = () if self.autodiff else tracks.track(self.track).autodiff_names
        return tuple(dict.fromkeys((*self.forbidden_names, *extra)))


@dataclass(frozen=True)
class Violation:
    """A rule the submission broke, as its child reported it. `phase`: when, by the judge's own count — "module"
    (while the file loaded), the id of the call that was running, or "done"."""

    code: str
    what: str
    phase: str


@dataclass(frozen=True)
class ErrorInfo:
    """An exception raised by the submission. `frames` are (line, function) pairs from the learner's file."""

    type: str
    message: str
    kind: ErrorKind
    frames: tuple[tuple[int, str], ...] = ()
    violation: tuple[str, str] | None = None

    @property
    def line(self) -> int | None:
        return self.frames[-1][0] if self.frames else None


@dataclass(frozen=True)
class CallOutcome:
    ok: bool
    value: Any = None
    error: ErrorInfo | None = None
    stdout: str = ""
    printed: int = 0  # characters printed, even when `stdout` is withheld (hidden cases)
    ms: float = 0.0
    mutated: tuple[str, ...] = ()


@dataclass
class Outcome:
    """Everything the child and its parent observed, in plain data."""

    module_ok: bool = False
    module_error: ErrorInfo | None = None
    module_stdout: str = ""
    missing: dict[str, Any] | None = None
    calls: dict[str, CallOutcome] = field(default_factory=dict)
    completed: bool = False
    termination: Termination = Termination.COMPLETED
    exit_code: int = 0
    cpu_seconds: float = 0.0
    wall_seconds: float = 0.0
    max_rss_mb: float = 0.0
    violations: list[Violation] = field(default_factory=list)
    output_truncated: bool = False
    output_flooded: bool = False
    internal_error: str | None = None


def run(job: Job, limits: Limits, pool: Pool | None = None, *, client: str = "") -> Outcome:
    """Run `job` in a fresh jailed child. Never raises for anything the submission does; a broken sandbox
    comes back as ``termination="internal"``. Raises sandbox.pool.Busy / ClientBusy when `client` may not wait
    for a sandbox now."""
    pool = pool or default_pool()
    try:
        result = pool.run(job.track, _request(job, limits), limits.wall_seconds, client=client)
    except ZygoteError as exc:
        return Outcome(termination=Termination.INTERNAL, internal_error=str(exc))
    return _outcome(job, result, limits)


def _request(job: Job, limits: Limits) -> bytes:
    return wire.encode_frame(*build_request(job, limits))


def build_request(job: Job, limits: Limits) -> tuple[dict[str, Any], bytes]:
    """The job as the child receives it: a header and a blob holding the bytecode and the input arrays."""
    blob = wire.BlobWriter()
    code = blob.add(marshal.dumps(job.program.code))
    calls = [{
        "id": call.id,
        "args": [wire.encode_plain(a, blob) for a in call.args],
        "kwargs": {k: wire.encode_plain(v, blob) for k, v in call.kwargs.items()},
        "arg_names": list(call.arg_names[: len(call.args)]),
        "echo": call.echo,
    } for call in job.calls]
    keep = limits.output_kb * 1024
    header = {
        "limits": limits.__dict__,
        "filename": job.program.filename,
        "function": job.function,
        "track": job.track,
        "code": list(code),
        "calls": calls,
        "imports": sorted(job.imports),
        "forbidden_names": list(job.refused_names),
        "autodiff": job.autodiff,
        "forbidden_aten": list(job.forbidden_aten),
        "refused_modules": list(job.refused_modules),
        "output_keep": keep,
        "output_hard": keep * OUTPUT_FLOOD_FACTOR,
    }
    return header, blob.getvalue()


def _outcome(job: Job, result: Run, limits: Limits) -> Outcome:
    out = Outcome(exit_code=result.exit_code or 0, cpu_seconds=result.cpu_seconds,
                  wall_seconds=result.wall_seconds, max_rss_mb=result.max_rss_kb / 1024)
    try:
        _Reader(job, out).read(result.frames, result.complete)
    except Exception:
        # Any exception, not only WireError: the child is untrusted, and a child that writes its own frames made
        # the judge raise OverflowError (`"frames": [[1e400, "f"]]`) and RecursionError (a header 10**5 deep).
        out.termination = Termination.GARBLED
        return out
    out.termination = Termination.GARBLED if result.garbled else _termination(out, result, limits)
    return out


class _Reader:
    """Checks the child's frames against the job, in order, and fills the Outcome."""

    def __init__(self, job: Job, out: Outcome) -> None:
        self.job, self.out = job, out
        self.pending = [call.id for call in job.calls]  # the calls not answered yet, in the order asked
        self.phase = MODULE_PHASE

    def read(self, frames: list[tuple[dict[str, Any], bytes]], complete: bool) -> None:
        out = self.out
        for event, blob in frames:
            kind = event.get("event")
            out.output_truncated |= event.get("truncated") is True
            out.output_flooded |= event.get("flooded") is True
            if kind == "violation":
                self._violation(event)
            elif kind == "module" and self.phase == MODULE_PHASE and not out.module_ok and out.module_error is None:
                self._module(event, blob)
            elif kind == "missing" and out.module_ok and out.missing is None and len(self.pending) == len(
                    self.job.calls):
                out.missing = {"name": self.job.function, "defined": _names(event.get("defined")),
                               "found": _short(event.get("found")) if event.get("found") is not None else None}
                self.phase = AFTER_PHASE
            elif kind == "call" and out.module_ok and out.missing is None and self.pending \
                    and event.get("id") == self.pending[0]:
                self._call(event, blob)
            elif kind == "done" and out.module_ok and out.missing is None and not self.pending:
                out.completed = True
                self.phase = AFTER_PHASE
            else:
                raise wire.WireError(f"unexpected frame {str(kind)[:40]!r}")
        if complete and not out.completed:
            raise wire.WireError("the run ended without its answers")

    def _violation(self, event: dict[str, Any]) -> None:
        code, what = event.get("code"), event.get("what")
        if code not in VIOLATION_CODES or not isinstance(what, str):
            raise wire.WireError("malformed violation")
        self.out.violations.append(Violation(code, what[:200], self.phase))

    def _module(self, event: dict[str, Any], blob: bytes) -> None:
        out = self.out
        out.module_stdout = _text(event.get("stdout"), blob)
        if event.get("ok") is True:
            out.module_ok = True
            self.phase = self.pending[0] if self.pending else AFTER_PHASE
        elif event.get("ok") is False:
            out.module_error = _error(event["error"])
            self.phase = AFTER_PHASE
        else:
            raise wire.WireError("malformed module event")

    def _call(self, event: dict[str, Any], blob: bytes) -> None:
        call_id = self.pending.pop(0)
        ok = event.get("ok")
        if type(ok) is not bool:
            raise wire.WireError("malformed call event")
        self.out.calls[call_id] = CallOutcome(
            ok=ok,
            value=wire.decode_value(event["value"], blob) if ok else None,
            error=None if ok else _error(event["error"]),
            stdout=_text(event.get("stdout"), blob),
            printed=int(_count(event.get("printed"))),
            ms=_count(event.get("ms")),
            mutated=tuple(n for n in _names(event.get("mutated")) if n in self._argument_names(call_id))[:10],
        )
        self.phase = self.pending[0] if self.pending else AFTER_PHASE

    def _argument_names(self, call_id: str) -> set[str]:
        """The names the child may report as changed in place: the call's own parameter names (and keys of its
        dict arguments), nothing the submission could have made up."""
        call = next(c for c in self.job.calls if c.id == call_id)
        positional = [*call.arg_names, *(f"argument {i + 1}" for i in range(len(call.arg_names), len(call.args)))]
        names = set(positional[: len(call.args)]) | set(call.kwargs)
        for name, value in [*zip(positional, call.args, strict=False), *call.kwargs.items()]:
            if isinstance(value, dict):
                names |= {f"{name}[{key!r}]" for key in value}
        return names


def _text(where: Any, blob: bytes) -> str:
    """Printed text, which travels in the blob (a header stays small however much was printed)."""
    if where is None:
        return ""
    if (not isinstance(where, list) or len(where) != 2 or not all(type(n) is int and n >= 0 for n in where)
            or where[0] + where[1] > len(blob)):
        raise wire.WireError("malformed text reference")
    return blob[where[0]: where[0] + where[1]].decode("utf-8", "replace")


def _names(value: Any) -> list[str]:
    if not isinstance(value, list):
        return []
    return [_short(v) for v in value[:20] if isinstance(v, str)]


def _short(value: Any, limit: int = 100) -> str:
    return str(value)[:limit]


def _count(value: Any) -> float:
    return float(value) if type(value) in (int, float) and 0 <= value < 1e12 else 0.0


def _error(info: Any) -> ErrorInfo:
    if not isinstance(info, dict):
        raise wire.WireError("malformed error")
    violation = info.get("violation")
    frames = info.get("frames", [])
    return ErrorInfo(
        type=_short(info.get("type", "Exception")),
        message=str(info.get("message", ""))[:2000],
        kind=ErrorKind.parse(info.get("kind")),
        frames=tuple((int(line), _short(name)) for line, name in frames[-20:]
                     if type(line) is int and 0 < line < 10**7),
        violation=(str(violation[0])[:40], str(violation[1])[:200])
        if isinstance(violation, list) and len(violation) == 2 else None,
    )


def _termination(out: Outcome, result: Run, limits: Limits) -> Termination:
    if result.killed == "wall":
        return Termination.WALL
    if result.killed == "result_size":
        return Termination.RESULT_SIZE
    if out.completed:
        return Termination.COMPLETED
    code = out.exit_code
    if code == -24 or (code == -9 and out.cpu_seconds >= limits.cpu_seconds):  # SIGXCPU, or the hard stop
        return Termination.CPU
    if code < 0:
        return Termination.SIGNAL
    # Stopped without saying why: an exit from C (OpenMP failing to start threads calls exit(1)), os._exit, or
    # a result pipe filled with garbage. That includes dying while the module was still loading (no module
    # event at all), which would otherwise grade every case as a wrong answer.
    if not out.missing and out.module_error is None and not out.output_flooded:
        return Termination.EXIT
    return Termination.COMPLETED


def imports_for(track: str, extra: Sequence[str] = ()) -> frozenset[str]:
    """The modules a submission in `track` may import."""
    return BASE_IMPORTS | tracks.track(track).libraries | set(extra)
