# A tensor method is a new object each time; the dispatcher-level tripwire (aten::relu) catches it.
import torch


def relu(x):
    return x.relu()
