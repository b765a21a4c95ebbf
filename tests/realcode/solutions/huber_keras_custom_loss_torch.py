# The custom Keras loss every DQN blog post of 2017 pasted, in PyTorch: a per-element loss and its mean.
import torch


def huber_loss(y_true, y_pred, clip_delta=1.0):
    error = y_true - y_pred
    cond = torch.abs(error) < clip_delta

    squared_loss = 0.5 * torch.square(error)
    linear_loss = clip_delta * (torch.abs(error) - 0.5 * clip_delta)

    return torch.where(cond, squared_loss, linear_loss)


def huber_loss_mean(y_true, y_pred, clip_delta=1.0):
    return torch.mean(huber_loss(y_true, y_pred, clip_delta))


def huber(pred, target, delta=1.0):
    return huber_loss_mean(target, pred, delta)
