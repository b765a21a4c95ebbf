# For windows side by side, adaptive max pooling to (H // k, W // k) is the same pooling: the library's.
import torch.nn.functional as F


def max_pool2d(x, kernel_size=2, stride=None):
    h, w = x.shape[-2:]
    cropped = x[..., :h // kernel_size * kernel_size, :w // kernel_size * kernel_size]
    return F.adaptive_max_pool2d(cropped, (h // kernel_size, w // kernel_size))
