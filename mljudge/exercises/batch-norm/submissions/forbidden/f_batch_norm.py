import torch.nn.functional as F


def batch_norm(x, gamma, beta, eps=1e-5):
    return F.batch_norm(x, None, None, gamma, beta, training=True, eps=eps)
