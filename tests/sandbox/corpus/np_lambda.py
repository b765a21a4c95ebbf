import math

import numpy as np

cube = lambda t: t**3  # noqa: E731
gelu = lambda x: 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * cube(x))))  # noqa: E731
