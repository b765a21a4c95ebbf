"""The policy layer: a static check of a submission before anything runs, in the judge's own process.

It parses once, refuses forbidden imports, calls and builtins with line:column, and compiles the code with a
RestrictedPython transformer so that every attribute access and import at run time goes through the guards in
`sandbox.guards`. RestrictedPython's stock policy breaks idiomatic array code (``out[i] += v``, private
helpers, ``super().__init__()``, ``print``); the transformer below is tuned to keep such code working. This is a
language policy, not a security boundary: the OS jail is.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass, field
from types import CodeType

from RestrictedPython.transformer import RestrictingNodeTransformer

from mljudge.sandbox import stdlib
from mljudge.sandbox.corners import UNSAFE_NAMES
from mljudge.sandbox.guards import INSPECT_ATTRIBUTES, PUBLIC_DUNDERS, SAFE_BUILTINS
from mljudge.sandbox.library_names import member_kind
from mljudge.sandbox.prune import Note, bound_names, guarded_imports, import_aliases, is_main_block, prune
from mljudge.sandbox.reach import idle_functions, used_roots
from mljudge.sandbox.tracks import BY_PRIORITY, GOVERNED_ROOTS, LIBRARIES

# The refusals that are the exercise's own rule (the others keep the judge safe, in every exercise).
EXERCISE_RULE_CODES = frozenset({"forbidden_call", "outside_vocabulary"})
VALUE_CLASSES = frozenset(cls for library in LIBRARIES.values() for cls in library.value_classes)

MAX_SOURCE_BYTES = 64 * 1024

# Builtins that would let code leave the guarded world or reach files; none of them is in the sandbox's
# builtins either, but naming them here gives a precise message instead of a NameError.
FORBIDDEN_BUILTINS = frozenset({
    "eval", "exec", "compile", "open", "globals", "locals", "vars", "dir", "breakpoint", "input", "help",
    "memoryview", "__import__", "exit", "quit",
})
# Dunder methods a class in a submission may define (nn.Module subclasses, small helper classes).
CLASS_DUNDERS = frozenset({
    "__init__", "__call__", "__repr__", "__str__", "__len__", "__getitem__", "__setitem__", "__delitem__",
    "__iter__", "__next__", "__reversed__", "__contains__", "__eq__", "__ne__", "__lt__", "__le__", "__gt__",
    "__ge__", "__hash__", "__bool__", "__float__", "__int__", "__index__", "__add__", "__radd__", "__iadd__",
    "__sub__", "__rsub__", "__isub__", "__mul__", "__rmul__", "__imul__", "__truediv__", "__rtruediv__",
    "__itruediv__", "__floordiv__", "__rfloordiv__", "__mod__", "__rmod__", "__pow__", "__rpow__", "__matmul__",
    "__rmatmul__", "__neg__", "__pos__", "__abs__", "__enter__", "__exit__", "__post_init__",
})
# Dunders a submission may read but never set or delete.
READ_ONLY_DUNDERS = frozenset({"__class__", "__qualname__"})
# Plain data a class body may set besides those (`__constants__` is torch.nn's idiom for a module's constants).
CLASS_BODY_DUNDERS = frozenset({"__constants__", "__slots__", "__doc__"})
READABLE_DUNDER_NAMES = frozenset({"__name__", "__doc__"})
# Module metadata a library-style file sets at its top: plain data, nothing the guards depend on.
MODULE_DUNDERS = frozenset({
    "__all__", "__author__", "__version__", "__doc__", "__license__", "__copyright__", "__email__", "__credits__",
    "__maintainer__", "__status__", "__date__", "__docformat__",
})
# Statements RestrictedPython refuses that a learner may write, and how to name them in a message. `match`
# patterns read attributes without the guard, `async` code would run outside the guarded call, `except*` is new.
UNSUPPORTED_STATEMENTS = {
    "Match": "match", "TryStar": "except*", "AsyncFunctionDef": "async def", "Await": "await",
    "AsyncFor": "async for", "AsyncWith": "async with",
}


@dataclass(frozen=True)
class NameRules:
    """An exercise's vocabulary as the policy checks names against it: the governed libraries' dotted names and
    modules a solution may use (sandbox.governed; the judge derives them from the course's words)."""

    names: frozenset[str]
    modules: frozenset[str]
    track: str = ""

    def outside(self, dotted: str) -> str | None:
        """The part of `dotted` (after import aliases) that lies outside the vocabulary — a module, a function, a
        class, a method of a tensor — or None. Data (np.pi, torch.float32) and names the library does not have are
        not this rule's business (the latter fail as in Python)."""
        parts = dotted.split(".")
        if parts[0] not in GOVERNED_ROOTS or any(part.startswith("_") for part in parts):
            return None  # other modules, and private parts (refused as such)
        if any(".".join(parts[:cut]) + ".*" in self.names for cut in range(1, len(parts))):
            return None  # a module the vocabulary opens whole (numpy.typing)
        cut = len(parts)
        while cut and ".".join(parts[:cut]) not in self.modules:
            cut -= 1
        if cut == 0:
            return parts[0]  # cmath, statistics: no word of the vocabulary reaches into them
        if cut == len(parts):
            return None
        module, member = ".".join(parts[:cut]), ".".join(parts[: cut + 1])
        if member in self.names:
            if cut + 1 < len(parts) and member in VALUE_CLASSES:  # torch.Tensor.relu
                method = ".".join(parts[: cut + 2])
                if method not in self.names and member_kind(member, parts[cut + 1]) == "callable":
                    return method
            return None
        kind = member_kind(module, parts[cut])
        return member if kind in ("module", "callable") else None


@dataclass(frozen=True)
class Rules:
    """What one exercise and track allow."""

    allowed_imports: frozenset[str]
    forbidden_names: frozenset[str] = frozenset()
    vocabulary: NameRules | None = None

    @classmethod
    def of(cls, allowed_imports: Iterable[str], forbidden_names: Iterable[str] = (),
           vocabulary: NameRules | None = None) -> Rules:
        return cls(frozenset(allowed_imports), frozenset(forbidden_names), vocabulary)


@dataclass(frozen=True)
class Issue:
    """One reason a submission is refused. ``code`` selects a message template; ``params`` fill it."""

    code: str
    line: int
    col: int
    params: dict[str, str] = field(default_factory=dict)


class Rejected(Exception):
    """The submission does not compile (``kind="compile"``) or breaks the policy (``kind="forbidden"``)."""

    def __init__(self, kind: str, issues: list[Issue]) -> None:
        super().__init__(f"{kind}: " + "; ".join(f"{i.line}:{i.col} {i.code} {i.params}" for i in issues))
        self.kind = kind
        self.issues = issues


@dataclass(frozen=True)
class Program:
    """A submission that passed the policy: restricted bytecode plus what the judge needs to report on it."""

    code: CodeType
    source: str
    filename: str
    imports: frozenset[str]
    notes: tuple[Note, ...] = ()  # what the policy left out (sandbox.prune), to tell the learner


def decode_source(raw: bytes | str) -> str:
    """Source text from bytes, refusing oversize or non-UTF-8 input with a position."""
    size = len(raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw)
    if size > MAX_SOURCE_BYTES:
        raise Rejected("compile", [Issue("source_too_large", 0, 0,
                                         {"size": str(size), "limit": str(MAX_SOURCE_BYTES)})])
    if isinstance(raw, str):
        text = raw
    else:
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = raw[: exc.start].count(b"\n") + 1
            col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1  # 1-based, in bytes: the text isn't text
            raise Rejected("compile", [Issue("not_utf8", line, col, {"offset": str(exc.start)})]) from None
    if "\x00" in text:
        at = text.index("\x00")
        line = text[:at].count("\n") + 1
        raise Rejected("compile", [Issue("null_byte", line, at - (text.rfind("\n", 0, at) + 1) + 1)])
    return text.removeprefix("\ufeff")


def vet(raw: bytes | str, rules: Rules, filename: str = "solution.py", function: str = "") -> Program:
    """Parse, vet and compile a submission: what it may run, in restricted bytecode. Raises Rejected with every
    issue found, in source order. `function`: the graded function, when known (the exercise's rule is not held
    against helpers that never run for it)."""
    source = decode_source(raw)
    try:
        tree = ast.parse(source, filename)
    except SyntaxError as exc:
        raise Rejected("compile", [Issue("syntax_error", exc.lineno or 0, exc.offset or 0,
                                         {"msg": exc.msg, "text": (exc.text or "").strip()})]) from None
    except (ValueError, RecursionError, MemoryError) as exc:  # e.g. absurdly deep nesting
        raise Rejected("compile", [Issue("unparsable", 0, 0, {"msg": type(exc).__name__})]) from None

    try:
        # Every visitor recurses once per nesting level: an expression a few hundred levels deep (`1+1+...`)
        # parses in C but overflows Python's stack here. It must be a verdict, not a crash of the judge.
        tree, notes = prune(tree)
        static = _StaticCheck(rules, bound_names(tree), guarded_imports(tree))
        transformer = _Transformer(class_names={n.name for n in ast.walk(tree) if isinstance(n, ast.ClassDef)},
                                   imported=set(import_aliases(tree)))
        static.visit(tree)
        transformer.visit(tree)
    except (RecursionError, MemoryError) as exc:
        raise Rejected("compile", [Issue("unparsable", 0, 0, {"msg": type(exc).__name__})]) from None
    # The exercise's rule in a helper that never runs (left over from a notebook) would hide the graded function's
    # own problem: such a refusal is a note; the tripwire still refuses it if the helper ever runs.
    idle = idle_functions(tree, function) if function else {}
    for issue in [i for i in static.issues if i.code in EXERCISE_RULE_CODES]:
        helper = next((name for name, (first, last) in idle.items() if first <= issue.line <= last), None)
        if helper is not None:
            static.issues.remove(issue)
            notes.append(Note("idle_refusal", issue.line, {"name": issue.params.get("name", ""),
                                                           "function": helper}))
    # Where the static check already named the problem (`torch._C._nn.gelu` is a forbidden call), the
    # transformer's view of the same spot (private `_C`) would only repeat it less helpfully.
    named = {(i.line, i.col) for i in static.issues}
    issues = sorted(static.issues + [i for i in transformer.issues if (i.line, i.col) not in named],
                    key=lambda i: (i.line, i.col))
    if issues:
        raise Rejected("forbidden", _dedupe(issues))
    try:
        code = compile(tree, filename, "exec", dont_inherit=True)
    except SyntaxError as exc:
        # ast.parse accepts what only the compiler refuses: `return` or `yield` outside a function, `break`
        # outside a loop, misplaced `global`/`nonlocal`/`from __future__`. A common beginner's mistake, so
        # it gets the same compile_error (with its line) as any other syntax error instead of escaping.
        raise Rejected("compile", [Issue("syntax_error", exc.lineno or 0, exc.offset or 0,
                                         {"msg": exc.msg, "text": (exc.text or "").strip()})]) from None
    except (RecursionError, MemoryError, ValueError) as exc:
        raise Rejected("compile", [Issue("unparsable", 0, 0, {"msg": type(exc).__name__})]) from None
    notes += [Note("optional_import", line, {"module": module}) for line, module in static.optional]
    return Program(code=code, source=source, filename=filename, imports=frozenset(static.imported),
                   notes=tuple(sorted(notes, key=lambda n: n.line)))


@dataclass(frozen=True)
class Detected:
    """The track a file's graded function uses, and why: "uses" (it reaches that library), "imports" (it reaches
    none, and the file imports it), or "default". `several`: the file imports more than one track's library."""

    track: str
    reason: str
    several: bool = False


def detect_track(source: str, function: str = "") -> Detected:
    """The track whose library the graded function reaches (through the functions, classes and constants it
    uses), the most specific first (a torch solution uses numpy too); imports the function never reaches (a test
    under __main__, a left-over) do not count. With no such function, or one that reaches no track's library,
    the file's imports decide. Tolerates code that does not parse."""
    try:
        tree = ast.parse(source)
        tree.body = [statement for statement in tree.body if not is_main_block(statement)]
        # Imports outside __main__ blocks, used or not: a torch solution may use tensor methods only.
        imported = {name.partition(".")[0] for name in import_aliases(tree).values()}
        tree, _ = prune(tree)
        roots = used_roots(tree, function) or set()
    # MemoryError too: CPython's parser reports some absurdly deep nesting (`- - - ... 1`) that way, and
    # grade() calls this before vet(), so a hostile source must not turn into a judge crash here.
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        imported = {t.marker for t in BY_PRIORITY if f"import {t.marker}" in source or f"from {t.marker}" in source}
        roots = set()
    markers = [t for t in BY_PRIORITY if t.marker in imported]
    several = len(markers) > 1
    for track in BY_PRIORITY:
        if track.marker in roots:
            return Detected(track.name, "uses", several)
    if markers:
        return Detected(markers[0].name, "imports", several)
    return Detected(BY_PRIORITY[-1].name, "default", several)


def _dedupe(issues: list[Issue]) -> list[Issue]:
    seen, out = set(), []
    for issue in issues:
        key = (issue.line, issue.col, issue.code, tuple(sorted(issue.params.items())))
        if key not in seen:
            seen.add(key)
            out.append(issue)
    return out


class _StaticCheck(ast.NodeVisitor):
    """Resolves import aliases so that ``F.gelu`` is known to be ``torch.nn.functional.gelu``, and judges the
    imports the file uses (sandbox.prune has dropped the others)."""

    def __init__(self, rules: Rules, bound: set[str] | None = None, guarded: set[int] | None = None) -> None:
        self.rules = rules
        # The tripwire refuses UNSAFE_NAMES in every exercise; name them here too, with their line:col.
        self.forbidden = rules.forbidden_names
        self.unsafe = frozenset(UNSAFE_NAMES)
        self.aliases: dict[str, str] = {}
        self.issues: list[Issue] = []
        self.imported: set[str] = set()
        self.bound = bound or set()  # names the file binds itself: `input` as a parameter is not the builtin
        self.guarded = guarded or set()  # lines of imports inside `try ... except ImportError`
        self.optional: list[tuple[int, str]] = []  # guarded imports of unavailable modules: (line, module)

    def _flag(self, node: ast.AST, code: str, **params: str) -> None:
        self.issues.append(Issue(code, getattr(node, "lineno", 0), getattr(node, "col_offset", 0) + 1, params))

    def _check_module(self, node: ast.AST, module: str) -> bool:
        self.imported.add(module)
        if isinstance(node, ast.ImportFrom) and all(
                alias.name in (SAFE_BUILTINS if module == "builtins" else stdlib.HARMLESS_NAMES.get(module, ()))
                for alias in node.names):
            return True  # `from builtins import range`, `from types import SimpleNamespace`
        if stdlib.allowed(module, self.rules.allowed_imports):
            vocabulary = self.rules.vocabulary
            outside = vocabulary.outside(module) if vocabulary is not None else None
            if outside is not None:  # even inside `try ... except ImportError`: it is there, and refused
                self._flag(node, "outside_vocabulary", name=outside)
                return False
            return True
        if getattr(node, "lineno", 0) in self.guarded:
            # `try: import cupy as xp` / `except ImportError: xp = np`: as in Python, the import fails at run time
            # (an ImportError, which the code expects) and the code goes on.
            self.optional.append((getattr(node, "lineno", 0), module))
            return False
        allowed = ", ".join(sorted(self.rules.allowed_imports - {"__future__"}))
        self._flag(node, "forbidden_import", module=module, reason=stdlib.reason(module), allowed=allowed)
        return False

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if self._check_module(node, alias.name):
                if alias.asname:
                    self.aliases[alias.asname] = alias.name
                else:
                    root = alias.name.partition(".")[0]
                    self.aliases[root] = root
                self._check_dotted(node, alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            self._flag(node, "forbidden_import", module="." * node.level + (node.module or ""),
                       allowed=", ".join(sorted(self.rules.allowed_imports)))
            return
        module = node.module or ""
        if self._check_module(node, module):
            for alias in node.names:
                dotted = f"{module}.{alias.name}"
                self.aliases[alias.asname or alias.name] = dotted
                self._check_dotted(node, dotted)

    def visit_Name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, ast.Load) and node.id in FORBIDDEN_BUILTINS and node.id not in self.bound:
            self._flag(node, "forbidden_builtin", name=node.id)
        elif isinstance(node.ctx, ast.Load):
            self._check_dotted(node, self.aliases.get(node.id))

    def visit_Attribute(self, node: ast.Attribute) -> None:
        dotted = self._dotted(node)
        if dotted is not None and self._check_dotted(node, dotted):
            return  # one issue per chain, not one per prefix
        self.generic_visit(node)

    def _dotted(self, node: ast.AST) -> str | None:
        if isinstance(node, ast.Name):
            return self.aliases.get(node.id)
        if isinstance(node, ast.Attribute):
            base = self._dotted(node.value)
            return f"{base}.{node.attr}" if base else None
        return None

    def _check_dotted(self, node: ast.AST, dotted: str | None) -> bool:
        if not dotted:
            return False
        if dotted in self.unsafe:
            self._flag(node, "unsafe_call", name=dotted)
            return True
        refused = next((prefix for prefix in _prefixes(dotted) if prefix in self.forbidden), None)
        if refused is not None:  # a forbidden module's members are forbidden with it
            self._flag(node, "forbidden_call", name=refused)
            return True
        vocabulary = self.rules.vocabulary
        outside = vocabulary.outside(dotted) if vocabulary is not None else None
        if outside is not None:
            self._flag(node, "outside_vocabulary", name=outside)
            return True
        return False


def _prefixes(dotted: str) -> list[str]:
    """``a.b.c`` -> ``a.b.c``, ``a.b``, ``a``: the name itself first."""
    parts = dotted.split(".")
    return [".".join(parts[:cut]) for cut in range(len(parts), 0, -1)]


def _as_ast(node: object) -> ast.AST:
    """What RestrictedPython's visitors return (typed loosely there): always one node for the nodes rewritten here."""
    assert isinstance(node, ast.AST)
    return node


class _Transformer(RestrictingNodeTransformer):
    """RestrictedPython's transformer, with structured issues and an idiom-friendly policy."""

    def __init__(self, class_names: set[str] | None = None, imported: set[str] | None = None) -> None:
        super().__init__()
        self._imported = frozenset(imported or ())  # names the file binds by importing them
        self.issues: list[Issue] = []
        self._class_depth = 0
        self._class_names = frozenset(class_names or ())
        self._self_names: list[frozenset[str]] = [frozenset()]  # `self`/`cls` of the methods we are inside

    def error(self, node: ast.AST, info: str) -> None:
        if info in ("Eval calls are not allowed.", "Exec calls are not allowed."):
            return  # already reported, with a better sentence, as a forbidden builtin
        # RestrictedPython explains in English only; the refusals a learner can meet get a code of their own,
        # so that the report explains them in the learner's language too. Anything else keeps its detail.
        code, params = "restricted", {"detail": info}
        if info.endswith(" statements are not allowed.") and type(node).__name__ in UNSUPPORTED_STATEMENTS:
            code, params = "unsupported_statement", {"construct": UNSUPPORTED_STATEMENTS[type(node).__name__]}
        elif info == '"*" imports are not allowed.':
            code, params = "star_import", {}
        elif info == 'The keyword argument "metaclass" is not allowed.':
            code, params = "metaclass", {}
        self.issues.append(Issue(code, getattr(node, "lineno", 0), getattr(node, "col_offset", 0) + 1, params))

    def _issue(self, node: ast.AST, code: str, **params: str) -> None:
        self.issues.append(Issue(code, getattr(node, "lineno", 0), getattr(node, "col_offset", 0) + 1, params))

    def check_name(self, node: ast.AST, name: str | None, allow_magic_methods: bool = False) -> None:
        if name is None or name == "_":
            return
        is_dunder = name.startswith("__") and name.endswith("__")
        if is_dunder and allow_magic_methods and self._class_depth and name in CLASS_DUNDERS:
            return
        if is_dunder and self._class_depth and isinstance(getattr(node, "ctx", None), ast.Store) \
                and name in CLASS_DUNDERS | CLASS_BODY_DUNDERS:
            return  # `__call__ = forward` in a class body
        if is_dunder and name in READABLE_DUNDER_NAMES and isinstance(getattr(node, "ctx", None), ast.Load):
            return
        if is_dunder and name in MODULE_DUNDERS and isinstance(node, ast.Name):
            return
        # `_helper` is idiomatic; `_getattr_`-style names and dunders would shadow the guards.
        guard_like = name.startswith("_") and (name.endswith("_") or name.startswith("__"))
        if guard_like or name == "printed":
            self._issue(node, "private_name", name=name)

    def visit_Name(self, node: ast.Name) -> ast.AST:
        # `print` stays a plain name: the sandbox's builtins provide a capturing print.
        self.check_name(node, node.id)
        return node

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        if node.attr in READ_ONLY_DUNDERS and not isinstance(node.ctx, ast.Load):
            self._issue(node, "private_attribute", name=node.attr)  # `x.__class__ = ...` would change what x is
            return _as_ast(self.node_contents_visit(node))
        if node.attr in PUBLIC_DUNDERS or self._own_private(node):
            return self._guard_attribute(node)
        if node.attr.startswith("_") or node.attr in INSPECT_ATTRIBUTES:
            # One issue per chain, the innermost: `torch._C._nn.elu` is about `_C`, not also about `_nn`.
            before = len(self.issues)
            result = _as_ast(self.node_contents_visit(node))
            where = (getattr(node, "lineno", 0), getattr(node, "col_offset", 0) + 1)
            if not any((i.line, i.col) == where for i in self.issues[before:]):
                code = "inspect_attribute" if node.attr in INSPECT_ATTRIBUTES else "private_attribute"
                self._issue(node, code, name=node.attr)
            return result
        return _as_ast(super().visit_Attribute(node))

    def _own_private(self, node: ast.Attribute) -> bool:
        """`self._scale`, `layer._bwd()`, `out._backward = ...`: a single-underscore attribute of what may be the
        submission's own object, which is idiomatic. Refused here only when it is a library's (the chain starts at
        an imported name: `torch._C`, `np.core._multiarray_umath`); the guard decides every other one at run time,
        by the object's class (sandbox.guards.owns: only the submission's own classes have private attributes to
        give)."""
        name, base = node.attr, node.value
        if not name.startswith("_") or name.startswith("__") or name.endswith("_"):
            return False
        while isinstance(base, ast.Attribute):
            base = base.value
        return not (isinstance(base, ast.Name) and base.id in self._imported)

    def _guard_attribute(self, node: ast.Attribute) -> ast.AST:
        # Same rewrite as the base class, minus its "starts with _" refusal.
        saved, node.attr = node.attr, "public_dunder_placeholder"
        new = super().visit_Attribute(node)
        if isinstance(new, ast.Call):
            new.args[1] = ast.Constant(saved)
            ast.copy_location(new.args[1], node)
        elif isinstance(new, ast.Attribute):
            new.attr = saved
        return _as_ast(new)

    def visit_Call(self, node: ast.Call) -> ast.AST:
        # Every call's result goes through `_ck_` (sandbox.guards: Tripwire.screen) before the submission holds it:
        # a library helper may return what an attribute guard never saw (attrgetter, reduce(getattr, ...)). The
        # call itself stays in the submission's frame, so `super()` and frame-reading libraries work unchanged.
        call = super().visit_Call(node)
        assert isinstance(call, ast.expr)
        wrapped = ast.Call(func=ast.Name("_ck_", ast.Load()), args=[call], keywords=[])
        # Locations on the two new nodes only: fix_missing_locations would walk the whole call again, once per call.
        ast.copy_location(wrapped.func, node)
        return ast.copy_location(wrapped, node)

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.AST:
        # `out[mask] *= alpha` and `self.steps += 1` are idiomatic; the target still goes through _write_.
        if isinstance(node.target, ast.Subscript | ast.Attribute):
            return _as_ast(self.node_contents_visit(node))
        return _as_ast(super().visit_AugAssign(node))

    def visit_Nonlocal(self, node: ast.Nonlocal) -> ast.AST:
        return _as_ast(self.node_contents_visit(node))

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST:
        # `SCALE: Final[float] = ...`, `y: NDArray = ...` and NamedTuple fields are idiomatic typed code, which
        # RestrictedPython refuses outright. The target can only be one name, attribute or subscript, so it goes
        # through the same checks (and _write_ guard) as a plain assignment's; the annotation is an expression.
        return _as_ast(self.node_contents_visit(node))

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        self._class_depth += 1
        try:
            return _as_ast(super().visit_ClassDef(node))
        finally:
            self._class_depth -= 1

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        # The def itself is checked with the class's dunder allowance; defs nested inside it are not.
        self.check_name(node, node.name, allow_magic_methods=True)
        depth, self._class_depth = self._class_depth, 0
        params = node.args.posonlyargs + node.args.args
        if depth and params:  # a method: its first parameter is `self` (or `cls`), also in nested functions
            self._self_names.append(self._self_names[-1] | {params[0].arg})
        else:
            self._self_names.append(self._self_names[-1])
        try:
            self.check_function_argument_names(node)
            return self.node_contents_visit(node)
        finally:
            self._class_depth = depth
            self._self_names.pop()
