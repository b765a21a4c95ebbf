# ruff: noqa: UP007, UP035 (typing.Union and typing.Callable, as many learners write them)
import math
from typing import Callable, Union

import numpy as np

ArrayLike = Union[np.ndarray, float]
Activation = Callable[[np.ndarray], np.ndarray]


def _tanh_form(x: np.ndarray) -> np.ndarray:
    inner: np.ndarray = math.sqrt(2 / math.pi) * (x + 0.044715 * x**3)
    return 0.5 * x * (1 + np.tanh(inner))


ACTIVATIONS: dict[str, Activation] = {"gelu": _tanh_form}


def gelu(x: ArrayLike) -> np.ndarray:
    return ACTIVATIONS["gelu"](np.asarray(x, dtype=float))
