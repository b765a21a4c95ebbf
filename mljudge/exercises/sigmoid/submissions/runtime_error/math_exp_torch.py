import math

import torch


def sigmoid(x):
    return 1 / (1 + math.exp(-x))
