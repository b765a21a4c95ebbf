import time
from typing import Optional

import torch
import torch.nn.functional as F

TIMINGS: list[float] = []


@torch.no_grad()
def conv2d(image: torch.Tensor, kernel: torch.Tensor, stride: int = 1, padding: int = 0,
           out: Optional[torch.Tensor] = None) -> torch.Tensor:
    t0 = time.perf_counter()
    if padding > 0:
        image = F.pad(image, (padding, padding, padding, padding))
    H, W = image.shape
    kh, kw = kernel.shape
    oh = (H - kh) // stride + 1
    ow = (W - kw) // stride + 1
    if out is None:
        out = torch.zeros(oh, ow, dtype=image.dtype)
    for i in range(oh):
        for j in range(ow):
            r, c = i * stride, j * stride
            out[i, j] = (image[r:r + kh, c:c + kw] * kernel).sum()
    TIMINGS.append(time.perf_counter() - t0)
    return out
