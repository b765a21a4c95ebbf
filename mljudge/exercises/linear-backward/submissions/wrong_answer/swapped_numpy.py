# mistake: swapped
import numpy as np


def linear_backward(x, weight, bias, grad_output):
    grad_x = grad_output @ weight
    grad_weight = grad_output.T @ x
    return grad_weight, grad_x, grad_output.sum(axis=0)
