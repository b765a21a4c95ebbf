# mistake: eps-outside-root
import numpy as np


def batch_norm(x, gamma, beta, eps=1e-5):
    return gamma * (x - x.mean(axis=0)) / (x.std(axis=0) + eps) + beta
