import torch


def lstm_d2l(inputs, state, params):
    [W_xi, W_hi, b_i, W_xf, W_hf, b_f, W_xo, W_ho, b_o, W_xc, W_hc, b_c] = params
    (H, C) = state
    outputs = []
    for X in inputs:
        I = torch.sigmoid((X @ W_xi) + (H @ W_hi) + b_i)
        F = torch.sigmoid((X @ W_xf) + (H @ W_hf) + b_f)
        O = torch.sigmoid((X @ W_xo) + (H @ W_ho) + b_o)
        C_tilda = torch.tanh((X @ W_xc) + (H @ W_hc) + b_c)
        C = F * C + I * C_tilda
        H = O * torch.tanh(C)
        outputs.append(H)
    return torch.cat(outputs, dim=0), (H, C)


def lstm_cell(x, h, c, w_ih, w_hh, b_ih, b_hh):
    # PyTorch stacks the gates as (i, f, g, o); d2l keeps one matrix per gate, (in, H)
    W_xi, W_xf, W_xc, W_xo = (w.T for w in w_ih.chunk(4, dim=0))
    W_hi, W_hf, W_hc, W_ho = (w.T for w in w_hh.chunk(4, dim=0))
    b_i, b_f, b_c, b_o = (b_ih + b_hh).chunk(4)
    params = [W_xi, W_hi, b_i, W_xf, W_hf, b_f, W_xo, W_ho, b_o, W_xc, W_hc, b_c]
    _, (H, C) = lstm_d2l([x], (h, c), params)
    return H, C
