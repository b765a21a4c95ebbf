import numpy as np


def max_pool2d(x: np.ndarray, kernel_size: int = 2, stride: int | None = None) -> np.ndarray:
    """Max pooling (выбор максимума в окне) по двум последним осям x.

    x: массив float64 (..., H, W): карта (H, W), каналы (C, H, W), пакет (N, C, H, W) или больше осей.
    Окна размером kernel_size × kernel_size, с шагом `stride` по строкам и столбцам; stride=None означает
    kernel_size.
    out[..., i, j] = max от x[..., i*s : i*s + k, j*s : j*s + k]; окна, которые не помещаются целиком,
    отбрасываются. Верните новый массив формы (..., (H - k) // s + 1, (W - k) // s + 1).
    """
    # Здесь ваш код
    raise NotImplementedError("функция max_pool2d ещё не написана")
