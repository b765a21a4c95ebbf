# mistake: no-eps
import torch


def batch_norm(x, gamma, beta, eps=1e-5):
    return gamma * (x - x.mean(dim=0)) / x.std(dim=0, correction=0) + beta
