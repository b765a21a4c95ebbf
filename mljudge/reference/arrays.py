"""The array types of trusted maths (and of the exercises' mistakes.py, which are maths too)."""

from __future__ import annotations

from typing import TypeAlias

import numpy as np
from numpy.typing import NDArray

Floats: TypeAlias = NDArray[np.float64]  # a float64 array
Float: TypeAlias = NDArray[np.float64] | np.float64  # the same, or the scalar that a 0-d input gives
