import numpy as np


def batch_norm(x: np.ndarray, gamma: np.ndarray, beta: np.ndarray, eps: float = 1e-5) -> np.ndarray:
    """Пакетная нормализация в режиме обучения: каждый признак нормализуется по статистикам самого пакета.

    x: массив float64 (N, D), N примеров по D признаков; gamma, beta: массивы float64 (D,); eps: число float.
    Для каждого признака (столбца): вычтите его среднее по пакету, поделите на sqrt(смещённая дисперсия + eps),
    где смещённая дисперсия делится на N; затем умножьте на gamma и прибавьте beta.
    Верните новый массив формы (N, D); x не изменяйте.
    """
    # Здесь ваш код
    raise NotImplementedError("функция batch_norm ещё не написана")
