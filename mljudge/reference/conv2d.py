"""2-D convolution of a single-channel picture as deep-learning libraries compute it (a cross-correlation: the
kernel is *not* flipped), and the picture, kernels and cross-sections the conv2d lesson shows.

    out[i, j] = Σ_a Σ_b  padded[i·s + a, j·s + b] · kernel[a, b]

where ``padded`` is the image with ``padding`` rows and columns of zeros added on every side and s is the stride.
The output has ((H + 2p − kh) // s + 1, (W + 2p − kw) // s + 1) entries: a window that would run past the padded
image is not taken. This is torch.nn.functional.conv2d for one image, one input and one output channel, no bias.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view
from numpy.typing import ArrayLike, NDArray

from mljudge.reference.arrays import Float


def output_size(size: int, kernel: int, stride: int = 1, padding: int = 0) -> int:
    """How many windows of width ``kernel`` fit along an axis of ``size`` entries padded by ``padding`` on both
    sides, taken every ``stride`` entries: (size + 2·padding − kernel) // stride + 1. Raises ValueError when the
    kernel is wider than the padded axis, or for a stride < 1, a negative padding or a kernel < 1."""
    size, kernel, stride, padding = int(size), int(kernel), int(stride), int(padding)
    if stride < 1:
        raise ValueError(f"stride must be at least 1, got {stride}")
    if padding < 0:
        raise ValueError(f"padding must be 0 or more, got {padding}")
    if kernel < 1:
        raise ValueError(f"a kernel needs at least one entry along each axis, got {kernel}")
    if kernel > size + 2 * padding:
        raise ValueError(f"a kernel of {kernel} does not fit {size} entries padded by {padding} on each side")
    return (size + 2 * padding - kernel) // stride + 1


def conv2d(image: ArrayLike, kernel: ArrayLike, stride: int = 1, padding: int = 0) -> NDArray[np.float64]:
    """Cross-correlation of ``image`` (H, W) with ``kernel`` (kh, kw): zero ``padding`` on every side, then one
    window every ``stride`` entries along both axes. Returns a new float64 array of shape
    (output_size(H, kh, stride, padding), output_size(W, kw, stride, padding)); the inputs are not modified."""
    picture = np.asarray(image, dtype=np.float64)
    weights = np.asarray(kernel, dtype=np.float64)
    if picture.ndim != 2:
        raise ValueError(f"image must be 2-D (H, W), got shape {picture.shape}")
    if weights.ndim != 2:
        raise ValueError(f"kernel must be 2-D (kh, kw), got shape {weights.shape}")
    rows = output_size(picture.shape[0], weights.shape[0], stride, padding)
    cols = output_size(picture.shape[1], weights.shape[1], stride, padding)
    padded = np.pad(picture, int(padding))
    # windows[i, j] is the (kh, kw) patch whose top-left corner is padded[i, j]; keep every stride-th one.
    windows = sliding_window_view(padded, weights.shape)[::stride, ::stride]
    assert windows.shape[:2] == (rows, cols)
    out: NDArray[np.float64] = np.einsum("ijab,ab->ij", windows, weights)
    return out


def window(i: int, j: int, kernel_shape: tuple[int, int], stride: int = 1, padding: int = 0
           ) -> tuple[int, int, int, int]:
    """The patch of the *unpadded* image that output (i, j) reads, as (top, left, bottom, right) with bottom and
    right exclusive. Rows and columns outside 0 … H − 1 / W − 1 (negative, or past the end) are padding zeros:
    the lesson's panel highlights this rectangle when the cursor is on output (i, j)."""
    kh, kw = kernel_shape
    top, left = i * stride - padding, j * stride - padding
    return top, left, top + kh, left + kw


# --- what the lesson shows ------------------------------------------------------------------------------------

# The digit 4 on a 12 × 12 grid: 1 is ink, 0 is background. Two vertical strokes two pixels wide (left: columns
# 2–3, rows 1–7; right: columns 7–8, rows 1–10) and a horizontal bar (rows 6–7, columns 2–10), so that a
# vertical-edge kernel and a horizontal-edge kernel each find something of their own.
PICTURE = np.array([
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0],
    [0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0],
    [0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0],
    [0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0],
    [0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0],
    [0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0],
    [0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0],
    [0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
], dtype=np.float64)
PICTURE.setflags(write=False)

# A second picture for the panel: brightness rising from the top-left corner to the bottom-right one, (r + c)/22.
# A box blur leaves its inside unchanged (the average of a linear ramp over a symmetric window is its centre) and
# darkens only the border, where the zero padding enters the window.
GRADIENT = (np.add.outer(np.arange(12.0), np.arange(12.0)) / 22.0)
GRADIENT.setflags(write=False)

# Kernels the panel offers as presets (each is also editable). Rows are top to bottom, columns left to right.
KERNELS: dict[str, NDArray[np.float64]] = {
    "identity": np.array([[0.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 0.0]]),
    "box-blur": np.full((3, 3), 1.0 / 9.0),
    # Right column minus left column: positive where brightness rises from left to right (the left side of a
    # stroke), negative where it falls, 0 on flat areas. It finds *vertical* edges.
    "vertical-edges": np.array([[-1.0, 0.0, 1.0], [-1.0, 0.0, 1.0], [-1.0, 0.0, 1.0]]),
    # Bottom row minus top row: finds *horizontal* edges (the top of the bar is positive, its bottom negative).
    "horizontal-edges": np.array([[-1.0, -1.0, -1.0], [0.0, 0.0, 0.0], [1.0, 1.0, 1.0]]),
    "sharpen": np.array([[0.0, -1.0, 0.0], [-1.0, 5.0, -1.0], [0.0, -1.0, 0.0]]),
}
for _kernel in KERNELS.values():
    _kernel.setflags(write=False)

# A flat picture, 1 everywhere: whatever a kernel does to it happens at the border, where the padding zeros enter.
FLAT = np.ones((12, 12))
FLAT.setflags(write=False)

PICTURES: dict[str, NDArray[np.float64]] = {"digit": PICTURE, "gradient": GRADIENT, "flat": FLAT}

# The lesson plot's cross-section: row 3 of the picture crosses both strokes above the bar.
ROW = 3


def cross_section(columns: ArrayLike, kernel: str = "", picture: str = "digit") -> Float:
    """Row ROW of a picture, by column (the plot's grid holds whole numbers 0 … 11): as it is, or after one of
    KERNELS with padding 1 (same size as the picture). Along row 3 of the digit the vertical-edge kernel gives +3
    where the row turns from dark to bright and −3 back; the horizontal-edge kernel 0 all along (rows 2–4 are
    the same)."""
    output = PICTURES[picture] if not kernel else conv2d(PICTURES[picture], KERNELS[kernel], padding=1)
    index = np.clip(np.rint(np.asarray(columns, dtype=np.float64)), 0, output.shape[1] - 1).astype(np.intp)
    return np.asarray(output[ROW, index], dtype=np.float64)[()]


def panel() -> dict[str, Any]:
    """Everything the lesson's picture panel draws, as plain lists: the pictures, the preset kernels, the
    defaults, and the output of every preset on every picture at the defaults (for the page's own computation to
    be tested against)."""
    stride, padding = 1, 1
    defaults = {"picture": "digit", "kernel": "vertical-edges", "stride": stride, "padding": padding}
    return {
        "pictures": {name: picture.tolist() for name, picture in PICTURES.items()},
        "kernels": {name: kernel.tolist() for name, kernel in KERNELS.items()},
        "defaults": defaults,
        "outputs": {picture_name: {kernel_name: conv2d(picture, kernel, stride, padding).tolist()
                                   for kernel_name, kernel in KERNELS.items()}
                    for picture_name, picture in PICTURES.items()},
    }
