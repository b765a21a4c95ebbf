# mistake: stride-ignored
# Windows side by side always: the stride argument is never read.
import torch


def max_pool2d(x, kernel_size=2, stride=None):
    k = kernel_size
    h, w = x.shape[-2:]
    cropped = x[..., :h // k * k, :w // k * k]
    return cropped.reshape(*x.shape[:-2], h // k, k, w // k, k).amax(dim=(-3, -1))
