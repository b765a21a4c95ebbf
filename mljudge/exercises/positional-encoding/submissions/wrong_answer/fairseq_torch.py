# mistake: halves-exponent-to-one
# fairseq's SinusoidalPositionalEmbedding.get_embedding, as written there (float64 instead of float, the base as an
# argument, no padding index): the sines and cosines in halves, and log(base)/(half_dim − 1) spreads the
# exponents from 0 to exactly 1, which divides by zero for a single pair (d_model = 2).
import math

import torch


def get_embedding(num_embeddings, embedding_dim, base):
    """Build sinusoidal embeddings.

    This matches the implementation in tensor2tensor, but differs slightly
    from the description in Section 3.5 of "Attention Is All You Need".
    """
    half_dim = embedding_dim // 2
    emb = math.log(base) / (half_dim - 1)
    emb = torch.exp(torch.arange(half_dim, dtype=torch.float64) * -emb)
    emb = torch.arange(num_embeddings, dtype=torch.float64).unsqueeze(1) * emb.unsqueeze(0)
    emb = torch.cat([torch.sin(emb), torch.cos(emb)], dim=1).view(num_embeddings, -1)
    return emb


def positional_encoding(length, d_model, base=10000.0):
    if d_model % 2:
        raise ValueError("d_model must be even")
    return get_embedding(length, d_model, base)
