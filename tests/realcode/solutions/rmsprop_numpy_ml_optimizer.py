import numpy as np
from numpy.linalg import norm


class RMSProp:
    def __init__(self, lr=0.001, decay=0.9, eps=1e-7, clip_norm=None, lr_scheduler=None, **kwargs):
        """
        RMSProp optimizer.

        Equations::

            cache[t] = decay * cache[t-1] + (1 - decay) * grad[t] ** 2
            update[t] = lr * grad[t] / (np.sqrt(cache[t]) + eps)
            param[t+1] = param[t] - update[t]

        Note that the ``**`` and ``/`` operations are elementwise.
        """
        self.cache = {}
        self.cur_step = 0
        self.lr_scheduler = lambda step, cur_loss=None: lr
        self.hyperparameters = {
            "id": "RMSProp",
            "lr": lr,
            "eps": eps,
            "decay": decay,
            "clip_norm": clip_norm,
            "lr_scheduler": str(lr_scheduler),
        }

    def __str__(self):
        H = self.hyperparameters
        return "RMSProp(lr={}, eps={}, decay={}, clip_norm={})".format(H["lr"], H["eps"], H["decay"],
                                                                       H["clip_norm"])

    def update(self, param, param_grad, param_name, cur_loss=None):
        C = self.cache
        H = self.hyperparameters
        eps, decay, clip_norm = H["eps"], H["decay"], H["clip_norm"]
        lr = self.lr_scheduler(self.cur_step, cur_loss)

        if param_name not in C:
            C[param_name] = np.zeros_like(param_grad)

        # scale gradient to avoid explosion
        t = np.inf if clip_norm is None else clip_norm
        if norm(param_grad) > t:
            param_grad = param_grad * t / norm(param_grad)

        C[param_name] = decay * C[param_name] + (1 - decay) * param_grad ** 2
        update = lr * param_grad / (np.sqrt(C[param_name]) + eps)
        self.cache = C
        return param - update


def rmsprop(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    opt = RMSProp(lr=lr, decay=alpha, eps=eps)
    opt.cache["param"] = square_avg
    new_param = opt.update(param, grad, "param")
    return new_param, opt.cache["param"]
