# coding: utf-8
import os
import time
import numpy as np

np.random.seed(42)
print(np.__version__)


def adam(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    m = beta1*m + (1-beta1)*grad
    v = beta2*v + (1-beta2)*(grad**2)
    mhat = m/(1-beta1**t)
    vhat = v/(1-beta2**t)
    param = param - lr*mhat/(np.sqrt(vhat)+eps)
    return param, m, v


# quick test on f(w) = w^2
w = np.array([1.0, -2.0]); m = np.zeros(2); v = np.zeros(2)
tic = time.time()
for step in range(1, 101):
    w, m, v = adam(w, 2*w, m, v, step, lr=0.1)
print(w, "in", round(time.time()-tic, 4), "s")
