# math.exp takes one number; an array of several is a TypeError.
import math


def sigmoid(x):
    return 1 / (1 + math.exp(-x))
