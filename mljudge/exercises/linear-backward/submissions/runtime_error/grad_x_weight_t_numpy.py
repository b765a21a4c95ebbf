# mistake: grad-x-transposed
# grad_x with weight.T, as if weight were stored (in, out): (N, out) @ (in, out) only fits a square layer, and the
# first example (3 inputs, 2 outputs) stops with a shape error.
import numpy as np


def linear_backward(x, weight, bias, grad_output):
    return grad_output @ weight.T, grad_output.T @ x, grad_output.sum(axis=0)
