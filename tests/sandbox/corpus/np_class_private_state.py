import math

import numpy as np


class _TanhGelu:
    """Private state and helpers, the usual way: `self._scale`, `self._inner()`, a class-level `_cache`."""

    _cache = {}  # noqa: RUF012 (a learner's plain class attribute)

    def __init__(self, coefficient: float = 0.044715) -> None:
        self._coefficient = coefficient
        self._scale = math.sqrt(2.0 / math.pi)
        self._calls = 0

    @classmethod
    def shared(cls) -> "_TanhGelu":
        if "default" not in cls._cache:
            cls._cache["default"] = cls()
        return cls._cache["default"]

    def _inner(self, x):
        return self._scale * (x + self._coefficient * x**3)

    def __call__(self, x):
        self._calls += 1
        return 0.5 * x * (1.0 + np.tanh(self._inner(x)))


def gelu(x):
    return _TanhGelu.shared()(x)
