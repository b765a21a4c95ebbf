# A tensor method: caught at the dispatcher (aten::sigmoid).
import torch


def sigmoid(x):
    return x.sigmoid()
