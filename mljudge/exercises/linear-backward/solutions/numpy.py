import numpy as np


def linear_backward(x: np.ndarray, weight: np.ndarray, bias: np.ndarray,
                    grad_output: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    grad_x = grad_output @ weight          # (N, out) @ (out, in) -> (N, in)
    grad_weight = grad_output.T @ x        # (out, N) @ (N, in)   -> (out, in)
    grad_bias = grad_output.sum(axis=0)    # summed over the batch -> (out,)
    return grad_x, grad_weight, grad_bias
