# The function is called `backward`, not `linear_backward`.
import numpy as np


def backward(x, weight, bias, grad_output):
    return grad_output @ weight, grad_output.T @ x, grad_output.sum(axis=0)
