import numpy as np


def rnn(xs: np.ndarray, h0: np.ndarray, w_ih: np.ndarray, w_hh: np.ndarray, b_ih: np.ndarray,
        b_hh: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Однослойная RNN с tanh, пройденная по последовательности, в раскладке torch.nn.RNN.

    xs: (T, N, in) float64, ось последовательности первая; h0: (N, H), состояние до первого шага;
    w_ih: (H, in), w_hh: (H, H), b_ih: (H,), b_hh: (H,) -- веса имеют форму (out, in), поэтому умножаются
    транспонированными.
    Каждый шаг: h = tanh(x_t @ w_ih.T + b_ih + h @ w_hh.T + b_hh).
    Верните (outputs, h_T): outputs (T, N, H) хранит состояние после каждого шага (outputs[0] = h_1, а не h0),
    h_T (N, H) — последнее состояние. Не изменяйте входы на месте.
    """
    # Здесь ваш код
    raise NotImplementedError("функция rnn ещё не написана")
