import numpy as np


def rnn(xs: np.ndarray, h0: np.ndarray, w_ih: np.ndarray, w_hh: np.ndarray, b_ih: np.ndarray,
        b_hh: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A one-layer tanh RNN over a sequence, in torch.nn.RNN's layout.

    xs: (T, N, in) float64, sequence first; h0: (N, H), the state before the first step;
    w_ih: (H, in), w_hh: (H, H), b_ih: (H,), b_hh: (H,) -- weights are (out, in), so they multiply transposed.
    Each step: h = tanh(x_t @ w_ih.T + b_ih + h @ w_hh.T + b_hh).
    Return (outputs, h_T): outputs (T, N, H) holds the state after each step (outputs[0] = h_1, not h0),
    h_T (N, H) is the last state. Do not modify any input in place.
    """
    # Your code here
    raise NotImplementedError("rnn is not written yet")
