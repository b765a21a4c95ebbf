import math

import torch


@torch.no_grad()
def lamb_step(p, grad, exp_avg, exp_avg_sq, step, lr, beta1, beta2, eps, weight_decay, trust_clip=False,
              always_adapt=True):
    """One parameter's update of timm's Lamb (its inner loop over group['params'], global grad clipping off)."""
    one_tensor = torch.tensor(1.0, device=p.device, dtype=p.dtype)
    bias_correction1 = 1 - beta1 ** step
    bias_correction2 = 1 - beta2 ** step

    # Decay the first and second moment running average coefficient
    exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)  # m_t
    exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)  # v_t

    denom = (exp_avg_sq.sqrt() / math.sqrt(bias_correction2)).add_(eps)
    update = (exp_avg / bias_correction1).div_(denom)

    if weight_decay != 0:
        update.add_(p, alpha=weight_decay)

    if weight_decay != 0 or always_adapt:
        # Layer-wise LR adaptation. By default, skip adaptation on parameters that are
        # excluded from weight decay, unless always_adapt == True, then always enabled.
        w_norm = p.norm(2.0)
        g_norm = update.norm(2.0)
        # FIXME nested where required since logical and/or not working in PT XLA
        trust_ratio = torch.where(
            w_norm > 0,
            torch.where(g_norm > 0, w_norm / g_norm, one_tensor),
            one_tensor,
        )
        if trust_clip:
            # LAMBC trust clipping, upper bound fixed at one
            trust_ratio = torch.minimum(trust_ratio, one_tensor)
        update.mul_(trust_ratio)

    p.add_(update, alpha=-lr)


def lamb(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.01):
    p, exp_avg, exp_avg_sq = param.clone(), m.clone(), v.clone()
    lamb_step(p, grad, exp_avg, exp_avg_sq, t, lr, beta1, beta2, eps, weight_decay)
    return p, exp_avg, exp_avg_sq
