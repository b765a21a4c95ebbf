import numpy as np


def gelu(x):
    while True:
        x = x + 0.0
