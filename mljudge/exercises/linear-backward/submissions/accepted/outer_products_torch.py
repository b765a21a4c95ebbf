# grad_weight as a sum of one outer product per example: what the batch "votes" for.
import torch


def linear_backward(x, weight, bias, grad_output):
    grad_weight = torch.zeros_like(weight)
    for g, row in zip(grad_output, x):
        grad_weight = grad_weight + torch.outer(g, row)
    return torch.matmul(grad_output, weight), grad_weight, grad_output.sum(0)
