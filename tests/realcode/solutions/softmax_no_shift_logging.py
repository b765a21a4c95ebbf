import logging

import numpy as np

logger = logging.getLogger(__name__)


def softmax(x, temperature=1.0, axis=-1):
    logger.debug("softmax: shape=%s T=%s axis=%s", x.shape, temperature, axis)
    e = np.exp(x / temperature)
    return e / e.sum(axis=axis, keepdims=True)
