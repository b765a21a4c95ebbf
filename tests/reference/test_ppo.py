"""Pins reference.ppo to hand-computed values (the prompt's examples), to the textbook form written in PyTorch,
its slope to autograd, its numerics to the inputs that break the naive forms, and checks the lesson's curves and
task answers and the panel's data."""

import json
import math
import tomllib
from pathlib import Path

import numpy as np
import pytest
import torch

from mljudge.reference.ppo import (
    clipped_objective,
    objective_slope,
    panel,
    ppo_loss,
    ratio,
    unclipped_objective,
)

EXERCISES = Path(__file__).resolve().parents[2] / "mljudge" / "exercises"


def _torch_ppo(new, old, adv, clip=0.2):
    """The textbook form, as PPO implementations write it."""
    new, old, adv = (torch.as_tensor(np.asarray(a, dtype=np.float64)) for a in (new, old, adv))
    r = torch.exp(new - old)
    return float(-torch.min(r * adv, torch.clamp(r, 1 - clip, 1 + clip) * adv).mean())


def test_published_examples():
    new, old = np.log([0.6, 0.2, 0.3, 0.5, 0.45]), np.log([0.4, 0.4, 0.5, 0.25, 0.5])
    adv = np.array([1.0, 1.0, -1.0, -1.0, 2.0])
    np.testing.assert_allclose(ratio(new, old), [1.5, 0.5, 0.6, 2.0, 0.9], rtol=1e-15)
    np.testing.assert_allclose(clipped_objective(ratio(new, old), adv), [1.2, 0.5, -0.8, -2.0, 1.8], atol=1e-15)
    assert ppo_loss(new, old, adv) == pytest.approx(-0.14, abs=1e-15)
    # The per-action losses the not-averaged hint quotes.
    np.testing.assert_allclose(-clipped_objective(ratio(new, old), adv), [-1.2, -0.5, 0.8, 2.0, -1.8], atol=1e-15)
    new = np.array([[-1.0, -1.5, -0.3], [-2.0, -0.7, -1.2]])
    old = np.array([[-1.1, -1.2, -0.35], [-2.4, -0.6, -1.2]])
    adv = np.array([[0.5, -1.0, 2.0], [-0.5, 1.5, -1.0]])
    np.testing.assert_array_equal(np.round(ratio(new, old), 4), [[1.1052, 0.7408, 1.0513], [1.4918, 0.9048, 1.0]])
    np.testing.assert_array_equal(np.round(clipped_objective(ratio(new, old), adv, 0.1), 4),
                                  [[0.55, -0.9, 2.1025], [-0.7459, 1.3573, -1.0]])
    assert round(ppo_loss(new, old, adv, clip=0.1), 4) == -0.2273


@pytest.mark.parametrize("clip", [0.0, 0.1, 0.2, 0.3, 0.5, 0.99])
@pytest.mark.parametrize("shape", [(1,), (7,), (256,), (8, 16), (2, 3, 4)])
def test_matches_the_textbook_form(shape, clip):
    rng = np.random.default_rng(hash((shape, clip)) % 2**32)
    old = rng.uniform(-5.0, -0.01, shape)
    new = old + rng.normal(0.0, 0.6, shape)
    adv = rng.normal(0.0, 1.5, shape)
    adv.flat[0] = 0.0
    ours = ppo_loss(new, old, adv, clip)
    assert isinstance(ours, float)
    assert ours == pytest.approx(_torch_ppo(new, old, adv, clip), abs=1e-14)


def test_the_first_update_is_minus_the_mean_advantage():
    rng = np.random.default_rng(3)
    logp, adv = rng.uniform(-4.0, 0.0, 50), rng.normal(size=50)
    for clip in (0.0, 0.2, 0.5):
        assert ppo_loss(logp, logp, adv, clip) == pytest.approx(-adv.mean(), abs=1e-15)
    assert ppo_loss(np.zeros(4), np.zeros(4), np.array([1.0, -1.0, 2.0, 0.5])) == -0.625


def test_slope_matches_autograd():
    r = torch.linspace(0.01, 2.5, 500, dtype=torch.float64)
    for a in (1.0, -1.0, 2.5, -0.3, 0.0):
        for clip in (0.1, 0.2, 0.4):
            away = torch.min(torch.abs(r - (1 - clip)), torch.abs(r - (1 + clip))) > 1e-3  # corners: one-sided
            x = r.clone().requires_grad_(True)
            torch.min(x * a, torch.clamp(x, 1 - clip, 1 + clip) * a).sum().backward()
            ours = objective_slope(r.numpy(), a, clip)
            np.testing.assert_allclose(ours[away.numpy()], x.grad.numpy()[away.numpy()], atol=0)


def test_gradient_with_respect_to_the_log_probability():
    """The lesson's task 3: d objective / d new_log_prob = A·r where live, 0 where clipped."""
    for r_value, expected in ((1.1, 2.2), (1.3, 0.0)):
        new = torch.tensor(math.log(r_value), dtype=torch.float64, requires_grad=True)
        r = torch.exp(new)
        torch.min(r * 2.0, torch.clamp(r, 0.8, 1.2) * 2.0).backward()
        assert float(new.grad) == pytest.approx(expected, abs=1e-12)
        assert float(objective_slope(r_value, 2.0) * r_value) == pytest.approx(expected, abs=1e-12)


def test_sequence_log_probabilities_and_extreme_ratios():
    rng = np.random.default_rng(4)
    old = rng.normal(-800.0, 0.2, 64)
    new = old + rng.normal(0.0, 0.3, 64)
    adv = rng.normal(size=64)
    with np.errstate(all="raise"):
        ours = ppo_loss(new, old, adv)
    assert ours == pytest.approx(_torch_ppo(new, old, adv), abs=1e-13)
    with np.errstate(all="ignore"):
        naive = np.exp(new) / np.exp(old)  # why the exercise has its "sequences" case
    assert np.all(np.isnan(naive))
    # An infinite ratio next to a zero advantage: the per-sign form gives 0 there, not inf·0 = NaN.
    with np.errstate(invalid="raise"):
        assert ppo_loss(np.array([1000.0, -1.0]), np.array([0.0, -1.0]), np.array([0.0, 1.0])) == -0.5
        assert ppo_loss(np.array([1000.0]), np.array([0.0]), np.array([-1.0])) == math.inf  # honestly infinite
        assert ppo_loss(np.array([-1000.0]), np.array([0.0]), np.array([1.0])) == 0.0  # r underflows to 0: gain 0


def test_bad_arguments_are_refused_and_inputs_left_alone():
    new, old, adv = np.array([-1.0, -2.0]), np.array([-1.5, -1.0]), np.array([1.0, -1.0])
    before = new.copy(), old.copy(), adv.copy()
    ppo_loss(new, old, adv)
    for arg, copy in zip((new, old, adv), before, strict=True):
        np.testing.assert_array_equal(arg, copy)
    with pytest.raises(ValueError, match="shape"):
        ppo_loss(new, old[:1], adv)
    with pytest.raises(ValueError, match="advantages"):
        ppo_loss(new, old, adv[:1])
    with pytest.raises(ValueError, match="at least one"):
        ppo_loss(np.zeros(0), np.zeros(0), np.zeros(0))
    for clip in (-0.1, 1.0, 2.0):
        with pytest.raises(ValueError, match="clip"):
            ppo_loss(new, old, adv, clip)


def test_lesson_curves():
    r = np.linspace(0.0, 2.0, 401)
    np.testing.assert_allclose(clipped_objective(r, 1.0), np.minimum(r, 1.2), atol=0)
    np.testing.assert_allclose(clipped_objective(r, -1.0), -np.maximum(r, 0.8), atol=0)
    np.testing.assert_allclose(unclipped_objective(r, 1.0), r, atol=0)
    np.testing.assert_array_equal(objective_slope(r, 1.0), np.where(r <= 1.2, 1.0, 0.0))
    np.testing.assert_array_equal(objective_slope(r, -1.0), np.where(r >= 0.8, -1.0, 0.0))
    assert 240 in np.flatnonzero(np.isclose(r, 1.2)) and 160 in np.flatnonzero(np.isclose(r, 0.8))


def _grid_corner(slope, after):
    """The corner as the lesson's grid shows it: the first grid point where the slope is 0 (A > 0), or the last
    one where it is (A < 0)."""
    r = np.linspace(0.0, 2.0, 401)
    flat = r[slope(r) == 0.0]
    return float(flat[0] if after else flat[-1])


LESSON_ANSWERS = {
    ("gradient-stops", "good"): lambda: _grid_corner(lambda v: objective_slope(v, 1.0), after=True),
    ("gradient-stops", "bad"): lambda: _grid_corner(lambda v: objective_slope(v, -1.0), after=False),
    ("pessimistic", "good-rarer"): lambda: float(clipped_objective(0.5, 1.0)),
    ("pessimistic", "bad-likelier"): lambda: float(clipped_objective(1.5, -1.0)),
    ("log-gradient", "inside"): lambda: float(objective_slope(1.1, 2.0) * 1.1),
    ("log-gradient", "outside"): lambda: float(objective_slope(1.3, 2.0) * 1.3),
    ("first-update", "loss"): lambda: ppo_loss(np.zeros(4), np.zeros(4), np.array([1.0, -1.0, 2.0, 0.5])),
}
TOLERANCE = {"gradient-stops": 0.005}  # one grid step: the corner lies between two grid points


def test_lesson_answers_are_the_reference():
    lesson = tomllib.loads((EXERCISES / "ppo" / "lesson.toml").read_text(encoding="utf-8"))
    seen = set()
    for task in lesson["task"]:
        for answer in task["answer"]:
            computed = LESSON_ANSWERS[(task["id"], answer["id"])]()
            assert abs(answer["value"] - computed) <= TOLERANCE.get(task["id"], 0.0) + 1e-12, (task["id"], computed)
            seen.add((task["id"], answer["id"]))
    assert seen == set(LESSON_ANSWERS)
    # The explanation of task 2: with max instead of min the wrong side is capped at 0.8 and −1.2.
    assert max(0.5, 0.8) == 0.8 and max(-1.5, -1.2) == -1.2


def test_panel_data():
    data = panel()
    json.dumps(data)
    r = np.array(data["r"])
    np.testing.assert_allclose(r, np.linspace(0.0, 2.0, 401), atol=0)
    np.testing.assert_array_equal(data["objective"]["good"], clipped_objective(r, 1.0))
    np.testing.assert_array_equal(data["objective"]["bad"], clipped_objective(r, -1.0))
    np.testing.assert_array_equal(data["slope"]["good"], objective_slope(r, 1.0))
    np.testing.assert_array_equal(data["slope"]["bad"], objective_slope(r, -1.0))
