# A leaky ReLU with slope 0 on the left is plain ReLU; .double() would even have fixed the integer case.
import torch


def relu(x):
    return torch.nn.functional.leaky_relu(x.double(), negative_slope=0.0)
