# EfficientNet-PyTorch's memory-efficient Swish: a custom autograd.Function that saves only its input, with a
# beta added.
import torch
from torch import nn


class SwishImplementation(torch.autograd.Function):
    @staticmethod
    def forward(ctx, i, beta):
        result = i * torch.sigmoid(beta * i)
        ctx.save_for_backward(i)
        ctx.beta = beta
        return result

    @staticmethod
    def backward(ctx, grad_output):
        i = ctx.saved_tensors[0]
        sigmoid_i = torch.sigmoid(ctx.beta * i)
        return grad_output * (sigmoid_i * (1 + ctx.beta * i * (1 - sigmoid_i))), None


class MemoryEfficientSwish(nn.Module):
    def __init__(self, beta=1.0):
        super().__init__()
        self.beta = beta

    def forward(self, x):
        return SwishImplementation.apply(x, self.beta)


def swish(x, beta=1.0):
    return MemoryEfficientSwish(beta)(x)
