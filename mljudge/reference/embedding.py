"""Embedding lookup, and how much of a table a batch of lookups touches (what the embeddings lesson plots).

An embedding layer is a table with one row per id: looking up ids of any shape gives ids.shape + (dim,). Only the
rows that were looked up take part in a step, so only they get a gradient; `rows_touched` is the expected share
of rows reached by n ids drawn uniformly at random.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from mljudge.reference.arrays import Float


def embedding(weights: ArrayLike, ids: ArrayLike) -> NDArray[np.float64]:
    """Rows of ``weights`` (shape (num_embeddings, dim)) picked by ``ids`` (integers of any shape, 0-d included).

    Returns a new float64 array of shape ``ids.shape + (dim,)``. Ids must satisfy 0 ≤ id < num_embeddings, as in
    torch.nn.Embedding: a negative id is an error here, not a count from the end; raises IndexError otherwise.
    """
    table = np.asarray(weights, dtype=np.float64)
    index = np.asarray(ids)
    if table.ndim != 2:
        raise ValueError(f"weights must be a 2-D table, got shape {table.shape}")
    if index.dtype.kind not in "iu":
        raise TypeError(f"ids must be integers, got {index.dtype}")
    rows = table.shape[0]
    bad = (index < 0) | (index >= rows)
    if np.any(bad):
        first = int(index[bad].flat[0])
        raise IndexError(f"id {first} is out of range for a table of {rows} rows (valid: 0 … {rows - 1})")
    return table[index.astype(np.intp)]


def rows_touched(n: ArrayLike, rows: int) -> Float:
    """Expected fraction of a ``rows``-row table that ``n`` ids, drawn uniformly and independently, look up at
    least once: 1 − (1 − 1/rows)ⁿ. Elementwise over ``n`` (any real n ≥ 0); float64."""
    count = np.asarray(n, dtype=np.float64)
    if rows < 1:
        raise ValueError("a table needs at least one row")
    # −expm1(n·log1p(−1/rows)) is 1 − (1 − 1/rows)ⁿ without cancellation for small n; exact 0 at n = 0.
    # For one row log1p(−1) is −inf; that table is fully touched by any n > 0.
    if rows == 1:
        return np.asarray(np.where(count > 0.0, 1.0, 0.0))[()]
    exponent = np.maximum(count * np.log1p(-1.0 / rows), -700.0)  # exp(−700) is still a normal float
    return np.asarray(-np.expm1(exponent))[()]
