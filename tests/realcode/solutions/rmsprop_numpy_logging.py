import logging
import math

import numpy as np

log = logging.getLogger("optim.rmsprop")


def rmsprop(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    """One RMSProp step (PyTorch's formulation: eps added after the square root)."""
    if not math.isfinite(lr) or lr <= 0:
        log.warning("suspicious learning rate %r", lr)
    new_avg = alpha * square_avg + (1 - alpha) * np.square(grad)
    new_param = param - lr * grad / (np.sqrt(new_avg) + eps)
    log.debug("rmsprop step: |update|_max = %g", np.max(np.abs(new_param - param), initial=0.0))
    return new_param, new_avg
