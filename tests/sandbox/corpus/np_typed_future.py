# ruff: noqa: UP045 (typing.Optional, as many learners write it)
from __future__ import annotations

import math
from typing import Final, Optional

import numpy as np
from numpy.typing import NDArray

SCALE: Final[float] = math.sqrt(2.0 / math.pi)


def gelu(x: NDArray[np.float64], out: Optional[NDArray[np.float64]] = None) -> NDArray[np.float64]:
    result: NDArray[np.float64] = 0.5 * x * (1.0 + np.tanh(SCALE * (x + 0.044715 * x**3)))
    if out is not None:
        out[...] = result
        return out
    return result
