# The three sums written out with loops over the indices, into new arrays.
import numpy as np


def linear_backward(x, weight, bias, grad_output):
    n, fan_in = x.shape
    fan_out = weight.shape[0]
    grad_x = np.zeros((n, fan_in))
    grad_weight = np.zeros((fan_out, fan_in))
    grad_bias = np.zeros(fan_out)
    for k in range(n):
        for o in range(fan_out):
            g = grad_output[k, o]
            grad_bias[o] += g
            for i in range(fan_in):
                grad_x[k, i] += g * weight[o, i]
                grad_weight[o, i] += g * x[k, i]
    return grad_x, grad_weight, grad_bias
