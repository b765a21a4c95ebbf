# torch.optim.Adam on copies, with its state filled in: the optimiser is the library's, not yours.
import torch


def adam(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    p = param.clone().requires_grad_(True)
    opt = torch.optim.Adam([p], lr=lr, betas=(beta1, beta2), eps=eps)
    opt.state[p] = {"step": torch.tensor(float(t - 1)), "exp_avg": m.clone(), "exp_avg_sq": v.clone()}
    p.grad = grad.clone()
    opt.step()
    return p.detach(), opt.state[p]["exp_avg"], opt.state[p]["exp_avg_sq"]
