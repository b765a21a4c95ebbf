"""Pins reference.erf to published values and to the A&S 7.1.26 error bound."""

import math
import warnings

import numpy as np
import pytest

from mljudge.reference.erf import erf

ABS = 5e-7  # published values carry 7 significant digits


def test_erf_zero_is_exactly_zero():
    assert erf(0.0) == 0.0


def test_erf_one_matches_published_value():
    assert erf(1.0) == pytest.approx(0.8427008, abs=ABS)


def test_erf_is_odd():
    assert erf(-1.0) == -erf(1.0)
    grid = np.linspace(0.0, 6.0, 601)
    np.testing.assert_array_equal(erf(-grid), -erf(grid))


def test_erf_within_abramowitz_stegun_bound_of_math_erf():
    grid = np.linspace(-6.0, 6.0, 120_001)
    expected = np.array([math.erf(v) for v in grid])
    assert np.max(np.abs(erf(grid) - expected)) < 1.5e-7


def test_scalar_input_gives_float64_scalar():
    # Documented convention: 0-d in, np.float64 out.
    assert type(erf(0.5)) is np.float64
    assert type(erf(np.float32(0.5))) is np.float64
    assert type(erf(np.asarray(0.5))) is np.float64


@pytest.mark.parametrize("shape", [(5,), (2, 3), (2, 3, 4)])
def test_array_shape_preserved_as_float64(shape):
    x = np.linspace(-3.0, 3.0, math.prod(shape)).reshape(shape)
    out = erf(x)
    assert isinstance(out, np.ndarray)
    assert out.shape == shape
    assert out.dtype == np.float64


def test_list_input_accepted():
    out = erf([[-1, 0], [1, 2]])
    assert out.shape == (2, 2)
    assert out[0, 0] == -out[1, 0]


def test_large_magnitudes_saturate_silently():
    x = np.array([-1e300, -1e3, -20.0, 20.0, 1e3, 1e300])
    with warnings.catch_warnings(), np.errstate(all="raise"):
        warnings.simplefilter("error")
        out = erf(x)
    np.testing.assert_array_equal(out, np.sign(x))


def test_nan_propagates():
    assert math.isnan(erf(float("nan")))
