import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    centred = x - x.mean(-1, keepdim=True)
    return centred * torch.rsqrt((centred ** 2).mean(-1, keepdim=True) + eps) * gamma + beta
