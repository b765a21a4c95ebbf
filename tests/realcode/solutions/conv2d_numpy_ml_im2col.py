"""2-D convolution via im2col, in the style of numpy-ml's neural_nets/utils (NHWC layout, fancy-index im2col,
one matrix product), trimmed to what one picture and one kernel need."""
import numpy as np


def pad2D(X, pad, kernel_shape=None, stride=None, dilation=0):
    """
    Zero-pad a 4D input volume `X` along the second and third dimensions.

    Parameters
    ----------
    X : :py:class:`ndarray <numpy.ndarray>` of shape `(n_ex, in_rows, in_cols, in_ch)`
    pad : int or 4-tuple (pr1, pr2, pc1, pc2)

    Returns
    -------
    X_pad : the padded volume
    p : 4-tuple, the padding actually applied
    """
    p = pad
    if isinstance(p, int):
        p = (p, p, p, p)
    if not isinstance(p, tuple) or len(p) != 4:
        raise ValueError("pad must be an int or a 4-tuple, got {}".format(pad))
    X_pad = np.pad(X, pad_width=((0, 0), (p[0], p[1]), (p[2], p[3]), (0, 0)), mode="constant",
                   constant_values=0)
    return X_pad, p


def _im2col_indices(X_shape, fr, fc, p, s, d=0):
    """Index arrays (k, i, j) into an NCHW volume that lay every receptive field out as a column."""
    pr1, pr2, pc1, pc2 = p
    n_ex, n_in, in_rows, in_cols = X_shape

    # effective filter size with dilation
    _fr, _fc = fr * (d + 1) - d, fc * (d + 1) - d

    out_rows = (in_rows + pr1 + pr2 - _fr) // s + 1
    out_cols = (in_cols + pc1 + pc2 - _fc) // s + 1
    if any([out_rows <= 0, out_cols <= 0]):
        raise ValueError("Dimension mismatch during convolution: out_rows = {}, out_cols = {}"
                         .format(out_rows, out_cols))

    # row offsets inside one field, then the field's top row for each output position
    i0 = np.tile(np.repeat(np.arange(fr), fc), n_in) * (d + 1)
    i1 = s * np.repeat(np.arange(out_rows), out_cols)
    # the same for columns
    j0 = np.tile(np.arange(fc), fr * n_in) * (d + 1)
    j1 = s * np.tile(np.arange(out_cols), out_rows)

    i = i0.reshape(-1, 1) + i1.reshape(1, -1)
    j = j0.reshape(-1, 1) + j1.reshape(1, -1)
    k = np.repeat(np.arange(n_in), fr * fc).reshape(-1, 1)
    return k, i, j


def im2col(X, W_shape, pad, stride, dilation=0):
    fr, fc, n_in, n_out = W_shape
    s, d = stride, dilation
    n_ex, in_rows, in_cols, n_in = X.shape

    X_pad, p = pad2D(X, pad, W_shape[:2], stride=s, dilation=d)
    # NHWC -> NCHW for the index arithmetic
    X_pad = X_pad.transpose(0, 3, 1, 2)
    k, i, j = _im2col_indices((n_ex, n_in, in_rows, in_cols), fr, fc, p, s, d)

    X_col = X_pad[:, k, i, j]
    X_col = X_col.transpose(1, 2, 0).reshape(fr * fc * n_in, -1)
    return X_col, p


def conv2D(X, W, stride, pad, dilation=0):
    """
    Cross-correlate `X` (n_ex, in_rows, in_cols, in_ch) with `W` (fr, fc, in_ch, out_ch) via im2col.
    """
    s, d = stride, dilation
    _, p = pad2D(X, pad, W.shape[:2], s, dilation=dilation)
    pr1, pr2, pc1, pc2 = p
    fr, fc, in_ch, out_ch = W.shape
    n_ex, in_rows, in_cols, in_ch = X.shape

    _fr, _fc = fr * (d + 1) - d, fc * (d + 1) - d
    out_rows = int((in_rows + pr1 + pr2 - _fr) / s + 1)
    out_cols = int((in_cols + pc1 + pc2 - _fc) / s + 1)

    X_col, _ = im2col(X, W.shape, p, s, d)
    W_col = W.transpose(3, 2, 0, 1).reshape(out_ch, -1)

    Z = (W_col @ X_col).reshape(out_ch, out_rows, out_cols, n_ex).transpose(3, 1, 2, 0)
    return Z


def conv2d(image, kernel, stride=1, padding=0):
    Z = conv2D(image[None, :, :, None], kernel[:, :, None, None], stride, padding)
    return Z[0, :, :, 0]
