"""GELU (tanh form), with a quick self-check when run as a script."""

import numpy as np


def gelu(x, *, coefficient=0.044715):
    return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + coefficient * x**3)))


if __name__ == "__main__":
    xs = np.linspace(-3, 3, 7)
    for x, y in zip(xs, gelu(xs), strict=True):
        print(f"{x:+.1f} -> {y:+.4f}")
