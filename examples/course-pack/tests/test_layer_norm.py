"""reference/layer_norm.py: layer_norm pinned to values that do not come from it (the layer-norm exercise)."""

from __future__ import annotations

import numpy as np
import torch
from reference.layer_norm import layer_norm


def test_a_row_worked_by_hand() -> None:
    # [1, 2, 3]: mean 2, variance 2/3, so the row is (x − 2)/√(2/3 + eps) = ±1.2247…
    got = layer_norm([[1.0, 2.0, 3.0]], [1.0, 1.0, 1.0], [0.0, 0.0, 0.0], eps=0.0)
    np.testing.assert_allclose(got, [[-np.sqrt(1.5), 0.0, np.sqrt(1.5)]], atol=1e-12)


def test_agrees_with_pytorch() -> None:
    rng = np.random.default_rng(7)
    x, gamma, beta = rng.normal(size=(4, 3, 8)), rng.normal(size=8), rng.normal(size=8)
    want = torch.nn.functional.layer_norm(torch.from_numpy(x), (8,), torch.from_numpy(gamma),
                                          torch.from_numpy(beta), eps=1e-5).numpy()
    np.testing.assert_allclose(layer_norm(x, gamma, beta), want, atol=1e-12)


def test_a_constant_row_is_beta() -> None:
    np.testing.assert_allclose(layer_norm([[5.0, 5.0]], [2.0, 3.0], [0.5, -0.5]), [[0.5, -0.5]])
