import numpy as np


def linear_backward(x: np.ndarray, weight: np.ndarray, bias: np.ndarray,
                    grad_output: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Обратный проход для y = x @ weight.T + bias. Верните (grad_x, grad_weight, grad_bias) в виде новых массивов.

    x: (N, in); weight: (out, in), как в PyTorch; bias: (out,); grad_output: (N, out), градиент функции потерь
    по y. Каждый градиент имеет форму того, по чему он взят: grad_x (N, in), grad_weight (out, in),
    grad_bias (out,). Не изменяйте входы.
    """
    # Здесь ваш код
    raise NotImplementedError("функция linear_backward ещё не написана")
