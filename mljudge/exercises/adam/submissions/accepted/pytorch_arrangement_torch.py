# torch.optim.Adam's own arrangement (step size lr/(1 − β₁ᵗ), denominator √v/√(1 − β₂ᵗ) + eps), on clones.
import math

import torch


def adam(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    exp_avg = m.clone().lerp_(grad, 1 - beta1)
    exp_avg_sq = v.clone().mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
    step_size = lr / (1 - beta1**t)
    denom = (exp_avg_sq.sqrt() / math.sqrt(1 - beta2**t)).add_(eps)
    return param.clone().addcdiv_(exp_avg, denom, value=-step_size), exp_avg, exp_avg_sq
