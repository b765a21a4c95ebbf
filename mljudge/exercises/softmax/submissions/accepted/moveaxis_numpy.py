# Moving the requested axis to the end, working on the last axis, and moving it back.
import numpy as np


def softmax(x, temperature=1.0, axis=-1):
    z = np.moveaxis(x, axis, -1) / temperature
    z = z - z.max(axis=-1)[..., None]
    e = np.exp(z)
    p = e / e.sum(axis=-1)[..., None]
    return np.moveaxis(p, -1, axis)
