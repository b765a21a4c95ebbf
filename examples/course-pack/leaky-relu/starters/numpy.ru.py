import numpy as np


def leaky_relu(x: np.ndarray, negative_slope: float = 0.01) -> np.ndarray:
    """Leaky ReLU, поэлементно.

    x: массив float64 любой формы; negative_slope: число. Верните новый массив float64 той же
    формы: каждый положительный элемент без изменений, все остальные — умноженными на negative_slope.
    """
    # Здесь ваш код: x там, где он положителен, negative_slope * x в остальных местах
    raise NotImplementedError("функция leaky_relu ещё не написана")
