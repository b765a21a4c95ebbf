# Tensor.std with unbiased=False (the older spelling of correction=0); eps still inside the root.
import torch


def batch_norm(x, gamma, beta, eps=1e-5):
    std = x.std(dim=0, unbiased=False)
    return gamma * (x - x.mean(dim=0)) / torch.sqrt(std**2 + eps) + beta
