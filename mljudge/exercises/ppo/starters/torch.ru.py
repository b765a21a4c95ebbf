import torch


def ppo_loss(new_log_probs: torch.Tensor, old_log_probs: torch.Tensor, advantages: torch.Tensor,
             clip: float = 0.2) -> torch.Tensor:
    """Обрезанная суррогатная целевая функция PPO в виде функции потерь, которую минимизируют.

    new_log_probs, old_log_probs, advantages: тензоры float64 одной формы (любой); clip: число float, эпсилон.
        r = exp(new_log_probs - old_log_probs)
        loss = -mean(min(r * A, clip(r, 1 - clip, 1 + clip) * A))      по всем элементам
    Верните одно число (0-мерный тензор или float); не изменяйте входы.
    """
    # Здесь ваш код
    raise NotImplementedError("функция ppo_loss ещё не написана")
