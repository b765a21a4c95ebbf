# The same class reached through its defining module is still the same object.
import torch
from torch.nn.modules import dropout as dropout_module


def dropout(x, p, training=True, seed=0):
    layer = dropout_module.Dropout(p)
    layer.train(training)
    return layer(x)
