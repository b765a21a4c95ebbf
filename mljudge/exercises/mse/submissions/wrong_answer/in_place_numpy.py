# The right number, but pred is overwritten on the way: the caller's predictions are gone.
import numpy as np


def mse(pred, target):
    pred -= target
    pred **= 2
    return pred.mean()
