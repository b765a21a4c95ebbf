"""Known wrong versions of conv2d, recognised when a learner's outputs match one of them on every case they
answered, and one predicate (trusted code: runs in the judge, never in the sandbox)."""

import numpy as np

from mljudge.judge.api import Answer, Array, Case, Expected
from mljudge.reference.arrays import Floats
from mljudge.reference.conv2d import conv2d


def flipped_kernel(image: Floats, kernel: Floats, stride: int = 1, padding: int = 0) -> Floats:
    """The textbook (signal-processing) convolution: the kernel turned half a turn before sliding it."""
    return conv2d(image, np.asarray(kernel)[::-1, ::-1], stride, padding)


def padding_ignored(image: Floats, kernel: Floats, stride: int = 1, padding: int = 0) -> Floats:
    """No zero border, whatever padding says."""
    return conv2d(image, kernel, stride, 0)


def stride_ignored(image: Floats, kernel: Floats, stride: int = 1, padding: int = 0) -> Floats:
    """A window at every position, whatever stride says."""
    return conv2d(image, kernel, 1, padding)


def last_window_dropped(image: Floats, kernel: Floats, stride: int = 1, padding: int = 0) -> Floats:
    """Window starts taken from range(0, H + 2p − kh, stride): one short, so a window that ends exactly at the
    padded border is never taken (for range(H + 2p − kh + 1) the loop would be right)."""
    full = conv2d(image, kernel, stride, padding)
    image, kernel = np.asarray(image), np.asarray(kernel)
    rows = len(range(0, image.shape[0] + 2 * padding - kernel.shape[0], stride))
    cols = len(range(0, image.shape[1] + 2 * padding - kernel.shape[1], stride))
    return full[:rows, :cols]


def padding_width_only(image: Floats, kernel: Floats, stride: int = 1, padding: int = 0) -> Floats:
    """torch.nn.functional.pad(image, (p, p)): a pair pads only the last axis, so only the columns get a border
    (F.pad(image, (p, p, p, p)) pads both)."""
    padded = np.pad(np.asarray(image, dtype=np.float64), ((0, 0), (padding, padding)))
    return conv2d(padded, kernel, stride, 0)


def kept_batch_axes(got: Answer, expected: Expected, case: Case) -> bool:
    """The right numbers, but with the (1, 1, …) or (1, …) axes of a batched computation still in front."""
    if not isinstance(got, Array) or not isinstance(expected, np.ndarray):
        return False
    shape, want = got.data.shape, expected.shape
    extra = len(shape) - len(want)
    if extra < 1 or shape[extra:] != want or any(n != 1 for n in shape[:extra]) or got.data.dtype.kind not in "biuf":
        return False
    values = got.data.reshape(want).astype(np.float64)
    return bool(np.all(np.abs(values - expected) < case.tolerance.atol))
