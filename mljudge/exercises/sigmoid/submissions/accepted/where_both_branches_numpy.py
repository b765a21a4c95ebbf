# np.where computes both branches in full: exp(x)/(1 + exp(x)) is NaN at x = 1000, but that branch is only
# *picked* for x < 0, where it is fine. Warnings, yet every picked value is right.
import numpy as np


def sigmoid(x):
    return np.where(x >= 0, 1 / (1 + np.exp(-x)), np.exp(x) / (1 + np.exp(x)))
