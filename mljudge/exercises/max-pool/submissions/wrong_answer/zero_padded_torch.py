# mistake: zero-padded
# Pads with zeros so that the windows starting at 0, s, 2s, ... below H all fit.
import torch.nn.functional as F


def max_pool2d(x, kernel_size=2, stride=None):
    s = kernel_size if stride is None else stride
    h, w = x.shape[-2:]
    padded = F.pad(x, (0, kernel_size, 0, kernel_size))
    windows = padded.unfold(-2, kernel_size, s).unfold(-2, kernel_size, s)
    rows, cols = len(range(0, h, s)), len(range(0, w, s))
    return windows.amax(dim=(-2, -1))[..., :rows, :cols]
