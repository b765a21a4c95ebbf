# mistake: weight-transposed
# The (in, out) layout of y = x @ W: the gradient comes out transposed.
import numpy as np


def linear_backward(x, weight, bias, grad_output):
    return grad_output @ weight, x.T @ grad_output, grad_output.sum(axis=0)
