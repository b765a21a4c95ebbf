"""A Pool2D layer in the style of numpy-ml's neural_nets/layers: NHWC volumes, a hyperparameters dict, a
derived-variables cache for the backward pass, and four nested loops in forward."""
from abc import ABC, abstractmethod

import numpy as np


class LayerBase(ABC):
    def __init__(self, optimizer=None):
        self.X = []
        self.act_fn = None
        self.trainable = True
        self.optimizer = optimizer
        self.gradients = {}
        self.parameters = {}
        self.derived_variables = {}
        super().__init__()

    @abstractmethod
    def _init_params(self, **kwargs):
        raise NotImplementedError

    @abstractmethod
    def forward(self, z, **kwargs):
        raise NotImplementedError

    def freeze(self):
        self.trainable = False

    def unfreeze(self):
        self.trainable = True


class Pool2D(LayerBase):
    def __init__(self, kernel_shape, stride=1, pad=0, mode="max", optimizer=None):
        """
        A single two-dimensional pooling layer.

        Parameters
        ----------
        kernel_shape : 2-tuple
            The dimension of a single 2D filter/kernel in the current layer
        stride : int
            The stride/hop of the convolution kernels as they move over the input volume.
        pad : int
            The number of rows/columns of 0's to pad the input (only 0 here).
        mode : {"max", "average"}
            The pooling function to apply.
        """
        super().__init__(optimizer)
        self.pad = pad
        self.mode = mode
        self.in_ch = None
        self.out_ch = None
        self.stride = stride
        self.kernel_shape = kernel_shape
        self.is_initialized = False

    def _init_params(self):
        self.derived_variables = {"out_rows": [], "out_cols": []}
        self.is_initialized = True

    @property
    def hyperparameters(self):
        return {
            "layer": "Pool2D",
            "pad": self.pad,
            "mode": self.mode,
            "in_ch": self.in_ch,
            "out_ch": self.out_ch,
            "stride": self.stride,
            "kernel_shape": self.kernel_shape,
        }

    def forward(self, X, retain_derived=True):
        """
        Parameters
        ----------
        X : :py:class:`ndarray <numpy.ndarray>` of shape `(n_ex, in_rows, in_cols, in_ch)`

        Returns
        -------
        Y : :py:class:`ndarray <numpy.ndarray>` of shape `(n_ex, out_rows, out_cols, out_ch)`
        """
        if not self.is_initialized:
            self.in_ch = self.out_ch = X.shape[3]
            self._init_params()

        n_ex, in_rows, in_cols, nc_in = X.shape
        (fr, fc), s = self.kernel_shape, self.stride
        out_rows = np.floor(1 + (in_rows - fr) / s).astype(int)
        out_cols = np.floor(1 + (in_cols - fc) / s).astype(int)

        pool_fn = np.max if self.mode == "max" else np.mean
        Y = np.zeros((n_ex, out_rows, out_cols, self.out_ch))
        for m in range(n_ex):
            for i in range(out_rows):
                for j in range(out_cols):
                    for c in range(self.out_ch):
                        i0, i1 = i * s, (i * s) + fr
                        j0, j1 = j * s, (j * s) + fc
                        xi = X[m, i0:i1, j0:j1, c]
                        Y[m, i, j, c] = pool_fn(xi)

        if retain_derived:
            self.X.append(X)
            self.derived_variables["out_rows"].append(out_rows)
            self.derived_variables["out_cols"].append(out_cols)
        return Y


def max_pool2d(x, kernel_size=2, stride=None):
    layer = Pool2D((kernel_size, kernel_size), stride=kernel_size if stride is None else stride, mode="max")
    lead, (H, W) = x.shape[:-2], x.shape[-2:]
    nhwc = x.reshape(-1, H, W)[..., np.newaxis]           # every leading index becomes one example
    Y = layer.forward(nhwc, retain_derived=False)
    return Y[..., 0].reshape(lead + Y.shape[1:3])
