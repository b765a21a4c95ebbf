"""Known wrong versions of linear_backward. The judge recognises a learner's mistake when their outputs match one
of these on every case they answered (trusted code: runs in the judge, never in the sandbox)."""

import numpy as np

from mljudge.reference.arrays import Floats
from mljudge.reference.backprop import linear_backward


def weight_transposed(x: Floats, weight: Floats, bias: Floats, grad_output: Floats) -> tuple[Floats, Floats, Floats]:
    """grad_weight = x.T @ grad_output: the layout of a (in, out) weight, as in y = x @ W."""
    grad_x, _, grad_bias = linear_backward(x, weight, bias, grad_output)
    return grad_x, x.T @ grad_output, grad_bias


def bias_not_summed(x: Floats, weight: Floats, bias: Floats, grad_output: Floats) -> tuple[Floats, Floats, Floats]:
    """grad_bias = grad_output itself, one row per example, never summed over the batch."""
    grad_x, grad_weight, _ = linear_backward(x, weight, bias, grad_output)
    return grad_x, grad_weight, np.array(grad_output, dtype=np.float64)


def bias_averaged(x: Floats, weight: Floats, bias: Floats, grad_output: Floats) -> tuple[Floats, Floats, Floats]:
    """grad_bias = the mean of grad_output over the batch instead of its sum."""
    grad_x, grad_weight, _ = linear_backward(x, weight, bias, grad_output)
    return grad_x, grad_weight, grad_output.mean(axis=0)


def averaged(x: Floats, weight: Floats, bias: Floats, grad_output: Floats) -> tuple[Floats, Floats, Floats]:
    """grad_weight and grad_bias both divided by N: the batch's mean taken a second time."""
    grad_x, grad_weight, grad_bias = linear_backward(x, weight, bias, grad_output)
    n = x.shape[0]
    return grad_x, grad_weight / n, grad_bias / n


def swapped(x: Floats, weight: Floats, bias: Floats, grad_output: Floats) -> tuple[Floats, Floats, Floats]:
    """The right arrays in the wrong order: (grad_weight, grad_x, grad_bias)."""
    grad_x, grad_weight, grad_bias = linear_backward(x, weight, bias, grad_output)
    return grad_weight, grad_x, grad_bias


def grad_x_transposed(x: Floats, weight: Floats, bias: Floats, grad_output: Floats) -> tuple[Floats, Floats, Floats]:
    """grad_x = grad_output @ weight.T: raises unless the layer is square (in = out)."""
    _, grad_weight, grad_bias = linear_backward(x, weight, bias, grad_output)
    return grad_output @ weight.T, grad_weight, grad_bias
