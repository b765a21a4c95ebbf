"""Activations for the homework, configured like the rest of the course code."""
import json

import numpy as np

# Same config file format as the model code; inlined here so the file stands alone.
CONFIG = json.loads('{"activation": "relu", "negative_slope": 0.0}')


def relu(x):
    slope = CONFIG["negative_slope"]
    return np.where(x > 0, x, slope * x)
