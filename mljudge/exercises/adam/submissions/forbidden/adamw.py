# Another optimiser of the package (AdamW with weight_decay=0 is Adam): torch.optim is refused as a whole.
import torch


def adam(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    p = param.clone().requires_grad_(True)
    opt = torch.optim.AdamW([p], lr=lr, betas=(beta1, beta2), eps=eps, weight_decay=0.0)
    p.grad = grad.clone()
    opt.step()
    return p.detach(), m, v
