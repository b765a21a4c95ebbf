import torch


def sgd_momentum(param: torch.Tensor, grad: torch.Tensor, velocity: torch.Tensor, lr: float = 0.01,
                 momentum: float = 0.9) -> tuple[torch.Tensor, torch.Tensor]:
    new_velocity = momentum * velocity + grad
    return param - lr * new_velocity, new_velocity
