"""Pins reference.relu to its definition, to torch.relu and autograd, and to the lesson's task answers."""

import math
import tomllib
import warnings
from pathlib import Path

import numpy as np
import pytest
import torch

from mljudge.reference.relu import relu, relu_slope

LESSON = Path(__file__).resolve().parents[2] / "mljudge" / "exercises" / "relu" / "lesson.toml"


def test_definition_values():
    np.testing.assert_array_equal(relu([-2.0, -0.5, 0.0, 0.5, 2.0]), [0.0, 0.0, 0.0, 0.5, 2.0])
    np.testing.assert_array_equal(relu([[-3.0, -1.0, 0.0], [1.0, 2.0, 3.0]]), [[0.0, 0.0, 0.0], [1.0, 2.0, 3.0]])
    assert relu(1e-300) == 1e-300
    assert relu(-1e-300) == 0.0


def test_zero_of_either_sign_gives_positive_zero():
    for zero in (0.0, -0.0):
        out = relu(zero)
        assert out == 0.0
        assert math.copysign(1.0, out) == 1.0
    assert not np.signbit(relu(np.array([-0.0, 0.0, -3.0]))).any()


def test_slope_values_and_convention_at_zero():
    np.testing.assert_array_equal(relu_slope([-5.0, -1e-12, -0.0, 0.0, 1e-12, 5.0]), [0, 0, 0, 0, 1, 1])


def test_identities_behind_the_lesson():
    x = np.linspace(-10.0, 10.0, 2001)
    np.testing.assert_array_equal(relu(x) - relu(-x), x)         # ReLU(x) − ReLU(−x) = x
    np.testing.assert_array_equal(relu(x) + relu(-x), np.abs(x))  # ReLU(x) + ReLU(−x) = |x|
    np.testing.assert_allclose(relu(x), (x + np.abs(x)) / 2, rtol=0, atol=1e-15)


def test_slope_matches_finite_difference_away_from_zero():
    x = np.concatenate([np.linspace(-6.0, -0.01, 300), np.linspace(0.01, 6.0, 300)])
    h = 1e-6
    np.testing.assert_allclose(relu_slope(x), (relu(x + h) - relu(x - h)) / (2 * h), rtol=0, atol=1e-9)


def test_one_sided_slopes_at_zero():
    h = 1e-8
    assert (relu(0.0) - relu(-h)) / h == 0.0
    assert (relu(h) - relu(0.0)) / h == 1.0


def test_matches_torch_relu_exactly():
    x = np.linspace(-10.0, 10.0, 200_001)  # contains 0.0
    np.testing.assert_array_equal(relu(x), torch.relu(torch.from_numpy(x)).numpy())


def test_slope_matches_torch_autograd_including_zero():
    x = np.linspace(-10.0, 10.0, 20_001)
    assert 0.0 in x
    t = torch.from_numpy(x).requires_grad_()
    torch.relu(t).sum().backward()
    np.testing.assert_array_equal(relu_slope(x), t.grad.numpy())


@pytest.mark.parametrize("shape", [(2, 3), (2, 3, 4)])
def test_shape_and_dtype_preserved(shape):
    x = np.linspace(-4.0, 4.0, math.prod(shape)).reshape(shape)
    for fn in (relu, relu_slope):
        out = fn(x)
        assert out.shape == shape
        assert out.dtype == np.float64


def test_integer_input_gives_float64():
    out = relu(np.array([-3, -1, 0, 1, 2, 3]))
    assert out.dtype == np.float64
    np.testing.assert_array_equal(out, [0.0, 0.0, 0.0, 1.0, 2.0, 3.0])


def test_scalar_in_scalar_out_and_input_untouched():
    assert isinstance(relu(2.5), np.float64)
    x = np.array([-1.0, 1.0])
    relu(x)
    relu_slope(x)
    np.testing.assert_array_equal(x, [-1.0, 1.0])


def test_nan_propagates():
    assert np.isnan(relu(np.nan))
    assert np.isnan(relu_slope(np.nan))


def test_extreme_inputs_silent():
    x = np.array([-1e308, -1e6, -1000.0, 1000.0, 1e6, 1e308])
    with warnings.catch_warnings(), np.errstate(all="raise"):
        warnings.simplefilter("error")
        values, slopes = relu(x), relu_slope(x)
    np.testing.assert_array_equal(values, [0.0, 0.0, 0.0, 1000.0, 1e6, 1e308])
    np.testing.assert_array_equal(slopes, [0.0, 0.0, 0.0, 1.0, 1.0, 1.0])


def test_lesson_answers_match_the_reference():
    tasks = {t["id"]: {a["id"]: a for a in t["answer"]} for t in tomllib.loads(LESSON.read_text("utf-8"))["task"]}
    slopes = tasks["slopes"]
    assert slopes["left"]["value"] == relu_slope(-0.5)
    assert slopes["right"]["value"] == relu_slope(0.5)
    assert tasks["split"]["sum"]["value"] == relu(-2.5) + relu(2.5)
    assert tasks["split"]["difference"]["value"] == relu(-2.5) - relu(2.5)
