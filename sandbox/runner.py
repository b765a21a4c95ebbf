"""The sandbox's one entry point for the judge: run a checked program's function on some inputs, in a jailed
child, and get back what happened as plain data (`Outcome`). Deciding what that means is the judge's job."""

from __future__ import annotations

import marshal
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sandbox import wire
from sandbox.limits import Limits
from sandbox.policy import Program
from sandbox.pool import Pool, ZygoteError, default_pool
from sandbox.zygote import MAX_RESULT

# Allowed in every track; each track adds its own libraries.
BASE_IMPORTS = frozenset({"__future__", "math", "typing", "functools", "itertools"})
OUTPUT_FLOOD_FACTOR = 16  # past keep × this, printing stops the run


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
    forbidden_aten: tuple[str, ...] = ()


@dataclass(frozen=True)
class ErrorInfo:
    """An exception raised by the submission. `frames` are (line, function) pairs from the learner's file."""

    type: str
    message: str
    kind: str  # error | memory | forbidden | output | recursion | exit
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
    termination: str = "completed"  # completed | wall | cpu | signal | exit | result_size | garbled | internal
    exit_code: int = 0
    cpu_seconds: float = 0.0
    wall_seconds: float = 0.0
    max_rss_mb: float = 0.0
    violations: list[tuple[str, str]] = field(default_factory=list)
    output_truncated: bool = False
    output_flooded: bool = False
    internal_error: str | None = None
    jailed: bool = False  # the child reported its jail complete, before any learner code ran


def run(job: Job, limits: Limits, pool: Pool | None = None) -> Outcome:
    """Run `job` in a fresh jailed child. Never raises for anything the submission does; a broken sandbox
    comes back as ``termination="internal"``."""
    pool = pool or default_pool()
    flavour = "torch" if job.track == "torch" else "numpy"
    try:
        header, data = pool.run(flavour, _request(job, limits), timeout=limits.wall_seconds + 15)
    except ZygoteError as exc:
        return Outcome(termination="internal", internal_error=str(exc))
    return _outcome(header, data, limits)


def _request(job: Job, limits: Limits) -> bytes:
    return wire.encode_frame(*build_request(job, limits))


def build_request(job: Job, limits: Limits) -> tuple[dict[str, Any], bytes]:
    """The job as the zygote receives it: a header and a blob holding the bytecode and the input arrays."""
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
        "forbidden_names": list(job.forbidden_names),
        "forbidden_aten": list(job.forbidden_aten),
        "output_keep": keep,
        "output_hard": keep * OUTPUT_FLOOD_FACTOR,
    }
    return header, blob.getvalue()


def _outcome(header: dict[str, Any], data: bytes, limits: Limits) -> Outcome:
    out = Outcome(
        exit_code=int(header.get("exit_code", 0)),
        cpu_seconds=float(header.get("cpu_seconds", 0.0)),
        wall_seconds=float(header.get("wall_seconds", 0.0)),
        max_rss_mb=float(header.get("max_rss_kb", 0)) / 1024,
    )
    try:
        frames, _ = wire.split_frames(data, max_header=MAX_RESULT, max_blob=MAX_RESULT)
        for event, blob in frames:
            _apply_event(out, event, blob)
    except Exception:
        # The child is untrusted: an unreadable event is treated as the submission's garbage. Any exception, not
        # just WireError/ValueError: a child that writes its own frames (once past the tripwire) made the judge
        # raise OverflowError with `"frames": [[1e400, "f"]]` and RecursionError with a header nested 10**5 deep.
        out.termination = "garbled"
        return out
    out.termination = _termination(out, header, limits)
    return out


def _apply_event(out: Outcome, event: dict[str, Any], blob: bytes) -> None:
    kind = event.get("event")
    out.violations.extend((str(c)[:40], str(w)[:200]) for c, w in event.get("violations", []))
    out.output_truncated |= bool(event.get("truncated"))
    out.output_flooded |= bool(event.get("flooded"))
    if kind == "jailed":
        out.jailed = True
    elif kind == "module":
        out.module_ok = bool(event["ok"])
        out.module_stdout = str(event.get("stdout", ""))
        if not out.module_ok:
            out.module_error = _error(event["error"])
    elif kind == "missing":
        out.missing = {"name": str(event["name"]), "defined": [str(d) for d in event.get("defined", [])][:20],
                       "found": event.get("found")}
    elif kind == "call":
        out.calls[str(event["id"])] = CallOutcome(
            ok=bool(event["ok"]),
            value=wire.decode_value(event["value"], blob) if event["ok"] else None,
            error=None if event["ok"] else _error(event["error"]),
            stdout=str(event.get("stdout", "")),
            printed=int(event.get("printed", 0)),
            ms=float(event.get("ms", 0.0)),
            mutated=tuple(str(m) for m in event.get("mutated", []))[:10],
        )
    elif kind == "done":
        out.completed = True
    elif kind == "internal":
        out.internal_error = str(event.get("error"))[:2000]


def _error(info: dict[str, Any]) -> ErrorInfo:
    violation = info.get("violation")
    return ErrorInfo(
        type=str(info.get("type", "Exception"))[:100],
        message=str(info.get("message", ""))[:2000],
        kind=str(info.get("kind", "error")),
        frames=tuple((int(line), str(name)[:100]) for line, name in info.get("frames", [])[-20:]),
        violation=(str(violation[0]), str(violation[1])) if violation else None,
    )


def _termination(out: Outcome, header: dict[str, Any], limits: Limits) -> str:
    killed = header.get("killed")
    code = out.exit_code
    if out.internal_error or (code in (70, 71) and not out.jailed):
        out.internal_error = out.internal_error or f"the sandboxed child failed to start (exit {code})"
        return "internal"
    if killed == "wall":
        return "wall"
    if killed == "result_size":
        return "result_size"
    if code == -24 or (code == -9 and out.cpu_seconds >= limits.cpu_seconds):  # SIGXCPU, or the hard stop
        return "cpu"
    if code < 0:
        return "signal"
    # Stopped without saying why: an exit from C (OpenMP failing to start threads calls exit(1)), os._exit, or
    # a result pipe filled with garbage. That includes dying while the module was still loading (no module
    # event at all), which used to fall through to "completed" and grade every case as a wrong answer.
    if not out.completed and not out.missing and out.module_error is None and not out.output_flooded:
        return "exit"
    return "completed"


def imports_for(track: str, extra: Sequence[str] = ()) -> frozenset[str]:
    """The modules a submission in `track` may import."""
    libraries = {"numpy": {"numpy"}, "torch": {"torch", "numpy"}}[track]
    return BASE_IMPORTS | libraries | set(extra)
