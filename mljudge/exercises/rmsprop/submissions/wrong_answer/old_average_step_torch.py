# mistake: old-average-step
import torch


def rmsprop(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    new_param = param - lr * grad / (square_avg.sqrt() + eps)
    new_avg = alpha * square_avg + (1 - alpha) * grad * grad
    return new_param, new_avg
