# F.unfold (im2col) lays out the windows of a (N, C, H, W) batch as columns: allowed here, it does not pool.
import torch
import torch.nn.functional as F


def max_pool2d(x, kernel_size=2, stride=None):
    s = kernel_size if stride is None else stride
    h, w = x.shape[-2:]
    rows, cols = (h - kernel_size) // s + 1, (w - kernel_size) // s + 1
    flat = x.reshape(-1, 1, h, w)
    columns = F.unfold(flat, kernel_size, stride=s)  # (N·C, k·k, rows·cols)
    pooled = columns.max(dim=1).values
    return pooled.reshape(*x.shape[:-2], rows, cols)
