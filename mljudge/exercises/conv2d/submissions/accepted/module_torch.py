# A small nn.Module with the kernel as its weight, the way a layer would hold it, called from the function.
import torch
from torch import nn


class Correlate2d(nn.Module):
    def __init__(self, kernel, stride, padding):
        super().__init__()
        self.weight = nn.Parameter(kernel.clone(), requires_grad=False)
        self.stride, self.padding = stride, padding

    def forward(self, image):
        p, s = self.padding, self.stride
        kh, kw = self.weight.shape
        padded = nn.functional.pad(image, (p, p, p, p))
        rows = (padded.shape[0] - kh) // s + 1
        cols = (padded.shape[1] - kw) // s + 1
        out = torch.zeros(rows, cols, dtype=image.dtype)
        for a in range(kh):
            for b in range(kw):
                out = out + self.weight[a, b] * padded[a:a + rows * s:s, b:b + cols * s:s]
        return out


def conv2d(image, kernel, stride=1, padding=0):
    return Correlate2d(kernel, stride, padding)(image)
