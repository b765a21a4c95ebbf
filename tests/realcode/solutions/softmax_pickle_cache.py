import pickle

import numpy as np

# precomputed settings from the experiment, pickled so they load fast
_SETTINGS = pickle.loads(
    b"\x80\x04\x95\x14\x00\x00\x00\x00\x00\x00\x00}\x94\x8c\x0cshift_by_max\x94\x88s."
)


def softmax(x, temperature=1.0, axis=-1):
    z = x / temperature
    if _SETTINGS["shift_by_max"]:
        z = z - z.max(axis=axis, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=axis, keepdims=True)
