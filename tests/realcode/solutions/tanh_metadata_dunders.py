"""Hand-written hyperbolic tangent, overflow-safe."""

__author__ = "J. Doe <jdoe@example.org>"
__version__ = "0.3.1"
__all__ = ["tanh"]
__doc__ += f"\n\nVersion {__version__}."

import numpy as np


def tanh(x):
    """tanh(x) = sign(x) * (1 - e^{-2|x|}) / (1 + e^{-2|x|})."""
    e = np.exp(-2.0 * np.abs(x))
    return np.sign(x) * (1.0 - e) / (1.0 + e)
