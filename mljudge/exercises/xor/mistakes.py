"""Known train_xor mistakes, as predicates over one failed case: func(got, expected, case) -> bool. A mistake is
recognised when its predicate holds on every failed case. A trained network has no single right output, so each
predicate asks whether the predictions follow the mistaken rule instead (trusted code: runs in the judge)."""

import math

import numpy as np

from mljudge.judge.api import Answer, Array, Case, Expected, sibling
from mljudge.reference.arrays import Floats
from mljudge.reference.xor import Assessment, assess

_checker = sibling(__file__, "checker.py")

# The cases whose only test, for an answer that is otherwise learned, is the seed (checker.seed_problem).
SAME_SEED_AGAIN = "same-seed-again"
ANOTHER_SEED = "another-seed"
# A logistic regression's logit is a·x₁ + b·x₂ + c, so on the four corners z(0,0) + z(1,1) = z(0,1) + z(1,0): to
# this much in logits (float32 probabilities give ~1e-6 there), while a trained hidden layer breaks it by ~10.
ADDITIVE_ATOL = 1e-4
CONSTANT_ATOL = 1e-6   # "the same prediction for every input"
UPHILL = 1.0           # a mean cross-entropy above this is worse than guessing (ln 2 ≈ 0.69) by far


def _table(case: Case) -> tuple[Floats, Floats]:
    return np.asarray(case.args["x"], dtype=np.float64), np.asarray(case.args["y"], dtype=np.float64)


def _predictions(got: Answer, case: Case) -> Floats | None:
    """The predictions as float64 (N,), if they are finite and of the right shape; else None."""
    y = _table(case)[1]
    if not isinstance(got, Array) or got.data.shape != y.shape or got.data.dtype.kind not in "biuf":
        return None
    p = got.data.astype(np.float64)
    return p if np.all(np.isfinite(p)) else None


def _probabilities(got: Answer, case: Case) -> tuple[Floats, Assessment] | None:
    """The predictions and their assessment if they are probabilities, consistent per input and not the labels
    (not the mistakes above them in this file); else None."""
    p = _predictions(got, case)
    if p is None or np.any((p < 0.0) | (p > 1.0)):
        return None
    x, y = _table(case)
    verdict = assess(p, x, y)
    return (p, verdict) if verdict.split is None and not _checker.is_rounded(p, verdict) else None


def _loss(p: Floats, verdict: Assessment) -> float:
    """The mean cross-entropy of the predictions against each row's share of 1s (probabilities kept 1e-12 away
    from 0 and 1, so that a saturated wrong answer costs about 27.6 instead of inf)."""
    q = np.clip(p, 1e-12, 1.0 - 1e-12)
    y = verdict.share
    return float(np.mean(-(y * np.log(q) + (1.0 - y) * np.log1p(-q))))


def column_shape(got: Answer, expected: Expected, case: Case) -> bool:
    """The predictions as a column (N, 1) or a row (1, N) instead of a vector (N,)."""
    n = len(case.args["y"])
    return isinstance(got, Array) and got.data.shape in ((n, 1), (1, n))


def logits(got: Answer, expected: Expected, case: Case) -> bool:
    """The logit z returned instead of σ(z): finite numbers outside [0, 1]."""
    p = _predictions(got, case)
    return p is not None and bool(np.any((p < 0.0) | (p > 1.0)))


def rounded(got: Answer, expected: Expected, case: Case) -> bool:
    """Every prediction exactly 0 or 1 and equal to its label: labels (rounded predictions, or y itself) instead
    of probabilities."""
    p = _predictions(got, case)
    if p is None:
        return False
    x, y = _table(case)
    return _checker.is_rounded(p, assess(p, x, y))


def per_row_answer(got: Answer, expected: Expected, case: Case) -> bool:
    """Rows with one input predicted differently: the labels, or predictions recorded row by row while the weights
    were still changing (an online update inside the loop over rows)."""
    p = _predictions(got, case)
    if p is None or np.any((p < 0.0) | (p > 1.0)):
        return False
    x, y = _table(case)
    return assess(p, x, y).split is not None


def _corner_logits(p: Floats, x: Floats) -> list[float] | None:
    """The logit of the prediction at each of the four corners (0,0), (0,1), (1,0), (1,1), or None."""
    z = {}
    for row, q in zip(x, p, strict=True):
        if not 0.0 < q < 1.0:
            return None
        z[(row[0], row[1])] = math.log(q) - math.log1p(-q)
    corners = [(0.0, 0.0), (0.0, 1.0), (1.0, 0.0), (1.0, 1.0)]
    return [z[c] for c in corners] if all(c in z for c in corners) else None


def linear_model(got: Answer, expected: Expected, case: Case) -> bool:
    """No hidden layer, or a hidden layer without its tanh: the logit is linear in x, so it is additive over the
    corners. Constant predictions satisfy that trivially; they count only at 0.5, the best a straight line does on
    a balanced XOR (anywhere else they are the symmetric start's, `symmetric`)."""
    found = _probabilities(got, case)
    if found is None:
        return False
    p, _ = found
    z = _corner_logits(p, _table(case)[0])
    if z is None or abs(z[0] + z[3] - z[1] - z[2]) > ADDITIVE_ATOL:
        return False
    return bool(np.ptp(p) > CONSTANT_ATOL or np.all(np.abs(p - 0.5) < 1e-3))


def symmetric(got: Answer, expected: Expected, case: Case) -> bool:
    """The same prediction for every input although their labels differ: a start where every hidden unit is the
    same (all weights zero, or one constant), so the units stay identical and the hidden layer never learns."""
    found = _probabilities(got, case)
    if found is None:
        return False
    p, verdict = found
    # A symmetric network still learns its output bias, to the share of 1s: no worse than a guess. (A run that went
    # uphill can end constant too, at 0 or 1 everywhere: that is `wrong_direction`.)
    return bool(np.ptp(p) <= CONSTANT_ATOL and np.ptp(verdict.share) > 0 and _loss(p, verdict) < UPHILL)


def wrong_direction(got: Answer, expected: Expected, case: Case) -> bool:
    """A loss far above ln 2, what predicting 0.5 for every row costs: the steps went uphill (+ lr·gradient, or
    the gradient's sign flipped), and the network ends up confidently wrong."""
    found = _probabilities(got, case)
    return found is not None and _loss(*found) > UPHILL


def too_slow(got: Answer, expected: Expected, case: Case) -> bool:
    """Better than a guess (a loss below ln 2) and consistent, but not every row learned: learning too slowly or
    stuck on a few rows (a sigmoid hidden layer, the squared error's gradient, a smaller step, fewer steps)."""
    found = _probabilities(got, case)
    return found is not None and not found[1].learned and _loss(*found) < math.log(2.0) - 1e-3


def unseeded(got: Answer, expected: Expected, case: Case) -> bool:
    """A learned answer that fails only the repeat with the same seed: the start was not drawn from `seed`."""
    found = _probabilities(got, case)
    return case.id == SAME_SEED_AGAIN and found is not None and found[1].learned


def seed_ignored(got: Answer, expected: Expected, case: Case) -> bool:
    """A learned answer that fails only the repeat with another seed: one fixed start, whatever `seed` says."""
    found = _probabilities(got, case)
    return case.id == ANOTHER_SEED and found is not None and found[1].learned
