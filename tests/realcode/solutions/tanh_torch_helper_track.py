import numpy as np
import torch


def _odd_extension(f):
    """Build an odd function from its values on x >= 0."""
    def g(x):
        return torch.sign(x) * f(torch.abs(x))
    return g


def _tanh_nonneg(a):
    e = torch.exp(-2.0 * a)  # a >= 0 so e is in (0, 1]
    return (1.0 - e) / (1.0 + e)


_tanh = _odd_extension(_tanh_nonneg)


def tanh(x):
    return _tanh(x)


if __name__ == "__main__":
    xs = np.linspace(-30, 30, 13)
    print(np.allclose(tanh(torch.from_numpy(xs)).numpy(), np.tanh(xs)))
