import math

import torch


@torch.no_grad()
def lamb(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.01,
         max_grad_norm=1.0):
    """timm's Lamb for one tensor, with its default global gradient clipping (max_grad_norm=1.0) kept."""
    one_tensor = torch.tensor(1.0, dtype=param.dtype)
    global_grad_norm = torch.linalg.vector_norm(grad)
    max_grad_norm = torch.tensor(max_grad_norm, dtype=param.dtype)
    clip_global_grad_norm = torch.where(global_grad_norm > max_grad_norm, global_grad_norm / max_grad_norm,
                                        one_tensor)

    p, exp_avg, exp_avg_sq = param.clone(), m.clone(), v.clone()
    grad = grad.div(clip_global_grad_norm)
    bias_correction1 = 1 - beta1 ** t
    bias_correction2 = 1 - beta2 ** t
    exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)
    exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
    denom = (exp_avg_sq.sqrt() / math.sqrt(bias_correction2)).add_(eps)
    update = (exp_avg / bias_correction1).div_(denom)
    update.add_(p, alpha=weight_decay)
    w_norm = p.norm(2.0)
    g_norm = update.norm(2.0)
    trust_ratio = torch.where(w_norm > 0, torch.where(g_norm > 0, w_norm / g_norm, one_tensor), one_tensor)
    update.mul_(trust_ratio)
    p.add_(update, alpha=-lr)
    return p, exp_avg, exp_avg_sq
