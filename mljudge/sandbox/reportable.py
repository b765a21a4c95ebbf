"""The names the sandbox itself may report in a violation, whatever the submission did.

A violation during a hidden case may only name what the judge's own vocabulary knows: the exercise's forbidden
names (the judge knows those), and the names below, which the sandbox's layers refuse in every exercise. Anything
else the child reports then (a module, an attribute) could be a name the submission built from the hidden inputs.
"""

from __future__ import annotations

from mljudge.sandbox.audit import REFUSED_PREFIXES
from mljudge.sandbox.corners import HIDDEN_BUILTINS, UNSAFE_NAMES


def is_reportable(code: str, what: str) -> bool:
    """Is `what`, reported with violation `code`, one of the sandbox's own names?"""
    if what in UNSAFE_NAMES or what.removesuffix("()") in HIDDEN_BUILTINS:
        return True
    return code == "forbidden_operation" and what.startswith((*REFUSED_PREFIXES, "open"))
