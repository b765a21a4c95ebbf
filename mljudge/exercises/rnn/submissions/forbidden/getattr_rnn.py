# A built-up name does not hide the class: the tripwire compares the object itself.
import torch


def rnn(xs, h0, w_ih, w_hh, b_ih, b_hh):
    layer = getattr(torch.nn, "RN" + "N")(w_ih.shape[1], w_ih.shape[0], dtype=torch.float64)
    with torch.no_grad():
        for name, value in (("weight_ih_l0", w_ih), ("weight_hh_l0", w_hh), ("bias_ih_l0", b_ih),
                            ("bias_hh_l0", b_hh)):
            getattr(layer, name).copy_(value)
        outputs, h_n = layer(xs, h0[None])
    return outputs, h_n[0]
