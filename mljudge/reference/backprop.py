"""Backpropagation through one linear layer, and the small example the "Backpropagation" lesson plots.

The layer is PyTorch's ``torch.nn.Linear``: y = x @ weight.T + bias, with x of shape (N, in), weight (out, in),
bias (out,) and y (N, out). Given the loss's gradient with respect to y, ``grad_output`` (N, out), the chain rule
gives the three gradients the layer passes on:

    grad_x      = grad_output @ weight          (N, out) @ (out, in)  → (N, in)     what flows to the layer below
    grad_weight = grad_output.T @ x             (out, N) @ (N, in)    → (out, in)   the shape of weight
    grad_bias   = grad_output.sum(axis=0)       summed over the batch → (out,)      the shape of bias

Each gradient has the shape of what it is the gradient of, and the batch dimension N is summed away in
grad_weight and grad_bias: every example's contribution adds up, because the loss the batch reports is a sum (or
a mean, whose 1/N is already inside grad_output) over the examples.

The second half is the lesson's example: one layer with 3 inputs and 2 outputs on a batch of 2, a squared-error
loss ½·Σ(y − target)², and that loss as a function of one weight, ``weight[0, 1]``, with the others held: its
slope at every point is the entry grad_weight[0, 1] that `linear_backward` computes.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from mljudge.reference.arrays import Floats


def _layer(x: ArrayLike, weight: ArrayLike, bias: ArrayLike) -> tuple[Floats, Floats, Floats]:
    """x, weight and bias as float64 arrays whose shapes fit one linear layer, or a ValueError saying which
    shape is off (a (in, out) weight is the classic slip: name it)."""
    x, weight, bias = (np.asarray(a, dtype=np.float64) for a in (x, weight, bias))
    if x.ndim != 2 or weight.ndim != 2 or bias.ndim != 1:
        raise ValueError(f"expected x (N, in), weight (out, in) and bias (out,), got x {x.shape}, "
                         f"weight {weight.shape}, bias {bias.shape}")
    if weight.shape[1] != x.shape[1] or bias.shape[0] != weight.shape[0]:
        raise ValueError(f"weight must be (out, in) = ({bias.shape[0]}, {x.shape[1]}) for x {x.shape} and bias "
                         f"{bias.shape}, got {weight.shape}")
    return x, weight, bias


def linear(x: ArrayLike, weight: ArrayLike, bias: ArrayLike) -> Floats:
    """The forward pass: y = x @ weight.T + bias, shape (N, out)."""
    x, weight, bias = _layer(x, weight, bias)
    return x @ weight.T + bias


def linear_backward(x: ArrayLike, weight: ArrayLike, bias: ArrayLike,
                    grad_output: ArrayLike) -> tuple[Floats, Floats, Floats]:
    """``(grad_x, grad_weight, grad_bias)`` for y = x @ weight.T + bias, given grad_output = ∂loss/∂y (N, out).

    grad_x = grad_output @ weight (N, in); grad_weight = grad_output.T @ x (out, in); grad_bias = the sum of
    grad_output over the batch (out,). The bias's values do not enter any gradient (the layer is linear in it):
    it is taken for its shape, as torch.nn.Linear's backward has it. New arrays; the inputs are left alone.
    """
    x, weight, bias = _layer(x, weight, bias)
    g = np.asarray(grad_output, dtype=np.float64)
    if g.shape != (x.shape[0], weight.shape[0]):
        raise ValueError(f"grad_output must have the shape of y, (N, out) = ({x.shape[0]}, {weight.shape[0]}), "
                         f"got {g.shape}")
    return g @ weight, g.T @ x, g.sum(axis=0)


# --- the lesson's example -----------------------------------------------------------------------------------------
# One layer, 3 inputs → 2 outputs, a batch of two examples, and targets for a squared-error loss. Small integers
# and halves, so that the learner can redo every number by hand.

LESSON_X = np.array([[1.0, 2.0, -1.0],
                     [0.5, -1.0, 2.0]])
LESSON_WEIGHT = np.array([[0.5, -0.25, 1.0],
                          [-1.0, 0.5, 0.25]])
LESSON_BIAS = np.array([0.25, -0.5])
LESSON_TARGET = np.array([[0.0, 1.0],
                          [1.5, -1.0]])
LESSON_ENTRY = (0, 1)  # the weight the lesson varies: weight[0, 1], from input 1 to output 0


def squared_error_loss(y: ArrayLike, target: ArrayLike) -> float:
    """½·Σ(y − target)² over every element: its gradient with respect to y is simply y − target."""
    d = np.asarray(y, dtype=np.float64) - np.asarray(target, dtype=np.float64)
    return float(0.5 * np.sum(d * d))


def lesson_gradients() -> tuple[Floats, Floats, Floats]:
    """The three gradients of the lesson's loss at the lesson's weights: linear_backward with y − target."""
    y = linear(LESSON_X, LESSON_WEIGHT, LESSON_BIAS)
    return linear_backward(LESSON_X, LESSON_WEIGHT, LESSON_BIAS, y - LESSON_TARGET)


def _with_entry(w: float) -> Floats:
    weight = LESSON_WEIGHT.copy()
    weight[LESSON_ENTRY] = w
    return weight


def lesson_loss(w: ArrayLike) -> NDArray[np.float64] | np.float64:
    """Lesson curve: the loss as a function of weight[0, 1] = w, every other number held. A parabola."""
    values = [squared_error_loss(linear(LESSON_X, _with_entry(float(v)), LESSON_BIAS), LESSON_TARGET)
              for v in np.ravel(np.asarray(w, dtype=np.float64))]
    return np.asarray(values, dtype=np.float64).reshape(np.shape(w))[()]


def lesson_loss_slope(w: ArrayLike) -> NDArray[np.float64] | np.float64:
    """Lesson curve: the slope of `lesson_loss`, computed by backpropagation: grad_weight[0, 1] of
    `linear_backward` at weight[0, 1] = w, with grad_output = y − target."""
    slopes = []
    for v in np.ravel(np.asarray(w, dtype=np.float64)):
        weight = _with_entry(float(v))
        y = linear(LESSON_X, weight, LESSON_BIAS)
        slopes.append(linear_backward(LESSON_X, weight, LESSON_BIAS, y - LESSON_TARGET)[1][LESSON_ENTRY])
    return np.asarray(slopes, dtype=np.float64).reshape(np.shape(w))[()]


def lesson_best_entry() -> float:
    """Where the parabola `lesson_loss` bottoms out: the loss is ½·Σₙ(a·xₙ₁ + cₙ)² in w = weight[0, 1] along
    output 0, so the slope Σₙ xₙ₁·(w·xₙ₁ + rₙ) is zero at w = −Σₙ xₙ₁·rₙ / Σₙ xₙ₁², rₙ being the rest of output 0's
    error with the entry taken out."""
    i, j = LESSON_ENTRY
    rest = linear(LESSON_X, _with_entry(0.0), LESSON_BIAS)[:, i] - LESSON_TARGET[:, i]
    column = LESSON_X[:, j]
    return float(-(column @ rest) / (column @ column))


def panel() -> dict[str, Any]:
    """What the lesson's panel draws (web/static/js/panels/backprop.js), as plain lists: the example the learner
    edits (x, weight, bias, target), the entry the 1-D plot varies, the gradient step's lr, and at the start the
    forward values and all three gradients, for the page's own computation (three matrix products) to be tested
    against."""
    y = linear(LESSON_X, LESSON_WEIGHT, LESSON_BIAS)
    grad_x, grad_weight, grad_bias = lesson_gradients()
    return {
        "x": LESSON_X.tolist(), "weight": LESSON_WEIGHT.tolist(), "bias": LESSON_BIAS.tolist(),
        "target": LESSON_TARGET.tolist(), "entry": list(LESSON_ENTRY), "lr": 0.1, "range": [-3.0, 3.0],
        "step": 0.05,
        "start": {"y": y.tolist(), "loss": squared_error_loss(y, LESSON_TARGET),
                  "grad_output": (y - LESSON_TARGET).tolist(), "grad_x": grad_x.tolist(),
                  "grad_weight": grad_weight.tolist(), "grad_bias": grad_bias.tolist()},
    }
