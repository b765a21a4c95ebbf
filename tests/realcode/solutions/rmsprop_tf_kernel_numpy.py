# TensorFlow's ApplyRMSProp kernel (training_ops), ported to NumPy with its names: ms, mom, rho.
import numpy as np


def apply_rms_prop(var, ms, mom, lr, rho, momentum, epsilon, grad):
    ms = ms + (grad * grad - ms) * (1 - rho)
    mom = mom * momentum + lr * grad / np.sqrt(ms + epsilon)
    var = var - mom
    return var, ms, mom


def rmsprop(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    var, ms, _ = apply_rms_prop(param, square_avg, np.zeros_like(param), lr, alpha, 0.0, eps, grad)
    return var, ms
