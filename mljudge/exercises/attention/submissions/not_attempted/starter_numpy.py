import numpy as np


def attention(q: np.ndarray, k: np.ndarray, v: np.ndarray, mask: np.ndarray | None = None) -> np.ndarray:
    """Scaled dot-product attention over the last two axes.

    q: (..., L_q, d_k), k: (..., L_k, d_k), v: (..., L_k, d_v), float64, the same leading axes.
    mask: None (every key allowed) or a bool array broadcastable to (..., L_q, L_k), True where query i may
    attend to key j.
    scores = q @ k^T / sqrt(d_k); weights = softmax of each row over the allowed keys (0 elsewhere), computed
    stably; a row that allows nothing gets weights 0, so its output row is zeros. Return weights @ v,
    shape (..., L_q, d_v). Do not modify any input in place.
    """
    # Your code here
    raise NotImplementedError("attention is not written yet")
