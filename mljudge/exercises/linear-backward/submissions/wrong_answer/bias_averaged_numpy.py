# mistake: bias-averaged
import numpy as np


def linear_backward(x, weight, bias, grad_output):
    return grad_output @ weight, grad_output.T @ x, grad_output.mean(axis=0)
