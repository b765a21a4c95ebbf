import numpy as np


def gelu(x):
    while True:
        print("x" * 10000)
