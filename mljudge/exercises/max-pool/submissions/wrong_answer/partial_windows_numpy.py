# mistake: partial-windows-kept
# range(0, H, s): windows that start near the border are cut short by the slice, and still count.
import numpy as np


def max_pool2d(x, kernel_size=2, stride=None):
    s = kernel_size if stride is None else stride
    h, w = x.shape[-2:]
    rows = []
    for i in range(0, h, s):
        row = [x[..., i:i + kernel_size, j:j + kernel_size].max(axis=(-2, -1)) for j in range(0, w, s)]
        rows.append(np.stack(row, axis=-1))
    return np.stack(rows, axis=-2)
