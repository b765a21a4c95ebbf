# mistake: bias-not-summed
# ∂y/∂bias is 1, so the bias's gradient "is" grad_output: true for one example, not for a batch.
import torch


def linear_backward(x, weight, bias, grad_output):
    return grad_output @ weight, grad_output.T @ x, grad_output.clone()
