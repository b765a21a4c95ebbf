import torch


def max_pool2d(x: torch.Tensor, kernel_size: int = 2, stride: int | None = None) -> torch.Tensor:
    """Max pooling (выбор максимума в окне) по двум последним осям x.

    x: тензор float64 (..., H, W): карта (H, W), каналы (C, H, W), пакет (N, C, H, W) или больше осей.
    Окна размером kernel_size × kernel_size, с шагом `stride` по строкам и столбцам; stride=None означает
    kernel_size.
    out[..., i, j] = max от x[..., i*s : i*s + k, j*s : j*s + k]; окна, которые не помещаются целиком,
    отбрасываются. Верните новый тензор формы (..., (H - k) // s + 1, (W - k) // s + 1).
    """
    # Здесь ваш код (torch.nn.functional.max_pool2d использовать нельзя)
    raise NotImplementedError("функция max_pool2d ещё не написана")
