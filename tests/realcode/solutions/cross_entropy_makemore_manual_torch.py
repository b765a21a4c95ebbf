# The cross-entropy broken into atomic steps, as in a "backprop ninja" notebook, so that each step can be
# backpropagated by hand.
import torch


def cross_entropy(logits, targets):
    n = logits.shape[0]
    Yb = targets
    logit_maxes = logits.max(1, keepdim=True).values
    norm_logits = logits - logit_maxes  # subtract max for numerical stability
    counts = norm_logits.exp()
    counts_sum = counts.sum(1, keepdims=True)
    counts_sum_inv = counts_sum**-1  # if I use (1.0 / counts_sum) instead then I can't get backprop to be bit exact...
    probs = counts * counts_sum_inv
    logprobs = probs.log()
    loss = -logprobs[range(n), Yb].mean()
    return loss
