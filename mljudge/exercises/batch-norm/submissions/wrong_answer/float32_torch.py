# mistake: precision-lost
# float32 keeps about 7 digits: around 100,000 the values are stored in steps of 0.008 and a spread of 0.05 is lost.
import torch


def batch_norm(x, gamma, beta, eps=1e-5):
    y = x.float()
    var, mean = torch.var_mean(y, dim=0, correction=0)
    return (gamma.float() * (y - mean) / torch.sqrt(var + eps) + beta.float()).double()
