# tanhshrink(x) = x - tanh(x), so x - tanhshrink(x) = tanh(x); it calls aten::tanh underneath.
import torch.nn.functional as F


def tanh(x):
    return x - F.tanhshrink(x)
