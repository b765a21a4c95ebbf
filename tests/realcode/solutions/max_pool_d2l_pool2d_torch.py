import torch
from torch import nn


def pool2d(X, pool_size, mode='max', stride=None):
    p_h, p_w = pool_size
    s = p_h if stride is None else stride
    Y = torch.zeros(X.shape[:-2] + ((X.shape[-2] - p_h) // s + 1, (X.shape[-1] - p_w) // s + 1))
    for i in range(Y.shape[-2]):
        for j in range(Y.shape[-1]):
            window = X[..., i * s: i * s + p_h, j * s: j * s + p_w]
            if mode == 'max':
                Y[..., i, j] = window.amax(dim=(-2, -1))
            elif mode == 'avg':
                Y[..., i, j] = window.mean(dim=(-2, -1))
    return Y


def max_pool2d(x, kernel_size=2, stride=None):
    return pool2d(x, (kernel_size, kernel_size), 'max', stride)


if __name__ == "__main__":
    X = torch.arange(16, dtype=torch.float32).reshape((1, 1, 4, 4))
    print(max_pool2d(X))
    print(nn.MaxPool2d(2)(X))
