"""Pins reference.losses to hand-computed values, closed forms, PyTorch's own losses and autograd, and checks that
the lessons' task answers and the prompts' worked examples are what the reference computes."""

import contextlib
import math
import tomllib
import warnings
from pathlib import Path

import numpy as np
import pytest
import torch
import torch.nn.functional as F

from mljudge.reference.losses import (
    absolute_error,
    absolute_error_slope,
    ce_of_margin,
    ce_of_margin_slope,
    cross_entropy,
    cross_entropy_per_example,
    half_squared_error,
    half_squared_error_slope,
    huber,
    huber_elementwise,
    huber_slope,
    is_unreduced,
    log_softmax,
    mse,
    p_of_margin,
    p_squared_error_of_margin,
    p_squared_error_of_margin_slope,
    squared_error,
    squared_error_slope,
)
from mljudge.reference.optimize import bisect

EXERCISES = Path(__file__).resolve().parents[2] / "mljudge" / "exercises"


@contextlib.contextmanager
def _silent():
    """Fail on any NumPy floating-point event or Python warning inside the block."""
    with warnings.catch_warnings(), np.errstate(all="raise"):
        warnings.simplefilter("error")
        yield


def _t(x):
    return torch.from_numpy(np.asarray(x, dtype=np.float64))


def _autograd_slope(torch_fn, x):
    t = _t(x).clone().requires_grad_()
    torch_fn(t).sum().backward()
    return t.grad.numpy()


# --- mean squared error -----------------------------------------------------------------------------------------


def test_mse_published_values():
    # Errors −0.5, 0.5, 0, 1: (0.25 + 0.25 + 0 + 1)/4.
    assert mse([2.5, 0.0, 2.0, 8.0], [3.0, -0.5, 2.0, 7.0]) == 0.375
    # Six elements, squared errors 0.25, 1, 0, 1, 1, 1: 4.25/6, one number for the whole array.
    value = mse([[0.0, 2.0], [-1.0, 2.0], [8.0, -5.0]], [[0.5, 1.0], [-1.0, 1.0], [7.0, -6.0]])
    assert value == pytest.approx(4.25 / 6, abs=1e-15)
    assert isinstance(value, float)
    # The hidden cases' stories: errors ±2 cancel in a mean of errors, not of squares; one outlier dominates.
    assert mse([3.0, 1.0, 4.0, 0.0], [1.0, 3.0, 2.0, 2.0]) == 4.0
    assert mse([1.5, 2.5, 3.5, 4.5, 15.0], [1.0, 2.0, 3.0, 4.0, 5.0]) == pytest.approx(20.2, abs=1e-12)
    assert mse([[0.25, -1.5]], [[0.25, -1.5]]) == 0.0


@pytest.mark.parametrize("shape", [(7,), (4, 5), (3, 4, 5), (1, 1)])
def test_mse_matches_torch(shape):
    rng = np.random.default_rng(11)
    pred, target = rng.normal(0.0, 3.0, shape), rng.normal(0.0, 1.0, shape)
    expected = F.mse_loss(_t(pred), _t(target)).item()
    assert mse(pred, target) == pytest.approx(expected, rel=1e-14, abs=1e-15)
    # Symmetric in its arguments, and the mean of the squared errors over every element.
    assert mse(target, pred) == pytest.approx(expected, rel=1e-14)
    assert mse(pred, target) == pytest.approx(float(np.mean(squared_error(pred - target))), rel=1e-15)


def test_mse_refuses_mismatched_shapes_and_empty_input():
    with pytest.raises(ValueError, match="shape"):
        mse(np.zeros(3), np.zeros((3, 1)))
    with pytest.raises(ValueError, match="at least one"):
        mse(np.zeros(0), np.zeros(0))


def test_squared_and_absolute_error_curves_and_slopes():
    d = np.linspace(-4.0, 4.0, 801)
    np.testing.assert_array_equal(squared_error(d), d * d)
    np.testing.assert_allclose(squared_error_slope(d), _autograd_slope(lambda t: t * t, d), rtol=0, atol=1e-15)
    np.testing.assert_array_equal(absolute_error(d), np.abs(d))
    away = d[np.abs(d) > 1e-9]  # |d| has no slope at its corner; elsewhere it is ±1
    np.testing.assert_array_equal(absolute_error_slope(away), _autograd_slope(torch.abs, away))
    assert absolute_error_slope(0.0) == 0.0
    np.testing.assert_array_equal(half_squared_error(d), 0.5 * d * d)
    np.testing.assert_array_equal(half_squared_error_slope(d), d)
    assert isinstance(squared_error(2.0), np.float64)


# --- Huber ------------------------------------------------------------------------------------------------------


def test_huber_published_values():
    # Errors 0.5, −2, 3, 0.25 at δ = 1: 0.125 + 1.5 + 2.5 + 0.03125 = 4.15625, over 4.
    assert huber([1.5, -1.5, 3.0, 0.0], [1.0, 0.5, 0.0, -0.25]) == 4.15625 / 4
    # Errors [[0.5, 3], [−4, 1]] at δ = 2: 0.125 + 2·2 + 2·3 + 0.5 = 10.625, over 4.
    assert huber([[1.5, 2.0], [-2.0, 1.5]], [[1.0, -1.0], [2.0, 0.5]], 2.0) == 10.625 / 4
    # The prompt's table at δ = 1.
    np.testing.assert_array_equal(huber_elementwise([0.5, 1.0, 3.0, 10.0]), [0.125, 0.5, 2.5, 9.5])
    np.testing.assert_array_equal(huber_elementwise([-0.5, -3.0]), [0.125, 2.5])


@pytest.mark.parametrize("delta", [0.1, 0.5, 1.0, 1.5, 2.0, 10.0])
def test_huber_matches_torch_and_smooth_l1(delta):
    rng = np.random.default_rng(13)
    pred, target = rng.normal(0.0, 3.0, (6, 7)), rng.normal(0.0, 1.0, (6, 7))
    ours = huber(pred, target, delta)
    assert ours == pytest.approx(F.huber_loss(_t(pred), _t(target), delta=delta).item(), rel=1e-14, abs=1e-15)
    # Smooth L1 with β = δ is the Huber loss divided by δ.
    smooth = F.smooth_l1_loss(_t(pred), _t(target), beta=delta).item()
    assert ours / delta == pytest.approx(smooth, rel=1e-13)
    elementwise = F.huber_loss(_t(pred), _t(target), delta=delta, reduction="none").numpy()
    np.testing.assert_allclose(huber_elementwise(pred - target, delta), elementwise, rtol=1e-14, atol=1e-15)


def test_huber_is_half_the_mse_when_delta_exceeds_every_error():
    rng = np.random.default_rng(17)
    pred, target = rng.uniform(-3.0, 3.0, 12), rng.uniform(-3.0, 3.0, 12)
    assert huber(pred, target, 10.0) == pytest.approx(0.5 * mse(pred, target), rel=1e-15)


@pytest.mark.parametrize("delta", [0.1, 1.0, 2.0, 7.5])
def test_huber_pieces_meet_at_delta(delta):
    # Same value ½·δ² and same slope ±δ from both sides: no jump, no corner.
    eps = 1e-9
    for sign in (1.0, -1.0):
        at = sign * delta
        assert huber_elementwise(at, delta) == pytest.approx(0.5 * delta * delta, rel=1e-15)
        inside, outside = huber_elementwise(at - sign * eps, delta), huber_elementwise(at + sign * eps, delta)
        assert inside == pytest.approx(outside, abs=3 * delta * eps)
        assert huber_slope(at - sign * eps, delta) == pytest.approx(sign * delta, abs=2 * eps)
        assert huber_slope(at + sign * eps, delta) == sign * delta


@pytest.mark.parametrize("delta", [0.5, 1.0, 2.0])
def test_huber_slope_matches_autograd(delta):
    d = np.linspace(-5.0, 5.0, 1001)
    d = d[np.abs(np.abs(d) - delta) > 1e-9]  # the slope is continuous at ±δ; avoid autograd's choice of side
    expected = _autograd_slope(lambda t: F.huber_loss(t, torch.zeros_like(t), delta=delta, reduction="none"), d)
    np.testing.assert_allclose(huber_slope(d, delta), expected, rtol=0, atol=1e-15)
    np.testing.assert_array_equal(huber_slope(d, delta), np.clip(d, -delta, delta))


def test_huber_never_squares_a_large_error():
    with _silent():
        value = huber_elementwise(np.array([1e200, -1e300, 0.0]), 1.0)
        loss = huber(np.array([1e300, 0.0]), np.array([0.0, 0.0]), 2.0)
    np.testing.assert_array_equal(value, [1e200 - 0.5, 1e300 - 0.5, 0.0])
    assert loss == pytest.approx(2.0 * (1e300 - 1.0) / 2.0, rel=1e-15)


def test_huber_refuses_bad_delta():
    for bad in (0.0, -1.0, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="delta"):
            huber([1.0], [0.0], bad)


def test_huber_lesson_curves():
    d = np.linspace(-4.0, 4.0, 801)
    np.testing.assert_array_equal(huber_elementwise(d, 1.0), huber_elementwise(d, 1.0))
    np.testing.assert_array_equal(huber_slope(d, 1.0), huber_slope(d, 1.0))
    np.testing.assert_array_equal(huber_elementwise(d, 2.0), huber_elementwise(d, 2.0))
    np.testing.assert_array_equal(huber_slope(d, 2.0), huber_slope(d, 2.0))
    # Inside [−δ, δ] Huber is the parabola ½·d² exactly.
    inside = np.abs(d) <= 1.0
    np.testing.assert_array_equal(huber_elementwise(d, 1.0)[inside], half_squared_error(d)[inside])


# --- cross-entropy ------------------------------------------------------------------------------------------------


def test_cross_entropy_published_values():
    z = [[2.0, 1.0, 0.1], [0.5, 2.5, 0.3]]
    losses = [math.log(math.e**2 + math.e + math.exp(0.1)) - 2.0,
              math.log(math.exp(0.5) + math.exp(2.5) + math.exp(0.3)) - 0.3]
    np.testing.assert_allclose(cross_entropy_per_example(z, [0, 2]), losses, rtol=1e-15)
    assert cross_entropy(z, [0, 2]) == pytest.approx(sum(losses) / 2, rel=1e-15)
    assert round(cross_entropy(z, [0, 2]), 4) == 1.4185
    # Two classes: log(1 + e^(−margin)) for margins 2, 0, −2, −4.
    margins = np.array([2.0, 0.0, -2.0, -4.0])
    binary = cross_entropy_per_example([[3.0, 1.0], [0.0, 0.0], [-1.0, 1.0], [2.0, -2.0]], [0, 1, 0, 1])
    np.testing.assert_allclose(binary, np.log1p(np.exp(-margins)), rtol=1e-15)
    np.testing.assert_array_equal(np.round(binary, 4), [0.1269, 0.6931, 2.1269, 4.0181])
    assert round(float(binary.mean()), 4) == 1.7413


@pytest.mark.parametrize(("n", "c", "scale"), [(1, 2, 1.0), (5, 3, 1.0), (64, 10, 3.0), (4, 1000, 1.0),
                                               (8, 5, 1000.0), (3, 4, 1e5)])
def test_cross_entropy_matches_torch(n, c, scale):
    rng = np.random.default_rng(n * c)
    z, t = rng.normal(0.0, scale, (n, c)), rng.integers(0, c, n)
    expected = F.cross_entropy(_t(z), torch.from_numpy(t)).item()
    assert cross_entropy(z, t) == pytest.approx(expected, rel=1e-13, abs=1e-13)
    np.testing.assert_allclose(log_softmax(z), torch.log_softmax(_t(z), dim=-1).numpy(), rtol=1e-13, atol=1e-13)


def test_cross_entropy_extremes_are_exact_and_silent():
    with _silent():
        shifted = cross_entropy_per_example([[1000.0, 999.0, 998.0], [-1000.0, -1001.0, -1002.0]], [0, 2])
        wrong = cross_entropy_per_example([[1000.0, -1000.0, 0.0], [-300.0, 500.0, 0.0], [0.0, 0.0, -800.0]],
                                          [1, 0, 2])
        huge = cross_entropy_per_example([[1e300, -1e300], [1e300, -1e300]], [0, 1])
        sure = cross_entropy_per_example([[0.0, -1e6]], [0])
    # Only differences matter: the same as [2, 1, 0] and [0, −1, −2].
    base = math.log1p(math.exp(-1.0) + math.exp(-2.0))
    np.testing.assert_allclose(shifted, [base, base + 2.0], rtol=1e-14)
    # The right class far below the best one: the loss is the gap (plus log 2 for a tie at the top).
    np.testing.assert_array_equal(wrong[:2], [2000.0, 800.0])
    assert wrong[2] == pytest.approx(800.0 + math.log(2.0), rel=1e-15)
    np.testing.assert_array_equal(huge, [0.0, 2e300])
    assert sure[0] == 0.0 and not np.signbit(sure[0])


def test_cross_entropy_of_equal_logits_is_log_c():
    for c in (2, 4, 10, 1000):
        assert cross_entropy(np.full((3, c), 5.0), [0, c - 1, c // 2]) == pytest.approx(math.log(c), rel=1e-15)


def test_cross_entropy_refuses_bad_input():
    with pytest.raises(ValueError, match=r"\(N, C\)"):
        cross_entropy([1.0, 2.0], [0])
    with pytest.raises(ValueError, match="one class per row"):
        cross_entropy([[1.0, 2.0]], [0, 1])
    with pytest.raises(TypeError, match="integer"):
        cross_entropy([[1.0, 2.0]], np.array([0.0]))
    for bad in (-1, 2):
        with pytest.raises(IndexError, match="out of range"):
            cross_entropy([[1.0, 2.0]], [bad])


# --- the cross-entropy lesson's curves ----------------------------------------------------------------------------


def test_margin_curves_closed_forms():
    m = np.linspace(-30.0, 30.0, 6001)
    np.testing.assert_allclose(ce_of_margin(m), np.logaddexp(0.0, -m), rtol=1e-14, atol=1e-300)
    np.testing.assert_allclose(ce_of_margin(m), F.softplus(_t(-m), threshold=100.0).numpy(),
                               rtol=1e-14, atol=1e-15)  # torch returns x itself past its default threshold 20
    np.testing.assert_allclose(p_of_margin(m), torch.sigmoid(_t(m)).numpy(), rtol=1e-14, atol=0)
    np.testing.assert_allclose(p_squared_error_of_margin(m), (1.0 - torch.sigmoid(_t(m)).numpy()) ** 2,
                               rtol=1e-9, atol=1e-15)
    assert ce_of_margin(0.0) == pytest.approx(math.log(2.0), rel=1e-15)
    assert isinstance(ce_of_margin(0.0), np.float64)
    assert ce_of_margin(np.zeros((2, 3))).shape == (2, 3)


def test_margin_slopes_match_autograd():
    m = np.linspace(-12.0, 12.0, 2401)
    np.testing.assert_allclose(ce_of_margin_slope(m), _autograd_slope(lambda t: F.softplus(-t), m),
                               rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(p_squared_error_of_margin_slope(m),
                               _autograd_slope(lambda t: (1.0 - torch.sigmoid(t)) ** 2, m), rtol=1e-9, atol=1e-15)
    h = 1e-6
    numeric = (ce_of_margin(m + h) - ce_of_margin(m - h)) / (2 * h)
    np.testing.assert_allclose(ce_of_margin_slope(m), numeric, rtol=0, atol=1e-8)


@pytest.mark.parametrize("classes", [3, 10, 1000])
def test_margin_curves_for_more_classes(classes):
    # C − 1 wrong classes sharing the logit 0: the loss is log(1 + (C − 1)·e⁻ᵐ), ln C at a tie.
    m = np.linspace(-20.0, 20.0, 401)
    shift = math.log(classes - 1)
    np.testing.assert_allclose(ce_of_margin(m, classes), np.logaddexp(0.0, shift - m), rtol=1e-13, atol=1e-300)
    assert ce_of_margin(0.0, classes) == pytest.approx(math.log(classes), rel=1e-14)
    rows = torch.zeros(m.size, classes, dtype=torch.float64)
    rows[:, 0] = _t(m)
    rows.requires_grad_()
    losses = F.cross_entropy(rows, torch.zeros(m.size, dtype=torch.int64), reduction="none")
    losses.sum().backward()
    # torch sums the C terms after subtracting the maximum, losing relative precision on tiny losses (it is the
    # closed form above that pins the digits); absolute agreement is what it can offer.
    np.testing.assert_allclose(ce_of_margin(m, classes), losses.detach().numpy(), rtol=0, atol=1e-13)
    np.testing.assert_allclose(ce_of_margin_slope(m, classes), rows.grad[:, 0].numpy(), rtol=0, atol=1e-13)
    np.testing.assert_allclose(p_of_margin(m, classes), torch.softmax(rows.detach(), dim=1)[:, 0].numpy(),
                               rtol=1e-13, atol=1e-300)
    for bad in (1, 2.5, True):
        with pytest.raises(ValueError, match="classes"):
            ce_of_margin(0.0, bad)


def test_margin_curves_are_silent_far_out():
    m = np.array([-1e6, -2000.0, 2000.0, 1e6])
    with _silent():
        loss, slope = ce_of_margin(m), ce_of_margin_slope(m)
        se, se_slope = p_squared_error_of_margin(m), p_squared_error_of_margin_slope(m)
    np.testing.assert_array_equal(loss, [1e6, 2000.0, 0.0, 0.0])
    np.testing.assert_array_equal(slope, [-1.0, -1.0, 0.0, 0.0])
    np.testing.assert_array_equal(se, [1.0, 1.0, 0.0, 0.0])
    np.testing.assert_array_equal(se_slope, [0.0, 0.0, 0.0, 0.0])


# --- recognising an unreduced loss ------------------------------------------------------------------------------


def test_is_unreduced():
    per_row = np.mean(np.array([[0.25, 1.0], [0.0, 1.0], [1.0, 1.0]]), axis=1)
    assert is_unreduced(per_row, 4.25 / 6, 5e-5)
    assert is_unreduced(np.array([[0.25, 1.0], [0.0, 1.0], [1.0, 1.0]]), 4.25 / 6, 5e-5)  # never averaged
    assert not is_unreduced(np.array(4.25 / 6), 4.25 / 6, 5e-5)  # a 0-d answer is reduced
    assert not is_unreduced(per_row * 2, 4.25 / 6, 5e-5)
    assert not is_unreduced(np.array([np.nan, 1.0]), 1.0, 5e-5)
    assert not is_unreduced(np.array([1.0, 1.0]), float("inf"), 5e-5)
    assert not is_unreduced(np.array(["a", "b"]), 1.0, 5e-5)
    assert not is_unreduced(np.zeros(0), 0.0, 5e-5)
    assert is_unreduced(np.array([999.0, 1001.0]), 1000.0005, 5e-5, 1e-6)  # the relative part counts too


# --- the lessons' answers -----------------------------------------------------------------------------------------


def _mse_of_five():
    errors = np.array([0.5, 0.5, 0.5, 0.5, 4.0])
    return mse(errors, np.zeros(5)), float(squared_error(4.0) / np.sum(squared_error(errors)))


def _huber_knee(curve_slope):
    """The first grid point where the slope stops growing (the lesson's cursor grid, step 0.01)."""
    d = np.linspace(0.0, 4.0, 401)
    slope = curve_slope(d)
    return float(d[np.argmax(slope >= slope.max())])


LESSON_ANSWERS = {
    ("mse", "pull", "slope-near"): lambda: float(squared_error_slope(0.1)),
    ("mse", "pull", "slope-far"): lambda: float(squared_error_slope(3.0)),
    ("mse", "outlier", "mse"): lambda: _mse_of_five()[0],
    ("mse", "outlier", "share"): lambda: _mse_of_five()[1],
    ("huber", "slope-stops", "knee-1"): lambda: _huber_knee(lambda v: huber_slope(v, 1.0)),
    ("huber", "slope-stops", "cap-1"): lambda: float(huber_slope(4.0, 1.0)),
    ("huber", "slope-stops", "knee-2"): lambda: _huber_knee(lambda v: huber_slope(v, 2.0)),
    ("huber", "outlier", "mean"): lambda: huber(np.array([0.5, 0.5, 0.5, 0.5, 4.0]), np.zeros(5)),
    ("huber", "outlier", "pull"): lambda: float(huber_slope(4.0, 1.0)),
    ("cross-entropy", "coin-flip", "loss-at-0"): lambda: float(ce_of_margin(0.0)),
    ("cross-entropy", "coin-flip", "margin-01"): lambda: bisect(lambda v: ce_of_margin(v) - 0.1, 0.0, 6.0),
    ("cross-entropy", "confidently-wrong", "ce-slope"): lambda: float(ce_of_margin_slope(-5.0)),
    ("cross-entropy", "confidently-wrong", "se-slope"): lambda: float(p_squared_error_of_margin_slope(-5.0)),
    # the panel's tasks
    ("mse", "square-overtakes", "d"): lambda: bisect(lambda v: squared_error(v) - absolute_error(v), 0.5, 2.0),
    ("huber", "tame-outlier", "delta"): lambda: bisect(lambda v: _outlier_pull_share(v) - 0.25, 0.5, 1.0),
    ("cross-entropy", "guess", "c10"): lambda: float(ce_of_margin(0.0, classes=10)),
    ("cross-entropy", "guess", "c1000"): lambda: float(ce_of_margin(0.0, classes=1000)),
}


def _outlier_pull_share(delta):
    """The outlier's share of the pull of the five errors [0.5, 0.5, 0.5, 0.5, 4] under Huber (the panel's)."""
    pulls = np.abs(huber_slope(np.array([0.5, 0.5, 0.5, 0.5, 4.0]), delta))
    return float(pulls[-1] / pulls.sum())


def _lesson_answers(slug):
    lesson = tomllib.loads((EXERCISES / slug / "lesson.toml").read_text(encoding="utf-8"))
    for task in lesson["task"]:
        for answer in task["answer"]:
            yield task["id"], answer


@pytest.mark.parametrize("slug", ["mse", "huber", "cross-entropy"])
def test_lesson_answers_are_the_reference(slug):
    seen = 0
    for task_id, answer in _lesson_answers(slug):
        computed = LESSON_ANSWERS[(slug, task_id, answer["id"])]()
        accepted = answer["value"] if isinstance(answer["value"], list) else [answer["value"]]
        assert min(abs(v - computed) for v in accepted) < 1e-4, (task_id, answer["id"], computed)
        seen += 1
    assert seen == sum(key[0] == slug for key in LESSON_ANSWERS)


def test_lesson_explanations_numbers():
    # MSE lesson: the outlier's slope 8 against 4·1; Huber lesson: ½·d² pulls with 4; cross-entropy lesson.
    assert squared_error_slope(4.0) == 8.0 and half_squared_error_slope(4.0) == 4.0
    assert huber_elementwise(4.0, 1.0) == 3.5 and huber_elementwise(0.5, 1.0) == 0.125
    assert ce_of_margin_slope(-5.0) / p_squared_error_of_margin_slope(-5.0) == pytest.approx(75.2, abs=0.05)
    assert p_squared_error_of_margin(-5.0) == pytest.approx(0.987, abs=5e-4)
    assert math.exp(-0.1) == pytest.approx(float(p_of_margin(2.25217)), abs=1e-5)
    # The table of −log p in the cross-entropy lesson.
    table = {0.99: 0.010, 0.9: 0.105, 0.5: 0.693, 0.1: 2.303, 0.01: 4.605, 0.0001: 9.210}
    for p, loss in table.items():
        assert round(-math.log(p), 3) == loss
