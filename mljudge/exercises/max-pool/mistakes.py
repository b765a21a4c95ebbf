"""Known wrong versions of max_pool2d, recognised when a learner's outputs match one of them on every case they
answered (trusted code: runs in the judge, never in the sandbox)."""

import numpy as np

from mljudge.reference.arrays import Floats
from mljudge.reference.pooling import max_pool2d


def default_stride_one(x: Floats, kernel_size: int = 2, stride: int | None = None) -> Floats:
    """`stride or 1`: with no stride given, a window at every position instead of windows side by side."""
    return max_pool2d(x, kernel_size, 1 if stride is None else stride)


def stride_ignored(x: Floats, kernel_size: int = 2, stride: int | None = None) -> Floats:
    """Windows always side by side (stride = kernel_size), whatever stride says."""
    return max_pool2d(x, kernel_size, kernel_size)


def _ragged(x: Floats, kernel_size: int, stride: int | None, fill: float | None) -> Floats:
    """Window starts from range(0, H, stride) and range(0, W, stride), so windows that run past the border are
    taken too: cut short by slicing (fill None), or completed with `fill` (zero padding)."""
    x = np.asarray(x, dtype=np.float64)
    k = kernel_size
    s = k if stride is None else stride
    h, w = x.shape[-2:]
    if fill is not None:
        x = np.pad(x, [(0, 0)] * (x.ndim - 2) + [(0, k), (0, k)], constant_values=fill)
    rows = [x[..., i:i + k, :] for i in range(0, h, s)]
    out = [[r[..., :, j:j + k].max(axis=(-2, -1)) for j in range(0, w, s)] for r in rows]
    return np.moveaxis(np.array(out), (0, 1), (-2, -1))


def partial_windows_kept(x: Floats, kernel_size: int = 2, stride: int | None = None) -> Floats:
    """`for i in range(0, H, s): x[i:i + k]`: slicing quietly shortens the windows at the border, and they count."""
    return _ragged(x, kernel_size, stride, None)


def zero_padded(x: Floats, kernel_size: int = 2, stride: int | None = None) -> Floats:
    """The input padded with zeros up to whole windows: the leftover border gets windows, and a border of
    negative numbers comes out 0."""
    return _ragged(x, kernel_size, stride, 0.0)


def channels_last(x: Floats, kernel_size: int = 2, stride: int | None = None) -> Floats:
    """The input read as (..., H, W, C): axes −3 and −2 pooled, the last axis taken for the channels."""
    x = np.asarray(x, dtype=np.float64)
    if x.ndim < 3:
        return max_pool2d(x, kernel_size, stride)
    return np.moveaxis(max_pool2d(np.moveaxis(x, -1, -3), kernel_size, stride), -3, -1)
