from typing import List, Optional

import torch
from torch import Tensor


def _single_tensor_sgd(params: List[Tensor], d_p_list: List[Tensor], momentum_buffer_list: List[Optional[Tensor]],
                       *, weight_decay: float, momentum: float, lr: float, dampening: float, nesterov: bool,
                       maximize: bool):
    """The loop of torch.optim.sgd's single-tensor path, rewritten for our own parameter lists."""
    for i, param in enumerate(params):
        d_p = d_p_list[i] if not maximize else -d_p_list[i]

        if weight_decay != 0:
            d_p = d_p.add(param, alpha=weight_decay)

        if momentum != 0:
            buf = momentum_buffer_list[i]

            if buf is None:
                buf = torch.clone(d_p).detach()
                momentum_buffer_list[i] = buf
            else:
                buf.mul_(momentum).add_(d_p, alpha=1 - dampening)

            if nesterov:
                d_p = d_p.add(buf, alpha=momentum)
            else:
                d_p = buf

        param.add_(d_p, alpha=-lr)


def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9):
    params = [param.clone()]
    buffers: List[Optional[Tensor]] = [velocity.clone()]
    _single_tensor_sgd(params, [grad], buffers, weight_decay=0.0, momentum=momentum, lr=lr, dampening=0.0,
                       nesterov=False, maximize=False)
    new_velocity = buffers[0] if momentum != 0 else grad.clone()
    return params[0], new_velocity
