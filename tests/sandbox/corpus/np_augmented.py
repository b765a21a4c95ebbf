import numpy as np


def gelu(x):
    # Build the result in one buffer with augmented (subscript) assignments.
    out = np.empty_like(x)
    out[...] = x**3
    out[...] *= 0.044715
    out[...] += x
    out *= np.sqrt(2.0 / np.pi)
    np.tanh(out, out=out)
    out += 1.0
    out[out > 0] *= 0.5
    out[~(out > 0)] *= 0.5
    out *= x
    return out
