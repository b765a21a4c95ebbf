"""Max pooling over the last two axes, and the feature maps and output sizes the max-pool lesson shows.

    out[..., i, j] = max over a, b in 0 … k − 1 of  x[..., i·s + a, j·s + b]

Windows are k × k, one every s entries along both axes (s defaults to k: windows that tile the input without
overlapping). A window that would run past the input is not taken, so the output has
((H − k) // s + 1, (W − k) // s + 1) entries and the last rows or columns may never be looked at. There is no
padding. Any leading axes (channels, a batch) are kept: this is torch.nn.functional.max_pool2d with
ceil_mode=False, padding=0, dilation=1, for inputs of shape (H, W), (C, H, W), (N, C, H, W) or more.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view
from numpy.typing import ArrayLike, NDArray

from mljudge.reference.arrays import Float
from mljudge.reference.conv2d import KERNELS, PICTURE, conv2d


def pooled_size(size: int, kernel_size: int, stride: int | None = None) -> int:
    """How many windows of ``kernel_size`` fit along an axis of ``size`` entries, one every ``stride`` (default:
    ``kernel_size``): (size − kernel_size) // stride + 1. Raises ValueError when the window is larger than the
    axis, or for a kernel or stride below 1."""
    size, kernel_size = int(size), int(kernel_size)
    stride = kernel_size if stride is None else int(stride)
    if kernel_size < 1:
        raise ValueError(f"kernel_size must be at least 1, got {kernel_size}")
    if stride < 1:
        raise ValueError(f"stride must be at least 1, got {stride}")
    if kernel_size > size:
        raise ValueError(f"a window of {kernel_size} does not fit an axis of {size}")
    return (size - kernel_size) // stride + 1


def max_pool2d(x: ArrayLike, kernel_size: int = 2, stride: int | None = None) -> NDArray[np.float64]:
    """The maximum of every ``kernel_size`` × ``kernel_size`` window over the last two axes of ``x`` (shape
    (..., H, W)), one window every ``stride`` entries (default: ``kernel_size``); windows that do not fit are
    dropped. Returns a new float64 array of shape (..., pooled_size(H, k, s), pooled_size(W, k, s)); ``x`` is not
    modified. NaN in a window makes its maximum NaN (as np.max does)."""
    values = np.asarray(x, dtype=np.float64)
    if values.ndim < 2:
        raise ValueError(f"x needs at least two axes (H, W), got shape {values.shape}")
    k = int(kernel_size)
    s = k if stride is None else int(stride)
    rows, cols = pooled_size(values.shape[-2], k, s), pooled_size(values.shape[-1], k, s)
    # windows[..., i, j, a, b] = values[..., i + a, j + b]; every s-th start along each axis is a pooling window.
    windows = sliding_window_view(values, (k, k), axis=(-2, -1))[..., ::s, ::s, :, :]
    assert windows.shape[-4:-2] == (rows, cols)
    out: NDArray[np.float64] = windows.max(axis=(-2, -1))
    return out


def argmax_windows(x: ArrayLike, kernel_size: int = 2, stride: int | None = None) -> NDArray[np.int64]:
    """For a 2-D ``x``: where each window's maximum sits in ``x``, as an int array (rows, cols, 2) of (row, col).
    Ties go to the first in reading order (top row first, then left to right), as in torch's return_indices.
    The lesson's panel marks this cell inside the highlighted window."""
    values = np.asarray(x, dtype=np.float64)
    if values.ndim != 2:
        raise ValueError(f"argmax_windows takes a 2-D x, got shape {values.shape}")
    k = int(kernel_size)
    s = k if stride is None else int(stride)
    rows, cols = pooled_size(values.shape[0], k, s), pooled_size(values.shape[1], k, s)
    windows = sliding_window_view(values, (k, k))[::s, ::s].reshape(rows, cols, k * k)
    flat = windows.argmax(axis=-1)
    starts_r, starts_c = np.meshgrid(np.arange(rows) * s, np.arange(cols) * s, indexing="ij")
    return np.stack([starts_r + flat // k, starts_c + flat % k], axis=-1).astype(np.int64)


# --- what the lesson shows ------------------------------------------------------------------------------------

# An 8 × 8 feature map of small whole numbers, so that every window's maximum can be read at a glance. Its largest
# value, 9, is unique and sits at row 3, column 4, inside the map (for the overlapping-windows task).
FEATURE_MAP = np.array([
    [1, 3, 2, 0, 1, 4, 2, 1],
    [5, 2, 1, 3, 0, 2, 6, 3],
    [0, 1, 4, 2, 3, 1, 2, 0],
    [2, 7, 1, 0, 9, 2, 1, 5],
    [3, 0, 2, 5, 1, 3, 0, 2],
    [1, 4, 0, 1, 2, 8, 3, 1],
    [6, 2, 3, 1, 0, 2, 4, 7],
    [0, 1, 5, 2, 3, 1, 2, 8],
], dtype=np.float64)
FEATURE_MAP.setflags(write=False)

# The previous lesson's output: the digit's vertical edges (rising edges positive), with the negatives cut to 0 as
# a ReLU would. Pooling it keeps "there is a left edge of a stroke somewhere in this window" at a quarter the size.
EDGE_MAP = np.maximum(conv2d(PICTURE, KERNELS["vertical-edges"], padding=1), 0.0)
EDGE_MAP.setflags(write=False)

MAPS: dict[str, NDArray[np.float64]] = {"numbers": FEATURE_MAP, "edges": EDGE_MAP}


def pooled_sizes(h: ArrayLike, kernel_size: int = 2, stride: int | None = None) -> Float:
    """:func:`pooled_size` for each input size in ``h`` (whole numbers; 0 where the window does not fit)."""
    sizes = np.rint(np.asarray(h, dtype=np.float64)).astype(np.int64)
    out = [pooled_size(int(n), kernel_size, stride) if n >= kernel_size else 0 for n in sizes.ravel()]
    return np.asarray(out, dtype=np.float64).reshape(sizes.shape)[()]


def panel() -> dict[str, Any]:
    """Everything the lesson's pooling panel draws, as plain lists: the maps, the defaults, and for each map and
    each setting the panel offers, the output and where each window's maximum sits (for the page's own
    computation to be tested against)."""
    settings: list[dict[str, Any]] = [{"kernel_size": 2, "stride": None}, {"kernel_size": 3, "stride": 2},
                                      {"kernel_size": 3, "stride": 1}]
    return {
        "maps": {name: values.tolist() for name, values in MAPS.items()},
        "defaults": {"map": "numbers", "kernel_size": 2, "stride": None},
        "settings": settings,
        "outputs": {name: [{**setting,
                            "output": max_pool2d(values, setting["kernel_size"], setting["stride"]).tolist(),
                            "argmax": argmax_windows(values, setting["kernel_size"], setting["stride"]).tolist()}
                           for setting in settings]
                    for name, values in MAPS.items()},
    }
