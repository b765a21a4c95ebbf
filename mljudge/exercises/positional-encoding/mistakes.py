"""Known wrong versions of positional_encoding, recognised when a learner's outputs match one of them on every case
they answered, and one predicate (trusted code: runs in the judge, never in the sandbox)."""

from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from mljudge.judge.api import Answer, Array, Case, Expected
from mljudge.reference.arrays import Floats

LONG_CASE = "long"


def _table(length: int, d_model: int, angle: Callable[[Floats, NDArray[np.int64]], Floats],
           first: Callable[[Floats], Floats] = np.sin, second: Callable[[Floats], Floats] = np.cos) -> Floats:
    """Columns 2i and 2i + 1 from angle(pos, column), the column being j = 0 … d_model − 1."""
    if d_model % 2:
        raise ValueError("d_model must be even")
    pos = np.arange(length, dtype=np.float64)[:, None]
    columns = np.arange(d_model)
    angles = angle(pos, columns)
    return np.where(columns % 2 == 0, first(angles), second(angles))


def _pair(columns: NDArray[np.int64]) -> NDArray[np.int64]:
    return columns // 2 * 2  # 2i for both columns of pair i


def sin_cos_swapped(length: int, d_model: int, base: float = 10000.0) -> Floats:
    """cos in the even columns and sin in the odd ones."""
    return _table(length, d_model, lambda pos, j: pos / base ** (_pair(j) / d_model), np.cos, np.sin)


def exponent_two_columns(length: int, d_model: int, base: float = 10000.0) -> Floats:
    """2i/d_model with i the *column* index: column j turns at base^(−2j/d_model), twice as far down the scale."""
    return _table(length, d_model, lambda pos, j: pos / base ** (2 * j / d_model))


def exponent_column(length: int, d_model: int, base: float = 10000.0) -> Floats:
    """j/d_model with j the column index: the sin columns are right, each cos column turns at its own, slower,
    speed base^(−(2i + 1)/d_model) instead of its pair's."""
    return _table(length, d_model, lambda pos, j: pos / base ** (j / d_model))


def exponent_no_two(length: int, d_model: int, base: float = 10000.0) -> Floats:
    """i/d_model with i the pair index: the 2 forgotten, so the speeds fall only half as fast."""
    return _table(length, d_model, lambda pos, j: pos / base ** (j // 2 / d_model))


def base_multiplied(length: int, d_model: int, base: float = 10000.0) -> Floats:
    """pos·base^(2i/d_model): the position multiplied by the factor instead of divided (the log-space form
    exp(2i·ln(base)/d_model) without its minus sign)."""
    return _table(length, d_model, lambda pos, j: pos * base ** (_pair(j) / d_model))


def halves(length: int, d_model: int, base: float = 10000.0) -> Floats:
    """All the sines first, then all the cosines ([sin | cos] side by side), instead of interleaved pairs."""
    interleaved = _table(length, d_model, lambda pos, j: pos / base ** (_pair(j) / d_model))
    return np.concatenate([interleaved[:, 0::2], interleaved[:, 1::2]], axis=1)


def positions_from_one(length: int, d_model: int, base: float = 10000.0) -> Floats:
    """Positions counted 1 … length instead of 0 … length − 1."""
    return _table(length, d_model, lambda pos, j: (pos + 1) / base ** (_pair(j) / d_model))


def precision_lost(got: Answer, expected: Expected, case: Case) -> bool:
    """Right everywhere except in the long sequence, where the answer is close but off in the 4th decimal: the
    angles computed in float32 (torch's default dtype), which keeps about 7 digits of an angle in the thousands."""
    if case.id != LONG_CASE or not isinstance(got, Array) or not isinstance(expected, np.ndarray):
        return False
    data = got.data
    if data.shape != expected.shape or data.dtype.kind not in "f":
        return False
    error = np.abs(data.astype(np.float64) - expected)
    return bool(np.all(np.isfinite(error)) and error.max() < 1e-2)


def _half_minus_one(d_model: int) -> int:
    """fairseq's and tensor2tensor's scale, log(base)/(d_model/2 − 1): 1 pair divides by zero, an odd width has
    no pairs (both raise here; what a port does instead, NaN or a zero column, is a case the learner fails)."""
    half = d_model // 2
    if d_model % 2 or half < 2:
        raise ValueError("no pairs to spread the speeds over")
    return half - 1


def exponent_to_one(length: int, d_model: int, base: float = 10000.0) -> Floats:
    """Pair i turns at base^(−i/(d_model/2 − 1)): the exponents run from 0 to exactly 1, so the slowest pair turns
    at 1/base instead of base^(−(d_model − 2)/d_model) (base ** -linspace(0, 1, d_model // 2))."""
    return _table(length, d_model, lambda pos, j: pos / base ** (j // 2 / _half_minus_one(d_model)))


def halves_exponent_to_one(length: int, d_model: int, base: float = 10000.0) -> Floats:
    """fairseq's SinusoidalPositionalEmbedding.get_embedding and tensor2tensor's get_timing_signal_1d (and the
    timestep embedding of DDPM): the exponents from 0 to 1, and [all sines | all cosines]."""
    interleaved = exponent_to_one(length, d_model, base)
    return np.concatenate([interleaved[:, 0::2], interleaved[:, 1::2]], axis=1)
