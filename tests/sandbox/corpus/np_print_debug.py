import numpy as np


def gelu(x):
    print(f"x: shape={x.shape}, dtype={x.dtype}, min={x.min():.3f}")
    print("max is {:.3f}".format(float(x.max())), "size", x.size, sep=" | ")  # noqa: UP032 (str.format on purpose)
    y = 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))
    print(f"{y!r:.40}", end="\n\n")
    return y
