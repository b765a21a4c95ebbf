# A loss module holding its delta, the way a training script would, built from masks used as numbers.
import torch
from torch import nn


class Huber(nn.Module):
    def __init__(self, delta):
        super().__init__()
        self.delta = delta

    def forward(self, pred, target):
        d = pred - target
        small = (d.abs() <= self.delta).to(d.dtype)
        quadratic = 0.5 * d.pow(2)
        linear = self.delta * (d.abs() - 0.5 * self.delta)
        return (small * quadratic + (1 - small) * linear).mean()


def huber(pred, target, delta=1.0):
    return Huber(delta)(pred, target)
