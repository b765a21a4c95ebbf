"""One step of LAMB (You et al., 2019, "Large Batch Optimization for Deep Learning: Training BERT in 76 minutes")
for one parameter array, and the numbers the "LAMB and large batches" lesson and its panel show.

LAMB is Adam with a per-layer step length. Adam's direction, with the weight decay added to it as in AdamW, is
scaled so that the step is a fixed fraction of the layer's own size:

    m ← β₁·m + (1 − β₁)·g          v ← β₂·v + (1 − β₂)·g²            (Adam's moments, returned uncorrected)
    m̂ = m / (1 − β₁ᵗ)              v̂ = v / (1 − β₂ᵗ)                 (t = 1 on the first step)
    r = m̂ / (√v̂ + eps) + weight_decay·param                          (AdamW's update direction)
    ratio = ‖param‖ / ‖r‖, or 1 when either norm is 0                 (the trust ratio; norms over all elements)
    param ← param − lr·ratio·r

So ‖Δparam‖ = lr·‖param‖ whenever both norms are positive: every layer moves by the same *relative* amount,
whatever the size of its gradient. That is what lets very large batches, and the large learning rates they need,
train without the small layers blowing up. These are the formulas of TensorFlow Addons' LAMB (the paper's
φ(z) = z, no clipping of the ratio) and of timm's Lamb with `always_adapt=True` and no gradient clipping;
`lamb_direction` is exactly what torch.optim.AdamW subtracts at lr = 1 (tests/reference/test_lamb.py checks it).

The second half is the lesson's layers: a layer of 100 numbers at scales from 10⁻³ to 10², on its first step, and
the panel's small model with layers of very different sizes.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from mljudge.reference.arrays import Floats
from mljudge.reference.optimizers import adam_moments  # Adam's moments: LAMB's are the same


def norm(a: ArrayLike) -> float:
    """The Euclidean norm over every element (the Frobenius norm of a matrix). math.hypot scales as it goes, so
    entries of 1e200 do not overflow their squares and entries of 1e-200 do not underflow them (np.linalg.norm of
    a vector squares them as they are)."""
    return math.hypot(*np.ravel(np.asarray(a, dtype=np.float64)).tolist())


def trust_ratio(param: ArrayLike, update: ArrayLike) -> float:
    """‖param‖ / ‖update‖, or 1 when either norm is 0: a zero layer (a bias initialised to 0) still takes Adam's
    step, and a zero update moves nothing."""
    p, u = norm(param), norm(update)
    return p / u if p > 0.0 and u > 0.0 else 1.0


def lamb_direction(param: ArrayLike, grad: ArrayLike, m: ArrayLike, v: ArrayLike, t: int, beta1: float = 0.9,
                   beta2: float = 0.999, eps: float = 1e-6,
                   weight_decay: float = 0.01) -> tuple[Floats, Floats, Floats]:
    """``(r, new_m, new_v)``: the update direction r = m̂/(√v̂ + eps) + weight_decay·param, before the trust ratio
    and lr, and Adam's new moments (uncorrected). `t` is the number of this step, 1 on the first call."""
    param, new_m, new_v = adam_moments(param, grad, m, v, t, beta1, beta2)
    m_hat = new_m / (1.0 - beta1 ** int(t))
    v_hat = new_v / (1.0 - beta2 ** int(t))
    return m_hat / (np.sqrt(v_hat) + eps) + weight_decay * param, new_m, new_v


def lamb(param: ArrayLike, grad: ArrayLike, m: ArrayLike, v: ArrayLike, t: int, lr: float = 1e-3,
         beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-6,
         weight_decay: float = 0.01) -> tuple[Floats, Floats, Floats]:
    """One step of LAMB: ``(new_param, new_m, new_v)``, new float64 arrays, the moments without bias correction.

    param ← param − lr·ratio·r with r from `lamb_direction` and ratio = `trust_ratio(param, r)`."""
    r, new_m, new_v = lamb_direction(param, grad, m, v, t, beta1, beta2, eps, weight_decay)
    param = np.asarray(param, dtype=np.float64)
    return param - lr * trust_ratio(param, r) * r, new_m, new_v


# --- the lesson: one layer at many scales ------------------------------------------------------------------------
# A layer of LESSON_SIZE numbers: its direction and its gradient are fixed, its scale s = ‖param‖ varies. On the
# first step (zero moments, t = 1) m̂/(√v̂ + eps) = g/(|g| + eps) ≈ sign(g), whose norm is about √100 = 10 for any
# gradient: Adam's (and AdamW's) step has about the same length for every layer, however small the layer is.

LESSON_SIZE = 100
LESSON_LR = 1e-3
LESSON_DECAY = 0.01


def _lesson_layer() -> tuple[Floats, Floats]:
    """The lesson layer's direction (unit norm) and its gradient, both fixed (seeded)."""
    rng = np.random.default_rng(2019)
    direction = rng.normal(size=LESSON_SIZE)
    return direction / norm(direction), rng.normal(0.0, 0.01, LESSON_SIZE)


def lesson_first_step(scale: float) -> dict[str, float]:
    """The lesson layer at ‖param‖ = scale, on its first step with the lesson's lr and weight decay: the norms, the
    trust ratio, and the step's length relative to the layer for AdamW (lr·r, the same r without the ratio) and
    for LAMB (the real `lamb` step)."""
    direction, grad = _lesson_layer()
    param = scale * direction
    zeros = np.zeros(LESSON_SIZE)
    r, _, _ = lamb_direction(param, grad, zeros, zeros, 1, weight_decay=LESSON_DECAY)
    new_param, _, _ = lamb(param, grad, zeros, zeros, 1, lr=LESSON_LR, weight_decay=LESSON_DECAY)
    size = norm(param)
    return {"param_norm": size, "update_norm": norm(r), "ratio": trust_ratio(param, r),
            "adamw_step": LESSON_LR * norm(r), "lamb_step": norm(new_param - param),
            "adamw_relative": LESSON_LR * norm(r) / size if size else math.inf,
            "lamb_relative": norm(new_param - param) / size if size else math.inf}


def _curve(key: str, log_scale: ArrayLike) -> NDArray[np.float64]:
    x = np.asarray(log_scale, dtype=np.float64)
    values = [math.log10(lesson_first_step(10.0 ** float(s))[key]) for s in np.ravel(x)]
    return np.asarray(values, dtype=np.float64).reshape(x.shape)


def lesson_log_ratio(log_scale: ArrayLike) -> NDArray[np.float64]:
    """Lesson curve: log₁₀ of the trust ratio for a layer with log₁₀‖param‖ = x."""
    return _curve("ratio", log_scale)


def lesson_log_adamw_relative(log_scale: ArrayLike) -> NDArray[np.float64]:
    """Lesson curve: log₁₀ of ‖AdamW's step‖/‖param‖ (AdamW: lr·r, no trust ratio)."""
    return _curve("adamw_relative", log_scale)


def lesson_log_lamb_relative(log_scale: ArrayLike) -> NDArray[np.float64]:
    """Lesson curve: log₁₀ of ‖LAMB's step‖/‖param‖: log₁₀ lr = −3 at every scale."""
    return _curve("lamb_relative", log_scale)


# --- the panel: a small model with layers of very different sizes ------------------------------------------------
# Shapes and initial scales as a BERT-like model initialises them (normal with std 0.02 for the weights, ones for
# LayerNorm's gain, zeros for biases), at a width of 64 so that the data stays small.

PANEL_LAYERS = (
    # name, shape, how it starts
    ("embedding", (1000, 64), "normal 0.02"),
    ("attention.query", (64, 64), "normal 0.02"),
    ("attention.query.bias", (64,), "zeros"),
    ("layer_norm.gain", (64,), "ones"),
    ("feed_forward", (256, 64), "normal 0.02"),
    ("classifier", (10, 64), "normal 0.02"),
)
PANEL_LRS = (1e-3, 2e-3, 4e-3, 8e-3, 1.6e-2)  # lr for batches 1×, 4×, 16×, 64×, 256× (the square-root rule)


def _panel_layer(index: int) -> tuple[Floats, Floats]:
    _, shape, start = PANEL_LAYERS[index]
    rng = np.random.default_rng(100 + index)
    if start == "zeros":
        param = np.zeros(shape)
    elif start == "ones":
        param = np.ones(shape)
    else:
        param = rng.normal(0.0, 0.02, shape)
    return param, rng.normal(0.0, 1e-3, shape)   # gradients of a typical size; Adam's first step ignores it


def panel(lr: float = PANEL_LRS[0], weight_decay: float = LESSON_DECAY) -> dict[str, Any]:
    """What the LAMB panel draws (exercises/lamb/lesson.toml) for one lr, as JSON-ready numbers: per layer its shape,
    ‖param‖, the RMS of its entries, ‖r‖ on the first step, the trust ratio, and the relative step of AdamW and of
    LAMB."""
    layers = []
    for index, (name, shape, start) in enumerate(PANEL_LAYERS):
        param, grad = _panel_layer(index)
        zeros = np.zeros(shape)
        r, _, _ = lamb_direction(param, grad, zeros, zeros, 1, weight_decay=weight_decay)
        new_param, _, _ = lamb(param, grad, zeros, zeros, 1, lr=lr, weight_decay=weight_decay)
        size, step = norm(param), norm(new_param - param)
        layers.append({
            "name": name, "shape": list(shape), "start": start, "param_norm": size,
            "param_rms": size / math.sqrt(param.size), "update_norm": norm(r), "ratio": trust_ratio(param, r),
            "adamw_relative": lr * norm(r) / size if size else None,
            "lamb_relative": step / size if size else None,
            "lamb_step": step,
        })
    return {"lr": lr, "weight_decay": weight_decay, "lrs": list(PANEL_LRS), "layers": layers}


PANEL_BATCHES = (1, 4, 16, 64, 256)  # the batch-size slider's stops: lr = 0.001·√(multiple), PANEL_LRS


def panel_states(weight_decay: float = LESSON_DECAY) -> dict[str, Any]:
    """Every state of the LAMB panel at once (five lrs, a few kilobytes): the batch slider switches between them in
    the page, each exactly :func:`panel` at that lr."""
    return {"batches": list(PANEL_BATCHES), "lrs": list(PANEL_LRS),
            "states": [panel(lr, weight_decay) for lr in PANEL_LRS]}
