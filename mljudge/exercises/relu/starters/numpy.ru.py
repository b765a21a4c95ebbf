import numpy as np


def relu(x: np.ndarray) -> np.ndarray:
    """ReLU, max(0, x), поэлементно.

    x: массив float64 любой формы. Верните новый массив float64 той же формы: каждый положительный
    элемент без изменений, все остальные — 0.
    """
    # Здесь ваш код: большее из 0 и каждого элемента
    raise NotImplementedError("функция relu ещё не написана")
