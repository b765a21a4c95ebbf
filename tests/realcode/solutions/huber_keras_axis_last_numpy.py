# Keras' `huber(y_true, y_pred, delta)` ported to NumPy: it returns one loss per sample (mean over the last
# axis); Keras' Loss wrapper would then average over the batch.
import numpy as np


def huber_keras(y_true, y_pred, delta=1.0):
    y_pred = np.asarray(y_pred, dtype=np.float64)
    y_true = np.asarray(y_true, dtype=y_pred.dtype)
    delta = np.asarray(delta, dtype=y_pred.dtype)
    error = np.subtract(y_pred, y_true)
    abs_error = np.abs(error)
    half = np.asarray(0.5, dtype=abs_error.dtype)
    return np.mean(
        np.where(abs_error <= delta, half * np.square(error), delta * abs_error - half * np.square(delta)),
        axis=-1,
    )


def huber(pred, target, delta=1.0):
    return huber_keras(target, pred, delta)
