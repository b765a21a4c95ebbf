"""Pins reference.lamb: the step against hand-computed values and the prompt's examples, its direction against
torch.optim.AdamW (which subtracts exactly r at lr = 1) over many steps, the closed forms (a step of length
lr·‖param‖, invariance to the scale of the gradient and of the parameter), the zero-norm rule, the contract, and
every number the LAMB lesson and its panel description quote."""

import json
import math
import tomllib
import warnings
from pathlib import Path

import numpy as np
import pytest
import torch

from mljudge.reference import lamb as ref
from mljudge.reference.lamb import lamb, lamb_direction, norm, panel, panel_states, trust_ratio

EXERCISES = Path(__file__).resolve().parents[2] / "mljudge" / "exercises"


def _silent(fn, *args, **kwargs):
    with warnings.catch_warnings(), np.errstate(all="raise"):
        warnings.simplefilter("error")
        return fn(*args, **kwargs)


def test_the_first_published_example_by_hand():
    p, g, z = np.array([3.0, -4.0]), np.array([0.5, -1.0]), np.zeros(2)
    new_p, m, v = _silent(lamb, p, g, z, z, 1)
    np.testing.assert_allclose(m, [0.05, -0.1], rtol=1e-15)
    np.testing.assert_allclose(v, [0.00025, 0.001], rtol=1e-12)
    # t = 1: m̂ = g, v̂ = g², so m̂/(√v̂ + eps) = g/(|g| + eps); then the decoupled decay 0.01·p.
    r = g / (np.abs(g) + 1e-6) + 0.01 * p
    ratio = 5.0 / math.hypot(*r)
    assert ratio == pytest.approx(3.41594, abs=1e-5)
    np.testing.assert_allclose(new_p, p - 0.001 * ratio * r, rtol=0, atol=1e-15)
    np.testing.assert_array_equal(np.round(new_p, 4), [2.9965, -3.9964])
    assert norm(new_p - p) == pytest.approx(0.001 * 5.0, rel=1e-12)


def test_the_other_published_examples():
    p = np.array([[1.0, -2.0], [0.5, 2.0]])
    args = (p, np.array([[0.2, -0.1], [0.05, 0.3]]), np.array([[0.1, -0.05], [0.02, 0.1]]),
            np.array([[0.01, 0.004], [0.001, 0.02]]), 10)
    new_p, m, v = _silent(lamb, *args, lr=0.05, weight_decay=0.1)
    np.testing.assert_array_equal(np.round(new_p, 4), [[0.9276, -1.9101], [0.4565, 1.911]])
    np.testing.assert_allclose(m, [[0.11, -0.055], [0.023, 0.12]], rtol=1e-14)
    np.testing.assert_allclose(v, [[0.01003, 0.004006], [0.0010015, 0.02007]], rtol=1e-12)
    r, _, _ = lamb_direction(*args, weight_decay=0.1)
    assert norm(p) == pytest.approx(3.0414, abs=5e-5) and norm(r) == pytest.approx(0.5636, abs=5e-5)
    assert trust_ratio(p, r) == pytest.approx(5.3959, abs=5e-5)
    # A zero parameter: ratio 1, Adam's own step lr·r with r = g/(|g| + eps).
    g = np.array([1.0, -2.0, 0.5])
    new_p, m, v = _silent(lamb, np.zeros(3), g, np.zeros(3), np.zeros(3), 1, lr=0.1)
    np.testing.assert_allclose(new_p, -0.1 * g / (np.abs(g) + 1e-6), rtol=1e-15)
    np.testing.assert_array_equal(np.round(new_p, 4), [-0.1, 0.1, -0.1])


def test_everything_zero_stays_zero_without_nan():
    z = np.zeros((2, 3))
    new_p, m, v = _silent(lamb, z, z, z, z, 1)
    assert not new_p.any() and not m.any() and not v.any()


def test_trust_ratio_and_norm():
    assert trust_ratio([3.0, 4.0], [0.0, 2.0]) == 2.5
    assert trust_ratio([0.0, 0.0], [1.0, 1.0]) == 1.0
    assert trust_ratio([1.0, 0.0], [0.0, 0.0]) == 1.0
    assert trust_ratio(np.zeros(3), np.zeros(3)) == 1.0
    assert norm(np.ones((2, 3, 4))) == pytest.approx(math.sqrt(24))
    assert _silent(norm, [1e200, 1e200]) == pytest.approx(math.sqrt(2) * 1e200)     # no overflow of the squares
    assert _silent(norm, [3e-200, 4e-200]) == pytest.approx(5e-200)                  # nor underflow
    assert _silent(trust_ratio, [3e150, 4e150], [1e150, 0.0]) == pytest.approx(5.0)


@pytest.mark.parametrize("shape", [(7,), (3, 4), (2, 3, 4), (1,)])
def test_a_step_is_lr_times_the_layer_s_size(shape):
    rng = np.random.default_rng(len(shape) * 10 + shape[0])
    p, g = rng.normal(size=shape), rng.normal(size=shape)
    m, v = rng.normal(0.0, 0.1, shape), rng.uniform(0.01, 0.5, shape)
    for t, lr, wd in ((1, 1e-3, 0.01), (7, 0.02, 0.0), (300, 0.1, 0.3)):
        new_p, _, _ = lamb(p, g, m, v, t, lr=lr, weight_decay=wd)
        assert norm(new_p - p) == pytest.approx(lr * norm(p), rel=1e-12)


def test_the_step_ignores_the_gradient_s_scale_and_follows_the_parameter_s():
    rng = np.random.default_rng(5)
    p, g, m, v = rng.normal(size=6), rng.normal(size=6), rng.normal(0.0, 0.2, 6), rng.uniform(0.1, 1.0, 6)
    base, _, _ = lamb(p, g, m, v, 4, lr=0.01, eps=0.0, weight_decay=0.0)
    # Gradient ×1000 (and the state with it): r is unchanged, so is the step.
    scaled, _, _ = lamb(p, 1000 * g, 1000 * m, 1e6 * v, 4, lr=0.01, eps=0.0, weight_decay=0.0)
    np.testing.assert_allclose(scaled, base, rtol=1e-12)
    # Parameter ×1000: the ratio grows with it, so the whole step scales too.
    big, _, _ = lamb(1000 * p, g, m, v, 4, lr=0.01, eps=0.0, weight_decay=0.0)
    np.testing.assert_allclose(big, 1000 * base, rtol=1e-12)


def _adamw_direction(p, g, m, v, t, betas, eps, wd):
    """What torch.optim.AdamW subtracts at lr = 1 from the state (m, v, step t − 1): m̂/(√v̂ + eps) + wd·p."""
    tp = torch.tensor(p, dtype=torch.float64, requires_grad=True)
    opt = torch.optim.AdamW([tp], lr=1.0, betas=betas, eps=eps, weight_decay=wd)
    opt.state[tp] = {"step": torch.tensor(float(t - 1)), "exp_avg": torch.tensor(m), "exp_avg_sq": torch.tensor(v)}
    tp.grad = torch.tensor(g, dtype=torch.float64)
    opt.step()
    state = opt.state[tp]
    return p - tp.detach().numpy(), state["exp_avg"].numpy(), state["exp_avg_sq"].numpy()


@pytest.mark.parametrize(("betas", "eps", "wd", "lr"), [
    ((0.9, 0.999), 1e-6, 0.01, 1e-3), ((0.8, 0.99), 1e-4, 0.1, 0.02), ((0.95, 0.9999), 1e-8, 0.0, 0.05)])
def test_the_direction_is_adamw_s_and_a_run_of_steps_holds(betas, eps, wd, lr):
    rng = np.random.default_rng(17)
    p, m, v = rng.normal(size=(3, 5)), np.zeros((3, 5)), np.zeros((3, 5))
    for t in range(1, 61):
        g = rng.normal(0.0, 1.0, (3, 5)) * rng.uniform(0.01, 1.0)
        r, new_m, new_v = lamb_direction(p, g, m, v, t, *betas, eps, wd)
        torch_r, torch_m, torch_v = _adamw_direction(p, g, m, v, t, betas, eps, wd)
        np.testing.assert_allclose(r, torch_r, rtol=1e-10, atol=1e-12)
        np.testing.assert_allclose(new_m, torch_m, rtol=1e-13, atol=1e-16)
        np.testing.assert_allclose(new_v, torch_v, rtol=1e-13, atol=1e-16)
        new_p, m2, v2 = lamb(p, g, m, v, t, lr, *betas, eps, wd)
        np.testing.assert_allclose(new_p, p - lr * norm(p) / norm(torch_r) * torch_r, rtol=1e-12, atol=1e-14)
        p, m, v = new_p, m2, v2


def test_inputs_are_left_alone_and_the_contract_is_checked():
    rng = np.random.default_rng(3)
    inputs = [rng.normal(size=(2, 3)) for _ in range(3)] + [rng.uniform(size=(2, 3))]
    before = [a.copy() for a in inputs]
    outputs = lamb(*inputs, 7)
    for a, b in zip(inputs, before, strict=True):
        np.testing.assert_array_equal(a, b)
    for out in outputs:
        assert out.shape == (2, 3) and out.dtype == np.float64
        assert not any(np.shares_memory(out, a) for a in inputs)
    for t in (0, -2, 1.0, True):
        with pytest.raises(ValueError, match="from 1"):
            lamb(*inputs, t)
    with pytest.raises(ValueError, match="one shape"):
        lamb(np.zeros(3), np.zeros(3), np.zeros(3), np.zeros(4), 1)


# --- the lesson and the panel ----------------------------------------------------------------------------------


def test_the_lesson_curves():
    x = np.linspace(-3.0, 2.0, 501)
    adamw, lamb_curve, ratio = (_silent(f, x) for f in (ref.lesson_log_adamw_relative, ref.lesson_log_lamb_relative,
                                                        ref.lesson_log_ratio))
    assert adamw.shape == lamb_curve.shape == ratio.shape == x.shape
    np.testing.assert_allclose(lamb_curve, -3.0, atol=1e-12)           # lr of the layer, at every size
    np.testing.assert_allclose(adamw, -3.0 + 1.0 - x, atol=0.005)      # lr·‖r‖/‖param‖ with ‖r‖ ≈ 10, up to x = 1.5
    np.testing.assert_allclose(ratio, x - 1.0, atol=0.005, rtol=0)     # ‖param‖/‖r‖ ≈ ‖param‖/10
    assert np.all(np.diff(adamw) < 0) and np.all(np.diff(ratio) > 0)
    # at the far right the decay term lengthens r: the ratio falls below the line, AdamW rises above its own
    assert ratio[-1] < x[-1] - 1.0 and adamw[-1] > -2.0 - x[-1]


def test_the_numbers_the_lesson_quotes():
    small, large = ref.lesson_first_step(0.1), ref.lesson_first_step(10.0)
    assert small["adamw_relative"] == pytest.approx(0.1, abs=0.001)
    assert large["adamw_relative"] == pytest.approx(0.001, abs=1e-5)
    assert small["lamb_relative"] == pytest.approx(0.001, rel=1e-12) == large["lamb_relative"]
    assert small["ratio"] == pytest.approx(0.01, abs=1e-5) and large["ratio"] == pytest.approx(1.0, abs=0.001)
    assert small["update_norm"] == pytest.approx(math.sqrt(ref.LESSON_SIZE), rel=0.001)   # ‖r‖ ≈ √n
    zero = ref.lesson_first_step(0.0)
    assert zero["ratio"] == 1.0 and zero["lamb_step"] == pytest.approx(0.01, rel=0.001)
    assert ref.lesson_first_step(0.001)["adamw_relative"] == pytest.approx(10.0, rel=0.001)   # ten times its size


def _crossing() -> float:
    """The ‖param‖ at which AdamW's first step is as long as the layer: lr·‖r‖ = ‖param‖, with ‖r‖ as it is there."""
    s = 0.01
    for _ in range(50):
        s = ref.LESSON_LR * ref.lesson_first_step(s)["update_norm"]
    return s


LESSON_ANSWERS = {
    ("same-step", "adamw-small"): lambda: ref.lesson_first_step(0.1)["adamw_relative"],
    ("same-step", "adamw-large"): lambda: ref.lesson_first_step(10.0)["adamw_relative"],
    ("the-ratio", "ratio-small"): lambda: ref.lesson_first_step(0.1)["ratio"],
    ("the-ratio", "ratio-large"): lambda: ref.lesson_first_step(10.0)["ratio"],
    ("the-ratio", "as-long-as-the-layer"): _crossing,
    ("zero-layer", "zero-ratio"): lambda: ref.lesson_first_step(0.0)["ratio"],
    ("zero-layer", "zero-step"): lambda: ref.lesson_first_step(0.0)["lamb_step"],
}


def test_lesson_answers_come_from_the_reference():
    lesson = tomllib.loads((EXERCISES / "lamb" / "lesson.toml").read_text(encoding="utf-8"))
    given = {(task["id"], answer["id"]): answer["value"] for task in lesson["task"] for answer in task["answer"]}
    assert set(given) == set(LESSON_ANSWERS)
    for key, value in given.items():
        assert value == pytest.approx(LESSON_ANSWERS[key](), abs=1e-6), key


def test_the_panel():
    first, biggest = panel(ref.PANEL_LRS[0]), panel(ref.PANEL_LRS[-1])
    assert [layer["name"] for layer in first["layers"]] == [name for name, _, _ in ref.PANEL_LAYERS]
    assert tuple(0.001 * math.sqrt(k) for k in (1, 4, 16, 64, 256)) == ref.PANEL_LRS
    for layer, big in zip(first["layers"], biggest["layers"], strict=True):
        if layer["start"] == "zeros":
            assert layer["ratio"] == 1.0 and layer["adamw_relative"] is None
            # lr·√64, a hair less: eps trims g/(|g| + eps) where the gradient is small
            assert layer["lamb_step"] == pytest.approx(0.001 * 8, rel=0.01) and round(layer["lamb_step"], 4) == 0.008
            continue
        assert layer["lamb_relative"] == pytest.approx(0.001, rel=1e-12)
        assert big["lamb_relative"] == pytest.approx(0.016, rel=1e-12)
        if layer["start"] == "ones":
            assert layer["ratio"] == pytest.approx(1.0, abs=0.01)
            assert layer["adamw_relative"] == pytest.approx(0.001, rel=0.01)
        else:
            assert layer["param_rms"] == pytest.approx(0.02, rel=0.02)
            assert layer["ratio"] == pytest.approx(0.02, rel=0.02)   # the trust ratio is about the RMS
            assert layer["adamw_relative"] == pytest.approx(0.05, rel=0.02)
            assert 0.78 < big["adamw_relative"] < 0.81
    at64 = max((layer for layer in panel(0.008)["layers"] if layer["adamw_relative"]),
               key=lambda layer: layer["adamw_relative"])
    assert at64["name"] == "embedding" and round(at64["adamw_relative"], 2) == 0.40


def test_the_panel_states_are_the_panel_at_each_batch():
    data = panel_states()
    assert json.loads(json.dumps(data, allow_nan=False)) == data and len(json.dumps(data)) < 20_000
    assert data["batches"] == [1, 4, 16, 64, 256]
    for batch, lr, state in zip(data["batches"], data["lrs"], data["states"], strict=True):
        assert lr == pytest.approx(0.001 * math.sqrt(batch)) and state == panel(lr)
