import torch


def dropout(x: torch.Tensor, p: float, training: bool = True, seed: int = 0) -> torch.Tensor:
    if not training or p == 0.0:
        return x.clone()
    if p >= 1.0:
        return torch.zeros_like(x)
    generator = torch.Generator().manual_seed(seed)
    keep = torch.rand(x.shape, generator=generator, dtype=x.dtype) >= p
    return torch.where(keep, x / (1.0 - p), torch.zeros_like(x))
