import torch


def dropout(x: torch.Tensor, p: float, training: bool = True, seed: int = 0) -> torch.Tensor:
    """Инвертированный дропаут (inverted dropout).

    x: тензор float64 любой формы. p: вероятность отбросить каждый элемент, 0 <= p <= 1.
    training: если False, верните x без изменений. seed: стройте маску генератором torch.Generator().manual_seed(seed).
    Верните новый тензор float64 формы x: каждый элемент равен 0 (отброшен, с вероятностью p) или x / (1 - p)
    (сохранён). При p = 0 возвращается x, при p = 1 — нули (без деления на ноль).
    """
    # Здесь ваш код: учтите training=False и крайние случаи p = 0, p = 1, затем постройте маску и масштабируйте.
    raise NotImplementedError("функция dropout ещё не написана")
