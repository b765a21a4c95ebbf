# The index notation of the sums, handed to einsum as it is.
import numpy as np


def linear_backward(x, weight, bias, grad_output):
    grad_x = np.einsum("no,oi->ni", grad_output, weight)
    grad_weight = np.einsum("no,ni->oi", grad_output, x)
    grad_bias = np.einsum("no->o", grad_output)
    return grad_x, grad_weight, grad_bias
