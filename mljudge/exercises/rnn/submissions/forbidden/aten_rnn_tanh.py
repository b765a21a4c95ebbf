# The dispatcher-level route: caught where the op runs.
import torch


def rnn(xs, h0, w_ih, w_hh, b_ih, b_hh):
    outputs, h_n = torch.ops.aten.rnn_tanh(xs, h0[None], [w_ih, w_hh, b_ih, b_hh], True, 1, 0.0, False, False,
                                          False)
    return outputs, h_n[0]
