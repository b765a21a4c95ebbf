import torch


@torch.no_grad()
def lamb(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.01, adam=False):
    """The step of the popular pytorch-lamb package, for one tensor."""
    p = param.clone()
    exp_avg, exp_avg_sq = m.clone(), v.clone()

    # Decay the first and second moment running average coefficient
    # m_t
    exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)
    # v_t
    exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)

    # Paper v3 does not use debiasing.
    # bias_correction1 = 1 - beta1 ** state['step']
    # bias_correction2 = 1 - beta2 ** state['step']
    # Apply bias to lr to avoid broadcast.
    step_size = lr  # * math.sqrt(bias_correction2) / bias_correction1

    weight_norm = p.pow(2).sum().sqrt().clamp(0, 10)

    adam_step = exp_avg / exp_avg_sq.sqrt().add(eps)
    if weight_decay != 0:
        adam_step.add_(p, alpha=weight_decay)

    adam_norm = adam_step.pow(2).sum().sqrt()
    if weight_norm == 0 or adam_norm == 0:
        trust_ratio = 1
    else:
        trust_ratio = weight_norm / adam_norm
    if adam:
        trust_ratio = 1

    p.add_(adam_step, alpha=-step_size * trust_ratio)
    return p, exp_avg, exp_avg_sq
