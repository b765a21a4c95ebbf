# A layer object that keeps what the backward pass needs from the forward pass, as a framework would.
import numpy as np


class Linear:
    def __init__(self, weight, bias):
        self.weight, self.bias = weight, bias

    def forward(self, x):
        self.x = x
        return x @ self.weight.T + self.bias

    def backward(self, grad_output):
        return grad_output @ self.weight, grad_output.T @ self.x, grad_output.sum(axis=0)


def linear_backward(x, weight, bias, grad_output):
    layer = Linear(weight, bias)
    layer.forward(x)
    return layer.backward(grad_output)
