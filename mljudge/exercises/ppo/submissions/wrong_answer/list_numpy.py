# track: numpy
# The right number inside a list: one number is expected (a float, a 0-d array), not a list holding it.
import math


def ppo_loss(new_log_probs, old_log_probs, advantages, clip=0.2):
    terms = []
    for new, old, adv in zip(new_log_probs.ravel(), old_log_probs.ravel(), advantages.ravel(), strict=True):
        r = math.exp(new - old)
        terms.append(min(r * adv, min(max(r, 1 - clip), 1 + clip) * adv))
    return [-sum(terms) / len(terms)]
