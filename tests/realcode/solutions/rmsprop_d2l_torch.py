import torch


def init_rmsprop_states(feature_dim):
    s_w = torch.zeros((feature_dim, 1))
    s_b = torch.zeros(1)
    return (s_w, s_b)


def rmsprop_d2l(params, states, hyperparams):
    gamma, eps = hyperparams['gamma'], 1e-6
    for p, s in zip(params, states):
        with torch.no_grad():
            s[:] = gamma * s + (1 - gamma) * torch.square(p.grad)
            p[:] -= hyperparams['lr'] * p.grad / torch.sqrt(s + eps)
        p.grad.data.zero_()


def rmsprop(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    p, s = param.clone(), square_avg.clone()
    p.grad = grad.clone()
    rmsprop_d2l([p], [s], {'lr': lr, 'gamma': alpha})
    return p.detach(), s
