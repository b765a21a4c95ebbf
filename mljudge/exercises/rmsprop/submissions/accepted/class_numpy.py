# The optimiser's settings in an object, as one might keep them in a training loop.
import numpy as np


class RMSProp:
    def __init__(self, lr, alpha, eps):
        self.lr, self.alpha, self.eps = lr, alpha, eps

    def average(self, grad, square_avg):
        return self.alpha * square_avg + (1 - self.alpha) * grad**2

    def step(self, param, grad, square_avg):
        s = self.average(grad, square_avg)
        return param - self.lr * grad / (np.sqrt(s) + self.eps), s


def rmsprop(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    return RMSProp(lr, alpha, eps).step(param, grad, square_avg)
