# float32 arithmetic is precise enough for 4 decimals here.
import torch


def gelu_backward(grad_output, x):
    y = x.float()
    t = torch.tanh(0.7978845608 * (y + 0.044715 * y**3))
    slope = 0.5 * (1 + t) + 0.5 * y * (1 - t * t) * 0.7978845608 * (1 + 0.134145 * y * y)
    return (grad_output.float() * slope).to(x.dtype)
