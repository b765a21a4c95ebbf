# The Gaussian negative log-likelihood with variance 1 is ½·MSE (log 1 = 0): refused too.
import torch
import torch.nn.functional as F


def mse(pred, target):
    return 2 * F.gaussian_nll_loss(pred, target, torch.ones_like(pred))
