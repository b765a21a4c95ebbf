"""Known dropout mistakes, as predicates over one failed case: func(got, expected, case) -> bool. A mistake is
recognised when its predicate holds on every failed case. There is no single right output to compare with, so
each predicate asks whether the output is explained by the mistaken rule (trusted code: runs in the judge)."""

import math

import numpy as np

from mljudge.judge.api import Answer, Array, Case, Expected, sibling
from mljudge.reference.arrays import Floats
from mljudge.reference.dropout import explain


def _inputs(got: Answer, case: Case) -> tuple[Floats, Floats, float, bool, float] | None:
    x = np.asarray(case.args["x"], dtype=np.float64)
    if not isinstance(got, Array) or got.data.shape != x.shape or got.data.dtype.kind not in "biuf":
        return None
    return (got.data.astype(np.float64), x, float(case.args["p"]), bool(case.args.get("training", True)),
            case.tolerance.atol)


def no_scale(got: Answer, expected: Expected, case: Case) -> bool:
    """Kept units are x itself, not x/(1 − p); the share dropped is still p."""
    inputs = _inputs(got, case)
    if inputs is None:
        return False
    g, x, p, training, atol = inputs
    if not training or not 0.0 < p < 1.0:
        return False
    fit = explain(g, x, 1.0 - p, 1.0, atol)
    return fit.ok and fit.kept > 0


def scale_by_p(got: Answer, expected: Expected, case: Case) -> bool:
    """Kept units are x/p instead of x/(1 − p); the share dropped is still p (p = 0 divides by zero)."""
    inputs = _inputs(got, case)
    if inputs is None:
        return False
    g, x, p, training, atol = inputs
    return training and explain(g, x, 1.0 - p, 1.0 / p if p > 0.0 else math.inf, atol).ok


def keep_prob_swapped(got: Answer, expected: Expected, case: Case) -> bool:
    """p read as the probability of keeping (or the comparison flipped, rand < p): units survive with
    probability p, scaled by 1/p or, as the formula says, by 1/(1 − p)."""
    inputs = _inputs(got, case)
    if inputs is None:
        return False
    g, x, p, training, atol = inputs
    scales = (1.0 / p if p > 0.0 else math.inf, 1.0 / (1.0 - p) if p < 1.0 else math.inf)
    return training and any(explain(g, x, p, scale, atol).ok for scale in scales)


def training_ignored(got: Answer, expected: Expected, case: Case) -> bool:
    """Right dropout, applied even when training is False."""
    inputs = _inputs(got, case)
    if inputs is None:
        return False
    g, x, p, training, atol = inputs
    if training or not 0.0 < p < 1.0:
        return False
    fit = explain(g, x, 1.0 - p, 1.0 / (1.0 - p), atol)
    return fit.ok and fit.kept < fit.decisive


_checker = sibling(__file__, "checker.py")


def fixed_pattern(got: Answer, expected: Expected, case: Case) -> bool:
    """Right values and the right share, but the dropped units sit in a fixed pattern (the first p·n units, every
    k-th unit, one mask repeated along an axis): the checker's spread tests fail."""
    inputs = _inputs(got, case)
    if inputs is None:
        return False
    g, x, p, training, atol = inputs
    if not training or not 0.0 < p < 1.0 or not explain(g, x, 1.0 - p, 1.0 / (1.0 - p), atol).ok:
        return False
    return _checker.spread_problem(g, x, p, atol, case.tolerance.rtol) is not None
