# timm's way of writing the guard: torch.where on the norms, no Python branch.
import math

import torch


def lamb(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.01):
    exp_avg = m.mul(beta1).add(grad, alpha=1 - beta1)
    exp_avg_sq = v.mul(beta2).addcmul(grad, grad, value=1 - beta2)
    denom = (exp_avg_sq.sqrt() / math.sqrt(1 - beta2**t)).add(eps)
    update = (exp_avg / (1 - beta1**t)).div(denom).add(param, alpha=weight_decay)
    w_norm, g_norm = param.norm(2.0), update.norm(2.0)
    one = torch.ones_like(w_norm)
    trust_ratio = torch.where(w_norm > 0, torch.where(g_norm > 0, w_norm / g_norm, one), one)
    return param - lr * trust_ratio * update, exp_avg, exp_avg_sq
