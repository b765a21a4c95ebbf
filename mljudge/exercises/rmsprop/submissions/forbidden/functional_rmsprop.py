# The functional step that torch.optim.RMSprop calls.
import torch
from torch.optim.rmsprop import rmsprop as library_rmsprop


def rmsprop(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    p, s = param.clone(), square_avg.clone()
    library_rmsprop([p], [grad], [s], [], [], [torch.tensor(0.0)], lr=lr, alpha=alpha, eps=eps,
                    weight_decay=0.0, momentum=0.0, centered=False)
    return p, s
