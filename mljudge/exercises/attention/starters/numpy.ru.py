import numpy as np


def attention(q: np.ndarray, k: np.ndarray, v: np.ndarray, mask: np.ndarray | None = None) -> np.ndarray:
    """Масштабированное скалярное внимание (scaled dot-product attention) по двум последним осям.

    q: (..., L_q, d_k), k: (..., L_k, d_k), v: (..., L_k, d_v), float64, ведущие оси у всех одинаковые.
    mask: None (разрешены все ключи) или булев массив, который транслируется до (..., L_q, L_k): True там, где
    запросу i можно смотреть на ключ j.
    scores = q @ k^T / sqrt(d_k); weights — softmax каждой строки по разрешённым ключам (0 на остальных),
    посчитанный устойчиво; строка, в которой ничего не разрешено, получает нулевые веса, и её строка выхода —
    нули. Верните weights @ v, форма (..., L_q, d_v). Не изменяйте входы на месте.
    """
    # Здесь ваш код
    raise NotImplementedError("функция attention ещё не написана")
