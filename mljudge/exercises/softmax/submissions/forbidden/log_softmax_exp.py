# Going around softmax through log_softmax is refused as well.
import torch


def softmax(x, temperature=1.0, axis=-1):
    return torch.log_softmax(x / temperature, dim=axis).exp()
