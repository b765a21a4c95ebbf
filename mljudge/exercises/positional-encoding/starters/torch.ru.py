import torch


def positional_encoding(length: int, d_model: int, base: float = 10000.0) -> torch.Tensor:
    """Синусоидальное позиционное кодирование из статьи «Attention Is All You Need».

    length: число позиций (строки 0 … length − 1); d_model: число столбцов, чётное; base: число float.
    С частотой пары w_i = 1 / base ** (2i / d_model) для i = 0 … d_model/2 − 1:
        столбец 2i     строки pos = sin(pos * w_i)
        столбец 2i + 1 строки pos = cos(pos * w_i)
    Верните тензор типа torch.float64 формы (length, d_model). Если d_model нечётное, выбросьте ValueError.
    """
    # Здесь ваш код (передайте dtype=torch.float64: точности float32, который PyTorch берёт по умолчанию, здесь мало)
    raise NotImplementedError("функция positional_encoding ещё не написана")
