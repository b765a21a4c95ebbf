from builtins import range
import numpy as np


def max_pool_forward_naive(x, pool_param):
    """
    A naive implementation of the forward pass for a max-pooling layer.

    Inputs:
    - x: Input data, of shape (N, C, H, W)
    - pool_param: dictionary with the following keys:
      - 'pool_height': The height of each pooling region
      - 'pool_width': The width of each pooling region
      - 'stride': The distance between adjacent pooling regions

    No padding is necessary here, eg you can assume:
      - (H - pool_height) % stride == 0
      - (W - pool_width) % stride == 0

    Returns a tuple of:
    - out: Output data, of shape (N, C, H', W') where H' and W' are given by
      H' = 1 + (H - pool_height) / stride
      W' = 1 + (W - pool_width) / stride
    - cache: (x, pool_param)
    """
    out = None
    # *****START OF YOUR CODE (DO NOT DELETE/MODIFY THIS LINE)*****

    N, C, H, W = x.shape
    ph, pw, stride = pool_param["pool_height"], pool_param["pool_width"], pool_param["stride"]
    H_out = 1 + (H - ph) // stride
    W_out = 1 + (W - pw) // stride
    out = np.zeros((N, C, H_out, W_out))
    for n in range(N):
        for c in range(C):
            for i in range(H_out):
                for j in range(W_out):
                    out[n, c, i, j] = np.max(x[n, c, i * stride:i * stride + ph, j * stride:j * stride + pw])

    # *****END OF YOUR CODE (DO NOT DELETE/MODIFY THIS LINE)*****
    cache = (x, pool_param)
    return out, cache


def max_pool2d(x, kernel_size=2, stride=None):
    if stride is None:
        stride = kernel_size
    lead, (H, W) = x.shape[:-2], x.shape[-2:]
    pool_param = {"pool_height": kernel_size, "pool_width": kernel_size, "stride": stride}
    out, _ = max_pool_forward_naive(x.reshape(-1, 1, H, W), pool_param)
    return out.reshape(lead + out.shape[-2:])
