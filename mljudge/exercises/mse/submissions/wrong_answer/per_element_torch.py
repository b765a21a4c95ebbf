# mistake: not-averaged
# The squared errors themselves, never averaged.
import torch


def mse(pred, target):
    return (pred - target) ** 2
