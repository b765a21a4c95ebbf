# The dispatcher-level route: caught where the op runs.
import torch


def max_pool2d(x, kernel_size=2, stride=None):
    s = kernel_size if stride is None else stride
    values, _ = torch.ops.aten.max_pool2d_with_indices(x, [kernel_size, kernel_size], [s, s])
    return values
