import numpy as np


def embedding(weights, ids):
    num_embeddings = weights.shape[0]
    ids = np.asarray(ids)
    if ids.size and (ids.min() < 0 or ids.max() >= num_embeddings):
        raise IndexError(f"ids must lie in [0, {num_embeddings}), got {ids.min()} … {ids.max()}")
    one_hot = np.eye(num_embeddings, dtype=weights.dtype)[ids]        # ids.shape + (V,)
    return np.einsum("...v,vd->...d", one_hot, weights)
