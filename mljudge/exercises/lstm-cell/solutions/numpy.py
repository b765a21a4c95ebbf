import numpy as np


def _sigmoid(z: np.ndarray) -> np.ndarray:
    # exp of −|z| only, so nothing overflows even for pre-activations in the thousands.
    e = np.exp(-np.abs(z))
    return np.where(z >= 0, 1.0 / (1.0 + e), e / (1.0 + e))


def lstm_cell(x: np.ndarray, h: np.ndarray, c: np.ndarray, w_ih: np.ndarray, w_hh: np.ndarray, b_ih: np.ndarray,
              b_hh: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    z = x @ w_ih.T + b_ih + h @ w_hh.T + b_hh  # (N, 4H): input, forget, cell, output blocks
    z_i, z_f, z_g, z_o = np.split(z, 4, axis=1)
    c_new = _sigmoid(z_f) * c + _sigmoid(z_i) * np.tanh(z_g)
    return _sigmoid(z_o) * np.tanh(c_new), c_new
