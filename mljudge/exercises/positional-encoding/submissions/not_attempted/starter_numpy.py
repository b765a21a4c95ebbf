import numpy as np


def positional_encoding(length: int, d_model: int, base: float = 10000.0) -> np.ndarray:
    """The sinusoidal positional encoding of "Attention Is All You Need".

    length: the number of positions (rows 0 … length − 1); d_model: the number of columns, even; base: a float.
    With the pair speed w_i = 1 / base ** (2i / d_model) for i = 0 … d_model/2 − 1:
        column 2i     of row pos = sin(pos * w_i)
        column 2i + 1 of row pos = cos(pos * w_i)
    Return a float64 np.ndarray of shape (length, d_model). Raise ValueError if d_model is odd.
    """
    # Your code here
    raise NotImplementedError("positional_encoding is not written yet")
