import torch


def linear_backward(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor,
                    grad_output: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    grad_x = grad_output @ weight          # (N, out) @ (out, in) -> (N, in)
    grad_weight = grad_output.T @ x        # (out, N) @ (N, in)   -> (out, in)
    grad_bias = grad_output.sum(dim=0)     # summed over the batch -> (out,)
    return grad_x, grad_weight, grad_bias
