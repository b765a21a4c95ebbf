import numpy as np


class GELU:
    def __init__(self, approximate=True):
        r"""
        A Gaussian error linear unit (GELU). [*]_

        Notes
        -----
        A ReLU alternative. GELU weights inputs by their value, rather than
        gates inputs by their sign, as in vanilla ReLUs.

        .. math::

            \text{GELU}(z_i) = z_i P(Z \leq z_i) = z_i \Phi(z_i)
                = z_i \cdot \frac{1}{2}(1 + \text{erf}(x/\sqrt{2}))

        Parameters
        ----------
        approximate : bool
            Whether to use a faster but less precise approximation to the Gauss
            error function when calculating the unit activation and gradient.
            Default is True.
        """
        self.approximate = approximate
        super().__init__()

    def __str__(self):
        """Return a string representation of the activation function"""
        return "GELU(approximate={})".format(self.approximate)

    def fn(self, z):
        pi, sqrt, tanh = np.pi, np.sqrt, np.tanh
        if self.approximate:
            return 0.5 * z * (1 + tanh(sqrt(2 / pi) * (z + 0.044715 * z ** 3)))
        raise NotImplementedError("the exact form needs erf")


def gelu(x):
    return GELU(approximate=True).fn(x)
