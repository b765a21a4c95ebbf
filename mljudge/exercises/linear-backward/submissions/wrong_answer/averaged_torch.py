# mistake: averaged
# The batch's mean taken inside the layer, on top of the one the loss already took.
import torch


def linear_backward(x, weight, bias, grad_output):
    n = x.shape[0]
    return grad_output @ weight, grad_output.T @ x / n, grad_output.sum(dim=0) / n
