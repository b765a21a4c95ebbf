# torch.optim.SGD's own lines pasted into the NumPy track: an ndarray has no in-place mul_/add_ (AttributeError);
# NumPy writes momentum * velocity + grad, or np.multiply(velocity, momentum, out=...).
import numpy as np


def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9):
    buf = np.array(velocity, dtype=float)
    buf.mul_(momentum).add_(grad)
    return param - lr * buf, buf
