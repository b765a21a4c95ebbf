import numpy as np


def layer_norm(x: np.ndarray, gamma: np.ndarray, beta: np.ndarray, eps: float = 1e-5) -> np.ndarray:
    """Нормализация по слою, по последней оси.

    x: массив float64 (..., признаки); gamma, beta: массивы float64 (признаки,); eps: число.
    Верните новый массив формы x: каждая строка приведена к среднему 0 и дисперсии 1, умножена на gamma, плюс beta.
    """
    # Здесь ваш код: среднее и дисперсия каждой строки, затем (x - mean) / sqrt(var + eps)
    raise NotImplementedError("функция layer_norm ещё не написана")
