import torch


def linear_backward(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor, grad_output: torch.Tensor,
                    needs_input_grad: tuple[bool, bool, bool] = (True, True, True)):
    """The backward of y = x W^T + b, as the 'Extending PyTorch' LinearFunction.backward writes it."""
    grad_input = grad_weight = grad_bias = None
    if needs_input_grad[0]:
        grad_input = grad_output.mm(weight)
    if needs_input_grad[1]:
        grad_weight = grad_output.t().mm(x)
    if bias is not None and needs_input_grad[2]:
        grad_bias = grad_output.sum(0)
    return grad_input, grad_weight, grad_bias
