"""A 2-hidden-1 network that learns a two-input truth table (XOR above all), trained by full-batch gradient descent
on the mean cross-entropy with gradients worked out by hand, and the numbers the "Learning XOR" lesson shows.

The network, for inputs x of shape (N, 2):

    h = tanh(x @ W1.T + b1)        W1 (hidden, 2), b1 (hidden,)      the hidden layer
    z = h @ w2 + b2                w2 (hidden,), b2 a number          one logit per row
    p = σ(z)                                                          the probability of label 1

    loss = mean over the rows of −[y·log p + (1 − y)·log(1 − p)]

Initialisation: W1 and w2 from a normal distribution with standard deviation INIT_STD, the biases zero. The
gradients (backpropagation through two linear layers, tanh and the sigmoid with its cross-entropy):

    dz  = (p − y) / N                               ∂loss/∂z, one per row (σ and the log cancel)
    ∂w2 = h.T @ dz,           ∂b2 = Σ dz
    dh  = dz ⊗ w2 · (1 − h²)                        back through the output layer and tanh
    ∂W1 = dh.T @ x,           ∂b1 = Σ dh (over the rows)

Everything here works on a *population* of networks at once: the parameters may carry leading batch dimensions
(W1 (..., hidden, 2) and so on), which is how tests/exercises/test_xor_convergence.py trains a thousand seeds in
one go. Rows may carry weights (`weights`, summing to 1; default 1/N each): a table whose rows repeat is the same
loss as its distinct rows weighted by their counts, with y the share of 1s among a row's copies.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from mljudge.reference.arrays import Floats
from mljudge.reference.sigmoid import sigmoid  # stable both ways: e^(−|z|) only, never a cancellation

HIDDEN = 8
STEPS = 500
LR = 1.0
INIT_STD = 0.5
# "Learned", as the exercise's checker judges it: every prediction on its label's side of 0.5 with a margin.
LOW, HIGH = 0.2, 0.8
SAME_INPUT_ATOL = 1e-6  # two rows with one input must get predictions at least this close
SOFT_BAND = 0.1  # a row whose copies disagree must be predicted within this of the share of 1s

INPUTS = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
TABLES = {  # the labels of INPUTS' four rows
    "xor": np.array([0.0, 1.0, 1.0, 0.0]),
    "xnor": np.array([1.0, 0.0, 0.0, 1.0]),
    "and": np.array([0.0, 0.0, 0.0, 1.0]),
    "nand": np.array([1.0, 1.0, 1.0, 0.0]),
    "or": np.array([0.0, 1.0, 1.0, 1.0]),
}


@dataclass(frozen=True)
class Net:
    """The parameters of one network, or of a population (leading batch dimensions shared by all four)."""

    w1: Floats  # (..., hidden, 2)
    b1: Floats  # (..., hidden)
    w2: Floats  # (..., hidden)
    b2: Floats  # (...)

    def step(self, grads: Net, lr: float) -> Net:
        return Net(self.w1 - lr * grads.w1, self.b1 - lr * grads.b1, self.w2 - lr * grads.w2,
                   self.b2 - lr * grads.b2)


def init(seed: int, hidden: int = HIDDEN) -> Net:
    """One network drawn from ``np.random.default_rng(seed)``: W1 (hidden, 2) first, then w2 (hidden,), both
    normal with standard deviation INIT_STD; zero biases. (The exercise's NumPy model solution draws the same.)"""
    rng = np.random.default_rng(seed)
    w1 = rng.normal(0.0, INIT_STD, (hidden, 2))
    w2 = rng.normal(0.0, INIT_STD, hidden)
    return Net(w1, np.zeros(hidden), w2, np.zeros(()))


def _data(x: ArrayLike, y: ArrayLike, weights: ArrayLike | None) -> tuple[Floats, Floats, Floats]:
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    if x.ndim != 2 or x.shape[1] != 2 or y.shape != (x.shape[0],) or x.shape[0] == 0:
        raise ValueError(f"expected x of shape (N, 2) and y of shape (N,) with N ≥ 1, got {x.shape} and {y.shape}")
    if np.any((y < 0) | (y > 1)):
        raise ValueError("labels must lie in [0, 1]")
    w = np.full(x.shape[0], 1.0 / x.shape[0]) if weights is None else np.asarray(weights, dtype=np.float64)
    if w.shape != y.shape or abs(w.sum() - 1.0) > 1e-12 or np.any(w < 0):
        raise ValueError("weights must be N non-negative numbers that add up to 1")
    return x, y, w


def _hidden(net: Net, x: Floats) -> Floats:
    """tanh(x @ W1.T + b1), shape (..., N, hidden), written as a sum over the two inputs (a batched matmul of
    such small matrices is many times slower)."""
    pre = net.b1[..., None, :] + sum(x[:, j, None] * net.w1[..., None, :, j] for j in range(x.shape[1]))
    return np.tanh(pre)


def _logits(net: Net, h: Floats) -> Floats:
    out: Floats = (h * net.w2[..., None, :]).sum(axis=-1) + net.b2[..., None]
    return out


def predict(net: Net, x: ArrayLike) -> Floats:
    """The probabilities of label 1 for the rows of x: shape (..., N)."""
    x = np.asarray(x, dtype=np.float64)
    return np.asarray(sigmoid(_logits(net, _hidden(net, x))))  # an array: x has rows (sigmoid's 0-d gives a scalar)


_EXP_CUTOFF = 690.0  # e^(−690) ≈ 2e-300: further below, a term that small counts as exactly 0 (as in reference.losses)


def softplus(t: ArrayLike) -> Floats:
    """log(1 + eᵗ) = max(t, 0) + log(1 + e^(−|t|)): nothing overflows, and past |t| = 690 the second term is taken
    as exactly 0 (it is below 1e-299 beside max(t, 0) ≥ 690), so nothing underflows either."""
    t = np.asarray(t, dtype=np.float64)
    a = np.abs(t)
    out: Floats = np.maximum(t, 0.0) + np.where(a > _EXP_CUTOFF, 0.0, np.log1p(np.exp(-np.minimum(a, _EXP_CUTOFF))))
    return out


def loss(net: Net, x: ArrayLike, y: ArrayLike, weights: ArrayLike | None = None) -> Floats:
    """The (weighted) mean cross-entropy, shape (...): log(1 + e⁻ᶻ) for label 1, log(1 + eᶻ) for label 0, as
    softplus of the logit, so that confident predictions, right or wrong, stay finite."""
    x, y, w = _data(x, y, weights)
    z = _logits(net, _hidden(net, x))
    out: Floats = (w * (y * softplus(-z) + (1.0 - y) * softplus(z))).sum(axis=-1)
    return out


def gradients(net: Net, x: Floats, y: Floats, w: Floats) -> Net:
    """∂loss/∂(W1, b1, w2, b2) by backpropagation (see the module docstring)."""
    h = _hidden(net, x)
    p = sigmoid(_logits(net, h))
    dz = (p - y) * w                                          # (..., N)
    dpre = dz[..., None] * net.w2[..., None, :] * (1.0 - h * h)  # (..., N, hidden)
    w1 = np.stack([(dpre * x[:, j, None]).sum(axis=-2) for j in range(x.shape[1])], axis=-1)
    return Net(w1, dpre.sum(axis=-2), (h * dz[..., None]).sum(axis=-2), dz.sum(axis=-1))


def train(net: Net, x: ArrayLike, y: ArrayLike, steps: int = STEPS, lr: float = LR,
          weights: ArrayLike | None = None) -> Net:
    """`steps` steps of full-batch gradient descent from `net`."""
    x, y, w = _data(x, y, weights)
    for _ in range(steps):
        net = net.step(gradients(net, x, y, w), lr)
    return net


def train_xor(x: ArrayLike, y: ArrayLike, hidden: int = HIDDEN, steps: int = STEPS, lr: float = LR,
              seed: int = 0) -> Floats:
    """The exercise: a 2-`hidden`-1 network from `init(seed, hidden)`, trained for `steps` steps of gradient
    descent at `lr` on the mean cross-entropy of (x, y); the probabilities it predicts for x, shape (N,).

    One valid realisation: a learner's generator draws other numbers, and the checker judges properties."""
    return predict(train(init(seed, hidden), x, y, steps, lr), x)


def margins(p: ArrayLike, y: ArrayLike) -> Floats:
    """How far each prediction is past its side's threshold (≥ 0: learned): p − HIGH for label 1, LOW − p for
    label 0; for a soft label (copies of an input that disagree, y their share of 1s) SOFT_BAND − |p − y|."""
    p, y = np.asarray(p, dtype=np.float64), np.asarray(y, dtype=np.float64)
    hard = np.where(y == 1.0, p - HIGH, LOW - p)
    return np.where((y == 0.0) | (y == 1.0), hard, SOFT_BAND - np.abs(p - y))


@dataclass(frozen=True)
class Assessment:
    """Predictions for a table judged by what every trained network shares, whatever its random start."""

    group: NDArray[np.int64]  # per row: which distinct input it is (rows with one input share a group)
    share: Floats              # per row: the share of 1s among the labels of that input's copies
    margin: Floats             # per row: `margins` of its prediction against its share (≥ 0: learned)
    split: tuple[int, int] | None  # two rows with one input whose predictions differ, or None

    @property
    def learned(self) -> bool:
        return self.split is None and bool((self.margin >= 0).all())

    @property
    def hard(self) -> NDArray[np.bool_]:
        """Rows whose copies all carry one label (the rest are judged against their share)."""
        hard: NDArray[np.bool_] = (self.share == 0.0) | (self.share == 1.0)
        return hard


def assess(p: ArrayLike, x: ArrayLike, y: ArrayLike) -> Assessment:
    """Judge predictions p (N,) for the table (x, y): a network's prediction is a function of its input, so rows
    with one input must agree (to SAME_INPUT_ATOL); each must be on its label's side with a margin (≤ LOW for 0,
    ≥ HIGH for 1), or within SOFT_BAND of the share of 1s where the copies of an input disagree."""
    p = np.asarray(p, dtype=np.float64)
    x, y, _ = _data(x, y, None)
    if p.shape != y.shape:
        raise ValueError(f"expected one prediction per row, shape {y.shape}, got {p.shape}")
    _, group, counts = np.unique(x, axis=0, return_inverse=True, return_counts=True)
    group = group.ravel()
    share = (np.bincount(group, weights=y) / counts)[group]
    split = None
    for g in range(len(counts)):
        rows = np.flatnonzero(group == g)
        far = np.flatnonzero(np.abs(p[rows] - p[rows[0]]) > SAME_INPUT_ATOL)
        if far.size:
            split = (int(rows[0]), int(rows[far[0]]))
            break
    return Assessment(group, share, margins(p, share), split)


def distinct(x: ArrayLike, y: ArrayLike) -> tuple[Floats, Floats, Floats]:
    """A table's distinct rows, the share of 1s among each one's copies, and each one's share of the rows: the
    same loss, and the same gradient, as the table itself (the cross-entropy is linear in y)."""
    x, y, _ = _data(x, y, None)
    rows, index, counts = np.unique(x, axis=0, return_inverse=True, return_counts=True)
    ones = np.bincount(index.ravel(), weights=y, minlength=len(rows))
    return rows, ones / counts, counts / x.shape[0]


def steps_to_learn(net: Net, rows: ArrayLike, share: ArrayLike, weight: ArrayLike, steps: int, lr: float,
                   every: int = 1) -> NDArray[np.int64]:
    """For a population of networks, each training on a table given in `distinct` form (rows (R, 2), and share and
    weight of shape (R,) or one row of them per network, (..., R)): the first step, a multiple of `every`, from
    which every prediction stays learned (`margins` ≥ 0) through step `steps`; −1 for a network that is not
    learned at the end."""
    rows = np.asarray(rows, dtype=np.float64)
    share, weight = np.asarray(share, dtype=np.float64), np.asarray(weight, dtype=np.float64)
    first = np.full(net.b2.shape, -1, dtype=np.int64)
    for k in range(steps + 1):
        if k % every == 0 or k == steps:
            ok = (margins(predict(net, rows), share) >= 0).all(axis=-1)
            first = np.where(ok, np.where(first < 0, k, first), -1)
        if k < steps:
            net = net.step(gradients(net, rows, share, weight), lr)
    return first


# --- the lesson -----------------------------------------------------------------------------------------------
# The default run on XOR (seed 0), and the same table for a network without a hidden layer (a logistic
# regression, z = x @ v + c, from zero weights), which cannot separate XOR's classes with one straight line.

LESSON_SEED = 0
LESSON_STEPS = 250  # the plot's span; training goes on to STEPS, but nothing new happens to see


@lru_cache(maxsize=1)
def _lesson_run() -> tuple[Floats, Floats]:
    """Predictions for the four XOR rows (steps + 1, 4) and the loss (steps + 1,) after each step of the default
    run, up to LESSON_STEPS."""
    x, y = INPUTS, TABLES["xor"]
    net, xs, ys, w = init(LESSON_SEED), *_data(x, y, None)
    probs, losses = [predict(net, x)], [float(loss(net, x, y))]
    for _ in range(LESSON_STEPS):
        net = net.step(gradients(net, xs, ys, w), LR)
        probs.append(predict(net, x))
        losses.append(float(loss(net, x, y)))
    return np.array(probs), np.array(losses)


def _at(step: ArrayLike) -> NDArray[np.int64]:
    k = np.rint(np.asarray(step, dtype=np.float64)).astype(np.int64)
    if k.size and (k.min() < 0 or k.max() > LESSON_STEPS):
        raise ValueError(f"steps must lie in 0..{LESSON_STEPS}")
    return k


def lesson_loss(step: ArrayLike) -> Floats:
    """Lesson curve: the mean cross-entropy of the 2-8-1 network on XOR after k steps (seed 0, lr LR)."""
    losses: Floats = _lesson_run()[1][_at(step)]
    return losses


def _lesson_prediction(row: int, step: ArrayLike) -> Floats:
    predictions: Floats = _lesson_run()[0][_at(step), row]
    return predictions


def lesson_p00(step: ArrayLike) -> Floats:
    """Lesson curve: the predicted probability for input (0, 0), label 0, after k steps."""
    return _lesson_prediction(0, step)


def lesson_p01(step: ArrayLike) -> Floats:
    """Lesson curve: the predicted probability for input (0, 1), label 1."""
    return _lesson_prediction(1, step)


def lesson_p10(step: ArrayLike) -> Floats:
    """Lesson curve: the predicted probability for input (1, 0), label 1."""
    return _lesson_prediction(2, step)


def lesson_p11(step: ArrayLike) -> Floats:
    """Lesson curve: the predicted probability for input (1, 1), label 0."""
    return _lesson_prediction(3, step)


@lru_cache(maxsize=1)
def _linear_losses() -> Floats:
    """A logistic regression on XOR from zero weights: its loss after each step up to LESSON_STEPS."""
    x, y = INPUTS, TABLES["xor"]
    v, c, out = np.zeros(2), 0.0, []
    for _ in range(LESSON_STEPS + 1):
        z = x @ v + c
        out.append(float(np.mean(y * softplus(-z) + (1.0 - y) * softplus(z))))
        dz = (sigmoid(z) - y) / len(y)
        v, c = v - LR * (x.T @ dz), c - LR * dz.sum()
    return np.array(out)


def lesson_linear_loss(step: ArrayLike) -> Floats:
    """Lesson curve: the loss of a network without a hidden layer (z = x @ v + c) on XOR after k steps."""
    return _linear_losses()[_at(step)]


def lesson_learned_at() -> int:
    """The first step of the default run from which all four predictions stay learned (`margins` ≥ 0)."""
    probs, _ = _lesson_run()
    ok = (margins(probs, TABLES["xor"]) >= 0).all(axis=1)
    bad = np.flatnonzero(~ok)
    return int(bad[-1]) + 1 if bad.size else 0


def first_below(curve: Floats, level: float) -> int:
    """The first step at which a lesson curve is below `level`."""
    return int(np.flatnonzero(curve < level)[0])


# --- the panel: the decision boundary as training proceeds ------------------------------------------------------

PANEL_STEPS = (0, 10, 20, 40, 60, 80, 150, STEPS)
PANEL_GRID = 41  # points per side of the square [−0.5, 1.5]², step 0.05: the four inputs are grid points


def _plain(values: ArrayLike) -> Any:
    return np.round(np.asarray(values, dtype=np.float64), 6).tolist()


def panel(table: str = "xor", seed: int = LESSON_SEED, hidden: int = HIDDEN, lr: float = LR,
          steps: tuple[int, ...] = PANEL_STEPS) -> dict[str, Any]:
    """What the XOR panel draws (exercises/xor/lesson.toml), as JSON-ready numbers: for each step in `steps`, the
    network's probability on a PANEL_GRID × PANEL_GRID grid over [−0.5, 1.5]² (row i is x₁ = grid[i], column j
    is x₂ = grid[j]), its predictions for the four inputs, the loss, whether all four are learned, and each hidden
    unit's line: unit j is zero where w·x + b = 0 (w = W1[j], b = b1[j]), and "out" = w2[j] is its vote."""
    if table not in TABLES:
        raise ValueError(f"table must be one of {', '.join(TABLES)}, got {table!r}")
    if list(steps) != sorted(set(steps)) or steps[0] < 0:
        raise ValueError("steps must be distinct, increasing and non-negative")
    x, y = INPUTS, TABLES[table]
    axis = np.linspace(-0.5, 1.5, PANEL_GRID)
    grid = np.stack(np.meshgrid(axis, axis, indexing="ij"), axis=-1).reshape(-1, 2)
    net, xs, ys, w = init(seed, hidden), *_data(x, y, None)
    frames, k = [], 0
    for target in steps:
        for _ in range(target - k):
            net = net.step(gradients(net, xs, ys, w), lr)
        k = target
        p = predict(net, x)
        units = [{"w": _plain(net.w1[j]), "b": round(float(net.b1[j]), 6), "out": round(float(net.w2[j]), 6)}
                 for j in range(hidden)]
        frames.append({"step": k, "grid": _plain(predict(net, grid).reshape(PANEL_GRID, PANEL_GRID)),
                       "inputs": _plain(p), "loss": round(float(loss(net, x, y)), 6),
                       "learned": bool((margins(p, y) >= 0).all()), "units": units})
    return {"table": table, "labels": y.tolist(), "inputs": INPUTS.tolist(), "axis": _plain(axis),
            "settings": {"seed": seed, "hidden": hidden, "lr": lr, "init_std": INIT_STD},
            "frames": frames, "ln2": math.log(2.0)}
