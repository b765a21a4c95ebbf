import numpy as np


def leaky_relu(x, negative_slope=0.01):
    positive = x > 0
    return x * positive + negative_slope * x * ~positive
