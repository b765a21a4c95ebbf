import numpy as np


def cs231n_rmsprop(w, dw, config=None):
    """
    Uses the RMSProp update rule, which uses a moving average of squared
    gradient values to set adaptive per-parameter learning rates.

    config format:
    - learning_rate: Scalar learning rate.
    - decay_rate: Scalar between 0 and 1 giving the decay rate for the squared
      gradient cache.
    - epsilon: Small scalar used for smoothing to avoid dividing by zero.
    - cache: Moving average of second moments of gradients.
    """
    if config is None:
        config = {}
    config.setdefault("learning_rate", 1e-2)
    config.setdefault("decay_rate", 0.99)
    config.setdefault("epsilon", 1e-8)
    config.setdefault("cache", np.zeros_like(w))

    next_w = None
    # *****START OF YOUR CODE (DO NOT DELETE/MODIFY THIS LINE)*****

    config["cache"] = config["decay_rate"] * config["cache"] + (1 - config["decay_rate"]) * dw ** 2
    next_w = w - config["learning_rate"] * dw / (np.sqrt(config["cache"]) + config["epsilon"])

    # *****END OF YOUR CODE (DO NOT DELETE/MODIFY THIS LINE)*****

    return next_w, config


def rmsprop(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    config = {"learning_rate": lr, "decay_rate": alpha, "epsilon": eps, "cache": square_avg}
    next_w, config = cs231n_rmsprop(param, grad, config)
    return next_w, config["cache"]
