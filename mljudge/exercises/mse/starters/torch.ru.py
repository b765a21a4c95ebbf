import torch


def mse(pred: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
    """Среднеквадратичная ошибка: среднее (pred - target)**2 по всем элементам.

    pred, target: тензоры float64 одной формы (любой). Верните одно число (0-мерный тензор или float),
    а не по числу на строку. Не изменяйте pred и target.
    """
    # Здесь ваш код: вычтите, возведите в квадрат, усредните по всем элементам.
    raise NotImplementedError("функция mse ещё не написана")
