# torch.var_mean in one call, with correction=0 for the biased variance; rsqrt instead of dividing by sqrt.
import torch


def batch_norm(x, gamma, beta, eps=1e-5):
    var, mean = torch.var_mean(x, dim=0, correction=0, keepdim=True)
    return (x - mean) * torch.rsqrt(var + eps) * gamma + beta
