# The dispatcher-level route: caught where the op runs.
import torch


def batch_norm(x, gamma, beta, eps=1e-5):
    out, _, _ = torch.ops.aten.native_batch_norm(x, gamma, beta, None, None, True, 0.1, eps)
    return out
