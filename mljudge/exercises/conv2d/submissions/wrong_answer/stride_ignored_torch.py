# mistake: stride-ignored
import torch.nn.functional as F


def conv2d(image, kernel, stride=1, padding=0):
    padded = F.pad(image, (padding, padding, padding, padding))
    windows = padded.unfold(0, kernel.shape[0], 1).unfold(1, kernel.shape[1], 1)
    return (windows * kernel).sum(dim=(2, 3))
