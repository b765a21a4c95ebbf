import numpy as np
import torch
import torch.nn.functional as F

# torch only for comparing in the notebook, the solution itself is numpy


def softmax(x, temperature=1.0, axis=-1):
    z = x / temperature
    z = z - np.max(z, axis=axis, keepdims=True)
    e = np.exp(z)
    return e / np.sum(e, axis=axis, keepdims=True)
