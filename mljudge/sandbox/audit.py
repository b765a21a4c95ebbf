"""A CPython audit hook in the child: the tripwire layer the submission cannot switch off.

`sys.addaudithook` hooks cannot be removed, and CPython raises their events from C, below every route a
submission might find around the attribute guards (a library helper that reads attributes by name, a function
reached through a container). Installed after the submission's code is unmarshalled and before it runs, the hook
refuses what no exercise ever needs, whichever Python code asks for it:

- raw memory and foreign code: every ``ctypes.*`` event (dlopen, from_address, string_at, casts of addresses);
- making code or functions from parts, or reading the interpreter's objects wholesale: ``code.__new__``,
  ``function.__new__``, ``marshal.*``, ``gc.get_objects`` / ``get_referrers`` / ``get_referents``,
  ``sys.settrace`` / ``setprofile`` / ``_current_frames`` / ``addaudithook``;
- compiling, unmarshalling or executing code at run time, except in the import machinery (libraries load some
  modules lazily) and the standard library's class generators (dataclasses, namedtuple, enum), which compile
  code they write themselves;
- processes, signals and the network (``os.system``, ``subprocess.Popen``, ``os.fork``, ``os.kill``,
  ``socket.*``, …), which seccomp refuses as well, here with a verdict that names them;
- files: ``open`` for writing, and every ``os.*`` event that changes the file system (reading is left to the
  jail, which shows nothing of the host but the Python installation);
- importing, for the first time, a debugger or an interactive interpreter; the guards refuse import statements
  of anything outside the allow-list, this catches imports made for the submission by library helpers.

Each refusal is reported (`refuse`) before the hook raises, so catching the exception changes nothing.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from types import FrameType
from typing import Any

# Event prefixes refused outright while a submission runs.
REFUSED_PREFIXES = (
    "ctypes.", "code.__new__", "function.__new__", "marshal.", "gc.get_", "sys.settrace", "sys.setprofile",
    "sys._current_frames", "sys.addaudithook", "sys.set_asyncgen_hooks", "cpython.", "socket.", "subprocess.",
    "pty.", "os.system", "os.exec", "os.spawn", "os.posix_spawn", "os.fork", "os.forkpty", "os.kill", "os.killpg",
    "os.putenv", "os.unsetenv", "os.chdir", "os.chmod", "os.chown", "os.chflags", "os.link", "os.mkdir",
    "os.mkfifo", "os.mknod", "os.remove", "os.rename", "os.rmdir", "os.symlink", "os.truncate", "os.utime",
    "os.setxattr", "os.removexattr", "shutil.", "builtins.input", "builtins.breakpoint", "webbrowser.",
    "urllib.", "http.", "ftplib.", "smtplib.", "imaplib.", "poplib.", "nntplib.", "telnetlib.", "mmap.",
    "pickle.find_class", "sqlite3.", "resource.setrlimit", "resource.prlimit", "sys.setrecursionlimit",
    "sys.setswitchinterval",
)
# Modules never loaded fresh while a submission runs: debuggers and interactive interpreters, which no library
# loads on its own. (Libraries' other lazy imports are harmless: numpy's loadtxt pulls in urllib, ssl and socket to
# tell paths from URLs. What a loaded module can *do* is refused by event: socket.*, subprocess.*, os.system, …)
REFUSED_IMPORT_ROOTS = frozenset({"pdb", "bdb", "code", "codeop", "pty", "webbrowser", "tkinter", "idlelib"})
IMPORT_MACHINERY = "<frozen importlib"
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
# The standard library modules that write and compile code of their own while building classes.
CODE_GENERATORS = frozenset({"dataclasses", "collections", "enum", "typing"})


class AuditHook:
    """Built and installed in the child; `active` is switched on once, right before the submission's code runs."""

    def __init__(self, refuse: Callable[[str, str], BaseException], library_paths: Iterable[str],
                 own_code: Any) -> None:
        self.refuse = refuse
        self.library_paths = tuple(os.path.join(os.path.realpath(p), "") for p in library_paths)
        self.own_code = own_code
        self.generator_files = frozenset(
            getattr(sys.modules.get(name), "__file__", None) for name in CODE_GENERATORS) - {None}
        self.active = False

    def install(self) -> None:
        sys.addaudithook(self)
        self.active = True

    def __call__(self, event: str, args: tuple[Any, ...]) -> None:
        if not self.active:
            return
        if event == "marshal.loads" and _caller_is_import_machinery():
            return  # a module's cached bytecode, on a lazy import
        if event.startswith(REFUSED_PREFIXES):
            raise self.refuse("forbidden_operation", event)
        if event == "open":
            self._open(args)
        elif event in ("exec", "compile"):
            self._code(event, args)
        elif event == "import":
            name = args[0] if args else ""
            if isinstance(name, str) and name.partition(".")[0] in REFUSED_IMPORT_ROOTS:
                raise self.refuse("forbidden_import", name)

    def _open(self, args: tuple[Any, ...]) -> None:
        """Reading is the jail's business (it shows nothing of the host's but the Python installation; libraries
        read source lines for tracebacks, torch.manual_seed formats a stack); creating or changing a file is
        refused here, whatever the path."""
        _path, mode, flags = (*args, None, None, None)[:3]
        if isinstance(mode, str):
            writing = any(c in mode for c in "wax+")
        else:
            writing = isinstance(flags, int) and bool(flags & _WRITE_FLAGS)
        if writing:
            raise self.refuse("forbidden_operation", "open")

    def _code(self, event: str, args: tuple[Any, ...]) -> None:
        if (args and args[0] is self.own_code) or _caller_is_import_machinery():
            return
        if event == "compile" and len(args) > 1 and isinstance(args[1], str) \
                and os.path.realpath(args[1]).startswith(self.library_paths):
            return  # a library module compiled from source (no cached bytecode)
        if self._called_by_a_code_generator():
            return
        raise self.refuse("forbidden_operation", event)

    def _called_by_a_code_generator(self) -> bool:
        return any(f.f_code.co_filename in self.generator_files for f in _callers(6))


def _caller_is_import_machinery() -> bool:
    """Was the audited operation called by importlib's own frozen code? Code with that file name cannot be
    made by a submission: compiling and building code objects are refused above."""
    return any(f.f_code.co_filename.startswith(IMPORT_MACHINERY) for f in _callers(3))


def _callers(depth: int) -> list[FrameType]:
    """The Python frames above the audited operation (this module's own frames skipped), innermost first."""
    frame: FrameType | None = sys._getframe(1)
    found: list[FrameType] = []
    while frame is not None and frame.f_code.co_filename == __file__:
        frame = frame.f_back
    while frame is not None and len(found) < depth:
        found.append(frame)
        frame = frame.f_back
    return found
