# mistake: velocity-holds-step
# CS231n's optim.sgd_momentum (assignment 2), called from this exercise's signature: its velocity holds the step
# itself, v = μ·v − lr·dw and next_w = w + v, so it is −lr times the PyTorch velocity this step takes and returns.
import numpy as np


def _cs231n_sgd_momentum(w, dw, config=None):
    """
    Performs stochastic gradient descent with momentum.

    config format:
    - learning_rate: Scalar learning rate.
    - momentum: Scalar between 0 and 1 giving the momentum value.
    - velocity: A numpy array of the same shape as w and dw used to store a
      moving average of the gradients.
    """
    if config is None:
        config = {}
    config.setdefault("learning_rate", 1e-2)
    config.setdefault("momentum", 0.9)
    v = config.get("velocity", np.zeros_like(w))

    v = config["momentum"] * v - config["learning_rate"] * dw
    next_w = w + v
    config["velocity"] = v

    return next_w, config


def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9):
    config = {"learning_rate": lr, "momentum": momentum, "velocity": velocity}
    next_w, config = _cs231n_sgd_momentum(param, grad, config)
    return next_w, config["velocity"]
