# mistake: flipped-kernel
# Indexing the kernel from its end: kernel[kh - 1 - a, kw - 1 - b] is a true convolution.
import torch
import torch.nn.functional as F


def conv2d(image, kernel, stride=1, padding=0):
    kh, kw = kernel.shape
    padded = F.pad(image, (padding,) * 4)
    rows = (padded.shape[0] - kh) // stride + 1
    cols = (padded.shape[1] - kw) // stride + 1
    out = torch.zeros(rows, cols, dtype=image.dtype)
    for a in range(kh):
        for b in range(kw):
            out += kernel[kh - 1 - a, kw - 1 - b] * padded[a:a + rows * stride:stride, b:b + cols * stride:stride]
    return out
