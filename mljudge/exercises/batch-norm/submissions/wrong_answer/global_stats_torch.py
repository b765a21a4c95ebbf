# mistake: global-stats
import torch


def batch_norm(x, gamma, beta, eps=1e-5):
    return gamma * (x - x.mean()) / torch.sqrt(x.var(correction=0) + eps) + beta
