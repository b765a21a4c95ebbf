from typing import Optional

import torch


@torch.no_grad()
def max_pool2d(x: torch.Tensor, kernel_size: int = 2, stride: Optional[int] = None) -> torch.Tensor:
    """Max pooling over the last two dims; stride defaults to kernel_size like nn.MaxPool2d."""
    s = kernel_size if stride is None else stride
    *lead, H, W = x.shape
    oh = (H - kernel_size) // s + 1
    ow = (W - kernel_size) // s + 1
    rows = []
    for i in range(oh):
        cols = []
        for j in range(ow):
            win = x[..., i * s:i * s + kernel_size, j * s:j * s + kernel_size]
            cols.append(win.reshape(*lead, -1).max(dim=-1).values)
        rows.append(torch.stack(cols, dim=-1))
    return torch.stack(rows, dim=-2)
