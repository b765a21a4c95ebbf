import numpy as np


def conv2d(image: np.ndarray, kernel: np.ndarray, stride: int = 1, padding: int = 0) -> np.ndarray:
    """Двумерная свёртка в том виде, в каком её считают библиотеки глубокого обучения: взаимная корреляция,
    ядро не переворачивается.

    image: массив float64 (H, W); kernel: массив float64 (kh, kw); stride, padding: целые числа.
    Окружите изображение `padding` нулями с каждой стороны, затем берите окна с шагом `stride` по строкам и
    столбцам: out[i, j] = сумма по a, b от padded[i*stride + a, j*stride + b] * kernel[a, b].
    Верните новый массив формы ((H + 2*padding - kh) // stride + 1, (W + 2*padding - kw) // stride + 1).
    """
    # Здесь ваш код
    raise NotImplementedError("функция conv2d ещё не написана")
