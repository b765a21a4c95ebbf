import torch


def attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask: torch.Tensor | None = None) -> torch.Tensor:
    """Масштабированное скалярное внимание (scaled dot-product attention) по двум последним осям.

    q: (..., L_q, d_k), k: (..., L_k, d_k), v: (..., L_k, d_v), float64, ведущие оси у всех одинаковые.
    mask: None (разрешены все ключи) или булев тензор, который транслируется до (..., L_q, L_k): True там, где
    запросу i можно смотреть на ключ j.
    scores = q @ k^T / sqrt(d_k); weights — softmax каждой строки по разрешённым ключам (0 на остальных),
    посчитанный устойчиво; строка, в которой ничего не разрешено, получает нулевые веса, и её строка выхода —
    нули. Верните weights @ v, форма (..., L_q, d_v). Не изменяйте входы на месте.
    """
    # Здесь ваш код (F.scaled_dot_product_attention и nn.MultiheadAttention использовать нельзя)
    raise NotImplementedError("функция attention ещё не написана")
