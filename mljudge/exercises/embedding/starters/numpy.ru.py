import numpy as np


def embedding(weights: np.ndarray, ids: np.ndarray) -> np.ndarray:
    """Выборка строк из таблицы эмбеддингов.

    weights: массив float64 формы (num_embeddings, dim), по строке на каждый id.
    ids: массив int64 любой формы (в том числе пустой).
    Верните новый массив float64 формы ids.shape + (dim,), элемент [..., :] которого равен weights[id].
    Выбросьте IndexError (или ValueError), если какой-нибудь id отрицателен или >= num_embeddings.
    """
    # Здесь ваш код: проверьте ids, затем выберите строки.
    raise NotImplementedError("функция embedding ещё не написана")
