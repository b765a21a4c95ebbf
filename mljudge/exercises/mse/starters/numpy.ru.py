import numpy as np


def mse(pred: np.ndarray, target: np.ndarray) -> float:
    """Среднеквадратичная ошибка: среднее (pred - target)**2 по всем элементам.

    pred, target: массивы float64 одной формы (любой). Верните одно число (float, скаляр NumPy или 0-мерный
    массив), а не по числу на строку. Не изменяйте pred и target.
    """
    # Здесь ваш код: вычтите, возведите в квадрат, усредните по всем элементам.
    raise NotImplementedError("функция mse ещё не написана")
