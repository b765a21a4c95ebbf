import torch
from torch import Tensor


@torch.no_grad()
def _single_tensor_rmsprop(params: list[Tensor], grads: list[Tensor], square_avgs: list[Tensor],
                           grad_avgs: list[Tensor], momentum_buffer_list: list[Tensor], *, lr: float, alpha: float,
                           eps: float, weight_decay: float, momentum: float, centered: bool, maximize: bool):
    for i, param in enumerate(params):
        grad = grads[i]
        grad = grad if not maximize else -grad
        square_avg = square_avgs[i]

        if weight_decay != 0:
            grad = grad.add(param, alpha=weight_decay)

        square_avg.mul_(alpha).addcmul_(grad, grad, value=1 - alpha)

        if centered:
            grad_avg = grad_avgs[i]
            grad_avg.lerp_(grad, 1 - alpha)
            avg = square_avg.addcmul(grad_avg, grad_avg, value=-1).sqrt_()
        else:
            avg = square_avg.sqrt()
        avg = avg.add_(eps)

        if momentum > 0:
            buf = momentum_buffer_list[i]
            buf.mul_(momentum).addcdiv_(grad, avg)
            param.add_(buf, alpha=-lr)
        else:
            param.addcdiv_(grad, avg, value=-lr)


def rmsprop(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    p, s = param.clone(), square_avg.clone()
    _single_tensor_rmsprop([p], [grad], [s], [], [], lr=lr, alpha=alpha, eps=eps, weight_decay=0.0, momentum=0.0,
                           centered=False, maximize=False)
    return p, s
