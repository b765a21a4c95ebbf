"""mean_squared_error the way scikit-learn's metrics module writes it: validate the targets, average per output
with np.average (optional sample weights), then combine the outputs as `multioutput` says."""
from __future__ import annotations

from typing import Optional, Union

import numpy as np
from numpy.typing import ArrayLike


def _check_reg_targets(y_true: ArrayLike, y_pred: ArrayLike):
    y_true = np.asarray(y_true)
    y_pred = np.asarray(y_pred)
    if y_true.shape != y_pred.shape:
        raise ValueError(f"y_true and y_pred have different shapes: {y_true.shape} != {y_pred.shape}")
    if y_true.ndim == 1:
        y_true = y_true.reshape((-1, 1))
        y_pred = y_pred.reshape((-1, 1))
    return y_true, y_pred


def mean_squared_error(y_true: ArrayLike, y_pred: ArrayLike, *, sample_weight: Optional[ArrayLike] = None,
                       multioutput: Union[str, ArrayLike] = "uniform_average") -> float:
    """Mean squared error regression loss.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_outputs)
        Ground truth (correct) target values.
    y_pred : array-like of shape (n_samples,) or (n_samples, n_outputs)
        Estimated target values.
    sample_weight : array-like of shape (n_samples,), default=None
    multioutput : {'raw_values', 'uniform_average'} or array-like of shape (n_outputs,)

    Returns
    -------
    loss : float or ndarray of floats
    """
    y_true, y_pred = _check_reg_targets(y_true, y_pred)
    output_errors = np.average((y_true - y_pred) ** 2, axis=0, weights=sample_weight)
    if isinstance(multioutput, str):
        if multioutput == "raw_values":
            return output_errors
        elif multioutput == "uniform_average":
            multioutput = None  # pass None as weights to np.average: uniform mean
    return float(np.average(output_errors, weights=multioutput))


def mse(pred, target):
    return mean_squared_error(target, pred)
