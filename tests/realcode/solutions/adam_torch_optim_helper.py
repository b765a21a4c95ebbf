import torch


class _OneStep:
    """Run exactly one torch.optim.Adam step from a given state, without touching the inputs."""

    def __init__(self, lr, betas, eps):
        self.kw = dict(lr=lr, betas=betas, eps=eps)

    def __call__(self, param, grad, m, v, t):
        p = param.clone().requires_grad_(True)
        opt = torch.optim.Adam([p], **self.kw)
        p.grad = grad.clone()
        opt.state[p] = {"step": torch.tensor(float(t - 1)), "exp_avg": m.clone(), "exp_avg_sq": v.clone()}
        opt.step()
        st = opt.state[p]
        return p.detach(), st["exp_avg"], st["exp_avg_sq"]


def adam(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    return _OneStep(lr, (beta1, beta2), eps)(param, grad, m, v, t)
