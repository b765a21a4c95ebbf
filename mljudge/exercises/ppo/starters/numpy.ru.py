import numpy as np


def ppo_loss(new_log_probs: np.ndarray, old_log_probs: np.ndarray, advantages: np.ndarray,
             clip: float = 0.2) -> float:
    """Обрезанная суррогатная целевая функция PPO в виде функции потерь, которую минимизируют.

    new_log_probs, old_log_probs, advantages: массивы float64 одной формы (любой); clip: число float, эпсилон.
        r = exp(new_log_probs - old_log_probs)
        loss = -mean(min(r * A, clip(r, 1 - clip, 1 + clip) * A))      по всем элементам
    Верните одно число (float или 0-мерный массив); не изменяйте входы.
    """
    # Здесь ваш код
    raise NotImplementedError("функция ppo_loss ещё не написана")
