import numpy as np


def is_binary(x):
    """Return True if array `x` consists only of binary values"""
    msg = "Matrix must be binary"
    assert np.array_equal(x, x.astype(bool)), msg
    return True


def is_stochastic(X):
    """True if `X` contains probabilities that sum to 1 along the columns"""
    msg = "Array should be stochastic along the columns"
    assert len(X[X < 0]) == len(X[X > 1]) == 0, msg
    assert np.allclose(np.sum(X, axis=1), np.ones(X.shape[0])), msg
    return True


class CrossEntropy:
    def __init__(self):
        """
        A cross-entropy loss.

        Notes
        -----
        For a one-hot target **y** and predicted class probabilities :math:`\\hat{\\mathbf{y}}`, the
        cross entropy is

        .. math::
                \\mathcal{L}(\\mathbf{y}, \\hat{\\mathbf{y}}) = \\sum_i y_i \\log \\hat{y}_i
        """
        super().__init__()

    def __call__(self, y, y_pred):
        return self.loss(y, y_pred)

    def __str__(self):
        return "CrossEntropy"

    @staticmethod
    def loss(y, y_pred):
        is_binary(y)
        is_stochastic(y_pred)

        # prevent taking the log of 0
        eps = np.finfo(float).eps

        # each example is associated with a single class; sum the negative log
        # probability of the correct label over all samples in the batch.
        # observe that we are taking advantage of the fact that y is one-hot
        # encoded
        cross_entropy = -np.sum(y * np.log(y_pred + eps))
        return cross_entropy


class Softmax:
    def __call__(self, x):
        e_X = np.exp(x - np.max(x, axis=-1, keepdims=True))
        return e_X / e_X.sum(axis=-1, keepdims=True)


def cross_entropy(logits, targets):
    y = np.eye(logits.shape[1])[targets]
    return CrossEntropy()(y, Softmax()(logits))
