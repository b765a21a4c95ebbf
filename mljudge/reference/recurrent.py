"""Recurrence, PyTorch's way: a tanh RNN over a whole sequence and one step of an LSTM cell, and the curves the
"Memory and attention" lessons draw from them (an impulse's fading echo, what a forget gate keeps).

    rnn         h_t = tanh(x_t·W_ihᵀ + b_ih + h_{t−1}·W_hhᵀ + b_hh)            t = 1 … T, h_0 given
    lstm_cell   [i | f | g | o] = x·W_ihᵀ + b_ih + h·W_hhᵀ + b_hh             four blocks of H columns
                i, f, o = σ(·),  g = tanh(·)
                c′ = f·c + i·g,  h′ = o·tanh(c′)

The layouts are torch.nn.RNN's (sequence first: xs is (T, N, in), h0 is (N, H); weights are (out, in), so they
multiply transposed) and torch.nn.LSTMCell's (the stacked weights hold the gates in the order input, forget,
cell, output). Nothing is modified in place: every result is a fresh float64 array.

Numerical care: tanh and the stable sigmoid of reference.sigmoid never overflow, so pre-activations in the
thousands saturate cleanly at ±1 (or 0 and 1) and everything here is silent under ``np.errstate(all="raise")``
for finite inputs whose products stay finite.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from mljudge.reference.arrays import Float, Floats
from mljudge.reference.sigmoid import sigmoid


def _f64(name: str, value: ArrayLike, ndim: int) -> Floats:
    array = np.asarray(value, dtype=np.float64)
    if array.ndim != ndim:
        raise ValueError(f"{name} must be {ndim}-D, got shape {array.shape}")
    return array


def _expect(name: str, array: Floats, shape: tuple[int, ...], spelled: str) -> None:
    if array.shape != shape:
        raise ValueError(f"{name} must have shape {spelled} = {shape}, got {array.shape}")


# --- the recurrent cell ----------------------------------------------------------------------------------------


def rnn(xs: ArrayLike, h0: ArrayLike, w_ih: ArrayLike, w_hh: ArrayLike, b_ih: ArrayLike, b_hh: ArrayLike
        ) -> tuple[Floats, Floats]:
    """A one-layer tanh RNN over a sequence: ``(outputs, h_T)``.

    xs (T, N, in): T steps of a batch of N inputs; h0 (N, H): the state before the first step; w_ih (H, in),
    w_hh (H, H), b_ih (H,), b_hh (H,) as torch.nn.RNN stores them. outputs (T, N, H) holds h_1 … h_T, the state
    *after* each step (outputs[t] is the state that has seen x_0 … x_t), and h_T (N, H) equals outputs[−1]
    (h0 itself, copied, for T = 0). Raises ValueError for shapes that do not fit together.
    """
    xs = _f64("xs", xs, 3)
    h = _f64("h0", h0, 2)
    w_ih = _f64("w_ih", w_ih, 2)
    w_hh = _f64("w_hh", w_hh, 2)
    steps, batch, features = xs.shape
    hidden = h.shape[1]
    _expect("h0", h, (batch, hidden), "(N, H)")
    _expect("w_ih", w_ih, (hidden, features), "(H, in)")
    _expect("w_hh", w_hh, (hidden, hidden), "(H, H)")
    b_ih = _f64("b_ih", b_ih, 1)
    b_hh = _f64("b_hh", b_hh, 1)
    _expect("b_ih", b_ih, (hidden,), "(H,)")
    _expect("b_hh", b_hh, (hidden,), "(H,)")
    # The input half of every step does not depend on the state: one product for the whole sequence.
    driven = xs @ w_ih.T + (b_ih + b_hh)  # (T, N, H)
    outputs = np.empty((steps, batch, hidden))
    h = h.copy()
    for t in range(steps):
        h = np.tanh(driven[t] + h @ w_hh.T)
        outputs[t] = h
    return outputs, h.copy()


# --- the LSTM cell ---------------------------------------------------------------------------------------------

GATES = ("input", "forget", "cell", "output")  # PyTorch's order of the four blocks of rows in w_ih and w_hh


def lstm_gates(x: ArrayLike, h: ArrayLike, w_ih: ArrayLike, w_hh: ArrayLike, b_ih: ArrayLike, b_hh: ArrayLike
               ) -> dict[str, Floats]:
    """The four gates of one LSTM step, already squashed: ``{"input": i, "forget": f, "cell": g, "output": o}``,
    each (N, H). i, f and o are sigmoids in [0, 1]; the cell candidate g is a tanh in [−1, 1]."""
    x = _f64("x", x, 2)
    h = _f64("h", h, 2)
    w_ih = _f64("w_ih", w_ih, 2)
    w_hh = _f64("w_hh", w_hh, 2)
    batch, hidden = h.shape
    if x.shape[0] != batch:
        raise ValueError(f"x has {x.shape[0]} rows and h has {batch}: one row per example in both")
    _expect("w_ih", w_ih, (4 * hidden, x.shape[1]), "(4H, in)")
    _expect("w_hh", w_hh, (4 * hidden, hidden), "(4H, H)")
    b_ih = _f64("b_ih", b_ih, 1)
    b_hh = _f64("b_hh", b_hh, 1)
    _expect("b_ih", b_ih, (4 * hidden,), "(4H,)")
    _expect("b_hh", b_hh, (4 * hidden,), "(4H,)")
    pre = x @ w_ih.T + b_ih + h @ w_hh.T + b_hh  # (N, 4H): columns k·H … (k + 1)·H − 1 belong to gate k
    i, f, g, o = (pre[:, k * hidden:(k + 1) * hidden] for k in range(4))
    return {"input": np.asarray(sigmoid(i)), "forget": np.asarray(sigmoid(f)), "cell": np.tanh(g),
            "output": np.asarray(sigmoid(o))}  # arrays: sigmoid's type allows the scalar a 0-d input gives


def lstm_cell(x: ArrayLike, h: ArrayLike, c: ArrayLike, w_ih: ArrayLike, w_hh: ArrayLike, b_ih: ArrayLike,
              b_hh: ArrayLike) -> tuple[Floats, Floats]:
    """One step of an LSTM cell, torch.nn.LSTMCell's: ``(h′, c′)``, each a new (N, H) array.

    x (N, in), h and c (N, H); w_ih (4H, in), w_hh (4H, H), b_ih and b_hh (4H,), their rows stacked in the order
    input, forget, cell, output. c′ = f·c + i·g keeps the part of the old cell the forget gate lets through and
    adds the part of the candidate the input gate lets in; h′ = o·tanh(c′) shows what the output gate allows.
    """
    c = _f64("c", c, 2)
    gates = lstm_gates(x, h, w_ih, w_hh, b_ih, b_hh)
    _expect("c", c, gates["forget"].shape, "(N, H), the shape of h")
    c_new = gates["forget"] * c + gates["input"] * gates["cell"]
    return gates["output"] * np.tanh(c_new), c_new


# --- the rnn lesson: one impulse and its echo --------------------------------------------------------------------
#
# A one-unit RNN with input weight 1 and no biases, h_t = tanh(w·h_{t−1} + x_t), starting from h_0 = 0. One
# impulse x_1 = 1 (steps are counted from 1, as the lesson does), silence afterwards. The echo is h_t itself; the
# influence is ∂h_t/∂x_1, how much h_t would move per unit change of the impulse:
#
#     ∂h_1/∂x_1 = 1 − h_1²,     ∂h_t/∂x_1 = ∂h_{t−1}/∂x_1 · w · (1 − h_t²)
#
# For small echoes tanh is nearly the identity and both shrink like w^(t−1). For w > 1 the echo settles on the
# fixed point h* = tanh(w·h*) and never fades, yet the influence still dies out: at h* every step multiplies it
# by w·(1 − h*²) < 1. The state remembers *that* there was an impulse, no longer *how large* it was.

ECHO_STEPS = 30  # the lesson plots steps 1 … 30
ECHO_WEIGHTS = (0.5, 0.9, 1.5)  # fading fast, fading slowly, held


def echo_run(weight: float, steps: int = ECHO_STEPS, impulse: float = 1.0) -> tuple[Floats, Floats]:
    """The echo h_1 … h_steps of one impulse in the lesson's one-unit RNN with recurrent weight ``weight``, and its
    influence ∂h_t/∂x_1 at each step: two arrays of length ``steps``. The echo is computed by :func:`rnn` itself."""
    steps = int(steps)
    if steps < 1:
        raise ValueError(f"steps must be at least 1, got {steps}")
    xs = np.zeros((steps, 1, 1))
    xs[0, 0, 0] = float(impulse)
    outputs, _ = rnn(xs, np.zeros((1, 1)), [[1.0]], [[float(weight)]], [0.0], [0.0])
    echo = outputs[:, 0, 0]
    local = 1.0 - echo * echo  # tanh′ at each step
    factors = np.concatenate([[1.0], np.full(steps - 1, float(weight))]) * local
    return echo, np.cumprod(factors, dtype=np.float64)


@lru_cache(maxsize=32)
def _echo_cached(weight: float, steps: int) -> tuple[Floats, Floats]:
    echo, influence = echo_run(weight, steps)
    echo.setflags(write=False)
    influence.setflags(write=False)
    return echo, influence


def _at_steps(values: Floats, steps: ArrayLike) -> Float:
    """``values[t − 1]`` for each step t of ``steps`` (the plot's grid holds whole numbers 1 … len(values))."""
    index = np.clip(np.rint(np.asarray(steps, dtype=np.float64)), 1, len(values)).astype(np.intp) - 1
    return np.asarray(values[index], dtype=np.float64)[()]


def echo(steps: ArrayLike, weight: float) -> Float:
    """The echo h_t of the lesson's impulse at each step t (whole numbers from 1)."""
    top = max(ECHO_STEPS, int(np.max(np.rint(np.asarray(steps, dtype=np.float64)), initial=1)))
    return _at_steps(_echo_cached(float(weight), top)[0], steps)


def influence(steps: ArrayLike, weight: float) -> Float:
    """∂h_t/∂x_1 for the lesson's impulse at each step t (whole numbers from 1)."""
    top = max(ECHO_STEPS, int(np.max(np.rint(np.asarray(steps, dtype=np.float64)), initial=1)))
    return _at_steps(_echo_cached(float(weight), top)[1], steps)


def fixed_point(weight: float) -> float:
    """The positive h with h = tanh(weight·h) for weight > 1 (0 for weight ≤ 1), by Newton's method from 1."""
    w = float(weight)
    if w <= 1.0:
        return 0.0
    h = 1.0
    for _ in range(100):
        t = np.tanh(w * h)
        step = (t - h) / (w * (1.0 - t * t) - 1.0)
        h -= step
        if abs(step) < 1e-16:
            break
    return float(h)


def first_below(values: ArrayLike, level: float) -> int | None:
    """The first step t (counted from 1) with |values[t − 1]| < level, or None."""
    below = np.flatnonzero(np.abs(np.asarray(values, dtype=np.float64)) < level)
    return int(below[0]) + 1 if below.size else None


def echo_panel(weights: tuple[float, ...] = (0.0, 0.25, 0.5, 0.75, 0.9, 1.0, 1.1, 1.25, 1.5, 2.0),
               impulses: tuple[float, ...] = (0.01, 0.5, 1.0, 3.0), steps: int = ECHO_STEPS) -> dict[str, Any]:
    """What the rnn lesson's echo panel draws (exercises/rnn/lesson.toml): for each weight on the slider and each
    impulse size, the echo and the influence at steps 1 … ``steps``, as plain lists."""
    runs = {}
    for w in weights:
        for size in impulses:
            e, d = echo_run(w, steps, size)
            runs[f"{w:g}/{size:g}"] = {"weight": w, "impulse": size, "echo": e.tolist(), "influence": d.tolist()}
    return {"steps": steps, "weights": list(weights), "impulses": list(impulses),
            "defaults": {"weight": 0.9, "impulse": 1.0}, "runs": runs,
            "fixed_points": {f"{w:g}": fixed_point(w) for w in weights}}


# --- the lstm-cell lesson: what the forget gate keeps --------------------------------------------------------------
#
# A one-unit LSTM cell whose gates see only the input (w_hh = 0), so each gate is a number we can set by hand:
#   input gate   σ(10·x − 5):  0.9933 when x = 1, 0.0067 when x = 0
#   forget gate  σ(b_f):       the same every step; b_f is the lesson's knob
#   candidate    tanh(3·x):    0.9951 when x = 1, exactly 0 when x = 0
#   output gate  σ(5) = 0.9933, always open
# Step 1 writes (x = 1): c_1 = σ(5)·tanh(3) = 0.9884. From then on x = 0, the candidate is 0, and the cell only
# keeps: c_t = σ(b_f)·c_{t−1} = σ(b_f)^(t−1)·c_1. Nothing squashes c on the way, which is why the gradient along
# it, ∂c_t/∂c_1 = σ(b_f)^(t−1), does not vanish when the forget gate stays open.

KEEP_STEPS = 100  # the lesson plots steps 1 … 100
FORGET_BIASES = (0.0, 1.0, 3.0, 5.0)


def keep_cell(forget_bias: float) -> dict[str, Floats]:
    """The lesson's one-unit LSTM cell as exercise-layout weights for a forget-gate bias: w_ih (4, 1), w_hh (4, 1),
    b_ih (4,), b_hh (4,), with the rows in PyTorch's order (input, forget, cell, output)."""
    return {"w_ih": np.array([[10.0], [0.0], [3.0], [0.0]]), "w_hh": np.zeros((4, 1)),
            "b_ih": np.array([-5.0, float(forget_bias), 0.0, 5.0]), "b_hh": np.zeros(4)}


def keep_run(forget_bias: float, writes: ArrayLike = (1.0,), steps: int = KEEP_STEPS) -> tuple[Floats, Floats]:
    """Run the lesson's cell for ``steps`` steps from h = c = 0 with the input sequence ``writes`` (then zeros),
    one :func:`lstm_cell` call per step: the cell values c_1 … c_steps and the hidden values h_1 … h_steps."""
    steps = int(steps)
    if steps < 1:
        raise ValueError(f"steps must be at least 1, got {steps}")
    inputs = np.zeros(steps)
    given = np.asarray(writes, dtype=np.float64).ravel()[:steps]
    inputs[:given.size] = given
    weights = keep_cell(forget_bias)
    h, c = np.zeros((1, 1)), np.zeros((1, 1))
    cells, hiddens = np.empty(steps), np.empty(steps)
    for t in range(steps):
        h, c = lstm_cell([[inputs[t]]], h, c, **weights)
        cells[t], hiddens[t] = c[0, 0], h[0, 0]
    return cells, hiddens


@lru_cache(maxsize=32)
def _kept_cached(forget_bias: float, steps: int) -> Floats:
    cells, _ = keep_run(forget_bias, steps=steps)
    cells.setflags(write=False)
    return cells


def kept(steps: ArrayLike, forget_bias: float) -> Float:
    """The cell value c_t of the lesson's cell at each step t (whole numbers from 1): one write at step 1."""
    top = max(KEEP_STEPS, int(np.max(np.rint(np.asarray(steps, dtype=np.float64)), initial=1)))
    return _at_steps(_kept_cached(float(forget_bias), top), steps)


def forget_bias_for(keep: float, steps: int) -> float:
    """The forget-gate bias b with σ(b)^steps = keep: the smallest bias that keeps at least ``keep`` of the cell
    over ``steps`` steps of forgetting (σ(b) = keep^(1/steps), b = log(σ / (1 − σ)))."""
    keep, steps = float(keep), int(steps)
    if not 0.0 < keep < 1.0 or steps < 1:
        raise ValueError("keep must be between 0 and 1 and steps at least 1")
    # 1 − keep^(1/steps) = −expm1(log(keep)/steps), accurate when it is tiny.
    rest = -np.expm1(np.log(keep) / steps)
    return float(np.log1p(-rest) - np.log(rest))


def keep_panel(forget_biases: tuple[float, ...] = tuple(np.round(np.arange(-2.0, 7.01, 0.5), 2)),
               steps: int = KEEP_STEPS) -> dict[str, Any]:
    """What the lstm-cell lesson's panel draws (exercises/lstm-cell/lesson.toml): for each forget bias on the slider,
    the cell and hidden values of one write at step 1, and the gate values the cell uses, as plain lists."""
    runs = {}
    for b in forget_biases:
        cells, hiddens = keep_run(b, steps=steps)
        runs[f"{b:g}"] = {"forget_bias": float(b), "forget": float(sigmoid(b)), "cell": cells.tolist(),
                          "hidden": hiddens.tolist()}
    write = lstm_gates([[1.0]], [[0.0]], **{k: v for k, v in keep_cell(0.0).items()})
    rest = lstm_gates([[0.0]], [[0.0]], **{k: v for k, v in keep_cell(0.0).items()})
    return {"steps": steps, "forget_biases": [float(b) for b in forget_biases], "defaults": {"forget_bias": 1.0},
            "gates_when_writing": {name: float(value[0, 0]) for name, value in write.items() if name != "forget"},
            "gates_when_silent": {name: float(value[0, 0]) for name, value in rest.items() if name != "forget"},
            "runs": runs}
