# mistake: grad-x-transposed
# The same slip in PyTorch: "mat1 and mat2 shapes cannot be multiplied".
import torch


def linear_backward(x, weight, bias, grad_output):
    return grad_output @ weight.T, grad_output.T @ x, grad_output.sum(dim=0)
