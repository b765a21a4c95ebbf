from abc import ABC, abstractmethod

import numpy as np


class ObjectiveBase(ABC):
    def __init__(self):
        super().__init__()

    @abstractmethod
    def loss(self, y_true, y_pred):
        pass

    @abstractmethod
    def grad(self, y_true, y_pred, **kwargs):
        pass


class SquaredError(ObjectiveBase):
    def __init__(self):
        """
        A squared-error / `L2` loss.

        Notes
        -----
        For real-valued target **y** and predictions :math:`\\hat{\\mathbf{y}}`, the squared error is

        .. math::
                \\mathcal{L}(\\mathbf{y}, \\hat{\\mathbf{y}}) = 0.5 ||\\hat{\\mathbf{y}} - \\mathbf{y}||_2^2
        """
        super().__init__()

    def __call__(self, y, y_pred):
        return self.loss(y, y_pred)

    def __str__(self):
        return "SquaredError"

    @staticmethod
    def loss(y, y_pred):
        return 0.5 * np.linalg.norm(y_pred - y) ** 2

    @staticmethod
    def grad(y, y_pred, z, act_fn):
        return (y_pred - y) * act_fn.grad(z)


def mse(pred, target):
    return SquaredError()(target, pred)
