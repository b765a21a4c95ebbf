"""What the judge can tell from a submission's source alone, to name the real problem when a case fails.

- Signatures: the exercise's signature is public, so when the learner's function cannot take the call a case
  makes (PyTorch's `dim=` where the exercise says `axis=`, a missing parameter), the judge says so in its own
  words — for hidden cases too, since nothing in the sentence comes from the case's inputs.
- Idioms that compare whole arrays: `max(0, x)` is Python's max of two objects, not an elementwise maximum; on
  an array it fails ("the truth value of an array ... is ambiguous"), and a hint that restates the formula
  `relu(x) = max(0, x)` does not help. The hint names `np.maximum` / `torch.clamp`.

Pure functions of the source text and the exercise; nothing here runs the submission.
"""

from __future__ import annotations

import ast
import inspect
from dataclasses import dataclass

from mljudge.judge.exercise import Exercise
from mljudge.sandbox import dotted, import_aliases


@dataclass(frozen=True)
class Mismatch:
    """Why the learner's function cannot take one case's call."""

    problem: str  # unexpected_keyword | missing | too_many
    name: str  # the keyword or parameter concerned ("" for too_many)
    parameters: str  # the learner's own parameter list, as written


def signature_mismatches(source: str, exercise: Exercise) -> dict[str, Mismatch]:
    """Case id -> why the learner's top-level `def` cannot be called as that case calls it. Empty when the
    function is not a plain top-level def (a decorated or assigned one may take anything)."""
    definition = _definition(source, exercise.function.name)
    if definition is None:
        return {}
    stub = _stub(definition)
    if stub is None:
        return {}
    found = {}
    for case in exercise.cases:
        args, kwargs = exercise.call_args(case.args)
        try:
            stub.bind(*args, **kwargs)
        except TypeError as exc:
            found[case.id] = _explain(str(exc), stub, len(args), kwargs)
    return found


def _definition(source: str, name: str) -> ast.FunctionDef | None:
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    found = [s for s in tree.body if isinstance(s, ast.FunctionDef) and s.name == name]
    assigned = any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
                   for n in ast.walk(tree))
    if len(found) != 1 or assigned or found[0].decorator_list:
        return None
    return found[0]


def _stub(definition: ast.FunctionDef) -> inspect.Signature | None:
    """The learner's parameter list as an inspect.Signature (defaults replaced by None: only their presence
    matters for binding)."""
    a = definition.args
    kind = inspect.Parameter
    params = [kind(p.arg, kind.POSITIONAL_ONLY) for p in a.posonlyargs]
    params += [kind(p.arg, kind.POSITIONAL_OR_KEYWORD) for p in a.args]
    first_default = len(params) - len(a.defaults)
    params = [p.replace(default=None) if i >= first_default else p for i, p in enumerate(params)]
    if a.vararg:
        params.append(kind(a.vararg.arg, kind.VAR_POSITIONAL))
    params += [kind(p.arg, kind.KEYWORD_ONLY, default=None if d is not None else kind.empty)
               for p, d in zip(a.kwonlyargs, a.kw_defaults, strict=True)]
    if a.kwarg:
        params.append(kind(a.kwarg.arg, kind.VAR_KEYWORD))
    try:
        return inspect.Signature(params)
    except ValueError:
        return None


def _explain(message: str, stub: inspect.Signature, positional: int, kwargs: dict[str, object]) -> Mismatch:
    written = ", ".join(str(p).replace("=None", "=…") for p in stub.parameters.values())
    names = set(stub.parameters)
    unexpected = next((k for k in kwargs if k not in names), "")
    if unexpected and not any(p.kind == p.VAR_KEYWORD for p in stub.parameters.values()):
        return Mismatch("unexpected_keyword", unexpected, written)
    if "missing" in message:
        missing = next((p.name for p in stub.parameters.values()
                        if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD,
                                                               p.KEYWORD_ONLY)
                        and p.name not in kwargs), "")
        return Mismatch("missing", missing, written)
    return Mismatch("too_many", "", written)


def idioms(source: str) -> list[str]:
    """Codes of idioms in `source` that compare whole arrays where an elementwise operation was meant."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    aliases = import_aliases(tree)
    shadowed = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    found: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or len(node.args) < 2:
            continue
        if isinstance(node.func, ast.Name) and node.func.id in ("max", "min") and node.func.id not in shadowed:
            if any(_number(arg) for arg in node.args) and "builtin_max" not in found:
                found.append("builtin_max")  # max(0, x): Python's max of two objects
        elif dotted(node.func, aliases) in ("numpy.max", "numpy.min", "numpy.amax", "numpy.amin", "torch.max",
                                            "torch.min") and _number(node.args[1]) and "reduction_max" not in found:
            found.append("reduction_max")  # np.max(x, 0): the largest value along axis 0
    return found


def _number(node: ast.AST) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        node = node.operand
    return isinstance(node, ast.Constant) and type(node.value) in (int, float)
