"""Known wrong versions of ppo_loss, recognised when a learner's outputs match one of them on every case they
answered, and one predicate (trusted code: runs in the judge, never in the sandbox)."""

import numpy as np

from mljudge.judge.api import Answer, Array, Case, Expected
from mljudge.reference.arrays import Floats
from mljudge.reference.losses import is_unreduced


def _ratio(new: Floats, old: Floats) -> Floats:
    return np.exp(new - old)


def _loss(objective: Floats) -> float:
    return float(-np.mean(objective))


def _clipped(r: Floats, clip: float) -> Floats:
    return np.clip(r, 1.0 - clip, 1.0 + clip)


def max_instead_of_min(new_log_probs: Floats, old_log_probs: Floats, advantages: Floats, clip: float = 0.2) -> float:
    """max(r·A, clip(r)·A): the optimistic bound, which rewards the moves the clip was meant to stop."""
    r, a = _ratio(new_log_probs, old_log_probs), advantages
    return _loss(np.maximum(r * a, _clipped(r, clip) * a))


def clip_advantage(new_log_probs: Floats, old_log_probs: Floats, advantages: Floats, clip: float = 0.2) -> float:
    """min(r·A, r·clip(A, 1 − ε, 1 + ε)): the advantage clipped instead of the ratio."""
    r, a = _ratio(new_log_probs, old_log_probs), advantages
    return _loss(np.minimum(r * a, r * _clipped(a, clip)))


def clip_product(new_log_probs: Floats, old_log_probs: Floats, advantages: Floats, clip: float = 0.2) -> float:
    """min(r·A, clip(r·A, 1 − ε, 1 + ε)): the product clipped instead of the ratio."""
    r, a = _ratio(new_log_probs, old_log_probs), advantages
    return _loss(np.minimum(r * a, _clipped(r * a, clip)))


def clipped_only(new_log_probs: Floats, old_log_probs: Floats, advantages: Floats, clip: float = 0.2) -> float:
    """clip(r)·A alone, without the minimum with the unclipped r·A."""
    r = _ratio(new_log_probs, old_log_probs)
    return _loss(_clipped(r, clip) * advantages)


def probabilities_divided(new_log_probs: Floats, old_log_probs: Floats, advantages: Floats, clip: float = 0.2) -> float:
    """r = exp(new)/exp(old): right until the probabilities underflow to 0, then 0/0 = NaN."""
    with np.errstate(all="ignore"):
        r = np.exp(new_log_probs) / np.exp(old_log_probs)
        return _loss(np.minimum(r * advantages, _clipped(r, clip) * advantages))


def log_probs_divided(new_log_probs: Floats, old_log_probs: Floats, advantages: Floats, clip: float = 0.2) -> float:
    """r = new/old: the log-probabilities divided as if they were probabilities."""
    with np.errstate(all="ignore"):
        r = new_log_probs / old_log_probs
        return _loss(np.minimum(r * advantages, _clipped(r, clip) * advantages))


def no_exp(new_log_probs: Floats, old_log_probs: Floats, advantages: Floats, clip: float = 0.2) -> float:
    """r = new − old: the log of the ratio used as the ratio."""
    r, a = new_log_probs - old_log_probs, advantages
    return _loss(np.minimum(r * a, _clipped(r, clip) * a))


def ratio_inverted(new_log_probs: Floats, old_log_probs: Floats, advantages: Floats, clip: float = 0.2) -> float:
    """r = exp(old − new) = π_old/π_new: the ratio upside down."""
    r, a = _ratio(old_log_probs, new_log_probs), advantages
    return _loss(np.minimum(r * a, _clipped(r, clip) * a))


def maximised(new_log_probs: Floats, old_log_probs: Floats, advantages: Floats, clip: float = 0.2) -> float:
    """+mean(min(...)): the objective returned as it is, to be maximised, instead of the loss."""
    r, a = _ratio(new_log_probs, old_log_probs), advantages
    return -_loss(np.minimum(r * a, _clipped(r, clip) * a))


def summed(new_log_probs: Floats, old_log_probs: Floats, advantages: Floats, clip: float = 0.2) -> float:
    """−sum(min(...)): the objectives added up, never divided by their number."""
    r, a = _ratio(new_log_probs, old_log_probs), advantages
    return float(-np.sum(np.minimum(r * a, _clipped(r, clip) * a)))


def not_averaged(got: Answer, expected: Expected, case: Case) -> bool:
    """Predicate: an array of per-action losses (or of per-row means) whose mean is the answer."""
    return is_unreduced(got.data if isinstance(got, Array) else got, expected, case.tolerance.atol,
                        case.tolerance.rtol)


def _normalised(advantages: Floats, ddof: int) -> Floats:
    """(A − mean A)/(std A + 1e-8): the minibatch normalisation of stable-baselines3 and CleanRL (Tensor.std, which
    divides by n − 1: ddof=1) or of OpenAI Baselines' ppo2 (np.std, which divides by n: ddof=0)."""
    return (advantages - advantages.mean()) / (advantages.std(ddof=ddof) + 1e-8)


def normalised_advantages(new_log_probs: Floats, old_log_probs: Floats, advantages: Floats, clip: float = 0.2) -> float:
    """The right loss of advantages normalised first, with PyTorch's std (÷ n − 1)."""
    r, a = _ratio(new_log_probs, old_log_probs), _normalised(advantages, ddof=1)
    return _loss(np.minimum(r * a, _clipped(r, clip) * a))


def normalised_advantages_biased_std(new_log_probs: Floats, old_log_probs: Floats, advantages: Floats,
                                     clip: float = 0.2) -> float:
    """The right loss of advantages normalised first, with NumPy's std (÷ n)."""
    r, a = _ratio(new_log_probs, old_log_probs), _normalised(advantages, ddof=0)
    return _loss(np.minimum(r * a, _clipped(r, clip) * a))
