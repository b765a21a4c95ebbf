"""ELU activation + a script that saves its plot."""
import os

import numpy as np


def elu(x, alpha=1.0):
    # expm1 is accurate near 0; clip so exp never sees large positive values
    return np.where(x > 0, x, alpha * np.expm1(np.minimum(x, 0)))


if __name__ == "__main__":
    import matplotlib.pyplot as plt

    os.makedirs("figures", exist_ok=True)
    xs = np.linspace(-4, 3, 200)
    for a in (0.5, 1.0, 2.0):
        plt.plot(xs, elu(xs, a), label=f"alpha={a}")
    plt.legend()
    plt.savefig(os.path.join("figures", "elu.png"))
