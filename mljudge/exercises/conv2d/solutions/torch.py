import torch
import torch.nn.functional as F


def conv2d(image: torch.Tensor, kernel: torch.Tensor, stride: int = 1, padding: int = 0) -> torch.Tensor:
    kh, kw = kernel.shape
    padded = F.pad(image, (padding, padding, padding, padding))  # (left, right, top, bottom)
    # Tensor.unfold(axis, size, step): the windows along rows, then along columns -> (H', W', kh, kw).
    windows = padded.unfold(0, kh, stride).unfold(1, kw, stride)
    return (windows * kernel).sum(dim=(-2, -1))
