import torch
from torch import nn
from torch.nn import functional as F


def corr2d(X, K, stride=1):  #@save
    """Compute 2D cross-correlation."""
    h, w = K.shape
    Y = torch.zeros(((X.shape[0] - h) // stride + 1, (X.shape[1] - w) // stride + 1))
    for i in range(Y.shape[0]):
        for j in range(Y.shape[1]):
            Y[i, j] = (X[i * stride:i * stride + h, j * stride:j * stride + w] * K).sum()
    return Y


class Conv2D(nn.Module):
    def __init__(self, kernel, stride=1, padding=0):
        super().__init__()
        self.weight = nn.Parameter(kernel.clone())
        self.bias = nn.Parameter(torch.zeros(1))
        self.stride = stride
        self.padding = padding

    def forward(self, x):
        p = self.padding
        x = F.pad(x, (p, p, p, p))
        return corr2d(x, self.weight, self.stride) + self.bias


def conv2d(image, kernel, stride=1, padding=0):
    layer = Conv2D(kernel, stride, padding)
    return layer(image)
