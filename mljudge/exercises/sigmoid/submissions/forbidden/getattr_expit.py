# An alias under another name, reached dynamically: caught by identity (and by aten::sigmoid underneath).
import torch


def sigmoid(x):
    return getattr(torch.special, "ex" + "pit")(x)
