import numpy as np


def gelu_backward(grad_output: np.ndarray, x: np.ndarray) -> np.ndarray:
    """Обратный проход GELU (форма с tanh), поэлементно.

    grad_output: ∂L/∂y, массив float64; x: вход прямого прохода, массив float64 той же формы.
    Верните ∂L/∂x = grad_output · gelu′(x), новый массив той же формы.
    """
    # Здесь ваш код: gelu(x) = x · ½(1 + tanh(u)), u = sqrt(2/pi) * (x + 0.044715 * x**3)
    raise NotImplementedError("функция gelu_backward ещё не написана")
