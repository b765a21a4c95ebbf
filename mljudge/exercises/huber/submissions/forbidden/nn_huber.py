from torch import nn


def huber(pred, target, delta=1.0):
    return nn.HuberLoss(delta=delta)(pred, target)
