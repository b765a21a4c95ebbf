from typing import Tuple

import torch
from torch import Tensor


def rmsprop(param: Tensor, grad: Tensor, square_avg: Tensor, lr: float = 0.01, alpha: float = 0.99,
            eps: float = 1e-8) -> Tuple[Tensor, Tensor]:
    square_avg = (1 - alpha) * square_avg + alpha * grad.pow(2)
    param = param - lr * grad / (square_avg.sqrt() + eps)
    return param, square_avg
