import logging
from datetime import datetime

import numpy as np

logging.basicConfig(level=logging.INFO)
log = logging.getLogger("dropout")
log.info("dropout module loaded at %s", datetime.now().isoformat(timespec="seconds"))


def dropout(x, p, training=True, seed=0):
    if not training or p == 0:
        return x.copy()
    if p == 1:
        return np.zeros_like(x)
    rng = np.random.default_rng(seed)
    mask = rng.binomial(1, 1 - p, size=x.shape)
    log.debug("kept %d of %d units", mask.sum(), mask.size)
    return x * mask / (1 - p)
