# torch.autograd.grad on leaves made with requires_grad=True: the module torch.autograd is refused as a whole.
import torch


def linear_backward(x, weight, bias, grad_output):
    xs = torch.tensor(x.tolist(), dtype=torch.float64, requires_grad=True)
    ws = torch.tensor(weight.tolist(), dtype=torch.float64, requires_grad=True)
    bs = torch.tensor(bias.tolist(), dtype=torch.float64, requires_grad=True)
    y = xs @ ws.T + bs
    return torch.autograd.grad(y, (xs, ws, bs), grad_output)
