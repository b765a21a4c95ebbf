"""Pins reference.backprop: linear_backward against hand-computed values, against autograd through
torch.nn.functional.linear, and against finite differences of a scalar loss; the shapes and the refusals; and
every number the Backpropagation lesson quotes or accepts as an answer."""

import json
import tomllib
from pathlib import Path

import numpy as np
import pytest
import torch

from mljudge.reference.backprop import (
    LESSON_BIAS,
    LESSON_ENTRY,
    LESSON_TARGET,
    LESSON_WEIGHT,
    LESSON_X,
    lesson_best_entry,
    lesson_gradients,
    lesson_loss,
    lesson_loss_slope,
    linear,
    linear_backward,
    panel,
    squared_error_loss,
)

EXERCISES = Path(__file__).resolve().parents[2] / "mljudge" / "exercises"


def _torch_grads(x, weight, bias, grad_output):
    """Autograd's gradients of sum(y * grad_output) with y = F.linear(x, weight, bias): its vector-Jacobian
    product with grad_output, which is what a backward pass computes."""
    xs, ws, bs = (torch.tensor(a, dtype=torch.float64, requires_grad=True) for a in (x, weight, bias))
    y = torch.nn.functional.linear(xs, ws, bs)
    y.backward(torch.tensor(grad_output, dtype=torch.float64))
    return xs.grad.numpy(), ws.grad.numpy(), bs.grad.numpy()


def test_the_published_example_by_hand():
    # x (2, 3), weight (2, 3), grad_output (2, 2): every entry is a sum of two or three products of halves.
    g = np.array([[-0.75, -1.75], [1.25, 0.0]])
    grad_x, grad_weight, grad_bias = linear_backward(LESSON_X, LESSON_WEIGHT, LESSON_BIAS, g)
    # grad_x[0] = −0.75·weight[0] − 1.75·weight[1]
    np.testing.assert_array_equal(grad_x, [[1.375, -0.6875, -1.1875], [0.625, -0.3125, 1.25]])
    # grad_weight[0] = −0.75·x[0] + 1.25·x[1]; grad_weight[1] = −1.75·x[0] + 0·x[1]
    np.testing.assert_array_equal(grad_weight, [[-0.125, -2.75, 3.25], [-1.75, -3.5, 1.75]])
    np.testing.assert_array_equal(grad_bias, [0.5, -1.75])


def test_a_single_example_passes_grad_output_straight_to_the_bias():
    x, weight, bias, g = np.array([[2.0, -1.0]]), np.array([[1.0, 3.0], [0.5, -2.0], [0.0, 1.0]]), np.zeros(3), \
        np.array([[1.0, -2.0, 0.5]])
    grad_x, grad_weight, grad_bias = linear_backward(x, weight, bias, g)
    np.testing.assert_array_equal(grad_bias, g[0])
    np.testing.assert_array_equal(grad_weight, np.outer(g[0], x[0]))   # one example: an outer product
    np.testing.assert_array_equal(grad_x, [[1.0 * 1 - 2.0 * 0.5 + 0.5 * 0, 3.0 * 1 + 2.0 * 2 + 0.5 * 1]])


@pytest.mark.parametrize(("n", "fan_in", "fan_out"), [(1, 1, 1), (4, 3, 3), (64, 5, 4), (7, 2, 9), (3, 8, 1)])
def test_matches_autograd_through_f_linear(n, fan_in, fan_out):
    rng = np.random.default_rng(n * 100 + fan_in * 10 + fan_out)
    x, weight, bias = rng.normal(size=(n, fan_in)), rng.normal(size=(fan_out, fan_in)), rng.normal(size=fan_out)
    g = rng.normal(size=(n, fan_out))
    for ours, theirs in zip(linear_backward(x, weight, bias, g), _torch_grads(x, weight, bias, g), strict=True):
        assert ours.shape == theirs.shape
        np.testing.assert_allclose(ours, theirs, rtol=1e-13, atol=1e-13)
    np.testing.assert_allclose(linear(x, weight, bias), torch.nn.functional.linear(
        torch.from_numpy(x), torch.from_numpy(weight), torch.from_numpy(bias)).numpy(), rtol=1e-13, atol=1e-13)


def test_finite_differences_of_a_scalar_loss():
    # L = Σ c ⊙ y for a fixed c has ∂L/∂y = c: central differences of L in every input entry give the gradients.
    rng = np.random.default_rng(7)
    x, weight, bias, c = rng.normal(size=(3, 4)), rng.normal(size=(2, 4)), rng.normal(size=2), rng.normal(size=(3, 2))
    grads = linear_backward(x, weight, bias, c)
    for which, array in enumerate((x, weight, bias)):
        numeric = np.zeros_like(array)
        for index in np.ndindex(array.shape):
            bumped = [a.copy() for a in (x, weight, bias)]
            bumped[which][index] += 1e-6
            up = np.sum(c * linear(*bumped))
            bumped[which][index] -= 2e-6
            numeric[index] = (up - np.sum(c * linear(*bumped))) / 2e-6
        np.testing.assert_allclose(grads[which], numeric, rtol=1e-7, atol=1e-8)


def test_the_bias_values_do_not_matter_and_the_inputs_are_left_alone():
    rng = np.random.default_rng(3)
    x, weight, g = rng.normal(size=(5, 3)), rng.normal(size=(4, 3)), rng.normal(size=(5, 4))
    inputs = [x, weight, np.zeros(4), g]
    before = [a.copy() for a in inputs]
    first = linear_backward(*inputs)
    second = linear_backward(x, weight, rng.normal(size=4) * 100, g)
    for a, b in zip(first, second, strict=True):
        np.testing.assert_array_equal(a, b)
    for a, b in zip(inputs, before, strict=True):
        np.testing.assert_array_equal(a, b)
    assert not any(np.shares_memory(out, a) for out in first for a in inputs)


@pytest.mark.parametrize(("x", "weight", "bias", "g", "says"), [
    (np.zeros((2, 3)), np.zeros((3, 2)), np.zeros(2), np.zeros((2, 2)), "must be \\(out, in\\) = \\(2, 3\\)"),
    (np.zeros(3), np.zeros((2, 3)), np.zeros(2), np.zeros((1, 2)), "expected x \\(N, in\\)"),
    (np.zeros((2, 3)), np.zeros((2, 3)), np.zeros(3), np.zeros((2, 2)), "must be \\(out, in\\)"),
    (np.zeros((2, 3)), np.zeros((2, 3)), np.zeros(2), np.zeros((2, 3)), "grad_output must have the shape of y"),
])
def test_shapes_that_do_not_fit_are_refused_with_the_reason(x, weight, bias, g, says):
    with pytest.raises(ValueError, match=says):
        linear_backward(x, weight, bias, g)


# --- the lesson --------------------------------------------------------------------------------------------------


def test_the_lesson_example():
    y = linear(LESSON_X, LESSON_WEIGHT, LESSON_BIAS)
    np.testing.assert_array_equal(y, [[-0.75, -0.75], [2.75, -1.0]])
    np.testing.assert_array_equal(y - LESSON_TARGET, [[-0.75, -1.75], [1.25, 0.0]])
    assert squared_error_loss(y, LESSON_TARGET) == 2.59375
    grad_weight = lesson_gradients()[1]
    assert LESSON_ENTRY == (0, 1) and LESSON_WEIGHT[LESSON_ENTRY] == -0.25
    assert grad_weight[LESSON_ENTRY] == -2.75


def test_the_lesson_curve_is_the_loss_and_its_slope_is_backprop():
    w = np.linspace(-1.0, 1.5, 251)
    values, slopes = lesson_loss(w), lesson_loss_slope(w)
    assert values.shape == slopes.shape == w.shape
    # A parabola: central differences are exact for it (up to rounding).
    np.testing.assert_allclose(slopes[1:-1], (values[2:] - values[:-2]) / (w[2:] - w[:-2]), atol=1e-9)
    # The slope at the layer's own weight is the entry linear_backward gives.
    assert float(lesson_loss_slope(np.array(-0.25))) == -2.75
    best = lesson_best_entry()
    assert best == pytest.approx(0.3, abs=1e-12)
    assert float(lesson_loss_slope(np.array(best))) == pytest.approx(0.0, abs=1e-12)
    assert float(lesson_loss(np.array(best))) == pytest.approx(1.8375, abs=1e-12)
    # One gradient step of lr 0.1 from −0.25: w − lr·slope = −0.25 + 0.275.
    stepped = -0.25 - 0.1 * -2.75
    assert stepped == pytest.approx(0.025)
    assert float(lesson_loss(np.array(stepped))) == pytest.approx(2.0265625, abs=1e-12)


def test_the_claims_of_the_lesson_and_the_panel():
    # Along weight[0, 1] the slope is Σₙ x[n, 1]²·(w − 0.3) = 5·(w − 0.3): with lr 0.1 each step halves the distance.
    w = -0.25
    for _ in range(4):
        new_w = w - 0.1 * float(lesson_loss_slope(np.array(w)))
        assert 0.3 - new_w == pytest.approx((0.3 - w) / 2, abs=1e-12)
        w = new_w
    # One step of lr 0.1 on every weight and bias at once (the panel's "step" button) lowers the loss.
    _, grad_weight, grad_bias = lesson_gradients()
    before = squared_error_loss(linear(LESSON_X, LESSON_WEIGHT, LESSON_BIAS), LESSON_TARGET)
    after = squared_error_loss(linear(LESSON_X, LESSON_WEIGHT - 0.1 * grad_weight, LESSON_BIAS - 0.1 * grad_bias),
                               LESSON_TARGET)
    assert before == 2.59375 and after < before


# Each lesson answer and the reference computation it must equal: (task, answer) -> value.
LESSON_ANSWERS = {
    ("read-the-slope", "slope"): lambda: float(lesson_loss_slope(np.array(-0.25))),
    ("read-the-slope", "by-hand"): lambda: float(lesson_gradients()[1][LESSON_ENTRY]),
    ("one-step", "new-w"): lambda: -0.25 - 0.1 * float(lesson_loss_slope(np.array(-0.25))),
    ("one-step", "new-loss"): lambda: float(lesson_loss(np.array(-0.25 - 0.1 * -2.75))),
    ("bottom", "best-w"): lesson_best_entry,
    ("bottom", "best-loss"): lambda: float(lesson_loss(np.array(lesson_best_entry()))),
}


def test_lesson_answers_come_from_the_reference():
    lesson = tomllib.loads((EXERCISES / "linear-backward" / "lesson.toml").read_text(encoding="utf-8"))
    given = {(task["id"], answer["id"]): answer["value"] for task in lesson["task"] for answer in task["answer"]}
    assert set(given) == set(LESSON_ANSWERS)
    for key, value in given.items():
        assert value == pytest.approx(LESSON_ANSWERS[key](), abs=1e-9), key


def test_panel_is_plain_json_and_starts_at_the_lesson():
    data = panel()
    assert json.loads(json.dumps(data, allow_nan=False)) == data
    grad_x, grad_weight, grad_bias = lesson_gradients()
    np.testing.assert_array_equal(data["start"]["grad_weight"], grad_weight)
    np.testing.assert_array_equal(data["start"]["grad_x"], grad_x)
    np.testing.assert_array_equal(data["start"]["grad_bias"], grad_bias)
    assert data["start"]["loss"] == 2.59375 and data["entry"] == [0, 1]
