import torch


def lstm_cell(x: torch.Tensor, h: torch.Tensor, c: torch.Tensor, w_ih: torch.Tensor, w_hh: torch.Tensor,
              b_ih: torch.Tensor, b_hh: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Один шаг ячейки LSTM, в раскладке torch.nn.LSTMCell.

    x: (N, in) float64; h, c: (N, H), предыдущие скрытое состояние и состояние ячейки;
    w_ih: (4H, in), w_hh: (4H, H), b_ih, b_hh: (4H,) -- строки идут блоками вентилей: входной, забывания,
    ячейки, выходной.
    z = x @ w_ih.T + b_ih + h @ w_hh.T + b_hh, разбейте на четыре блока по H столбцов в этом порядке;
    i, f, o = sigmoid(...), g = tanh(...); c_new = f * c + i * g; h_new = o * tanh(c_new).
    Верните (h_new, c_new), каждый формы (N, H). Не изменяйте входы на месте.
    """
    # Здесь ваш код (torch.nn.LSTMCell, nn.LSTM и torch.lstm_cell использовать нельзя)
    raise NotImplementedError("функция lstm_cell ещё не написана")
