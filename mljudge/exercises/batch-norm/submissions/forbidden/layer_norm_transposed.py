# Layer normalisation of the transposed batch normalises each feature over the samples: batch norm in disguise.
import torch.nn.functional as F


def batch_norm(x, gamma, beta, eps=1e-5):
    x_hat = F.layer_norm(x.T, (x.shape[0],), eps=eps).T
    return gamma * x_hat + beta
