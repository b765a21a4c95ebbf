import torch.nn.functional as F


def dropout(x, p, training=True, seed=0):
    return F.dropout(x, p=p, training=training)
