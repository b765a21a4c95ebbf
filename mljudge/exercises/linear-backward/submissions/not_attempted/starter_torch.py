import torch


def linear_backward(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor,
                    grad_output: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """The backward pass of y = x @ weight.T + bias (torch.nn.Linear). Return (grad_x, grad_weight, grad_bias).

    x: (N, in); weight: (out, in); bias: (out,); grad_output: (N, out), the gradient of the loss with respect to
    y. Each gradient has the shape of what it is the gradient of: grad_x (N, in), grad_weight (out, in),
    grad_bias (out,). By hand, with matrix products: no autograd, no .backward(). Do not change the inputs.
    """
    # Your code here
    raise NotImplementedError("linear_backward is not written yet")
