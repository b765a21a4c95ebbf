import torch


def max_pool2d(x: torch.Tensor, kernel_size: int = 2, stride: int | None = None) -> torch.Tensor:
    if stride is None:
        stride = kernel_size
    # Tensor.unfold(axis, size, step) windows one axis; twice gives (..., H', W', k, k).
    windows = x.unfold(-2, kernel_size, stride).unfold(-2, kernel_size, stride)
    return windows.amax(dim=(-2, -1))
