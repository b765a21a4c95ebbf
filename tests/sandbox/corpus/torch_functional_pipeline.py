"""A small functional pipeline: a list of stages applied in order (no torch.jit needed)."""

import functools
import math

import torch
import torch.nn.functional as F


def _cubic(x):
    return x + 0.044715 * x.pow(3)


def _scale(x):
    return math.sqrt(2.0 / math.pi) * x


STAGES = (_cubic, _scale, torch.tanh)


def _compose(x):
    return functools.reduce(lambda acc, stage: stage(acc), STAGES, x)


def smooth_relu(x):
    # Used elsewhere in the learner's notebook; harmless here.
    return F.softplus(x) * torch.sigmoid(x)


def gelu(x):
    return 0.5 * x * (1.0 + _compose(x))
