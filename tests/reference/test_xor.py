"""Pins reference.xor: the hand-written gradients against autograd (one network, a population, weighted rows), the
training loop against the same loop run by torch, the distinct-rows form of a table, `assess` (what the exercise's
checker judges), and every number the "Learning XOR" lesson and its panel description quote."""

import math
import tomllib
import warnings
from pathlib import Path

import numpy as np
import pytest
import torch

from mljudge.reference import xor
from mljudge.reference.xor import (
    INPUTS,
    TABLES,
    Net,
    assess,
    distinct,
    gradients,
    init,
    loss,
    margins,
    predict,
    sigmoid,
    steps_to_learn,
    train,
    train_xor,
)

EXERCISES = Path(__file__).resolve().parents[2] / "mljudge" / "exercises"
STEPS = np.arange(0, xor.LESSON_STEPS + 1, dtype=np.float64)


def _torch_loss(net: Net, x, y, w):
    """The weighted mean cross-entropy written with torch, for autograd; returns (loss, leaf tensors)."""
    leaves = [torch.tensor(a, dtype=torch.float64, requires_grad=True) for a in (net.w1, net.b1, net.w2, net.b2)]
    w1, b1, w2, b2 = leaves
    xs, ys, ws = (torch.as_tensor(np.asarray(a, dtype=np.float64)) for a in (x, y, w))
    h = torch.tanh(xs @ w1.transpose(-1, -2) + b1[..., None, :])
    z = (h * w2[..., None, :]).sum(-1) + b2[..., None]
    per_row = torch.nn.functional.binary_cross_entropy_with_logits(z, ys.expand_as(z), reduction="none")
    return (per_row * ws).sum(-1), leaves


def test_gradients_match_autograd_for_one_network_and_a_population():
    x, y = np.repeat(INPUTS, [1, 3, 2, 1], axis=0), np.repeat(TABLES["xor"], [1, 3, 2, 1])
    w = np.full(len(y), 1 / len(y))
    rng = np.random.default_rng(0)
    for shape in ((), (5,), (2, 3)):
        net = Net(rng.normal(size=(*shape, 6, 2)), rng.normal(size=(*shape, 6)), rng.normal(size=(*shape, 6)),
                  rng.normal(size=shape))
        ours = gradients(net, x, y, w)
        total, leaves = _torch_loss(net, x, y, w)
        np.testing.assert_allclose(total.detach().numpy(), loss(net, x, y), rtol=1e-13)
        total.sum().backward()   # the networks of a population are independent: one backward gives each its own
        for mine, leaf in zip((ours.w1, ours.b1, ours.w2, ours.b2), leaves, strict=True):
            np.testing.assert_allclose(mine, leaf.grad.numpy(), rtol=1e-12, atol=1e-15)


def test_training_matches_the_same_loop_in_torch():
    x, y = INPUTS, TABLES["xnor"]
    net = init(3)
    ours = predict(train(net, x, y, steps=200, lr=1.0), x)
    leaves = [torch.tensor(a, dtype=torch.float64, requires_grad=True) for a in (net.w1, net.b1, net.w2, net.b2)]
    xs, ys = torch.from_numpy(x), torch.from_numpy(y)
    for _ in range(200):
        w1, b1, w2, b2 = leaves
        z = torch.tanh(xs @ w1.T + b1) @ w2 + b2
        grads = torch.autograd.grad(torch.nn.functional.binary_cross_entropy_with_logits(z, ys), leaves)
        leaves = [(p - 1.0 * g).detach().requires_grad_() for p, g in zip(leaves, grads, strict=True)]
    w1, b1, w2, b2 = leaves
    theirs = torch.sigmoid(torch.tanh(xs @ w1.T + b1) @ w2 + b2).detach().numpy()
    np.testing.assert_allclose(ours, theirs, rtol=0, atol=1e-10)


def test_train_xor_is_init_then_train_then_predict():
    x, y = np.repeat(INPUTS, 2, axis=0), np.repeat(TABLES["nand"], 2)
    np.testing.assert_array_equal(train_xor(x, y, hidden=5, steps=30, lr=0.7, seed=9),
                                  predict(train(init(9, 5), x, y, 30, 0.7), x))
    rng = np.random.default_rng(9)
    first = init(9, 5)
    np.testing.assert_array_equal(first.w1, rng.normal(0.0, 0.5, (5, 2)))   # W1 first, then w2: the prompt's order
    np.testing.assert_array_equal(first.w2, rng.normal(0.0, 0.5, 5))
    assert not first.b1.any() and first.b2 == 0.0


def test_a_table_and_its_distinct_rows_have_one_loss_and_one_gradient():
    x = np.array([[1, 1], [0, 0], [0, 1], [1, 1], [1, 0], [0, 0], [1, 1], [1, 0], [0, 1]], dtype=np.float64)
    y = np.array([0, 0, 1, 1, 1, 0, 0, 1, 1], dtype=np.float64)
    rows, share, weight = distinct(x, y)
    np.testing.assert_array_equal(rows, INPUTS)   # sorted as INPUTS: populations share these four rows
    np.testing.assert_allclose(share, [0, 1, 1, 1 / 3])
    np.testing.assert_allclose(weight, [2 / 9, 2 / 9, 2 / 9, 3 / 9])
    net = init(4)
    assert float(loss(net, x, y)) == pytest.approx(float(loss(net, rows, share, weight)), rel=1e-14)
    full, short = gradients(net, x, y, np.full(9, 1 / 9)), gradients(net, rows, share, weight)
    for a, b in zip((full.w1, full.b1, full.w2, full.b2), (short.w1, short.b1, short.w2, short.b2), strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-16)


def test_sigmoid_and_loss_are_quiet_for_extreme_logits():
    with warnings.catch_warnings(), np.errstate(all="raise"):
        warnings.simplefilter("error")
        z = np.array([-1000.0, -40.0, 0.0, 40.0, 1000.0])
        np.testing.assert_allclose(sigmoid(z), [0.0, math.exp(-40), 0.5, 1.0, 1.0], atol=1e-300)
        net = Net(np.zeros((1, 2)), np.zeros(1), np.zeros(1), np.array(1000.0))
        assert float(loss(net, INPUTS, TABLES["and"])) == pytest.approx(0.75 * 1000.0)


def test_assess_judges_what_every_trained_network_shares():
    x = np.array([[1, 1], [0, 0], [1, 1], [0, 1], [1, 1]], dtype=np.float64)
    y = np.array([0, 0, 1, 1, 0], dtype=np.float64)
    good = np.array([0.30, 0.1, 0.30, 0.9, 0.30])
    verdict = assess(good, x, y)
    assert verdict.learned and verdict.split is None
    np.testing.assert_allclose(verdict.share, [1 / 3, 0, 1 / 3, 1, 1 / 3])
    np.testing.assert_array_equal(verdict.hard, [False, True, False, True, False])
    # copies of one input predicted differently: the labels themselves, say
    assert assess(np.array([0.0, 0.1, 1.0, 0.9, 0.0]), x, y).split == (0, 2)
    assert assess(good + np.array([0, 0, 2e-6, 0, 0]), x, y).split == (0, 2)
    assert assess(good + np.array([0, 0, 5e-7, 0, 0]), x, y).split is None
    # margins: 0.2 and 0.8 exactly are learned, the soft rows within 0.1 of the share
    np.testing.assert_allclose(margins([0.2, 0.8, 0.19, 0.81], [0, 1, 1, 0]), [0.0, 0.0, -0.61, -0.61], atol=1e-15)
    assert not assess(np.array([0.44, 0.1, 0.44, 0.9, 0.44]), x, y).learned     # 0.44 − 1/3 > 0.1
    with pytest.raises(ValueError, match="one prediction per row"):
        assess(good[:4], x, y)


def test_steps_to_learn_for_a_population_with_a_table_each():
    # Two networks per table, the tables given as one row of share and weight per network.
    rows, xor_share, xor_weight = distinct(INPUTS, TABLES["xor"])
    _, and_share, and_weight = distinct(INPUTS, TABLES["and"])
    nets = [init(s) for s in (0, 1)]
    population = Net(*(np.stack([getattr(n, f) for n in nets * 2]) for f in ("w1", "b1", "w2", "b2")))
    share = np.stack([xor_share, xor_share, and_share, and_share])
    weight = np.stack([xor_weight, xor_weight, and_weight, and_weight])
    first = steps_to_learn(population, rows, share, weight, 200, 1.0)
    alone = [steps_to_learn(n, rows, s, w, 200, 1.0) for n, s, w in
             ((nets[0], xor_share, xor_weight), (nets[1], xor_share, xor_weight),
              (nets[0], and_share, and_weight), (nets[1], and_share, and_weight))]
    np.testing.assert_array_equal(first, alone)
    assert first[0] == 74 and first[2] == 20   # the lesson's seed 0: XOR at step 74, AND at step 20
    assert steps_to_learn(nets[0], rows, xor_share, xor_weight, 50, 1.0) == -1   # not there yet at 50


# --- the lesson and the panel -------------------------------------------------------------------------------


def _curves():
    return np.stack([xor.lesson_p00(STEPS), xor.lesson_p01(STEPS), xor.lesson_p10(STEPS), xor.lesson_p11(STEPS)], 1)


def test_the_lesson_curves():
    p, losses = _curves(), xor.lesson_loss(STEPS)
    assert p.shape == (len(STEPS), 4) and np.all((p > 0) & (p < 1))
    np.testing.assert_allclose(p[0], predict(init(0), INPUTS))
    np.testing.assert_allclose(p[-1], predict(train(init(0), INPUTS, TABLES["xor"], xor.LESSON_STEPS), INPUTS),
                               rtol=1e-12)
    assert np.all(np.diff(losses) < 0)   # full-batch descent at this lr: the loss falls at every step
    np.testing.assert_allclose(xor.lesson_linear_loss(STEPS), math.log(2.0), rtol=1e-15)
    with pytest.raises(ValueError):
        xor.lesson_loss(np.array([xor.LESSON_STEPS + 1.0]))


def test_the_numbers_the_lesson_quotes():
    p, losses = _curves(), xor.lesson_loss(STEPS)
    crossings = [xor.first_below(p[:, 0], 0.2), xor.first_below(-p[:, 1], -0.8), xor.first_below(-p[:, 2], -0.8),
                 xor.first_below(p[:, 3], 0.2)]
    assert crossings == [39, 58, 63, 74]
    assert xor.lesson_learned_at() == 74
    assert xor.first_below(p[:, 3], 0.5) == 42                       # (1, 1) above 0.5 until step 42
    assert p[:10, 3].min() == pytest.approx(0.54, abs=0.005)         # dips to 0.54 ...
    assert p[10:42, 3].max() == pytest.approx(0.56, abs=0.005)       # ... and climbs back to 0.56
    assert xor.first_below(losses, 0.1) == 84
    assert losses[0] == pytest.approx(0.6862, abs=5e-5) and losses[0] < math.log(2.0)


def test_the_panel():
    data = xor.panel()
    assert [f["step"] for f in data["frames"]] == list(xor.PANEL_STEPS)
    assert [f["learned"] for f in data["frames"]] == [False] * 5 + [True] * 3   # solved first in the frame of 80
    assert data["settings"] == {"seed": 0, "hidden": 8, "lr": 1.0, "init_std": 0.5}
    axis = np.array(data["axis"])
    assert len(axis) == xor.PANEL_GRID and axis[0] == -0.5 and axis[-1] == 1.5
    corners = [int(np.argmin(np.abs(axis - v))) for v in (0.0, 1.0)]
    for frame in data["frames"]:
        grid = np.array(frame["grid"])
        assert grid.shape == (xor.PANEL_GRID, xor.PANEL_GRID) and len(frame["units"]) == 8
        # the four inputs are grid points, and the grid agrees with the predictions listed for them
        np.testing.assert_allclose([grid[i, j] for i in corners for j in corners], frame["inputs"], atol=1e-6)
    last = np.array(data["frames"][-1]["grid"])
    middle = int(np.argmin(np.abs(axis - 0.5)))
    assert last[middle, middle] > 0.5 and last[0, 0] < 0.2 and last[-1, -1] < 0.2   # a band of "1" on the diagonal
    assert data["frames"][4]["inputs"] == pytest.approx([0.131249, 0.813302, 0.784023, 0.31666], abs=1e-6)
    for table, solved in (("and", 20), ("or", 13)):   # "one line would have done"
        assert steps_to_learn(init(0), *distinct(INPUTS, TABLES[table]), 500, 1.0) == solved
    with pytest.raises(ValueError):
        xor.panel("nor")


LESSON_ANSWERS = {
    ("guessing", "start-loss"): lambda: float(xor.lesson_loss(np.array([0.0]))[0]),
    ("guessing", "linear-loss"): lambda: float(xor.lesson_linear_loss(np.array([250.0]))[0]),
    ("last-corner", "first"): lambda: xor.first_below(xor.lesson_p00(STEPS), 0.2),
    ("last-corner", "last"): xor.lesson_learned_at,
    ("never-zero", "below-01"): lambda: xor.first_below(xor.lesson_loss(STEPS), 0.1),
    ("never-zero", "loss-250"): lambda: float(xor.lesson_loss(np.array([250.0]))[0]),
}


def test_lesson_answers_come_from_the_reference():
    lesson = tomllib.loads((EXERCISES / "xor" / "lesson.toml").read_text(encoding="utf-8"))
    given = {(task["id"], answer["id"]): answer["value"] for task in lesson["task"] for answer in task["answer"]}
    assert set(given) == set(LESSON_ANSWERS)
    for key, value in given.items():
        assert value == pytest.approx(LESSON_ANSWERS[key](), abs=1e-6), key
