import torch


def sgd_momentum(param: torch.Tensor, grad: torch.Tensor, velocity: torch.Tensor, lr: float = 0.01,
                 momentum: float = 0.9) -> tuple[torch.Tensor, torch.Tensor]:
    """One step of gradient descent with momentum. Return (new_param, new_velocity) as new tensors.

    param, grad, velocity: float64 tensors of one shape; velocity is the state the previous step returned (zeros
    before the first step). v <- momentum * v + grad, then param <- param - lr * v. Unlike torch.optim.SGD, do
    not change the inputs in place.
    """
    # Your code here
    raise NotImplementedError("sgd_momentum is not written yet")
