import numpy as np


class Identity:
    def __str__(self):
        return "Identity"

    def fn(self, z):
        return z

    def grad(self, x, **kwargs):
        return np.ones_like(x)


class FullyConnected:
    def __init__(self, n_out, act_fn=None):
        """
        A fully-connected (dense) layer: Y = f(W X + b), numpy-ml style, W of shape (n_in, n_out).
        """
        self.n_in = None
        self.n_out = n_out
        self.act_fn = Identity() if act_fn is None else act_fn
        self.parameters = {"W": None, "b": None}
        self.gradients = {}
        self.X = []
        self.is_initialized = False

    def _bwd(self, dLdy, X):
        """Actual computation of gradient of the loss wrt. X, W, and b"""
        W = self.parameters["W"]
        b = self.parameters["b"]

        Z = X @ W + b
        dZ = dLdy * self.act_fn.grad(Z)

        dX = dZ @ W.T
        dW = X.T @ dZ
        dB = dZ.sum(axis=0, keepdims=True)
        return dX, dW, dB


def linear_backward(x, weight, bias, grad_output):
    layer = FullyConnected(n_out=weight.shape[0])
    layer.parameters = {"W": weight.T, "b": bias}
    dX, dW, dB = layer._bwd(grad_output, x)
    return dX, dW.T, dB
