import torch


def lamb(param: torch.Tensor, grad: torch.Tensor, m: torch.Tensor, v: torch.Tensor, t: int, lr: float = 1e-3,
         beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-6,
         weight_decay: float = 0.01) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """One step of LAMB. Return (new_param, new_m, new_v) as new tensors; m and v without bias correction.

    param, grad, m, v: float64 tensors of one shape (m, v: zeros before the first step). t: the number of this
    step, 1 on the first call. Adam's moments and bias correction give m_hat and v_hat; r = m_hat/(sqrt(v_hat) +
    eps) + weight_decay*param; ratio = ||param||/||r|| over all entries, or 1 when either norm is 0;
    param <- param - lr*ratio*r. No torch.optim; do not change the inputs.
    """
    # Your code here
    raise NotImplementedError("lamb is not written yet")
