# x times the 0/1 mask: negatives give −0.0, which equals 0.
import torch


def relu(x):
    return x * (x > 0)
