# mistake: mask
import torch


def relu(x):
    return (x >= 0).to(x.dtype)
