"""Which modules a submission may import besides its track's libraries, and, for the others, why not — in a
learner's terms.

Harmless modules are the standard library's pure helpers: inside the jail they compute, they do not reach the
host, the judge or another learner. Their few dangerous corners are guarded like NumPy's (sandbox.corners:
``functools.update_wrapper``, ``operator.attrgetter``, ``string.Formatter``; the blocked submodules below; and
the audit hook for what any module might do). An import the code never uses is not judged at all
(sandbox.policy drops it, with a note).
"""

from __future__ import annotations

from mljudge.sandbox.tracks import TRACKS

HARMLESS = frozenset({
    "__future__", "math", "cmath", "random", "time", "datetime", "calendar", "collections", "dataclasses",
    "typing", "typing_extensions", "functools", "itertools", "operator", "statistics", "copy", "enum", "abc",
    "numbers", "fractions", "decimal", "heapq", "bisect", "string", "re", "warnings", "logging", "json",
    "struct", "textwrap", "pprint", "contextlib", "array", "unicodedata", "keyword", "reprlib", "graphlib",
})

# Harmless names of modules that are otherwise refused: `from types import SimpleNamespace` (a plain record, as
# Hugging Face code writes its configs) is not the introspection the rest of `types` is. `builtins`' harmless
# names are the sandbox's own builtins (sandbox.guards.SAFE_BUILTINS).
HARMLESS_NAMES: dict[str, frozenset[str]] = {"types": frozenset({"SimpleNamespace"})}

# Why a module (or a library's corner) is refused, by the first match of its dotted name: a reason code, which
# the judge's locales turn into a sentence ("it reaches the operating system: files, processes, the environment").
REASONS: dict[str, str] = {
    "os": "host", "posix": "host", "pathlib": "files", "shutil": "files", "glob": "files", "tempfile": "files",
    "io": "files", "fileinput": "files", "sys": "interpreter", "builtins": "interpreter", "gc": "introspection",
    "inspect": "introspection", "traceback": "introspection", "types": "introspection", "dis": "introspection",
    "subprocess": "processes", "multiprocessing": "processes", "concurrent": "processes", "threading": "processes",
    "signal": "processes", "pty": "processes", "socket": "network", "ssl": "network", "http": "network",
    "urllib": "network", "requests": "network", "ftplib": "network", "smtplib": "network", "asyncio": "network",
    "ctypes": "native", "cffi": "native", "mmap": "native", "importlib": "loader", "pkgutil": "loader",
    "runpy": "loader", "pickle": "unpickle", "marshal": "unpickle", "shelve": "unpickle", "dill": "unpickle",
    "joblib": "unpickle", "code": "debugger", "pdb": "debugger", "bdb": "debugger", "resource": "host",
    "logging.config": "loader", "logging.handlers": "network",
    "numpy.ctypeslib": "native", "numpy.f2py": "compiler", "numpy.distutils": "compiler",
    "numpy.testing": "testing", "torch.testing": "testing", "torch.utils.cpp_extension": "compiler",
    "torch.hub": "network", "torch.package": "unpickle", "torch.multiprocessing": "processes",
    "torch.distributed": "network", "torch.utils.data": "processes", "torch.cuda": "gpu",
    "torch.backends": "settings", "torch.utils.benchmark": "processes", "torch.compiler": "compiler",
    "torch.jit": "compiler", "torch.fx": "compiler", "torch.library": "compiler", "torch.ops": "internals",
    "torch.utils.collect_env": "processes",
    "scipy": "not_installed", "sklearn": "not_installed", "pandas": "not_installed", "jax": "not_installed",
    "cupy": "not_installed", "numba": "not_installed", "tensorflow": "not_installed", "keras": "not_installed",
    "matplotlib": "not_installed", "tqdm": "not_installed", "einops": "not_installed",
}
# Corners of allowed libraries that stay out of reach, whatever the track allows.
BLOCKED = tuple(name for name in REASONS
                if "." in name or any(name in track.libraries for track in TRACKS.values()))


def reason(module: str) -> str:
    """The reason code for refusing `module` ("other": not in the allow-list, nothing more specific to say)."""
    parts = module.split(".")
    for cut in range(len(parts), 0, -1):
        found = REASONS.get(".".join(parts[:cut]))
        if found:
            return found
    if any(part.startswith("_") for part in parts):
        return "internals"
    return "other"


def blocked(module: str) -> bool:
    """Is `module` one of the allowed libraries' refused corners (numpy.ctypeslib, torch.utils.data, ...)?"""
    return any(module == b or module.startswith(b + ".") for b in BLOCKED)


def allowed(module: str, roots: frozenset[str] | set[str] | tuple[str, ...]) -> bool:
    """May a submission import (or hold) `module`: its root is one of `roots` (the track's libraries) or a harmless
    standard module, and it is neither a private part nor one of the libraries' blocked corners."""
    if module == "__future__":
        return True
    root = module.partition(".")[0]
    private = any(part.startswith("_") for part in module.split("."))  # torch.utils._mode_utils, ...
    return (root in roots or root in HARMLESS) and not private and not blocked(module)
