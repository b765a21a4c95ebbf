"""The three losses of module 5 (mean squared error, cross-entropy, Huber), their per-element pieces and slopes,
and the curves of one variable that the module's lessons plot.

Every loss is the mean over all elements (all examples, for cross-entropy) and comes back as a Python float.
The curve functions take a number, list or ndarray of any shape and return float64 of the same shape (an
``np.float64`` scalar for 0-d input).

Numerical care: cross-entropy is computed as log-sum-exp with each row's maximum subtracted, so logits of ±1000
(or ±1e300) give finite losses; exponents more than 690 below a row's maximum count as exactly 0 instead of
underflowing. Huber is written as ½·c² + δ·(|d| − c) with c = min(|d|, δ), so neither branch ever squares a
large error. All of it is silent under ``np.errstate(all="raise")`` for finite inputs whose squared errors
(mse) stay below the float64 maximum.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from mljudge.reference.arrays import Float
from mljudge.reference.sigmoid import sigmoid

# exp(−690) ≈ 2.2e-300 is still a normal float64, and beside the row's largest term (exp(0) = 1) it changes
# nothing a float64 sum can hold. Further below, the term is taken as exactly 0 instead of a subnormal.
_EXP_CUTOFF = 690.0


def _out(result: ArrayLike) -> Float:
    # 0-d in, np.float64 out; otherwise an ndarray of the input's shape (the convention of reference.erf).
    return np.asarray(result, dtype=np.float64)[()]


def _errors(pred: ArrayLike, target: ArrayLike) -> NDArray[np.float64]:
    """pred − target, refusing shapes that differ: broadcasting (N,) against (N, 1) would silently compare
    every prediction with every target, which is a bug in the caller, not a loss."""
    p = np.asarray(pred, dtype=np.float64)
    t = np.asarray(target, dtype=np.float64)
    if p.shape != t.shape:
        raise ValueError(f"pred has shape {p.shape}, target has shape {t.shape}; they must match")
    if p.size == 0:
        raise ValueError("a loss needs at least one element (the mean of nothing is undefined)")
    return p - t


# --- mean squared error ---------------------------------------------------------------------------------------


def squared_error(d: ArrayLike) -> Float:
    """d², elementwise: the loss of one prediction that is off by d."""
    d = np.asarray(d, dtype=np.float64)
    return _out(d * d)


def squared_error_slope(d: ArrayLike) -> Float:
    """Slope of :func:`squared_error`: 2·d, elementwise. It grows with the error, without bound."""
    return _out(2.0 * np.asarray(d, dtype=np.float64))


def mse(pred: ArrayLike, target: ArrayLike) -> float:
    """Mean squared error: the mean of (pred − target)² over all elements, whatever the shape.

    ``pred`` and ``target`` must have the same shape (ValueError otherwise) and at least one element.
    """
    return float(np.mean(squared_error(_errors(pred, target))))


def absolute_error(d: ArrayLike) -> Float:
    """|d|, elementwise: what a squared error becomes when the square is forgotten (the L1 loss)."""
    return _out(np.abs(np.asarray(d, dtype=np.float64)))


def absolute_error_slope(d: ArrayLike) -> Float:
    """Slope of :func:`absolute_error`: −1, 0 or 1 (sign(d); 0 at the kink, where |d| has no slope)."""
    return _out(np.sign(np.asarray(d, dtype=np.float64)))


def half_squared_error(d: ArrayLike) -> Float:
    """½·d², elementwise: the parabola the Huber loss follows for small errors (half the squared error)."""
    d = np.asarray(d, dtype=np.float64)
    return _out(0.5 * d * d)


def half_squared_error_slope(d: ArrayLike) -> Float:
    """Slope of :func:`half_squared_error`: d itself."""
    return _out(np.asarray(d, dtype=np.float64))


# --- Huber ----------------------------------------------------------------------------------------------------


def _check_delta(delta: float) -> float:
    delta = float(delta)
    if not delta > 0.0 or not np.isfinite(delta):
        raise ValueError(f"delta must be a positive number, got {delta!r}")
    return delta


def huber_elementwise(d: ArrayLike, delta: float = 1.0) -> Float:
    """The Huber loss of each error d: ½·d² for |d| ≤ δ, δ·(|d| − ½·δ) beyond, elementwise.

    Both branches meet at |d| = δ with the value ½·δ² and the slope ±δ, so the curve is smooth there. Written as
    ½·c² + δ·(|d| − c) with c = min(|d|, δ), which equals both branches and never squares a large error.
    """
    delta = _check_delta(delta)
    a = np.abs(np.asarray(d, dtype=np.float64))
    c = np.minimum(a, delta)
    return _out(0.5 * c * c + delta * (a - c))


def huber_slope(d: ArrayLike, delta: float = 1.0) -> Float:
    """Slope of :func:`huber_elementwise`: d clipped to [−δ, δ]. It stops growing once |d| reaches δ."""
    delta = _check_delta(delta)
    return _out(np.clip(np.asarray(d, dtype=np.float64), -delta, delta))


def huber(pred: ArrayLike, target: ArrayLike, delta: float = 1.0) -> float:
    """Huber loss: the mean of :func:`huber_elementwise` (pred − target, delta) over all elements.

    ``delta`` must be positive; shapes must match (ValueError otherwise). With δ above every |error| it is half
    the mean squared error; far beyond δ it grows like δ·|d|, so an outlier pulls with a force of at most δ.
    """
    return float(np.mean(huber_elementwise(_errors(pred, target), delta)))


# --- cross-entropy --------------------------------------------------------------------------------------------


def _classification(logits: ArrayLike, targets: ArrayLike) -> tuple[NDArray[np.float64], NDArray[np.intp]]:
    z = np.asarray(logits, dtype=np.float64)
    t = np.asarray(targets)
    if z.ndim != 2 or z.shape[0] == 0 or z.shape[1] == 0:
        raise ValueError(f"logits must have shape (N, C) with N, C ≥ 1, got {z.shape}")
    if t.shape != (z.shape[0],):
        raise ValueError(f"targets must have shape ({z.shape[0]},), one class per row of logits, got {t.shape}")
    if t.dtype.kind not in "iu":
        raise TypeError(f"targets must be integer class indices, got {t.dtype}")
    bad = (t < 0) | (t >= z.shape[1])
    if np.any(bad):
        raise IndexError(f"class {int(t[bad][0])} is out of range for {z.shape[1]} classes (valid: 0 … "
                         f"{z.shape[1] - 1})")
    return z, t.astype(np.intp)


def _gap_and_log_sum(logits: ArrayLike) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """z − m (≤ 0, exactly 0 at each row's maximum m) and log Σ exp(z − m) along the last axis (kept).

    Never exponentiates anything above 0, so nothing overflows; the sum is at least 1, so its log is finite
    and ≥ 0. Then log Σ exp(z) = m + that log, and log softmax(z) = (z − m) − that log.
    """
    z = np.asarray(logits, dtype=np.float64)
    gap = z - z.max(axis=-1, keepdims=True)
    terms = np.where(gap > -_EXP_CUTOFF, np.exp(np.maximum(gap, -_EXP_CUTOFF)), 0.0)
    # One term is exp(0) = 1 exactly; summing the others and taking log1p keeps full relative precision when
    # they are tiny (a confident, right example's loss of 1e-13 would otherwise carry an absolute error of 1e-16).
    np.put_along_axis(terms, np.argmax(gap, axis=-1)[..., None], 0.0, axis=-1)
    return gap, np.log1p(terms.sum(axis=-1, keepdims=True))


def log_softmax(logits: ArrayLike) -> NDArray[np.float64]:
    """log softmax along the last axis, stably: (z − m) − log Σ exp(z − m), m = the row's maximum.

    Never takes the log of a rounded-off probability: a class 2000 below the best one gets −2000, not
    log(0) = −inf.
    """
    gap, log_sum = _gap_and_log_sum(logits)
    return gap - log_sum


def cross_entropy_per_example(logits: ArrayLike, targets: ArrayLike) -> NDArray[np.float64]:
    """−log softmax(logits)[i, targets[i]] for each row i: shape (N,), each ≥ 0.

    ``logits`` has shape (N, C) (raw scores), ``targets`` holds N integer class indices in [0, C)
    (ValueError/TypeError/IndexError otherwise).
    """
    z, t = _classification(logits, targets)
    gap, log_sum = _gap_and_log_sum(z)
    # log Σ exp(z − m) − (z_t − m): written as this difference rather than −log_softmax, so that a certain
    # right answer gives 0.0, not −0.0.
    return log_sum[:, 0] - gap[np.arange(z.shape[0]), t]


def cross_entropy(logits: ArrayLike, targets: ArrayLike) -> float:
    """Cross-entropy of raw scores against integer class indices, averaged over the N examples.

    Equals torch.nn.functional.cross_entropy(logits, targets) (reduction "mean", no weights, no smoothing).
    """
    return float(np.mean(cross_entropy_per_example(logits, targets)))


# --- the lesson curves ------------------------------------------------------------------------------------------
# The MSE and Huber lessons plot losses against the error d of one prediction; the cross-entropy lesson against
# the margin m = z_right − z_wrong of the logits. A lesson fixes the other arguments (δ, the number of classes).


def _check_classes(classes: int) -> int:
    if isinstance(classes, bool) or int(classes) != classes or classes < 2:
        raise ValueError(f"classes must be a whole number ≥ 2, got {classes!r}")
    return int(classes)


def _shift(classes: int) -> float:
    # With C − 1 equal wrong logits, p = 1/(1 + (C − 1)·e⁻ᵐ) = σ(m − log(C − 1)): the margin, shifted.
    return float(np.log(_check_classes(classes) - 1.0))


def ce_of_margin(margin: ArrayLike, classes: int = 2) -> Float:
    """Cross-entropy of one example as a function of the margin m = z_right − z_wrong, every wrong class sharing
    the same logit (the only way to draw C classes against one variable).

    Computed by :func:`cross_entropy_per_example` on the logits [m, 0, …, 0] with target 0, so it is the very loss
    of the exercise. In closed form log(1 + (C − 1)·e⁻ᵐ); for two classes −log σ(m): ln 2 at m = 0 (ln C for
    C classes, the loss of a guess), about −m far to the left, towards 0 far to the right.
    """
    m = np.asarray(margin, dtype=np.float64)
    rows = np.zeros((m.size, _check_classes(classes)))  # one row of logits per margin: [m, 0, …, 0]
    rows[:, 0] = m.ravel()
    return _out(cross_entropy_per_example(rows, np.zeros(m.size, dtype=np.int64)).reshape(m.shape))


def p_of_margin(margin: ArrayLike, classes: int = 2) -> Float:
    """The probability softmax gives the right class at margin m over C − 1 equal wrong ones:
    σ(m − log(C − 1)); σ(m) for two classes."""
    return sigmoid(np.asarray(margin, dtype=np.float64) - _shift(classes))


def ce_of_margin_slope(margin: ArrayLike, classes: int = 2) -> Float:
    """Slope of :func:`ce_of_margin`: p − 1 = −σ(log(C − 1) − m), between −1 (confidently wrong) and 0; written
    with σ of the other side so that it keeps its relative precision where it is tiny."""
    return _out(-np.asarray(sigmoid(_shift(classes) - np.asarray(margin, dtype=np.float64))))


def p_squared_error_of_margin(margin: ArrayLike) -> Float:
    """(1 − σ(m))²: the squared error of the right class's probability against its target 1 (MSE on
    probabilities, the loss cross-entropy replaced). Written as σ(−m)², accurate where σ(m) is close to 1."""
    q = np.asarray(sigmoid(-np.asarray(margin, dtype=np.float64)))
    return _out(q * q)


def p_squared_error_of_margin_slope(margin: ArrayLike) -> Float:
    """Slope of :func:`p_squared_error_of_margin`: −2·σ(m)·σ(−m)². It fades to 0 for a confidently wrong
    example (m → −∞), where cross-entropy's slope tends to −1."""
    m = np.asarray(margin, dtype=np.float64)
    p, q = np.asarray(sigmoid(m)), np.asarray(sigmoid(-m))
    return _out(-2.0 * p * q * q)


# --- recognising an unreduced loss ------------------------------------------------------------------------------


def is_unreduced(values: object, loss: object, atol: float, rtol: float = 0.0) -> bool:
    """Is ``values`` an array of per-element (or per-example, per-row) losses whose mean is ``loss``?

    That is the answer of a loss that forgot its final average, or averaged over one axis only: for the losses
    here, whose every element (or example) counts equally, the mean of such partial means is the loss itself.
    Used by the exercises' mistake predicates, with whatever the learner returned: False for anything but an
    array (or a list) of finite numbers that is not 0-d, and for a `loss` that is not a finite number.
    """
    data = np.asarray(values)
    if (data.ndim == 0 or data.size == 0 or data.dtype.kind not in "biuf" or isinstance(loss, bool)
            or not isinstance(loss, int | float) or not np.isfinite(loss)):
        return False
    data = data.astype(np.float64)
    if not np.all(np.isfinite(data)):
        return False
    return bool(abs(float(np.mean(data)) - loss) < atol + rtol * abs(loss))


# --- the lesson panels (exercises/huber/lesson.toml, exercises/cross-entropy/lesson.toml) ---------------------------
# The curves are one-liners the page computes for its sliders, in the forms used here (tests/web compare the
# page's numbers with these functions); the panels get their grids and starting states from here.

ERROR_GRID = (-5.0, 5.0, 1001)  # d from −5 to 5 in steps of 0.01: d = 0.5, 1 and 4 are grid points
MARGIN_GRID = (-8.0, 8.0, 801)  # m from −8 to 8 in steps of 0.02
CLASS_STOPS = (2, 3, 4, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300, 500, 700, 1000)
PLAYGROUND_LOGITS = (2.0, 1.0, 0.1, -1.0)  # the logits playground's start, right class 0


def error_panel() -> dict[str, Any]:
    """The error panel of the MSE and Huber lessons: the d grid (start, stop, points) and the vertical range that
    stays fixed while δ moves. The page draws d², |d|, ½·d² and Huber (½·c² + δ·(|d| − c), c = min(|d|, δ),
    never squaring a large error) with their slopes, as :func:`huber_elementwise` and the others here do."""
    return {"d": list(ERROR_GRID), "y_range": [-5.0, 12.5]}


def margin_panel() -> dict[str, Any]:
    """The cross-entropy lesson's panel: the margin grid and the classes slider's stops (the page computes
    :func:`ce_of_margin`, :func:`p_of_margin` and their slopes for them), and the logits playground's start with
    its loss and log-softmax."""
    logits = np.array([PLAYGROUND_LOGITS])
    return {
        "m": list(MARGIN_GRID),
        "classes": list(CLASS_STOPS),
        "playground": {"logits": list(PLAYGROUND_LOGITS), "target": 0,
                       "loss": float(cross_entropy_per_example(logits, np.array([0]))[0]),
                       "log_softmax": [float(v) for v in log_softmax(logits)[0]]},
    }
