import numpy as np


def dropout(x: np.ndarray, p: float, training: bool = True, seed: int = 0) -> np.ndarray:
    """Инвертированный дропаут (inverted dropout).

    x: массив float64 любой формы. p: вероятность отбросить каждый элемент, 0 <= p <= 1.
    training: если False, верните x без изменений. seed: стройте маску генератором np.random.default_rng(seed).
    Верните новый массив float64 формы x: каждый элемент равен 0 (отброшен, с вероятностью p) или x / (1 - p)
    (сохранён). При p = 0 возвращается x, при p = 1 — нули (без деления на ноль).
    """
    # Здесь ваш код: учтите training=False и крайние случаи p = 0, p = 1, затем постройте маску и масштабируйте.
    raise NotImplementedError("функция dropout ещё не написана")
