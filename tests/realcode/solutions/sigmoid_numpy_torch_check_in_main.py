import numpy as np


def sigmoid(x):
    """Numerically stable logistic sigmoid."""
    out = np.empty_like(x, dtype=np.float64)
    pos = x >= 0
    out[pos] = 1.0 / (1.0 + np.exp(-x[pos]))
    ex = np.exp(x[~pos])
    out[~pos] = ex / (1.0 + ex)
    return out


if __name__ == "__main__":
    import torch

    x = np.linspace(-50, 50, 1001)
    ref = torch.sigmoid(torch.from_numpy(x)).numpy()
    print("max abs diff vs torch:", np.abs(sigmoid(x) - ref).max())
