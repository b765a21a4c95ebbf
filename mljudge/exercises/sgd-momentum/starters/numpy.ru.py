import numpy as np


def sgd_momentum(param: np.ndarray, grad: np.ndarray, velocity: np.ndarray, lr: float = 0.01,
                 momentum: float = 0.9) -> tuple[np.ndarray, np.ndarray]:
    """Один шаг градиентного спуска с моментом. Верните (new_param, new_velocity) в виде новых массивов.

    param, grad, velocity: массивы float64 одной формы; velocity — состояние, которое вернул предыдущий шаг (нули
    до первого шага). v <- momentum * v + grad, затем param <- param - lr * v. Не изменяйте входы.
    """
    # Здесь ваш код
    raise NotImplementedError("функция sgd_momentum ещё не написана")
