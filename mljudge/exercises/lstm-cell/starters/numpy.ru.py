import numpy as np


def lstm_cell(x: np.ndarray, h: np.ndarray, c: np.ndarray, w_ih: np.ndarray, w_hh: np.ndarray, b_ih: np.ndarray,
              b_hh: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Один шаг ячейки LSTM, в раскладке torch.nn.LSTMCell.

    x: (N, in) float64; h, c: (N, H), предыдущие скрытое состояние и состояние ячейки;
    w_ih: (4H, in), w_hh: (4H, H), b_ih, b_hh: (4H,) -- строки идут блоками вентилей: входной, забывания,
    ячейки, выходной.
    z = x @ w_ih.T + b_ih + h @ w_hh.T + b_hh, разбейте на четыре блока по H столбцов в этом порядке;
    i, f, o = sigmoid(...), g = tanh(...); c_new = f * c + i * g; h_new = o * tanh(c_new).
    Верните (h_new, c_new), каждый формы (N, H). Не изменяйте входы на месте.
    """
    # Здесь ваш код
    raise NotImplementedError("функция lstm_cell ещё не написана")
