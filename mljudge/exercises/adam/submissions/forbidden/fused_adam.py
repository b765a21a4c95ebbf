# The fused kernel behind Adam(fused=True).
import torch


def adam(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    p, exp_avg, exp_avg_sq = param.clone(), m.clone(), v.clone()
    torch._fused_adam_([p], [grad], [exp_avg], [exp_avg_sq], [], [torch.tensor(float(t))], lr=lr, beta1=beta1,
                       beta2=beta2, weight_decay=0.0, eps=eps, amsgrad=False, maximize=False)
    return p, exp_avg, exp_avg_sq
