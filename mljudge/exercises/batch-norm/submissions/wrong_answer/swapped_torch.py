# mistake: gamma-beta-swapped
import torch


def batch_norm(x, gamma, beta, eps=1e-5):
    x_hat = (x - x.mean(dim=0)) / torch.sqrt(x.var(dim=0, correction=0) + eps)
    return beta * x_hat + gamma
