import numpy as np


def linear_backward(x: np.ndarray, weight: np.ndarray, bias: np.ndarray,
                    grad_output: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The backward pass of y = x @ weight.T + bias. Return (grad_x, grad_weight, grad_bias) as new arrays.

    x: (N, in); weight: (out, in), PyTorch's layout; bias: (out,); grad_output: (N, out), the gradient of the
    loss with respect to y. Each gradient has the shape of what it is the gradient of: grad_x (N, in),
    grad_weight (out, in), grad_bias (out,). Do not change the inputs.
    """
    # Your code here
    raise NotImplementedError("linear_backward is not written yet")
