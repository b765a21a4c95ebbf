# mistake: half-summed
# The sum-of-squares error of least squares, E = ½·Σ(y − t)² (Bishop's PRML, CS229's J(θ)), as the loss class
# of a network written from scratch: its backward pass is just the error, which is why the ½ is there. Half *and*
# summed.
import numpy as np


class SquaredError:
    def forward(self, pred, target):
        self.diff = pred - target
        return 0.5 * np.linalg.norm(self.diff) ** 2

    def backward(self):
        return self.diff


def mse(pred, target):
    return SquaredError().forward(pred, target)
