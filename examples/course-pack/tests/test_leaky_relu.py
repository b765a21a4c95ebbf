"""reference/leaky_relu.py: leaky_relu and its slope pinned to values that do not come from them."""

from __future__ import annotations

import numpy as np
import torch
from reference.leaky_relu import leaky_relu, leaky_relu_slope


def test_values_worked_by_hand() -> None:
    np.testing.assert_array_equal(leaky_relu([-2.0, 0.0, 3.0], 0.1), [-0.2, 0.0, 3.0])
    assert not np.signbit(leaky_relu([-0.0]))[0]  # no −0.0 for learners to wonder about


def test_agrees_with_pytorch() -> None:
    x = np.linspace(-5.0, 5.0, 101)
    for slope in (0.01, 0.2, 1.5):
        want = torch.nn.functional.leaky_relu(torch.from_numpy(x), slope).numpy()
        np.testing.assert_allclose(leaky_relu(x, slope), want, atol=1e-15)


def test_the_slope_is_pytorchs_gradient() -> None:
    x = torch.linspace(-3.0, 3.0, 61, dtype=torch.float64, requires_grad=True)
    torch.nn.functional.leaky_relu(x, 0.2).sum().backward()
    np.testing.assert_allclose(leaky_relu_slope(x.detach().numpy(), 0.2), x.grad.numpy())
