"""mljudge: a judge for machine-learning coding exercises, as one installable package.

Its parts are subpackages: `judge` (the core), `sandbox` (runs learner code), `web`, `store` and `dispatch` above
the core, `client` (notebooks, scripts, `judge run --server`), `reference` (trusted maths) and `exercises` (the
bundled course); `cli` is the `judge` program.

In a notebook: `mljudge.check("gelu", gelu)`, `mljudge.show("gelu")`, `mljudge.hint("gelu", 1)`,
`mljudge.exercises()` (mljudge.notebook), imported on first use so that `import mljudge` stays cheap.
"""

from __future__ import annotations

from typing import Any

_NOTEBOOK = ("check", "show", "hint", "exercises", "load_ipython_extension")


def __getattr__(name: str) -> Any:
    if name in _NOTEBOOK:
        from mljudge import notebook

        return getattr(notebook, name)
    raise AttributeError(f"module 'mljudge' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *_NOTEBOOK])
