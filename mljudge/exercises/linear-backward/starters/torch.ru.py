import torch


def linear_backward(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor,
                    grad_output: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Обратный проход для y = x @ weight.T + bias (torch.nn.Linear). Верните (grad_x, grad_weight, grad_bias).

    x: (N, in); weight: (out, in); bias: (out,); grad_output: (N, out), градиент функции потерь по y. Каждый
    градиент имеет форму того, по чему он взят: grad_x (N, in), grad_weight (out, in), grad_bias (out,).
    Вручную, через матричные произведения: без autograd и без .backward(). Не изменяйте входы.
    """
    # Здесь ваш код
    raise NotImplementedError("функция linear_backward ещё не написана")
