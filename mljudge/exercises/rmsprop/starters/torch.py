import torch


def rmsprop(param: torch.Tensor, grad: torch.Tensor, square_avg: torch.Tensor, lr: float = 0.01, alpha: float = 0.99,
            eps: float = 1e-8) -> tuple[torch.Tensor, torch.Tensor]:
    """One step of RMSProp. Return (new_param, new_square_avg) as new tensors.

    param, grad, square_avg: float64 tensors of one shape; square_avg is the state the previous step returned
    (zeros before the first step). s <- alpha * s + (1 - alpha) * grad**2, then
    param <- param - lr * grad / (sqrt(s) + eps), eps outside the root. Unlike torch.optim.RMSprop, do not
    change the inputs in place.
    """
    # Your code here
    raise NotImplementedError("rmsprop is not written yet")
