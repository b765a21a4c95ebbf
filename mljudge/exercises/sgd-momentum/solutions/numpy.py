import numpy as np


def sgd_momentum(param: np.ndarray, grad: np.ndarray, velocity: np.ndarray, lr: float = 0.01,
                 momentum: float = 0.9) -> tuple[np.ndarray, np.ndarray]:
    new_velocity = momentum * velocity + grad
    return param - lr * new_velocity, new_velocity
