import torch


def adam(param: torch.Tensor, grad: torch.Tensor, m: torch.Tensor, v: torch.Tensor, t: int, lr: float = 0.001,
         beta1: float = 0.9, beta2: float = 0.999,
         eps: float = 1e-8) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """One step of Adam. Return (new_param, new_m, new_v) as new tensors; m and v without bias correction.

    param, grad, m, v: float64 tensors of one shape; m and v are the state the previous step returned (zeros
    before the first step). t: the number of this step, 1 on the first call. m <- beta1*m + (1-beta1)*grad,
    v <- beta2*v + (1-beta2)*grad**2, m_hat = m/(1-beta1**t), v_hat = v/(1-beta2**t),
    param <- param - lr * m_hat / (sqrt(v_hat) + eps). Unlike torch.optim.Adam, do not change the inputs.
    """
    # Your code here
    raise NotImplementedError("adam is not written yet")
