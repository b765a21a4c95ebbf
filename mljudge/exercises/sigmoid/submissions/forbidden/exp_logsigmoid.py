# exp(log sigma(x)) is sigma(x): the sigmoid in disguise.
import torch
import torch.nn.functional as F


def sigmoid(x):
    return torch.exp(F.logsigmoid(x))
