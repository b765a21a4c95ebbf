"""Adam as optax builds it, chain(scale_by_adam(b1, b2, eps), scale(-lr)), in NumPy."""
from typing import NamedTuple

import numpy as np


class ScaleByAdamState(NamedTuple):
    count: int
    mu: np.ndarray
    nu: np.ndarray


def update_moment(updates, moments, decay, order):
    return (1 - decay) * (updates ** order) + decay * moments


def bias_correction(moment, decay, count):
    bias_correction_ = 1 - decay ** count
    return moment / bias_correction_


def scale_by_adam(b1=0.9, b2=0.999, eps=1e-8, eps_root=0.0):
    def init_fn(params):
        return ScaleByAdamState(count=0, mu=np.zeros_like(params), nu=np.zeros_like(params))

    def update_fn(updates, state, params=None):
        mu = update_moment(updates, state.mu, b1, 1)
        nu = update_moment(updates, state.nu, b2, 2)
        count_inc = state.count + 1
        mu_hat = bias_correction(mu, b1, count_inc)
        nu_hat = bias_correction(nu, b2, count_inc)
        updates = mu_hat / (np.sqrt(nu_hat + eps_root) + eps)
        return updates, ScaleByAdamState(count=count_inc, mu=mu, nu=nu)

    return init_fn, update_fn


def adam(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    _, update_fn = scale_by_adam(beta1, beta2, eps)
    updates, state = update_fn(grad, ScaleByAdamState(count=t - 1, mu=m, nu=v), param)
    return param + (-lr) * updates, state.mu, state.nu
