"""Pins reference.optimizers: the three steps against hand-computed values, closed forms and torch.optim itself
(step by step, state included, over many steps), and the valley behind the "Downhill" lessons: its thresholds,
the paths against torch.optim, and every number the lessons quote or accept as an answer."""

import functools
import json
import math
import tomllib
import warnings
from pathlib import Path

import numpy as np
import pytest
import torch

from mljudge.reference.optimizers import (
    CURVATURE,
    DEFAULTS,
    LOG_FLOOR,
    START,
    adam,
    distances,
    divergence_lr,
    first_outside,
    first_within,
    gradient,
    log_distance,
    loss,
    panel,
    paths,
    rmsprop,
    settled_from,
    sgd_momentum,
    zigzag_lr,
)

EXERCISES = Path(__file__).resolve().parents[2] / "mljudge" / "exercises"
P = np.array([1.0, -2.0, 0.5])
G = np.array([0.2, -0.4, 1.0])


@functools.cache
def _default() -> dict[str, np.ndarray]:
    """The four paths at the lessons' defaults, computed once."""
    return paths()


def _silent(fn, *args, **kwargs):
    with warnings.catch_warnings(), np.errstate(all="raise"):
        warnings.simplefilter("error")
        return fn(*args, **kwargs)


# --- hand-computed values: the prompts' examples ------------------------------------------------------------------


def test_sgd_momentum_published_examples():
    p, v = _silent(sgd_momentum, P, G, np.zeros(3))
    np.testing.assert_allclose(v, G, rtol=0, atol=1e-15)
    np.testing.assert_allclose(p, [0.998, -1.996, 0.49], rtol=0, atol=1e-15)
    p, v = _silent(sgd_momentum, [1.0, -2.0], [0.5, -1.0], [2.0, 0.5], lr=0.1)
    np.testing.assert_allclose(v, [2.3, -0.55], rtol=0, atol=1e-15)
    np.testing.assert_allclose(p, [0.77, -1.945], rtol=0, atol=1e-15)


def test_rmsprop_published_examples():
    p, s = _silent(rmsprop, P, G, np.zeros(3))
    np.testing.assert_allclose(s, 0.01 * G**2, rtol=1e-15, atol=0)
    # √s = 0.1·|g|, so the step is lr·g/(0.1·|g| + eps) = 0.1·sign(g), less a hair for eps.
    np.testing.assert_allclose(p, P - 0.01 * G / (0.1 * np.abs(G) + 1e-8), rtol=0, atol=1e-15)
    np.testing.assert_array_equal(np.round(p, 4), [0.9, -1.9, 0.4])
    p, s = _silent(rmsprop, [1.0, -2.0], [0.5, -1.0], [0.25, 4.0])
    np.testing.assert_allclose(s, [0.25, 3.97], rtol=0, atol=1e-15)
    np.testing.assert_allclose(p, [1.0 - 0.01 * 0.5 / (0.5 + 1e-8), -2.0 + 0.01 / (math.sqrt(3.97) + 1e-8)],
                               rtol=0, atol=1e-15)
    np.testing.assert_array_equal(np.round(p, 4), [0.99, -1.995])


def test_adam_published_examples():
    p, m, v = _silent(adam, P, G, np.zeros(3), np.zeros(3), 1)
    np.testing.assert_allclose(m, 0.1 * G, rtol=1e-15, atol=0)
    np.testing.assert_allclose(v, 0.001 * G**2, rtol=1e-12, atol=0)
    # m̂ = g and √v̂ = |g| on the first step: every coordinate moves by lr·g/(|g| + eps), i.e. lr.
    np.testing.assert_allclose(p, P - 0.001 * G / (np.abs(G) + 1e-8), rtol=0, atol=1e-15)
    p, m, v = _silent(adam, [1.0, -2.0], [0.5, -1.0], [0.2, -0.1], [0.05, 0.2], 50, lr=0.01)
    m_expected = np.array([0.9 * 0.2 + 0.1 * 0.5, 0.9 * -0.1 + 0.1 * -1.0])
    v_expected = np.array([0.999 * 0.05 + 0.001 * 0.25, 0.999 * 0.2 + 0.001 * 1.0])
    np.testing.assert_allclose(m, m_expected, rtol=0, atol=1e-15)
    np.testing.assert_allclose(v, v_expected, rtol=0, atol=1e-15)
    m_hat, v_hat = m_expected / (1 - 0.9**50), v_expected / (1 - 0.999**50)
    np.testing.assert_allclose(p, [1.0, -2.0] - 0.01 * m_hat / (np.sqrt(v_hat) + 1e-8), rtol=0, atol=1e-14)


# --- closed forms ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("alpha", [0.9, 0.99, 0.999])
def test_rmsprop_first_step_is_lr_over_root_one_minus_alpha(alpha):
    g = np.random.default_rng(1).normal(0.0, 5.0, 50)
    p, _ = rmsprop(np.zeros(50), g, np.zeros(50), lr=0.02, alpha=alpha, eps=0.0)
    np.testing.assert_allclose(p, -0.02 / math.sqrt(1 - alpha) * np.sign(g), rtol=1e-12, atol=0)


def test_adam_bias_correction_unbiases_a_constant_gradient():
    # With the same gradient every step, m̂ = g and v̂ = g² exactly at every t: each step moves by lr·sign(g).
    g = np.array([3.0, -0.5, 1e-3])
    p, m, v = np.zeros(3), np.zeros(3), np.zeros(3)
    for t in range(1, 200):
        new_p, m, v = adam(p, g, m, v, t, lr=0.01, eps=0.0)
        np.testing.assert_allclose(p - new_p, 0.01 * np.sign(g), rtol=1e-9, atol=0)
        np.testing.assert_allclose(m / (1 - 0.9**t), g, rtol=1e-12)
        np.testing.assert_allclose(v / (1 - 0.999**t), g * g, rtol=1e-10)
        p = new_p


def test_momentum_zero_is_plain_gradient_descent():
    rng = np.random.default_rng(2)
    p, g, v = rng.normal(size=(3, 4)), rng.normal(size=(3, 4)), rng.normal(size=(3, 4))
    new_p, new_v = sgd_momentum(p, g, v, lr=0.3, momentum=0.0)
    np.testing.assert_array_equal(new_v, g)
    np.testing.assert_allclose(new_p, p - 0.3 * g, rtol=0, atol=1e-15)


def test_eps_sits_outside_the_root():
    # A gradient of 1e-4 from a zero state: √s = 1e-5 for RMSProp, √v̂ = 1e-4 for Adam. With eps inside the root
    # the steps would be about ten times (RMSProp) and √2 times (Adam) smaller.
    g = np.array([1e-4])
    p, _ = rmsprop(np.zeros(1), g, np.zeros(1))
    np.testing.assert_allclose(p, -0.01 * 1e-4 / (1e-5 + 1e-8), rtol=1e-12)
    p, _, _ = adam(np.zeros(1), g, np.zeros(1), np.zeros(1), 1)
    np.testing.assert_allclose(p, -0.001 * 1e-4 / (1e-4 + 1e-8), rtol=1e-12)


def test_zero_gradient_from_zero_state_stays_put():
    z = np.zeros(4)
    assert _silent(rmsprop, np.ones(4), z, z)[0].tolist() == [1.0] * 4
    assert _silent(adam, np.ones(4), z, z, z, 1)[0].tolist() == [1.0] * 4


# --- contract: pure, typed, validated ----------------------------------------------------------------------------


@pytest.mark.parametrize("call", [
    lambda a, b, c, d: sgd_momentum(a, b, c),
    lambda a, b, c, d: rmsprop(a, b, np.abs(c)),
    lambda a, b, c, d: adam(a, b, c, np.abs(d), 7),
])
def test_inputs_are_left_alone_and_outputs_are_new(call):
    rng = np.random.default_rng(3)
    inputs = [rng.normal(size=(2, 3, 4)) for _ in range(4)]
    before = [a.copy() for a in inputs]
    outputs = call(*inputs)
    for a, b in zip(inputs, before, strict=True):
        np.testing.assert_array_equal(a, b)
    for out in outputs:
        assert out.shape == (2, 3, 4) and out.dtype == np.float64
        assert not any(np.shares_memory(out, a) for a in inputs)


def test_mismatched_shapes_and_bad_steps_are_refused():
    with pytest.raises(ValueError, match="one shape"):
        sgd_momentum(np.zeros(3), np.zeros(3), np.zeros(4))
    with pytest.raises(ValueError, match="one shape"):
        rmsprop(np.zeros((2, 2)), np.zeros(4), np.zeros(4))
    with pytest.raises(ValueError, match="one shape"):
        adam(np.zeros(3), np.zeros(3), np.zeros(3), np.zeros(2), 1)
    for t in (0, -1, 1.0, True):
        with pytest.raises(ValueError, match="from 1"):
            adam(np.zeros(3), np.zeros(3), np.zeros(3), np.zeros(3), t)


# --- against torch.optim, step by step --------------------------------------------------------------------------


def _torch_steps(make, grads, start):
    """Run a torch optimiser over a sequence of gradients; yield (param, state) after each step."""
    p = torch.tensor(start, dtype=torch.float64, requires_grad=True)
    optimizer = make([p])
    for g in grads:
        p.grad = torch.tensor(g, dtype=torch.float64)
        optimizer.step()
        yield p.detach().numpy().copy(), {k: v.numpy().copy() if torch.is_tensor(v) else v
                                          for k, v in optimizer.state[p].items()}


def _grads(steps, shape, seed):
    rng = np.random.default_rng(seed)
    # Gradients whose size changes from step to step by up to 100 times, as they do in training.
    return rng.normal(0.0, 3.0, size=(steps, *shape)) * rng.uniform(0.01, 1.0, size=(steps,) + (1,) * len(shape))


@pytest.mark.parametrize(("lr", "momentum"), [(0.01, 0.9), (0.1, 0.0), (0.05, 0.99), (0.3, 0.5)])
def test_sgd_momentum_matches_torch_sgd(lr, momentum):
    grads, start = _grads(60, (7,), 10), np.random.default_rng(11).normal(size=7)
    p, v = start, np.zeros(7)  # PyTorch's missing buffer before the first step is our zero velocity
    for g, (torch_p, state) in zip(grads, _torch_steps(
            lambda ps: torch.optim.SGD(ps, lr=lr, momentum=momentum), grads, start), strict=True):
        p, v = sgd_momentum(p, g, v, lr, momentum)
        np.testing.assert_allclose(p, torch_p, rtol=1e-13, atol=1e-13)
        if momentum:
            np.testing.assert_allclose(v, state["momentum_buffer"], rtol=1e-13, atol=1e-13)


@pytest.mark.parametrize(("lr", "alpha", "eps"), [(0.01, 0.99, 1e-8), (0.001, 0.9, 1e-6), (0.1, 0.999, 0.1)])
def test_rmsprop_matches_torch_rmsprop(lr, alpha, eps):
    grads, start = _grads(60, (2, 5), 12), np.random.default_rng(13).normal(size=(2, 5))
    p, s = start, np.zeros((2, 5))
    for g, (torch_p, state) in zip(grads, _torch_steps(
            lambda ps: torch.optim.RMSprop(ps, lr=lr, alpha=alpha, eps=eps), grads, start), strict=True):
        p, s = rmsprop(p, g, s, lr, alpha, eps)
        np.testing.assert_allclose(p, torch_p, rtol=1e-12, atol=1e-13)
        np.testing.assert_allclose(s, state["square_avg"], rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize(("lr", "betas", "eps"), [(0.001, (0.9, 0.999), 1e-8), (0.1, (0.5, 0.9), 1e-3),
                                                  (0.01, (0.95, 0.9999), 0.5)])
def test_adam_matches_torch_adam(lr, betas, eps):
    grads, start = _grads(80, (9,), 14), np.random.default_rng(15).normal(size=9)
    p, m, v = start, np.zeros(9), np.zeros(9)
    for t, (g, (torch_p, state)) in enumerate(zip(grads, _torch_steps(
            lambda ps: torch.optim.Adam(ps, lr=lr, betas=betas, eps=eps), grads, start), strict=True), start=1):
        p, m, v = adam(p, g, m, v, t, lr, *betas, eps)
        assert int(state["step"]) == t  # PyTorch counts the step before using it: t = 1 on the first call
        np.testing.assert_allclose(p, torch_p, rtol=1e-12, atol=1e-13)
        np.testing.assert_allclose(m, state["exp_avg"], rtol=1e-12, atol=1e-15)
        np.testing.assert_allclose(v, state["exp_avg_sq"], rtol=1e-12, atol=1e-15)


def test_torch_sgd_starts_its_buffer_from_the_first_gradient():
    # The convention the prompt states: PyTorch's buffer after step 1 is the gradient itself, which is
    # momentum·0 + grad; with dampening it would still be the raw gradient, which this exercise does not model.
    g = np.array([0.2, -0.4, 1.0])
    (_, state), = _torch_steps(lambda ps: torch.optim.SGD(ps, lr=0.01, momentum=0.9), [g], P)
    np.testing.assert_array_equal(state["momentum_buffer"], sgd_momentum(P, g, np.zeros(3))[1])


# --- the valley -------------------------------------------------------------------------------------------------


def test_valley_formula():
    assert loss(START) == pytest.approx(0.1 * 16 + 5 * 1)
    np.testing.assert_allclose(loss([[0.0, 0.0], [1.0, 1.0]]), [0.0, 5.1])
    np.testing.assert_allclose(gradient(START), [-0.8, 10.0])
    # The gradient is the loss's derivative (central differences).
    h, point = 1e-6, np.array([1.3, -0.7])
    numeric = [(loss(point + h * e) - loss(point - h * e)) / (2 * h) for e in np.eye(2)]
    np.testing.assert_allclose(gradient(point), numeric, rtol=1e-8)


@pytest.mark.parametrize("name", ["gd", "momentum", "rmsprop", "adam"])
def test_paths_match_torch_optim_on_the_valley(name):
    lr, momentum = DEFAULTS.lr, DEFAULTS.momentum
    make = {"gd": lambda ps: torch.optim.SGD(ps, lr=lr),
            "momentum": lambda ps: torch.optim.SGD(ps, lr=lr, momentum=momentum),
            "rmsprop": lambda ps: torch.optim.RMSprop(ps, lr=lr),
            "adam": lambda ps: torch.optim.Adam(ps, lr=lr)}[name]
    p = torch.tensor(START, dtype=torch.float64, requires_grad=True)
    optimizer, points = make([p]), [np.array(START)]
    for _ in range(DEFAULTS.steps):
        optimizer.zero_grad()
        (0.5 * (torch.from_numpy(CURVATURE) * p * p).sum()).backward()  # autograd's gradient, not ours
        optimizer.step()
        points.append(p.detach().numpy().copy())
    ours = _default()[name]
    np.testing.assert_allclose(ours, np.array(points), rtol=1e-9, atol=1e-14)
    assert first_within(ours) == first_within(np.array(points))


def test_zigzag_and_divergence_thresholds_by_simulation():
    assert zigzag_lr() == pytest.approx(0.1) and divergence_lr() == pytest.approx(0.2)

    def ys(lr):
        return paths(lr=lr, steps=60)["gd"][:, 1]

    assert np.all(np.diff(np.sign(ys(0.099))) == 0)          # below 0.1: y keeps its sign
    assert np.all(np.sign(ys(0.101)[1:]) == -np.sign(ys(0.101)[:-1]))   # above: it flips every step
    assert abs(ys(0.199)[-1]) < abs(ys(0.199)[0])           # still coming down, slowly
    assert abs(ys(0.201)[-1]) > abs(ys(0.201)[0])           # flying out
    assert paths(lr=0.1, steps=1)["gd"][1, 1] == 0.0         # exactly 0.1: one step lands on the floor


def test_momentum_survives_lr_up_to_two_times_one_plus_momentum_over_curvature():
    # The lesson's claim: at momentum 0.9 the heavy ball comes down for any lr below 2·(1 + 0.9)/10 = 0.38.
    assert first_within(paths(lr=0.379, steps=2000)["momentum"]) is not None
    beyond = distances(paths(lr=0.381, steps=2000)["momentum"])
    assert not np.isfinite(beyond[-1]) or beyond[-1] > 1.0


def _stays_from(path):
    """The first step after which a path never again leaves the 0.01 circle (within the simulated steps)."""
    outside = np.flatnonzero(~(distances(path) < 0.01))
    return int(outside[-1]) + 1


def _adam_path(beta1: float, beta2: float, steps: int) -> np.ndarray:
    """Adam down the valley at the default lr with other betas (the lessons' "what if" numbers)."""
    p, m, v, points = np.array(START), np.zeros(2), np.zeros(2), [np.array(START)]
    for t in range(1, steps + 1):
        p, m, v = adam(p, gradient(p), m, v, t, DEFAULTS.lr, beta1, beta2)
        points.append(p)
    return np.array(points)


def test_what_keeps_adam_in():
    # The Adam lesson: v's long memory keeps it within 0.01; RMSProp's short memory throws it out, with or without
    # momentum, and with the correction but no momentum it would have arrived only at step 126.
    assert first_outside(_adam_path(0.9, 0.999, 6000), after=116) is None
    assert first_outside(_adam_path(0.9, 0.99, 1200), after=200) == 975
    short = _adam_path(0.0, 0.99, 700)
    assert first_within(short) == 126 and first_outside(short, after=200) == 627
    long_rmsprop = paths(steps=600)["rmsprop"]
    assert first_outside(long_rmsprop, after=412) == 569
    assert math.ceil(math.log(0.01) / math.log(0.9)) == 44 and round(math.log(0.01) / math.log(0.999), -2) == 4600


def test_the_lr_experiments_the_lessons_suggest():
    def rmsprop_burst(lr):
        path = paths(lr=lr)["rmsprop"]
        return first_outside(path, after=first_within(path))

    assert rmsprop_burst(0.07) is None and rmsprop_burst(0.12) == 235
    assert first_within(paths(lr=0.25)["adam"]) == 90 and first_within(paths(lr=0.25)["gd"]) is None
    assert first_within(paths(lr=0.21)["momentum"]) == 85


def test_the_numbers_the_lessons_quote():
    default = _default()
    assert {name: first_within(path) for name, path in default.items()} == \
        {"gd": 330, "momentum": 88, "rmsprop": 38, "adam": 70}
    assert _stays_from(default["momentum"]) == 109
    assert _stays_from(default["adam"]) == 116
    assert first_outside(default["rmsprop"], after=38) == 405          # RMSProp's burst
    assert _stays_from(default["rmsprop"]) == 412                       # ...and its return, within 500 steps
    np.testing.assert_allclose(default["rmsprop"][402:408, 1], [0.0002, -0.0009, 0.005, -0.0292, 0.1659, -0.5344],
                               atol=5e-5)                               # the burst as rmsprop/PANEL.md lists it
    assert math.log10(distances(default["adam"])[500]) < -10
    assert distances(default["rmsprop"])[400:420].max() == pytest.approx(0.534, abs=5e-4)
    assert first_within(paths(momentum=0.8)["momentum"]) == 55
    assert math.log(400) / math.log(1 / (1 - 0.2 * 0.09)) == pytest.approx(330, abs=0.5)
    np.testing.assert_allclose(default["gd"][1], [-3.928, 0.1], atol=1e-12)
    np.testing.assert_allclose(default["rmsprop"][1], [-3.1, 0.1], atol=1e-6)
    np.testing.assert_allclose(default["adam"][1], [-3.91, 0.91], atol=1e-8)


# Each lesson answer and the reference computation it must equal: (exercise, task, answer) -> value.
LESSON_ANSWERS = {
    ("sgd-momentum", "zigzag", "zigzag-lr"): lambda: zigzag_lr(),
    ("sgd-momentum", "zigzag", "divergence-lr"): lambda: divergence_lr(),
    ("sgd-momentum", "steps", "gd"): lambda: first_within(_default()["gd"]),
    ("sgd-momentum", "steps", "momentum"): lambda: first_within(_default()["momentum"]),
    ("rmsprop", "first-step", "rmsprop-x"): lambda: _default()["rmsprop"][1, 0],
    ("rmsprop", "first-step", "rmsprop-y"): lambda: _default()["rmsprop"][1, 1],
    ("rmsprop", "first-step", "gd-x"): lambda: _default()["gd"][1, 0],
    ("rmsprop", "arrival", "rmsprop"): lambda: first_within(_default()["rmsprop"]),
    ("rmsprop", "burst", "leaves-at"): lambda: first_outside(_default()["rmsprop"], after=38),
    ("adam", "first-step", "adam-x"): lambda: _default()["adam"][1, 0],
    ("adam", "first-step", "adam-y"): lambda: _default()["adam"][1, 1],
    ("adam", "first-step", "uncorrected-step"): lambda: _uncorrected_first_step(),
    ("adam", "race", "gd"): lambda: first_within(_default()["gd"]),
    ("adam", "race", "momentum"): lambda: first_within(_default()["momentum"]),
    ("adam", "race", "rmsprop"): lambda: first_within(_default()["rmsprop"]),
    ("adam", "race", "adam"): lambda: first_within(_default()["adam"]),
    ("adam", "settle", "adam-stays"): lambda: _stays_from(_default()["adam"]),
    ("adam", "settle", "rmsprop-stays"): lambda: _stays_from(_default()["rmsprop"]),
}


def _uncorrected_first_step() -> float:
    """How far Adam's first step from START would move x without the bias correction: lr·m/√v from a zero state."""
    p, g = np.array(START), gradient(START)
    m, v = 0.1 * g, 0.001 * g * g
    moved = DEFAULTS.lr * m / (np.sqrt(v) + 1e-8)
    assert moved[0] == pytest.approx(-moved[1])  # the same distance in both coordinates
    assert p[0] - moved[0] == pytest.approx(-4 + 0.2846, abs=1e-4)
    return float(abs(moved[0]))


@pytest.mark.parametrize("slug", sorted({slug for slug, _, _ in LESSON_ANSWERS}))
def test_lesson_answers_come_from_the_reference(slug):
    lesson = tomllib.loads((EXERCISES / slug / "lesson.toml").read_text(encoding="utf-8"))
    given = {(slug, task["id"], answer["id"]): answer["value"] for task in lesson["task"] for answer in task["answer"]}
    assert set(given) == {key for key in LESSON_ANSWERS if key[0] == slug}
    for key, value in given.items():
        # Points are given to the digits the learner types (RMSProp's −3.10000011 as −3.1): equal to 1e-6.
        assert value == pytest.approx(LESSON_ANSWERS[key](), abs=1e-6), key


def test_lesson_curves():
    k = np.arange(0, DEFAULTS.steps + 1, dtype=np.float64)
    for name in ("gd", "momentum", "rmsprop", "adam"):
        values = _silent(log_distance, k, name)
        assert values.shape == k.shape and np.all(np.isfinite(values)) and values.min() >= LOG_FLOOR
        assert values[0] == pytest.approx(math.log10(math.hypot(*START)))
        crossing = np.flatnonzero(values < -2)[0]
        assert crossing == first_within(_default()[name])
    with pytest.raises(ValueError):
        log_distance(np.array([DEFAULTS.steps + 1.0]), "gd")


def test_panel_is_plain_json_and_marks_the_escape():
    data = panel(lr=1.0, momentum=0.9, steps=400)
    text = json.dumps(data, allow_nan=False)
    assert json.loads(text)["settings"] == {"lr": 1.0, "momentum": 0.9, "steps": 400}
    gd = data["paths"]["gd"]
    assert len(gd["points"]) == 401 and gd["first_within"] is None
    assert gd["points"][1] == [-3.2, -9.0]               # y ← (1 − 10)·y: out of the valley at once
    assert gd["points"][-1] is None and gd["distance"][-1] is None   # ...and off to infinity (×9 a step)
    narrow = [p[1] for p in panel(0.105, steps=3)["paths"]["gd"]["points"]]
    np.testing.assert_allclose(narrow, [1, -0.05, 0.0025, -0.000125])              # zig-zag, shrinking
    wide = [p[1] for p in panel(0.21, steps=5)["paths"]["gd"]["points"]]
    np.testing.assert_allclose(wide, [1, -1.1, 1.21, -1.331, 1.4641, -1.61051])   # out of the ±1.5 view at step 5
    default = panel()
    assert default["settings"] == {"lr": DEFAULTS.lr, "momentum": DEFAULTS.momentum, "steps": DEFAULTS.steps}
    assert {name: p["first_within"] for name, p in default["paths"].items()} == \
        {"gd": 330, "momentum": 88, "rmsprop": 38, "adam": 70}
    # "within 0.01 for good from": the step after the last one outside, as the lessons' task reads it
    assert {name: p["settled_from"] for name, p in default["paths"].items()} == \
        {name: _stays_from(path) for name, path in paths().items()}
    assert default["paths"]["adam"]["settled_from"] == 116 and default["paths"]["rmsprop"]["settled_from"] == 412
    assert panel(0.21)["paths"]["gd"]["settled_from"] is None            # never arrives
    assert settled_from(np.zeros((3, 2))) == 0 and settled_from(np.array([[1.0, 0.0], [0.0, 0.0]])) == 1
    assert default["paths"]["rmsprop"]["loss"][0] == pytest.approx(6.6)
    assert default["paths"]["adam"]["points"][0] == list(START)
