# "Find the position where the fastest hand is exactly back at its start": sin(pos) is never exactly 0 for pos > 0
# (π is irrational), so the search never ends.
import math

import numpy as np


def positional_encoding(length, d_model, base=10000.0):
    period = 1
    while math.sin(period) != 0.0:
        period += 1
    return np.zeros((length, d_model))
