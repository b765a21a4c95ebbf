# mistake: unbiased-variance
# Tensor.var divides by N - 1 unless told otherwise.
import torch


def batch_norm(x, gamma, beta, eps=1e-5):
    return gamma * (x - x.mean(dim=0)) / torch.sqrt(x.var(dim=0) + eps) + beta
