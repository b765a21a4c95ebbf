# The functional step behind AdamW, imported by name.
import torch
from torch.optim.adamw import adamw


def lamb(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.01):
    p, exp_avg, exp_avg_sq = param.clone(), m.clone(), v.clone()
    adamw([p], [grad], [exp_avg], [exp_avg_sq], [], [torch.tensor(float(t - 1))], amsgrad=False, beta1=beta1,
          beta2=beta2, lr=1.0, weight_decay=weight_decay, eps=eps, maximize=False)
    r = param - p
    ratio = param.norm() / r.norm() if param.norm() > 0 and r.norm() > 0 else 1.0
    return param - lr * ratio * r, exp_avg, exp_avg_sq
