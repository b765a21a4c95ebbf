# The library's GELU forward plus autograd: refused at F.gelu before autograd is even reached.
import torch.nn.functional as F


def gelu_backward(grad_output, x):
    x = x.detach().requires_grad_()
    F.gelu(x, approximate="tanh").backward(grad_output)
    return x.grad
