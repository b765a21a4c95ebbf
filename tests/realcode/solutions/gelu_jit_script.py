import torch

# Fused into one TorchScript kernel so it can be dropped into the model later.


@torch.jit.script
def gelu(x: torch.Tensor) -> torch.Tensor:
    k = 0.7978845608028654  # sqrt(2 / pi)
    return 0.5 * x * (1.0 + torch.tanh(k * (x + 0.044715 * x * x * x)))
