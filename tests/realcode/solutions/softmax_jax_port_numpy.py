# jax.nn.softmax ported to NumPy (where / initial and all), with a temperature in front.
from typing import Optional, Union

import numpy as np

Axis = Optional[Union[int, tuple[int, ...]]]


def _softmax(x: np.ndarray, axis: Axis = -1, where: Optional[np.ndarray] = None,
             initial: Optional[float] = -np.inf) -> np.ndarray:
    mask = True if where is None else where  # NumPy's "everywhere" is True, JAX's is None
    x_max = np.max(x, axis, where=mask, initial=initial, keepdims=True)
    x_safe = x if where is None else np.where(where, x, initial)
    unnormalized = np.exp(x_safe - x_max)
    result = unnormalized / np.sum(unnormalized, axis, where=mask, keepdims=True)
    if where is not None:
        result = np.where(where, result, 0)
    return result


def softmax(x, temperature=1.0, axis=-1):
    return _softmax(np.asarray(x) / temperature, axis=axis)
