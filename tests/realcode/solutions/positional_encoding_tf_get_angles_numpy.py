import numpy as np


def get_angles(pos, i, d_model, base=10000):
    angle_rates = 1 / np.power(base, (2 * (i // 2)) / np.float32(d_model))
    return pos * angle_rates


def positional_encoding_tf(position, d_model, base=10000):
    angle_rads = get_angles(np.arange(position)[:, np.newaxis],
                            np.arange(d_model)[np.newaxis, :],
                            d_model, base)

    # apply sin to even indices in the array; 2i
    angle_rads[:, 0::2] = np.sin(angle_rads[:, 0::2])

    # apply cos to odd indices in the array; 2i+1
    angle_rads[:, 1::2] = np.cos(angle_rads[:, 1::2])

    pos_encoding = angle_rads[np.newaxis, ...]

    return pos_encoding  # tf.cast(pos_encoding, dtype=tf.float32) in the tutorial


def positional_encoding(length, d_model, base=10000.0):
    if d_model % 2:
        raise ValueError("d_model must be even")
    return positional_encoding_tf(length, d_model, base)[0]
