# mistake: half
import torch


def mse(pred, target):
    return 0.5 * ((pred - target) ** 2).mean()
