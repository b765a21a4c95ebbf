import torch.nn.functional as F


def huber(pred, target, delta=1.0):
    return F.huber_loss(pred, target, delta=delta)
