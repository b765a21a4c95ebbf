# A two-way softmax is the sigmoid: softmax of (x, 0) is (σ(x), σ(−x)).
import torch


def sigmoid(x):
    return torch.softmax(torch.stack([x, torch.zeros_like(x)]), dim=0)[0]
