import torch


def init_momentum_states(feature_dim):
    v_w = torch.zeros((feature_dim, 1))
    v_b = torch.zeros(1)
    return (v_w, v_b)


def sgd_momentum_d2l(params, states, hyperparams):
    for p, v in zip(params, states):
        with torch.no_grad():
            v[:] = hyperparams['momentum'] * v + p.grad
            p[:] -= hyperparams['lr'] * v
        p.grad.data.zero_()


def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9):
    p, v = param.clone(), velocity.clone()
    p.grad = grad.clone()
    sgd_momentum_d2l([p], [v], {'lr': lr, 'momentum': momentum})
    return p.detach(), v
