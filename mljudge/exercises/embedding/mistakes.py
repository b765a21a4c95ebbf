"""Known wrong versions of the embedding lookup. `off_by_one` is a wrong implementation; the other two are
predicates over one failed case, called as func(got, expected, case) (trusted code: runs in the judge only)."""

import numpy as np
from numpy.typing import NDArray

from mljudge.judge.api import Answer, Array, Case, Expected


def off_by_one(weights: NDArray[np.float64], ids: NDArray[np.int64]) -> NDArray[np.float64]:
    """Treats ids as 1-based: row ids − 1, so id 0 silently wraps round to the last row."""
    return weights[ids - 1]


def batch_shape_lost(got: Answer, expected: Expected, case: Case) -> bool:
    """The right rows, stacked into (number of ids, dim) instead of ids.shape + (dim,)."""
    if not isinstance(got, Array) or not isinstance(expected, np.ndarray) or expected.ndim == 0:
        return False
    data = got.data
    rows = expected.reshape(-1, expected.shape[-1])
    return (data.shape == rows.shape and data.shape != expected.shape and data.dtype.kind in "biuf"
            and bool(np.all(np.abs(data.astype(np.float64) - rows) < case.tolerance.atol)))


def negative_wraps(weights: NDArray[np.float64], ids: NDArray[np.int64]) -> NDArray[np.float64]:
    """Plain indexing with no range check: an id ≥ num_embeddings raises by itself, but −1 quietly reads the last
    row (recognised on the negative-id case, which must raise)."""
    return weights[ids]
