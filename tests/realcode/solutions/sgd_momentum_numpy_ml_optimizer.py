from copy import deepcopy
from abc import ABC, abstractmethod

import numpy as np
from numpy.linalg import norm


class OptimizerBase(ABC):
    def __init__(self, lr, scheduler=None):
        """An abstract base class for all Optimizer objects. This should never be used directly."""
        self.cache = {}
        self.cur_step = 0
        self.hyperparameters = {}
        self.lr_scheduler = lambda step, cur_loss=None: lr  # constant schedule

    def __call__(self, param, param_grad, param_name, cur_loss=None):
        return self.update(param, param_grad, param_name, cur_loss)

    def step(self):
        """Increment the optimizer step counter by 1"""
        self.cur_step += 1

    def copy(self):
        """Return a copy of the optimizer object"""
        return deepcopy(self)

    @abstractmethod
    def update(self, param, param_grad, param_name, cur_loss=None):
        raise NotImplementedError


class SGD(OptimizerBase):
    def __init__(self, lr=0.01, momentum=0.0, clip_norm=None, lr_scheduler=None, **kwargs):
        """
        A stochastic gradient descent optimizer.

        update[t] = momentum * update[t-1] + lr * grad
        param[t+1] = param[t] - update[t]
        """
        super().__init__(lr, lr_scheduler)
        self.hyperparameters = {
            "id": "SGD",
            "lr": lr,
            "momentum": momentum,
            "clip_norm": clip_norm,
            "lr_scheduler": str(self.lr_scheduler),
        }

    def __str__(self):
        H = self.hyperparameters
        lr, mm, cn = H["lr"], H["momentum"], H["clip_norm"]
        return "SGD(lr={}, momentum={}, clip_norm={})".format(lr, mm, cn)

    def update(self, param, param_grad, param_name, cur_loss=None):
        C = self.cache
        H = self.hyperparameters
        momentum, clip_norm = H["momentum"], H["clip_norm"]
        lr = self.lr_scheduler(self.cur_step, cur_loss)

        if param_name not in C:
            C[param_name] = np.zeros_like(param_grad)

        # scale gradient to avoid explosion
        t = np.inf if clip_norm is None else clip_norm
        if norm(param_grad) > t:
            param_grad = param_grad * t / norm(param_grad)

        update = momentum * C[param_name] + lr * param_grad
        self.cache[param_name] = update
        return param - update


def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9):
    opt = SGD(lr=lr, momentum=momentum)
    opt.cache["W"] = velocity
    new_param = opt(param, grad, "W")
    return new_param, opt.cache["W"]
