# Ported from a TensorFlow habit: cast the batch to float32 ("floatx") before normalising.
import numpy as np

FLOATX = np.float32


def batch_norm(x, gamma, beta, eps=1e-5):
    x = np.asarray(x, dtype=FLOATX)
    mean = np.mean(x, axis=0, keepdims=True)
    variance = np.mean(np.square(x - mean), axis=0, keepdims=True)
    inv = 1.0 / np.sqrt(variance + FLOATX(eps))
    return (gamma * (x - mean) * inv + beta).astype(np.float64)
