# The dispatcher-level route: caught where the op runs.
import torch


def conv2d(image, kernel, stride=1, padding=0):
    out = torch.ops.aten.convolution(image[None, None], kernel[None, None], None, [stride, stride],
                                     [padding, padding], [1, 1], False, [0, 0], 1)
    return out[0, 0]
