# A parametric ReLU whose learned slope is 0 is plain ReLU, reached here through the tensor method x.prelu(w).
import torch


def relu(x):
    return x.double().prelu(torch.zeros(1, dtype=torch.float64))
