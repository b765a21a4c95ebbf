# An optimiser object holding the settings; the state still goes in and out of each step.
import numpy as np


class Adam:
    def __init__(self, lr, beta1, beta2, eps):
        self.lr, self.beta1, self.beta2, self.eps = lr, beta1, beta2, eps

    def moments(self, grad, m, v):
        return (self.beta1 * m + (1 - self.beta1) * grad,
                self.beta2 * v + (1 - self.beta2) * np.square(grad))

    def step(self, param, grad, m, v, t):
        m, v = self.moments(grad, m, v)
        m_hat = m / (1 - self.beta1**t)
        v_hat = v / (1 - self.beta2**t)
        return param - self.lr * m_hat / (np.sqrt(v_hat) + self.eps), m, v


def adam(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    return Adam(lr, beta1, beta2, eps).step(param, grad, m, v, t)
