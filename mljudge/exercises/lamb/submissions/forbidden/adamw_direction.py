# AdamW at lr = 1 computes r (param minus AdamW's step is exactly r); the ratio is then one line. torch.optim is
# refused as a whole.
import torch


def lamb(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.01):
    p = param.clone().requires_grad_(True)
    opt = torch.optim.AdamW([p], lr=1.0, betas=(beta1, beta2), eps=eps, weight_decay=weight_decay)
    opt.state[p] = {"step": torch.tensor(float(t - 1)), "exp_avg": m.clone(), "exp_avg_sq": v.clone()}
    p.grad = grad.clone()
    opt.step()
    r = param - p.detach()
    w, u = param.norm(), r.norm()
    ratio = w / u if w > 0 and u > 0 else 1.0
    return param - lr * ratio * r, opt.state[p]["exp_avg"], opt.state[p]["exp_avg_sq"]
