"""Pins reference.attention to hand-computed weights, to PyTorch's torch.nn.functional.scaled_dot_product_attention
(masks of every broadcast shape, and its zeros for a row with nothing allowed), to an independent loop, and pins
the lesson's curves, task answers and panel data."""

import contextlib
import json
import math
import tomllib
import warnings
import zlib
from pathlib import Path

import numpy as np
import pytest
import torch
import torch.nn.functional as F

from mljudge.reference.attention import (
    LESSON_SCORES,
    PANEL_DK,
    TOKENS,
    attention,
    attention_weights,
    key_weight,
    key_weight_slope,
    key_weights,
    masked_softmax,
    panel,
    panel_masks,
    scores,
)


@contextlib.contextmanager
def _silent():
    with warnings.catch_warnings(), np.errstate(all="raise"):
        warnings.simplefilter("error")
        yield


def _sdpa(q, k, v, mask=None):
    t = [torch.from_numpy(np.asarray(a, dtype=np.float64)) for a in (q, k, v)]
    m = None if mask is None else torch.from_numpy(np.asarray(mask, dtype=bool))
    return F.scaled_dot_product_attention(*t, attn_mask=m).numpy()


def _loop(q, k, v, allowed):
    """From the definition, one query at a time, in plain Python (2-D inputs)."""
    d = len(q[0])
    out = []
    for i, row in enumerate(q):
        s = [sum(a * b for a, b in zip(row, key, strict=True)) / math.sqrt(d) for key in k]
        keys = [j for j in range(len(k)) if allowed[i][j]]
        if not keys:
            out.append([0.0] * len(v[0]))
            continue
        top = max(s[j] for j in keys)
        e = {j: math.exp(s[j] - top) for j in keys}
        total = sum(e.values())
        out.append([sum(e[j] / total * v[j][c] for j in keys) for c in range(len(v[0]))])
    return np.array(out)


def test_published_example_by_hand():
    q = np.array([[1.0, 1.0, 0.0, 0.0], [0.0, 0.0, 2.0, 2.0]])
    k = np.array([[1.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 1.0], [1.0, 0.0, 1.0, 0.0]])
    v = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    # Scores: q·kᵀ = [[2, 0, 1], [0, 4, 2]], divided by √4 = 2.
    np.testing.assert_allclose(scores(q, k), [[1.0, 0.0, 0.5], [0.0, 2.0, 1.0]], rtol=0, atol=0)
    e = np.exp([1.0, 0.0, 0.5])
    np.testing.assert_allclose(attention_weights(q, k)[0], e / e.sum(), rtol=0, atol=1e-15)
    out = attention(q, k, v)
    np.testing.assert_allclose(out, [[0.8137, 0.4935], [0.3348, 0.9100]], rtol=0, atol=5e-5)
    np.testing.assert_allclose(out, _sdpa(q, k, v), rtol=0, atol=1e-15)


def test_causal_example_is_a_running_mean():
    # Equal scores: each query spreads its weight evenly over the keys it may see, so causal attention is the
    # running mean of the values.
    causal = np.tril(np.ones((3, 3), dtype=bool))
    out = attention(np.zeros((3, 2)), np.zeros((3, 2)), [[3.0], [6.0], [9.0]], causal)
    np.testing.assert_allclose(out, [[3.0], [4.5], [6.0]], rtol=0, atol=1e-15)


def test_a_row_with_nothing_allowed_is_zeros_as_in_pytorch_sdpa():
    q = np.array([[0.5, -1.0], [1.0, 2.0], [0.0, 1.0]])
    k = np.array([[1.0, 0.0], [0.5, 0.5], [-1.0, 1.0]])
    v = np.array([[2.0, 0.0], [0.0, 4.0], [6.0, 6.0]])
    mask = np.array([[False, False, False], [False, True, False], [False, True, True]])  # left padding + causal
    out = attention(q, k, v, mask)
    np.testing.assert_array_equal(out[0], [0.0, 0.0])
    np.testing.assert_allclose(out[1], v[1], rtol=0, atol=1e-15)  # one allowed key: its value, exactly
    np.testing.assert_allclose(out, _sdpa(q, k, v, mask), rtol=0, atol=1e-15)  # PyTorch ≥ 2.5 agrees
    assert np.all(attention_weights(q, k, mask)[0] == 0.0)
    # What the other conventions would give, and why the prompt does not use them:
    minus_inf = torch.from_numpy(np.where(mask, scores(q, k), -np.inf))
    assert torch.isnan(torch.softmax(minus_inf, -1)[0]).all()  # a plain softmax over −inf: NaN
    mha = torch.nn.MultiheadAttention(2, 1, batch_first=True, dtype=torch.float64)
    t = torch.from_numpy(q)[None]
    assert torch.isnan(mha(t, t, t, attn_mask=torch.from_numpy(~mask))[0][0, 0]).all()  # MultiheadAttention: NaN
    big_negative = np.where(mask, scores(q, k), -1e9)
    np.testing.assert_allclose(masked_softmax(big_negative)[0], [1 / 3] * 3, rtol=0, atol=1e-15)  # the mean of v


@pytest.mark.parametrize(("shape_q", "shape_k", "d_v", "mask_shape"), [
    ((4, 8), (6, 8), 3, None),
    ((2, 5, 4), (2, 7, 4), 2, (5, 7)),
    ((2, 3, 5, 8), (2, 3, 5, 8), 8, (2, 1, 1, 5)),  # a padding mask per sequence, shared by heads and queries
    ((2, 3, 5, 8), (2, 3, 5, 8), 4, (5, 5)),  # one causal-style mask for everything
    ((3, 6, 16), (3, 9, 16), 5, (3, 6, 9)),
    ((1, 1), (1, 1), 1, (1, 1)),
])
def test_matches_torch_sdpa(shape_q, shape_k, d_v, mask_shape):
    rng = np.random.default_rng(zlib.crc32(repr((shape_q, shape_k, d_v, mask_shape)).encode()))
    q, k = rng.normal(size=shape_q), rng.normal(size=shape_k)
    v = rng.normal(size=(*shape_k[:-1], d_v))
    mask = None if mask_shape is None else rng.random(mask_shape) < 0.7
    if mask is not None:
        mask[..., 0] = True  # some row of each mask may still allow nothing below; most allow something
    before = [a.copy() for a in (q, k, v)]
    out = attention(q, k, v, mask)
    np.testing.assert_allclose(out, _sdpa(q, k, v, mask), rtol=0, atol=1e-13)
    assert out.shape == (*shape_q[:-1], d_v) and out.dtype == np.float64
    for a, b in zip((q, k, v), before, strict=True):
        np.testing.assert_array_equal(a, b)


def test_matches_the_definition_loop():
    rng = np.random.default_rng(17)
    q, k, v = rng.normal(size=(5, 3)), rng.normal(size=(6, 3)), rng.normal(size=(6, 2))
    allowed = rng.random((5, 6)) < 0.5
    allowed[2] = False
    np.testing.assert_allclose(attention(q, k, v, allowed), _loop(q.tolist(), k.tolist(), v.tolist(), allowed),
                               rtol=0, atol=1e-14)


def test_weights_sum_to_one_over_allowed_keys_only():
    rng = np.random.default_rng(2)
    q, k = rng.normal(size=(2, 4, 6)), rng.normal(size=(2, 5, 6))
    mask = rng.random((2, 4, 5)) < 0.6
    mask[0, 1] = False
    w = attention_weights(q, k, mask)
    assert np.all(w[~mask] == 0.0)
    sums = w.sum(axis=-1)
    np.testing.assert_allclose(sums[mask.any(axis=-1)], 1.0, rtol=0, atol=1e-15)
    assert sums[0, 1] == 0.0
    # 0/1 numbers are accepted as a mask, and mean the same as booleans
    np.testing.assert_array_equal(attention_weights(q, k, mask.astype(np.int64)), w)


def test_large_scores_are_stable_and_silent():
    rng = np.random.default_rng(9)
    q, k, v = rng.normal(0, 40, size=(6, 4)), rng.normal(0, 40, size=(7, 4)), rng.normal(size=(7, 3))
    mask = np.tril(np.ones((6, 7), dtype=bool))
    assert np.abs(scores(q, k)).max() > 1000  # exp would overflow float64 without the shift
    with _silent():
        out = attention(q, k, v, mask)
        unmasked = attention(q, k, v)
    np.testing.assert_allclose(out, _sdpa(q, k, v, mask), rtol=0, atol=1e-12)
    np.testing.assert_allclose(unmasked, _sdpa(q, k, v), rtol=0, atol=1e-12)
    # Scores of 1e6 in every row: the rows are one-hot at the maximum.
    with _silent():
        w = masked_softmax(np.array([[1e6, 0.0, -1e6], [-1e6, -1e6 + 1.0, -2e6]]))
    np.testing.assert_allclose(w, [[1.0, 0.0, 0.0], [1 / (1 + math.e), math.e / (1 + math.e), 0.0]], atol=1e-15)


def test_errors_say_what_does_not_fit():
    q, k, v = np.zeros((2, 4)), np.zeros((3, 4)), np.zeros((3, 2))
    with pytest.raises(ValueError, match="same last axis"):
        attention(q, np.zeros((3, 5)), v)
    with pytest.raises(ValueError, match="one row per key"):
        attention(q, k, np.zeros((4, 2)))
    with pytest.raises(ValueError, match="does not broadcast"):
        attention(q, k, v, np.ones((3, 2), dtype=bool))
    with pytest.raises(ValueError, match="boolean"):
        attention(q, k, v, np.full((2, 3), 2))


def test_the_lesson_curves_and_answers():
    s = np.linspace(0.0, 8.0, 801)
    w = key_weights(s)
    np.testing.assert_allclose(w.sum(axis=-1), 1.0, rtol=0, atol=1e-15)
    np.testing.assert_allclose(w[0], 0.25, rtol=0, atol=1e-15)  # s = 0: every key alike
    for index in range(4):
        np.testing.assert_array_equal(key_weight(s, index), w[:, index])
    expected = torch.softmax(torch.from_numpy(np.outer(s, LESSON_SCORES)), -1).numpy()
    np.testing.assert_allclose(w, expected, rtol=0, atol=1e-15)
    # Task "forgetting 1/√d_k": the top key's weight is 0.498 at s = 1 and 0.982 at s = 8 (d_k = 64).
    assert key_weight(1.0, 0) == pytest.approx(0.4980, abs=5e-5)
    assert key_weight(8.0, 0) == pytest.approx(0.9819, abs=5e-5)
    # Task "the slope that is left": w₁(1 − w₁) is 0.2500 at s = 1 and 0.0177 at s = 8, 14 times less; it is
    # the autograd derivative of w₁ by its own score.
    z = torch.tensor(LESSON_SCORES * 8.0, requires_grad=True)
    torch.softmax(z, -1)[0].backward()
    assert key_weight_slope(8.0) == pytest.approx(z.grad[0].item(), abs=1e-15)
    assert key_weight_slope(1.0) == pytest.approx(0.2500, abs=5e-5)
    assert key_weight_slope(8.0) == pytest.approx(0.0177, abs=5e-5)
    # Task "mask a key": with key 4 masked, key 1's weight is w₁/(1 − w₄) = 0.5242; zeroing w₄ after the
    # softmax instead leaves a row that adds up to 1 − w₄ = 0.9501.
    masked = masked_softmax(LESSON_SCORES, np.array([True, True, True, False]))
    assert masked[0] == pytest.approx(key_weight(1.0, 0) / (1 - key_weight(1.0, 3)), abs=1e-15)
    assert masked[0] == pytest.approx(0.5242, abs=5e-5)
    assert 1 - key_weight(1.0, 3) == pytest.approx(0.9501, abs=5e-5)
    assert isinstance(key_weight(2.0, 2), np.float64)


def test_panel_is_plain_and_consistent():
    data = panel()
    json.dumps(data)
    assert data["tokens"] == list(TOKENS) and set(data["masks"]) == set(panel_masks())
    q, k, v = (np.array(data[name]) for name in ("q", "k", "v"))
    for name, mask in data["masks"].items():
        got = data["results"][f"{name}/scaled"]
        np.testing.assert_allclose(got["outputs"], _sdpa(q, k, v, mask), rtol=0, atol=1e-14)
        np.testing.assert_allclose(got["weights"], attention_weights(q, k, mask), rtol=0, atol=0)
        unscaled = data["results"][f"{name}/unscaled"]
        np.testing.assert_allclose(unscaled["weights"], masked_softmax(q @ k.T, mask), rtol=0, atol=0)
    # The head looks at the previous token: without a mask, row i's largest weight is at i − 1 (i ≥ 1).
    w = np.array(data["results"]["none/scaled"]["weights"])
    assert [int(np.argmax(row)) for row in w[1:]] == [0, 1, 2, 3, 4]
    # Left padding with a causal mask leaves the first query with nothing to look at: zeros, and a row sum of 0.
    padded = data["results"]["causal-left-padding/scaled"]
    assert padded["row_sums"][0] == 0.0 and padded["outputs"][0] == [0.0, 0.0, 0.0]
    # The numbers PANEL.md quotes: with the causal mask "sat" looks at "cat" with weight 0.8559, 0.9982 without
    # 1/√d_k; the stripe spans 0.59–0.86 scaled and stays above 0.97 unscaled; masking the causal row 0 after an
    # unmasked softmax leaves it summing to 0.2575.
    causal = np.array(data["results"]["causal/scaled"]["weights"])
    sharp = np.array(data["results"]["causal/unscaled"]["weights"])
    assert causal[2, 1] == pytest.approx(0.8559, abs=5e-5) and sharp[2, 1] == pytest.approx(0.9982, abs=5e-5)
    stripe = [causal[i, i - 1] for i in range(1, 6)]
    assert 0.585 < min(stripe) < 0.59 and 0.855 < max(stripe) < 0.86
    assert min(sharp[i, i - 1] for i in range(1, 6)) > 0.97
    assert w[0, 0] == pytest.approx(0.2575, abs=5e-5)


def test_the_panel_task_is_the_reference():
    """"The previous token": with the causal mask "sat" (row 2) looks at "cat" (key 1); the weight with and without
    the 1/√d_k, from attention_weights itself."""
    lesson = tomllib.loads((Path(__file__).resolve().parents[2] / "mljudge" / "exercises" / "attention" / "lesson.toml")
                           .read_text(encoding="utf-8"))
    task = next(t for t in lesson["task"] if t["id"] == "previous-token")
    answers = {a["id"]: a for a in task["answer"]}
    data = panel()
    q, k = np.array(data["q"]), np.array(data["k"])
    causal = panel_masks()["causal"]
    scaled = attention_weights(q, k, causal)[2]
    unscaled = attention_weights(q * math.sqrt(PANEL_DK), k, causal)[2]  # q·k not divided by √d_k
    assert answers["key"]["value"] == int(np.argmax(scaled)) == 1 and TOKENS[1] == "cat"
    assert abs(answers["weight"]["value"] - scaled[1]) <= answers["weight"]["tolerance"] / 4
    assert abs(answers["unscaled"]["value"] - unscaled.max()) <= answers["unscaled"]["tolerance"] / 4
