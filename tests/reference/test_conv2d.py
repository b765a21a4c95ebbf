"""Pins reference.conv2d to hand-computed values, to an independent loop, to torch.nn.functional.conv2d and to the
true (flipped) convolution it must differ from, and pins the lesson's picture, curves and task answers."""

import contextlib
import warnings

import numpy as np
import pytest
import torch
import torch.nn.functional as F

from mljudge.reference.conv2d import (
    FLAT,
    GRADIENT,
    KERNELS,
    PICTURE,
    conv2d,
    cross_section,
    output_size,
    panel,
    window,
)


@contextlib.contextmanager
def _silent():
    with warnings.catch_warnings(), np.errstate(all="raise"):
        warnings.simplefilter("error")
        yield


def _torch_conv2d(image, kernel, stride=1, padding=0):
    x = torch.from_numpy(np.asarray(image, dtype=np.float64))[None, None]
    w = torch.from_numpy(np.asarray(kernel, dtype=np.float64))[None, None]
    return F.conv2d(x, w, stride=stride, padding=padding)[0, 0].numpy()


def _loop(image, kernel, stride, padding):
    """Written from the definition alone: out[i, j] = Σ image[i·s − p + a, j·s − p + b] · kernel[a, b], with
    image entries outside the picture read as 0."""
    h, w = len(image), len(image[0])
    kh, kw = len(kernel), len(kernel[0])
    rows = (h + 2 * padding - kh) // stride + 1
    cols = (w + 2 * padding - kw) // stride + 1
    out = []
    for i in range(rows):
        row = []
        for j in range(cols):
            total = 0.0
            for a in range(kh):
                for b in range(kw):
                    r, c = i * stride - padding + a, j * stride - padding + b
                    if 0 <= r < h and 0 <= c < w:
                        total += image[r][c] * kernel[a][b]
            row.append(total)
        out.append(row)
    return np.array(out)


def test_published_examples():
    # Example 1 (as in Dive into Deep Learning, 7.2): 0 … 8 and [[0, 1], [2, 3]]. out[0, 0] = 0·0 + 1·1 + 2·3 + 3·4.
    image = np.arange(9.0).reshape(3, 3)
    kernel = np.array([[0.0, 1.0], [2.0, 3.0]])
    np.testing.assert_array_equal(conv2d(image, kernel), [[19.0, 25.0], [37.0, 43.0]])
    # The true convolution (the kernel turned half a turn) gives other numbers: 0·3 + 1·2 + 3·1 + 4·0 = 5.
    np.testing.assert_array_equal(conv2d(image, kernel[::-1, ::-1]), [[5.0, 11.0], [23.0, 29.0]])
    # Example 2: a 5 × 5 ramp 0 … 24, the 3 × 3 box of ones, padding 1, stride 2 → (5 + 2 − 3)//2 + 1 = 3.
    ramp = np.arange(25.0).reshape(5, 5)
    out = conv2d(ramp, np.ones((3, 3)), stride=2, padding=1)
    assert out.shape == (3, 3)
    # Corner (0, 0) sees rows/cols −1 … 1: 0 + 1 + 5 + 6 = 12; the centre (1, 1) sees rows/cols 1 … 3: 9 × 12.
    np.testing.assert_array_equal(out, [[12.0, 27.0, 24.0], [63.0, 108.0, 81.0], [72.0, 117.0, 84.0]])


@pytest.mark.parametrize("stride", [1, 2, 3])
@pytest.mark.parametrize("padding", [0, 1, 2])
@pytest.mark.parametrize(("shape", "kshape"), [((5, 5), (3, 3)), ((6, 9), (2, 3)), ((7, 4), (3, 1)),
                                               ((4, 4), (4, 4)), ((8, 6), (1, 1)), ((9, 7), (5, 2))])
def test_matches_torch_and_the_definition(shape, kshape, stride, padding):
    rng = np.random.default_rng(hash((shape, kshape, stride, padding)) % 2**32)
    image, kernel = rng.normal(size=shape), rng.normal(size=kshape)
    ours = conv2d(image, kernel, stride, padding)
    np.testing.assert_allclose(ours, _torch_conv2d(image, kernel, stride, padding), rtol=0, atol=1e-13)
    np.testing.assert_allclose(ours, _loop(image.tolist(), kernel.tolist(), stride, padding), rtol=0, atol=1e-13)
    assert ours.shape == (output_size(shape[0], kshape[0], stride, padding),
                          output_size(shape[1], kshape[1], stride, padding))
    assert ours.dtype == np.float64


def test_output_size_formula():
    assert output_size(12, 3, 1, 1) == 12  # "same" padding for a 3 × 3 kernel
    assert output_size(12, 3, 2, 1) == 6
    assert output_size(12, 5, 3, 0) == 3  # windows at 0, 3, 6; the one at 9 would need columns 9 … 13
    assert output_size(7, 3, 3, 0) == 2
    assert output_size(5, 5) == 1
    for bad in [(4, 5, 1, 0), (3, 3, 0, 0), (3, 3, 1, -1), (3, 0, 1, 0)]:
        with pytest.raises(ValueError):
            output_size(*bad)


def test_cross_correlation_is_not_the_flipped_convolution():
    """A true convolution flips the kernel; the two agree only for kernels symmetric under a half turn."""
    rng = np.random.default_rng(11)
    image = rng.normal(size=(6, 7))
    edge = KERNELS["vertical-edges"]
    flipped = conv2d(image, edge[::-1, ::-1])
    # A half turn of the vertical-edge kernel is its negative, so the true convolution is the negative output.
    np.testing.assert_allclose(flipped, -conv2d(image, edge), rtol=0, atol=1e-14)
    blur = KERNELS["box-blur"]
    np.testing.assert_allclose(conv2d(image, blur[::-1, ::-1]), conv2d(image, blur), rtol=0, atol=1e-15)


def test_window_is_the_patch_each_output_reads():
    rng = np.random.default_rng(3)
    image, kernel = rng.normal(size=(7, 6)), rng.normal(size=(3, 2))
    for stride, padding in [(1, 0), (2, 1), (3, 2)]:
        out = conv2d(image, kernel, stride, padding)
        padded = np.pad(image, padding)
        for i in range(out.shape[0]):
            for j in range(out.shape[1]):
                top, left, bottom, right = window(i, j, kernel.shape, stride, padding)
                assert (bottom - top, right - left) == kernel.shape
                patch = padded[top + padding:bottom + padding, left + padding:right + padding]
                assert out[i, j] == pytest.approx(float((patch * kernel).sum()), abs=1e-13)
    assert window(0, 0, (3, 3), 1, 1) == (-1, -1, 2, 2)
    assert window(2, 1, (3, 3), 2, 1) == (3, 1, 6, 4)


def test_inputs_are_left_alone_and_the_output_is_new():
    image, kernel = np.arange(16.0).reshape(4, 4), np.array([[1.0, -1.0]])
    before = image.copy(), kernel.copy()
    out = conv2d(image, kernel, padding=1)
    np.testing.assert_array_equal(image, before[0])
    np.testing.assert_array_equal(kernel, before[1])
    assert not np.shares_memory(out, image)
    out[:] = 0.0  # writable, and writing to it changes nothing else
    np.testing.assert_array_equal(image, before[0])
    # Whole numbers as input are fine and come back as float64.
    assert conv2d([[1, 2], [3, 4]], [[1]]).dtype == np.float64


def test_rejects_what_is_not_one_picture_and_one_kernel():
    with pytest.raises(ValueError, match="2-D"):
        conv2d(np.zeros((1, 4, 4)), np.ones((2, 2)))
    with pytest.raises(ValueError, match="2-D"):
        conv2d(np.zeros((4, 4)), np.ones(2))
    with pytest.raises(ValueError, match="does not fit"):
        conv2d(np.zeros((3, 3)), np.ones((5, 5)))
    with pytest.raises(ValueError, match="stride"):
        conv2d(np.zeros((3, 3)), np.ones((2, 2)), stride=0)


def test_large_values_stay_exact_enough():
    rng = np.random.default_rng(5)
    image, kernel = rng.normal(0.0, 1e6, size=(20, 20)), rng.normal(size=(5, 5))
    with _silent():
        ours = conv2d(image, kernel, 2, 2)
    np.testing.assert_allclose(ours, _torch_conv2d(image, kernel, 2, 2), rtol=1e-12, atol=1e-6)


def test_the_lesson_picture_and_its_kernels():
    assert PICTURE.shape == (12, 12) and set(np.unique(PICTURE)) == {0.0, 1.0}
    assert not PICTURE.flags.writeable
    # The 4: two vertical strokes and a bar.
    np.testing.assert_array_equal(PICTURE[1:8, 2:4], 1.0)
    np.testing.assert_array_equal(PICTURE[1:11, 7:9], 1.0)
    np.testing.assert_array_equal(PICTURE[6:8, 2:11], 1.0)
    assert PICTURE.sum() == 14 + 20 + 18 - 4 - 4  # the strokes and the bar, their overlaps counted once
    # The vertical-edge kernel is the horizontal one turned a quarter.
    np.testing.assert_array_equal(KERNELS["vertical-edges"], KERNELS["horizontal-edges"].T)
    assert KERNELS["box-blur"].sum() == pytest.approx(1.0, abs=1e-15)
    np.testing.assert_array_equal(conv2d(PICTURE, KERNELS["identity"], padding=1), PICTURE)
    # The box blur leaves the inside of a linear ramp unchanged and darkens its border, where zeros come in.
    blurred = conv2d(GRADIENT, KERNELS["box-blur"], padding=1)
    np.testing.assert_allclose(blurred[1:-1, 1:-1], GRADIENT[1:-1, 1:-1], rtol=0, atol=1e-15)
    # At the bright corner 5 of the 9 entries are padding zeros: (4/9)·(the mean of the 4 pixels seen).
    assert blurred[-1, -1] == pytest.approx((20 + 21 + 21 + 22) / 22 / 9, abs=1e-15)
    assert np.all(blurred[-1, 1:] < GRADIENT[-1, 1:]) and np.all(blurred[1:, -1] < GRADIENT[1:, -1])


def test_the_lesson_cross_section():
    columns = np.linspace(0.0, 11.0, 12)  # the plot's grid
    np.testing.assert_array_equal(cross_section(columns), [0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0])
    np.testing.assert_allclose(cross_section(columns, "box-blur"), np.array([0, 1, 2, 2, 1, 0, 1, 2, 2, 1, 0, 0]) / 3,
                               rtol=0, atol=1e-15)
    np.testing.assert_array_equal(cross_section(columns, "vertical-edges"), [0, 3, 3, -3, -3, 0, 3, 3, -3, -3, 0, 0])
    np.testing.assert_array_equal(cross_section(columns, "horizontal-edges"), np.zeros(12))
    assert isinstance(cross_section(2.0), np.float64) and cross_section(2.0) == 1.0


def test_lesson_task_answers():
    # Task "which kernel": along row 3 the vertical-edge kernel peaks at 3 (columns 1, 2, 6, 7); the horizontal
    # one is 0 there, and finds the top of the bar instead: +3 at row 5, column 5.
    edges = conv2d(PICTURE, KERNELS["vertical-edges"], padding=1)
    assert edges[3].max() == 3.0 and edges[3].min() == -3.0
    assert conv2d(PICTURE, KERNELS["horizontal-edges"], padding=1)[5, 5] == 3.0
    # Task "flip": the true convolution at (3, 2) is −3 where the cross-correlation gives +3.
    assert edges[3, 2] == 3.0
    assert conv2d(PICTURE, KERNELS["vertical-edges"][::-1, ::-1], padding=1)[3, 2] == -3.0
    # Task "output size": 12 × 12 with 3 × 3, padding 1, stride 2 → 6; with 5 × 5, padding 0, stride 3 → 3.
    assert conv2d(PICTURE, np.ones((3, 3)), stride=2, padding=1).shape == (6, 6)
    assert conv2d(PICTURE, np.ones((5, 5)), stride=3).shape == (3, 3)
    # Task "border": the box blur of the flat picture at the corner sees 4 ones and 5 padding zeros, on an edge 6.
    blurred = conv2d(FLAT, KERNELS["box-blur"], padding=1)
    assert blurred[0, 0] == pytest.approx(4 / 9, abs=1e-15)
    assert blurred[0, 5] == pytest.approx(6 / 9, abs=1e-15)
    np.testing.assert_allclose(blurred[1:-1, 1:-1], 1.0, rtol=0, atol=1e-15)


def test_panel_data_is_plain_and_consistent():
    data = panel()
    assert set(data["pictures"]) == {"digit", "gradient", "flat"}
    assert set(data["kernels"]) == set(KERNELS)
    d = data["defaults"]
    for name, picture in data["pictures"].items():
        assert np.array(picture).shape == (12, 12)
        for kernel_name, output in data["outputs"][name].items():
            expected = _torch_conv2d(picture, data["kernels"][kernel_name], d["stride"], d["padding"])
            np.testing.assert_allclose(output, expected, rtol=0, atol=1e-14)
    import json
    json.dumps(data)  # plain lists and numbers only
