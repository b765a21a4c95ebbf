import numpy as np


def huber(pred: np.ndarray, target: np.ndarray, delta: float = 1.0) -> float:
    """Функция потерь Хьюбера, усреднённая по всем элементам.

    При d = pred - target: 0.5 * d**2 там, где |d| <= delta, и delta * (|d| - 0.5 * delta) в остальных местах.
    pred, target: массивы float64 одной формы (любой). delta: положительное число float.
    Верните одно число (float, скаляр NumPy или 0-мерный массив). Не изменяйте pred и target.
    """
    # Здесь ваш код: ошибка, обе ветви, маска для выбора между ними, среднее.
    raise NotImplementedError("функция huber ещё не написана")
