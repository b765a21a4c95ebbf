import torch


def lstm_cell(x: torch.Tensor, h: torch.Tensor, c: torch.Tensor, w_ih: torch.Tensor, w_hh: torch.Tensor,
              b_ih: torch.Tensor, b_hh: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    z = x @ w_ih.T + b_ih + h @ w_hh.T + b_hh  # (N, 4H): input, forget, cell, output blocks
    z_i, z_f, z_g, z_o = z.chunk(4, dim=1)
    c_new = torch.sigmoid(z_f) * c + torch.sigmoid(z_i) * torch.tanh(z_g)
    return torch.sigmoid(z_o) * torch.tanh(c_new), c_new
