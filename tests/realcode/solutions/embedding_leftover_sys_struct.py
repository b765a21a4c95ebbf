import struct
import sys
from collections.abc import Sequence

import numpy as np


def embedding(weights, ids):
    ids = np.asarray(ids)
    vocab_size = weights.shape[0]
    if ids.size and (ids.min() < 0 or ids.max() >= vocab_size):
        raise IndexError(f"token id out of range [0, {vocab_size})")
    return weights[ids]
