"""Pins reference.recurrent to hand-computed steps, to PyTorch's own torch.nn.RNN and torch.nn.LSTMCell (with
their weights copied in), to an independent loop written from the formulas, and pins the lessons' echo and
forget-gate curves to closed forms and to autograd."""

import contextlib
import json
import math
import tomllib
import warnings
from pathlib import Path

import numpy as np
import pytest
import torch

from mljudge.reference.recurrent import (
    ECHO_WEIGHTS,
    FORGET_BIASES,
    GATES,
    echo,
    echo_panel,
    echo_run,
    first_below,
    fixed_point,
    forget_bias_for,
    influence,
    keep_cell,
    keep_panel,
    keep_run,
    kept,
    lstm_cell,
    lstm_gates,
    rnn,
)


@contextlib.contextmanager
def _silent():
    with warnings.catch_warnings(), np.errstate(all="raise"):
        warnings.simplefilter("error")
        yield


def _sigmoid(z):
    return 1.0 / (1.0 + math.exp(-z))


def _random_rnn(rng, steps, batch, features, hidden, scale=1.0):
    return (rng.normal(size=(steps, batch, features)), rng.normal(size=(batch, hidden)),
            scale * rng.normal(size=(hidden, features)), scale * rng.normal(size=(hidden, hidden)) / math.sqrt(hidden),
            rng.normal(size=hidden), rng.normal(size=hidden))


def _torch_rnn(xs, h0, w_ih, w_hh, b_ih, b_hh):
    layer = torch.nn.RNN(w_ih.shape[1], w_ih.shape[0], nonlinearity="tanh", dtype=torch.float64)
    with torch.no_grad():
        for name, value in {"weight_ih_l0": w_ih, "weight_hh_l0": w_hh, "bias_ih_l0": b_ih, "bias_hh_l0": b_hh}.items():
            getattr(layer, name).copy_(torch.from_numpy(value))
        outputs, h_n = layer(torch.from_numpy(xs), torch.from_numpy(h0)[None])
    return outputs.numpy(), h_n[0].numpy()


def _torch_lstm_cell(x, h, c, w_ih, w_hh, b_ih, b_hh):
    cell = torch.nn.LSTMCell(w_ih.shape[1], w_hh.shape[1], dtype=torch.float64)
    with torch.no_grad():
        for name, value in {"weight_ih": w_ih, "weight_hh": w_hh, "bias_ih": b_ih, "bias_hh": b_hh}.items():
            getattr(cell, name).copy_(torch.from_numpy(value))
        h_new, c_new = cell(torch.from_numpy(x), (torch.from_numpy(h), torch.from_numpy(c)))
    return h_new.numpy(), c_new.numpy()


# --- rnn ---------------------------------------------------------------------------------------------------------


def test_rnn_by_hand():
    # One unit, w_ih = 1, w_hh = 0.5, no biases, h0 = 0, the impulse [1, 0, 0]: tanh(1), tanh(0.5·tanh(1)), …
    outputs, h_last = rnn([[[1.0]], [[0.0]], [[0.0]]], [[0.0]], [[1.0]], [[0.5]], [0.0], [0.0])
    h1 = math.tanh(1.0)
    h2 = math.tanh(0.5 * h1)
    h3 = math.tanh(0.5 * h2)
    np.testing.assert_allclose(outputs[:, 0, 0], [h1, h2, h3], rtol=0, atol=1e-15)
    assert outputs.shape == (3, 1, 1) and h_last.shape == (1, 1)
    assert h_last[0, 0] == outputs[-1, 0, 0]
    assert round(h1, 4) == 0.7616 and round(h2, 4) == 0.3634 and round(h3, 4) == 0.1797  # the prompt's numbers
    # Two units, two inputs: w_ih multiplies transposed, both biases are added, and h0 enters the first step.
    w_ih = np.array([[1.0, 2.0], [0.0, -1.0]])  # (H, in)
    w_hh = np.array([[0.5, 0.0], [1.0, 0.5]])
    b_ih, b_hh, h0 = np.array([0.1, 0.0]), np.array([0.0, 0.2]), np.array([[1.0, -1.0]])
    x = np.array([0.5, 0.25])
    first = np.tanh(np.array([1.0 * 0.5 + 2.0 * 0.25 + 0.1 + 0.5 * 1.0,
                              -1.0 * 0.25 + 0.2 + 1.0 * 1.0 + 0.5 * -1.0]))
    outputs, h_last = rnn(x[None, None], h0, w_ih, w_hh, b_ih, b_hh)
    np.testing.assert_allclose(outputs[0, 0], first, rtol=0, atol=1e-15)
    np.testing.assert_allclose(h_last[0], first, rtol=0, atol=1e-15)


@pytest.mark.parametrize(("steps", "batch", "features", "hidden"),
                         [(1, 1, 1, 1), (3, 2, 3, 2), (7, 4, 2, 5), (12, 3, 4, 4), (50, 2, 3, 6), (5, 1, 8, 3)])
def test_rnn_matches_torch(steps, batch, features, hidden):
    rng = np.random.default_rng(steps * 1000 + features * 10 + hidden)
    args = _random_rnn(rng, steps, batch, features, hidden)
    outputs, h_last = rnn(*args)
    want_outputs, want_last = _torch_rnn(*args)
    np.testing.assert_allclose(outputs, want_outputs, rtol=0, atol=1e-13)
    np.testing.assert_allclose(h_last, want_last, rtol=0, atol=1e-13)
    assert outputs.dtype == h_last.dtype == np.float64


def test_rnn_matches_a_loop_over_batch_and_units():
    """Written from the formula alone, one number at a time."""
    rng = np.random.default_rng(7)
    xs, h0, w_ih, w_hh, b_ih, b_hh = _random_rnn(rng, 4, 2, 3, 2)
    h = h0.tolist()
    expected = []
    for t in range(4):
        h = [[math.tanh(sum(xs[t, n, j] * w_ih[u, j] for j in range(3)) + b_ih[u]
                        + sum(h[n][j] * w_hh[u, j] for j in range(2)) + b_hh[u]) for u in range(2)] for n in range(2)]
        expected.append(h)
    np.testing.assert_allclose(rnn(xs, h0, w_ih, w_hh, b_ih, b_hh)[0], expected, rtol=0, atol=1e-14)


def test_rnn_saturates_silently_and_leaves_its_inputs_alone():
    rng = np.random.default_rng(3)
    xs, h0, w_ih, w_hh, b_ih, b_hh = _random_rnn(rng, 6, 2, 3, 4, scale=500.0)
    before = [a.copy() for a in (xs, h0, w_ih, w_hh, b_ih, b_hh)]
    with _silent():
        outputs, h_last = rnn(xs, h0, w_ih, w_hh, b_ih, b_hh)
    assert np.all(np.isfinite(outputs)) and np.all(np.abs(outputs) <= 1.0)
    assert np.mean(np.abs(outputs) > 0.999) > 0.9  # pre-activations in the hundreds: nearly all at ±1
    np.testing.assert_allclose(outputs, _torch_rnn(xs, h0, w_ih, w_hh, b_ih, b_hh)[0], rtol=0, atol=1e-13)
    for a, b in zip((xs, h0, w_ih, w_hh, b_ih, b_hh), before, strict=True):
        np.testing.assert_array_equal(a, b)
    assert not np.shares_memory(h_last, outputs) and not np.shares_memory(h_last, h0)


def test_rnn_empty_sequence_and_shape_errors():
    outputs, h_last = rnn(np.zeros((0, 2, 3)), np.ones((2, 4)), np.zeros((4, 3)), np.zeros((4, 4)), np.zeros(4),
                          np.zeros(4))
    assert outputs.shape == (0, 2, 4)
    np.testing.assert_array_equal(h_last, np.ones((2, 4)))
    good = _random_rnn(np.random.default_rng(0), 3, 2, 3, 4)
    for index, bad, match in [(0, np.zeros((3, 3)), "xs must be 3-D"), (2, np.zeros((3, 4)), r"w_ih must have shape"),
                              (3, np.zeros((4, 3)), "w_hh"), (4, np.zeros(3), "b_ih"), (5, np.zeros(5), "b_hh"),
                              (1, np.zeros((3, 4)), "h0")]:
        args = list(good)
        args[index] = bad
        with pytest.raises(ValueError, match=match):
            rnn(*args)


# --- lstm_cell ------------------------------------------------------------------------------------------------------


def test_lstm_cell_by_hand():
    # One unit, one input: the four rows of w_ih are the gates in PyTorch's order (input, forget, cell, output).
    x, h, c = [[1.0]], [[0.5]], [[2.0]]
    w_ih = [[1.0], [-1.0], [2.0], [0.5]]
    w_hh = [[0.0], [2.0], [0.0], [-2.0]]
    b_ih, b_hh = [0.0, 0.5, 0.0, 0.0], [0.5, 0.0, -1.0, 0.0]
    i = _sigmoid(1.0 + 0.5)  # 1·1 + 0 + 0.5
    f = _sigmoid(-1.0 + 0.5 + 2.0 * 0.5)
    g = math.tanh(2.0 - 1.0)
    o = _sigmoid(0.5 - 2.0 * 0.5)
    c_new = f * 2.0 + i * g
    h_new, got_c = lstm_cell(x, h, c, w_ih, w_hh, b_ih, b_hh)
    assert got_c[0, 0] == pytest.approx(c_new, abs=1e-15)
    assert h_new[0, 0] == pytest.approx(o * math.tanh(c_new), abs=1e-15)
    gates = lstm_gates(x, h, w_ih, w_hh, b_ih, b_hh)
    assert tuple(gates) == GATES
    assert [gates[name][0, 0] for name in GATES] == pytest.approx([i, f, g, o], abs=1e-15)
    # The prompt's first example: pre-activations [−0.5, 0.5, −1, 2], c = 2 → (h′, c′) = (0.6545, 0.9574).
    h_new, c_new = lstm_cell([[1.0]], [[0.5]], [[2.0]], [[-1.0], [0.5], [-1.0], [1.0]], [[1.0], [-1.0], [0.0], [1.0]],
                             [0.0, 0.5, 0.0, 0.0], [0.0, 0.0, 0.0, 0.5])
    c_hand = _sigmoid(0.5) * 2.0 + _sigmoid(-0.5) * math.tanh(-1.0)
    assert c_new[0, 0] == pytest.approx(c_hand, abs=1e-15) and round(c_hand, 4) == 0.9574
    assert h_new[0, 0] == pytest.approx(_sigmoid(2.0) * math.tanh(c_hand), abs=1e-15)
    assert round(float(h_new[0, 0]), 4) == 0.6545


@pytest.mark.parametrize(("batch", "features", "hidden"), [(1, 1, 1), (2, 3, 2), (4, 5, 3), (16, 10, 8), (3, 2, 6)])
def test_lstm_cell_matches_torch(batch, features, hidden):
    rng = np.random.default_rng(batch * 100 + features * 10 + hidden)
    args = (rng.normal(size=(batch, features)), rng.normal(size=(batch, hidden)), rng.normal(0, 2, (batch, hidden)),
            rng.normal(size=(4 * hidden, features)), rng.normal(size=(4 * hidden, hidden)),
            rng.normal(size=4 * hidden), rng.normal(size=4 * hidden))
    before = [a.copy() for a in args]
    h_new, c_new = lstm_cell(*args)
    want_h, want_c = _torch_lstm_cell(*args)
    np.testing.assert_allclose(h_new, want_h, rtol=0, atol=1e-14)
    np.testing.assert_allclose(c_new, want_c, rtol=0, atol=1e-14)
    for a, b in zip(args, before, strict=True):
        np.testing.assert_array_equal(a, b)


def test_lstm_gate_order_matters():
    """Reading the blocks in another order (Karpathy's i, f, o, g; TensorFlow 1's i, g, f, o) changes the answer."""
    rng = np.random.default_rng(5)
    x, h, c = rng.normal(size=(2, 3)), rng.normal(size=(2, 2)), rng.normal(size=(2, 2))
    w_ih, w_hh, b_ih, b_hh = rng.normal(size=(8, 3)), rng.normal(size=(8, 2)), rng.normal(size=8), rng.normal(size=8)
    right = lstm_cell(x, h, c, w_ih, w_hh, b_ih, b_hh)
    for order in ([0, 1, 3, 2], [0, 2, 1, 3]):
        rows = np.concatenate([np.arange(2 * k, 2 * k + 2) for k in order])
        wrong = lstm_cell(x, h, c, w_ih[rows], w_hh[rows], b_ih[rows], b_hh[rows])
        assert np.abs(wrong[0] - right[0]).max() > 1e-3


def test_lstm_cell_saturated_gates_are_exact_and_silent():
    # Pre-activations of ±1000: every gate is exactly 0 or 1, so c′ = f·c + i·g is a plain selection.
    x, h, c = [[1.0, -1.0]], [[0.0]], [[0.75]]
    w_ih = [[1000.0, 0.0], [0.0, 1000.0], [1000.0, 0.0], [1000.0, 0.0]]  # i = 1, f = σ(−1000) = 0, g = 1, o = 1
    with _silent():
        h_new, c_new = lstm_cell(x, h, c, w_ih, np.zeros((4, 1)), np.zeros(4), np.zeros(4))
    assert c_new[0, 0] == 1.0 and h_new[0, 0] == math.tanh(1.0)
    w_ih = [[-1000.0, 0.0], [1000.0, 0.0], [0.0, 0.0], [1000.0, 0.0]]  # i = 0, f = 1: the cell is kept as it was
    with _silent():
        h_new, c_new = lstm_cell(x, h, c, w_ih, np.zeros((4, 1)), np.zeros(4), np.zeros(4))
    assert c_new[0, 0] == 0.75 and h_new[0, 0] == math.tanh(0.75)


def test_lstm_cell_shape_errors():
    ok = dict(x=np.zeros((2, 3)), h=np.zeros((2, 4)), c=np.zeros((2, 4)), w_ih=np.zeros((16, 3)),
              w_hh=np.zeros((16, 4)), b_ih=np.zeros(16), b_hh=np.zeros(16))
    lstm_cell(**ok)
    for name, bad, match in [("w_ih", np.zeros((4, 3)), r"\(4H, in\)"), ("w_hh", np.zeros((16, 3)), "w_hh"),
                             ("c", np.zeros((2, 3)), "c must"), ("x", np.zeros((3, 3)), "one row per example"),
                             ("b_hh", np.zeros(4), "b_hh")]:
        with pytest.raises(ValueError, match=match):
            lstm_cell(**{**ok, name: bad})


# --- the rnn lesson ------------------------------------------------------------------------------------------------


def test_echo_is_the_rnn_driven_by_one_impulse():
    e, _ = echo_run(0.9, 30)
    h, want = 0.0, []
    for t in range(30):
        h = math.tanh(0.9 * h + (1.0 if t == 0 else 0.0))
        want.append(h)
    np.testing.assert_allclose(e, want, rtol=0, atol=1e-15)
    steps = np.linspace(1.0, 30.0, 30)
    np.testing.assert_array_equal(echo(steps, 0.9), e)
    np.testing.assert_array_equal(echo(steps, 0.9), e)
    assert isinstance(echo(3.0, 0.5), np.float64)


@pytest.mark.parametrize("weight", [*ECHO_WEIGHTS, 1.0, 2.0])
def test_influence_is_the_autograd_derivative(weight):
    x1 = torch.tensor(1.0, dtype=torch.float64, requires_grad=True)
    h = torch.tensor(0.0, dtype=torch.float64)
    echoes = []
    for t in range(12):
        h = torch.tanh(weight * h + (x1 if t == 0 else 0.0))
        echoes.append(h)
    grads = [torch.autograd.grad(e, x1, retain_graph=True)[0].item() for e in echoes]
    np.testing.assert_allclose(influence(np.arange(1.0, 13.0), weight), grads, rtol=1e-12, atol=1e-300)
    # and, independently, by a central difference of the echo in the impulse's size
    eps = 1e-6
    numeric = (echo_run(weight, 12, 1.0 + eps)[0] - echo_run(weight, 12, 1.0 - eps)[0]) / (2 * eps)
    np.testing.assert_allclose(influence(np.arange(1.0, 13.0), weight), numeric, rtol=1e-6, atol=1e-9)


def test_the_rnn_lesson_numbers():
    steps = np.arange(1.0, 31.0)
    # Task "how long": the echo first drops below 0.1 at step 4 for w = 0.5 and at step 16 for w = 0.9.
    assert first_below(echo(steps, 0.5), 0.1) == 4 and echo(4.0, 0.5) == pytest.approx(0.0896, abs=5e-5)
    assert first_below(echo(steps, 0.9), 0.1) == 16 and echo(15.0, 0.9) > 0.1
    # Small echoes shrink by about w per step: the ratio of successive echoes tends to w.
    tail = echo(steps, 0.5)
    assert tail[-1] / tail[-2] == pytest.approx(0.5, abs=1e-9)
    # Task "never fades": w = 1.5 settles on the fixed point h* = tanh(1.5·h*) = 0.8586, whatever the impulse size.
    star = fixed_point(1.5)
    assert star == pytest.approx(math.tanh(1.5 * star), abs=1e-15) and round(star, 4) == 0.8586
    assert echo(30.0, 1.5) == pytest.approx(star, abs=1e-12)
    for size in (0.5, 3.0):
        assert echo_run(1.5, 30, size)[0][-1] == pytest.approx(star, abs=1e-10)
    assert fixed_point(0.9) == 0.0
    # Task "held but deaf": at step 10 the influence is 0.0419 for w = 0.9 and 0.00015 for w = 1.5; at the fixed
    # point each step multiplies it by 1.5·(1 − h*²) = 0.394.
    assert influence(10.0, 0.9) == pytest.approx(0.04195, abs=5e-5)
    assert influence(10.0, 1.5) == pytest.approx(0.000149, abs=1e-6)
    assert influence(30.0, 1.5) / influence(29.0, 1.5) == pytest.approx(1.5 * (1 - star**2), rel=1e-6)


def test_echo_panel_is_plain_and_consistent():
    data = echo_panel()
    json.dumps(data)
    run = data["runs"]["0.9/1"]
    np.testing.assert_array_equal(run["echo"], echo_run(0.9, 30)[0])
    np.testing.assert_array_equal(run["influence"], echo_run(0.9, 30)[1])
    assert data["fixed_points"]["1.5"] == fixed_point(1.5)
    assert data["runs"]["0/1"]["echo"][1:] == [0.0] * 29  # w = 0: no memory at all
    # The numbers PANEL.md quotes: a small impulse at w = 1.5 first makes the influence explode (to 34.3 at step
    # 11), then saturation kills it; w = 1 fades like √(3/(2t)), w = 1.1 settles at 0.503.
    small = np.array(data["runs"]["1.5/0.01"]["influence"])
    assert small.max() == pytest.approx(34.345, abs=5e-3) and int(small.argmax()) + 1 == 11
    assert echo(30.0, 1.0) == pytest.approx(0.2166, abs=5e-5) and abs(echo(30.0, 1.0) - math.sqrt(3 / 60)) < 0.01
    assert fixed_point(1.1) == pytest.approx(0.503, abs=5e-4)


# --- the lstm-cell lesson --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("bias", FORGET_BIASES)
def test_the_forget_gate_keeps_a_geometric_share(bias):
    cells, hiddens = keep_run(bias)
    first = _sigmoid(5.0) * math.tanh(3.0)  # step 1 writes: i = σ(10 − 5), g = tanh(3), nothing to forget yet
    assert cells[0] == pytest.approx(first, abs=1e-15)
    forget = _sigmoid(bias)
    np.testing.assert_allclose(cells, first * forget ** np.arange(100), rtol=1e-12, atol=0)
    np.testing.assert_allclose(hiddens, _sigmoid(5.0) * np.tanh(cells), rtol=1e-12, atol=0)
    np.testing.assert_array_equal(kept(np.arange(1.0, 101.0), bias), cells)


def test_keep_cell_runs_in_torch_the_same():
    weights = keep_cell(3.0)
    cell = torch.nn.LSTMCell(1, 1, dtype=torch.float64)
    with torch.no_grad():
        for name in ("w_ih", "w_hh", "b_ih", "b_hh"):
            target = {"w_ih": "weight_ih", "w_hh": "weight_hh", "b_ih": "bias_ih", "b_hh": "bias_hh"}[name]
            getattr(cell, target).copy_(torch.from_numpy(weights[name]))
        h = c = torch.zeros(1, 1, dtype=torch.float64)
        cells = []
        for t in range(20):
            h, c = cell(torch.tensor([[1.0 if t == 0 else 0.0]], dtype=torch.float64), (h, c))
            cells.append(c.item())
    np.testing.assert_allclose(keep_run(3.0, steps=20)[0], cells, rtol=0, atol=1e-15)


def test_the_lstm_lesson_numbers():
    c1 = kept(1.0, 0.0)
    assert round(float(c1), 4) == 0.9884
    # Task "half a memory per step": c_10 is 0.0019 with forget bias 0 and 0.6383 with forget bias 3.
    assert kept(10.0, 0.0) == pytest.approx(0.00193, abs=1e-5)
    assert kept(10.0, 3.0) == pytest.approx(0.6383, abs=5e-5)
    # Task "a hundred steps": keeping half of c_1 until step 100 (99 steps of forgetting) needs b ≥ 4.958;
    # b = 5 keeps 0.514 of it.
    assert forget_bias_for(0.5, 99) == pytest.approx(4.958, abs=5e-4)
    assert _sigmoid(forget_bias_for(0.5, 99)) ** 99 == pytest.approx(0.5, abs=1e-12)
    assert kept(100.0, 5.0) / c1 == pytest.approx(0.5144, abs=5e-5)
    # Task "the long road": ∂c_30/∂c_1 = σ(5)^29 = 0.8230, against the plain RNN's influence at w = 0.9.
    assert kept(30.0, 5.0) / c1 == pytest.approx(_sigmoid(5.0) ** 29, rel=1e-12)
    assert round(_sigmoid(5.0) ** 29, 4) == 0.8230
    assert influence(30.0, 0.9) < 0.01


def test_keep_panel_is_plain_and_consistent():
    data = keep_panel()
    json.dumps(data)
    run = data["runs"]["1"]
    np.testing.assert_array_equal(run["cell"], keep_run(1.0)[0])
    assert run["forget"] == pytest.approx(_sigmoid(1.0), abs=1e-15)
    assert data["gates_when_writing"]["input"] == pytest.approx(_sigmoid(5.0), abs=1e-15)
    assert data["gates_when_silent"]["cell"] == 0.0
    with pytest.raises(ValueError):
        forget_bias_for(1.5, 10)
    # The numbers PANEL.md quotes: a second write at step 10 with forget bias 5 adds up past 1 (the hidden state
    # stays below 1); forget bias −2 empties the cell below 0.01 at step 4; the half-life at bias 5 is 103.2 steps.
    cells, hiddens = keep_run(5.0, writes=[1, 0, 0, 0, 0, 0, 0, 0, 0, 1])
    assert cells[9] == pytest.approx(1.918823, abs=5e-7) and hiddens[9] == pytest.approx(0.951410, abs=5e-7)
    assert first_below(keep_run(-2.0)[0], 0.01) == 4
    assert math.log(0.5) / math.log(_sigmoid(5.0)) == pytest.approx(103.2, abs=0.05)


# --- the panels' tasks: the lessons' answers are what the reference computes --------------------------------------


def _answers(slug, task_id):
    lesson = tomllib.loads((Path(__file__).resolve().parents[2] / "mljudge" / "exercises" / slug / "lesson.toml")
                           .read_text(encoding="utf-8"))
    task = next(t for t in lesson["task"] if t["id"] == task_id)
    return {a["id"]: a for a in task["answer"]}


def _accepts(answer, computed):
    accepted = answer["value"] if isinstance(answer["value"], list) else [answer["value"]]
    return min(abs(v - computed) for v in accepted) <= answer.get("tolerance", 0.0) / 4


def test_the_rnn_panel_tasks():
    # "the boundary": a fixed point other than 0 exists only for w > 1; at w = 1 the echo still fades (slowly)
    boundary = _answers("rnn", "boundary")["w"]
    assert fixed_point(1.0) == 0.0 and fixed_point(1.0 + boundary["tolerance"]) > 0.05
    assert _accepts(boundary, 1.0)
    # "the explosion": a small impulse at w = 1.5 makes the influence grow to its peak, then collapse
    _, influence_run = echo_run(1.5, 30, 0.01)
    answers = _answers("rnn", "explosion")
    assert _accepts(answers["peak"], float(influence_run.max()))
    assert answers["step"]["value"] == int(influence_run.argmax()) + 1 and answers["step"]["tolerance"] == 0


def test_the_lstm_panel_task():
    cells, hiddens = keep_run(5.0, writes=[1, 0, 0, 0, 0, 0, 0, 0, 0, 1])
    answers = _answers("lstm-cell", "adds-up")
    assert _accepts(answers["cell"], cells[9]) and _accepts(answers["hidden"], hiddens[9])
    assert cells[9] > 1 > hiddens[9]  # the cell passes 1, its output cannot
