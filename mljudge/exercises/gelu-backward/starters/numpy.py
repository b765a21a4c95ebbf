import numpy as np


def gelu_backward(grad_output: np.ndarray, x: np.ndarray) -> np.ndarray:
    """The backward pass of GELU (tanh form), elementwise.

    grad_output: ∂L/∂y, a float64 array; x: the forward input, a float64 array of the same shape.
    Return ∂L/∂x = grad_output · gelu′(x), a new array of the same shape.
    """
    # Your code here: gelu(x) = x · ½(1 + tanh(u)), u = sqrt(2/pi) * (x + 0.044715 * x**3)
    raise NotImplementedError("gelu_backward is not written yet")
