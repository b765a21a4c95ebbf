import torch


def huber(pred, target, delta=1.0):
    d = pred - target
    while True:
        d = d + 0.0
