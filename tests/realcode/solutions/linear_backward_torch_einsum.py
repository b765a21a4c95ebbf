import torch


def linear_backward(x, weight, bias, grad_output):
    grad_x = torch.einsum("no,oi->ni", grad_output, weight)
    grad_weight = torch.einsum("no,ni->oi", grad_output, x)
    grad_bias = torch.einsum("no->o", grad_output)
    return grad_x, grad_weight, grad_bias
