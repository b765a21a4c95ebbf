# As a loss module, the way a training loop would hold it; returns a 0-d tensor.
import torch
from torch import nn


class ClippedSurrogate(nn.Module):
    def __init__(self, clip):
        super().__init__()
        self.clip = clip

    def forward(self, new_log_probs, old_log_probs, advantages):
        ratio = (new_log_probs - old_log_probs).exp()
        surrogate = torch.min(ratio * advantages, ratio.clamp(1 - self.clip, 1 + self.clip) * advantages)
        return -surrogate.mean()


def ppo_loss(new_log_probs, old_log_probs, advantages, clip=0.2):
    return ClippedSurrogate(clip)(new_log_probs, old_log_probs, advantages)
