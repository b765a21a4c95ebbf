import torch


def encoder_block(x: torch.Tensor, p: dict, n_heads: int, eps: float = 1e-5) -> torch.Tensor:
    """Один блок энкодера трансформера с post-LN (без дропаута и без маски).

    x: тензор float64 (L, d_model) или (N, L, d_model). p: словарь тензоров float64, веса применяются как x @ W:
      w_q, w_k, w_v, w_o (d_model, d_model); b_q, b_k, b_v, b_o (d_model,); w1 (d_model, d_ff); b1 (d_ff,);
      w2 (d_ff, d_model); b2 (d_model,); ln1_gamma, ln1_beta, ln2_gamma, ln2_beta (d_model,).
    n_heads делит d_model; голова h берёт столбцы h*d_head ... (h+1)*d_head - 1 из Q, K, V.
        x1  = LayerNorm1(x + MHA(x)), MHA: softmax(Q_h K_h^T / sqrt(d_head)) V_h для каждой головы, склеить, @ w_o + b_o
        out = LayerNorm2(x1 + ReLU(x1 @ w1 + b1) @ w2 + b2)
    LayerNorm по последней оси: смещённая дисперсия, eps под корнем, затем gamma * ... + beta.
    Верните новый тензор формы x; не изменяйте x и p.
    """
    # Здесь ваш код (nn.TransformerEncoderLayer, nn.MultiheadAttention, F.scaled_dot_product_attention и
    # F.layer_norm использовать нельзя)
    raise NotImplementedError("функция encoder_block ещё не написана")
