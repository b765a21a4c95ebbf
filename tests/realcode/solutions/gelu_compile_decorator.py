"""GELU (tanh form), compiled with torch.compile for speed."""
import math

import torch

SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)


@torch.compile
def gelu(x: torch.Tensor) -> torch.Tensor:
    inner = SQRT_2_OVER_PI * (x + 0.044715 * x.pow(3))
    return 0.5 * x * (1.0 + inner.tanh())


if __name__ == "__main__":
    x = torch.randn(1024, 1024)
    for _ in range(3):  # first call compiles
        gelu(x)
    print(gelu(torch.tensor([-1.0, 0.0, 1.0])))
