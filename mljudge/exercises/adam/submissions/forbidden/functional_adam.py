# The functional step that torch.optim.Adam calls.
import torch
from torch.optim.adam import adam as library_adam


def adam(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    p, exp_avg, exp_avg_sq = param.clone(), m.clone(), v.clone()
    library_adam([p], [grad], [exp_avg], [exp_avg_sq], [], [torch.tensor(float(t - 1))], amsgrad=False,
                 beta1=beta1, beta2=beta2, lr=lr, weight_decay=0.0, eps=eps, maximize=False)
    return p, exp_avg, exp_avg_sq
