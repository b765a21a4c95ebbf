# mistake: padding-width-only
# F.pad reads its pairs from the last axis backwards: (p, p) pads only the columns.
import torch.nn.functional as F


def conv2d(image, kernel, stride=1, padding=0):
    padded = F.pad(image, (padding, padding))
    windows = padded.unfold(0, kernel.shape[0], stride).unfold(1, kernel.shape[1], stride)
    return (windows * kernel).sum(dim=(-2, -1))
