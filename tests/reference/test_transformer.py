"""Pins reference.transformer to PyTorch's own modules (nn.TransformerEncoderLayer, nn.MultiheadAttention,
F.layer_norm), to hand-computed values (the prompt's worked example), to properties any encoder block has
(permutation equivariance, heads that only see their own columns, stability for large scores), and checks the
lesson's plot, its tables and task answers, and the panel's data."""

import contextlib
import json
import math
import re
import tomllib
import warnings
from pathlib import Path

import numpy as np
import pytest
import torch
import torch.nn.functional as F

from mljudge.judge.inputs import materialize
from mljudge.reference.positional import positional_encoding
from mljudge.reference.transformer import (
    KEYS,
    PARAM_SHAPES,
    TOKEN_IDS,
    attention_weights,
    check_params,
    encoder_block,
    feed_forward,
    largest_weight,
    layer_norm,
    merge_heads,
    multi_head_attention,
    panel,
    parameter_count,
    shapes,
    split_heads,
    toy_input,
    toy_params,
)

EXERCISES = Path(__file__).resolve().parents[2] / "mljudge" / "exercises"


@contextlib.contextmanager
def _silent():
    with warnings.catch_warnings(), np.errstate(all="raise"):
        warnings.simplefilter("error")
        yield


def _params(d_model, d_ff, seed, scale=0.5):
    rng = np.random.default_rng(seed)
    p = {}
    for name, dims in PARAM_SHAPES.items():
        shape = tuple({"d": d_model, "f": d_ff}[dim] for dim in dims)
        if name.endswith("gamma"):
            p[name] = 1.0 + 0.2 * rng.standard_normal(shape)
        elif len(shape) == 2:
            p[name] = scale / math.sqrt(shape[0]) * rng.standard_normal(shape) * math.sqrt(d_model) / 2
        else:
            p[name] = 0.1 * rng.standard_normal(shape)
    return p


def _torch_layer(p, n_heads, eps):
    d, f = p["w1"].shape
    t = lambda a: torch.from_numpy(np.ascontiguousarray(a))  # noqa: E731
    layer = torch.nn.TransformerEncoderLayer(d, n_heads, f, dropout=0.0, layer_norm_eps=eps, batch_first=True,
                                             dtype=torch.float64)
    with torch.no_grad():
        layer.self_attn.in_proj_weight.copy_(t(np.concatenate([p["w_q"], p["w_k"], p["w_v"]], axis=1).T))
        layer.self_attn.in_proj_bias.copy_(t(np.concatenate([p["b_q"], p["b_k"], p["b_v"]])))
        layer.self_attn.out_proj.weight.copy_(t(p["w_o"].T))
        layer.self_attn.out_proj.bias.copy_(t(p["b_o"]))
        layer.linear1.weight.copy_(t(p["w1"].T))
        layer.linear1.bias.copy_(t(p["b1"]))
        layer.linear2.weight.copy_(t(p["w2"].T))
        layer.linear2.bias.copy_(t(p["b2"]))
        for i in (1, 2):
            getattr(layer, f"norm{i}").weight.copy_(t(p[f"ln{i}_gamma"]))
            getattr(layer, f"norm{i}").bias.copy_(t(p[f"ln{i}_beta"]))
    return layer.eval()


@pytest.mark.parametrize(("shape", "n_heads", "d_ff", "eps"), [
    ((3, 4), 2, 4, 1e-5), ((4, 8), 2, 16, 1e-5), ((2, 5, 8), 4, 32, 1e-5), ((6, 8), 1, 16, 1e-5),
    ((5, 16), 8, 32, 0.1), ((3, 16, 32), 4, 128, 1e-5), ((1, 12), 3, 7, 1e-3),
])
def test_matches_torch_transformer_encoder_layer(shape, n_heads, d_ff, eps):
    d_model = shape[-1]
    rng = np.random.default_rng(hash((shape, n_heads)) % 2**32)
    x = rng.standard_normal(shape)
    p = _params(d_model, d_ff, seed=len(shape) * 100 + n_heads)
    ours = encoder_block(x, p, n_heads, eps)
    with torch.no_grad():
        theirs = _torch_layer(p, n_heads, eps)(torch.from_numpy(x)).numpy()
    assert ours.shape == x.shape and ours.dtype == np.float64
    np.testing.assert_allclose(ours, theirs, rtol=0, atol=1e-12)


def test_attention_weights_match_torch_multihead_attention():
    rng = np.random.default_rng(5)
    x, p, n_heads = rng.standard_normal((2, 7, 12)), _params(12, 24, seed=6), 3
    mha = torch.nn.MultiheadAttention(12, n_heads, batch_first=True, dtype=torch.float64)
    t = torch.from_numpy
    with torch.no_grad():
        mha.in_proj_weight.copy_(t(np.concatenate([p["w_q"], p["w_k"], p["w_v"]], axis=1).T.copy()))
        mha.in_proj_bias.copy_(t(np.concatenate([p["b_q"], p["b_k"], p["b_v"]])))
        mha.out_proj.weight.copy_(t(p["w_o"].T.copy()))
        mha.out_proj.bias.copy_(t(p["b_o"]))
        out, weights = mha(t(x), t(x), t(x), need_weights=True, average_attn_weights=False)
    np.testing.assert_allclose(multi_head_attention(x, p, n_heads), out.numpy(), rtol=0, atol=1e-13)
    np.testing.assert_allclose(attention_weights(x, p, n_heads), weights.numpy(), rtol=0, atol=1e-14)


def test_layer_norm_matches_torch_and_handles_a_constant_vector():
    rng = np.random.default_rng(7)
    y, gamma, beta = rng.normal(3.0, 2.0, (4, 5, 6)), rng.standard_normal(6), rng.standard_normal(6)
    for eps in (1e-5, 0.1):
        theirs = F.layer_norm(torch.from_numpy(y), (6,), torch.from_numpy(gamma), torch.from_numpy(beta), eps)
        np.testing.assert_allclose(layer_norm(y, gamma, beta, eps), theirs.numpy(), rtol=0, atol=1e-13)
    with _silent():
        np.testing.assert_array_equal(layer_norm(np.full((2, 3), 7.0), np.ones(3), [0.5, 0.0, -1.0], 0.0),
                                      [[0.5, 0.0, -1.0]] * 2)


def test_published_example():
    cases = tomllib.loads((EXERCISES / "encoder-block" / "cases.toml").read_text(encoding="utf-8"))["case"]
    args = cases[0]["args"]
    x, p = materialize(args["x"], "array"), materialize(args["p"], "dict")
    # Head 1, query 0 = (2, 0) against keys (2, 0), (0, −1), (−1, 0): softmax([4, 0, −2]/√2).
    scores = np.array([4.0, 0.0, -2.0]) / math.sqrt(2.0)
    expected = np.exp(scores) / np.exp(scores).sum()
    np.testing.assert_allclose(attention_weights(x, p, 2)[1, 0], expected, rtol=0, atol=1e-15)
    np.testing.assert_array_equal(np.round(attention_weights(x, p, 2), 4),
                                  [[[0.4011, 0.1978, 0.4011], [0.1978, 0.4011, 0.4011], [0.2483, 0.2483, 0.5035]],
                                   [[0.9316, 0.0551, 0.0134], [0.2483, 0.5035, 0.2483], [0.0743, 0.3057, 0.62]]])
    mha = multi_head_attention(x, p, 2)
    np.testing.assert_array_equal(np.round(mha, 4), [[0.8022, 0.5989, 1.8497, -0.0551],
                                                     [0.5989, 0.8022, 0.2483, -0.5035],
                                                     [0.7517, 0.7517, -0.4713, -0.3057]])
    x1 = layer_norm(x + mha, p["ln1_gamma"], p["ln1_beta"])
    np.testing.assert_array_equal(np.round(x1, 4), [[0.1704, -0.6393, 1.5483, -1.0794],
                                                    [0.264, 1.281, -0.0323, -1.5127],
                                                    [0.9546, 0.9546, -1.376, -0.5331]])
    np.testing.assert_allclose(feed_forward(x1, p), np.maximum(x1, 0.0), atol=0)
    np.testing.assert_array_equal(np.round(encoder_block(x, p, 2), 4), [[-0.0547, -0.6585, 1.6429, -0.9296],
                                                                        [0.0971, 1.4895, -0.2865, -1.3],
                                                                        [0.979, 0.979, -1.2672, -0.6909]])


def test_the_prompts_shape_table():
    steps = dict(shapes(2, 10, 64, 8, 256))
    assert steps["Q, K, V split into heads"] == (2, 8, 10, 8)
    assert steps["weights (softmax over keys)"] == (2, 8, 10, 10)
    assert steps["ReLU(x₁ @ w1 + b1)"] == (2, 10, 256)
    assert steps["out = LN₂(x₁ + FFN(x₁))"] == (2, 10, 64)
    assert dict(shapes(0, 10, 64, 8, 256))["x"] == (10, 64)
    x, p = np.zeros((2, 10, 64)), _params(64, 256, seed=1)
    assert attention_weights(x, p, 8).shape == steps["weights (softmax over keys)"]


def test_heads_are_columns_and_split_merge_are_inverses():
    x = np.arange(2 * 3 * 8, dtype=np.float64).reshape(2, 3, 8)
    heads = split_heads(x, 4)
    assert heads.shape == (2, 4, 3, 2)
    np.testing.assert_array_equal(heads[1, 2], x[1, :, 4:6])  # head 2 owns columns 4 and 5
    np.testing.assert_array_equal(merge_heads(heads), x)
    # Changing the columns of head 0 in w_q leaves the other heads' weights alone.
    rng = np.random.default_rng(3)
    x, p = rng.standard_normal((5, 8)), _params(8, 16, seed=3)
    changed = dict(p, w_q=p["w_q"].copy())
    changed["w_q"][:, :2] += 1.0
    before, after = attention_weights(x, p, 4), attention_weights(x, changed, 4)
    assert not np.allclose(before[0], after[0])
    np.testing.assert_array_equal(before[1:], after[1:])


def test_permutation_equivariant_and_sequences_independent():
    rng = np.random.default_rng(11)
    x, p = rng.standard_normal((3, 6, 8)), _params(8, 16, seed=11)
    order = rng.permutation(6)
    np.testing.assert_allclose(encoder_block(x[:, order], p, 2), encoder_block(x, p, 2)[:, order], atol=1e-13)
    for n in range(3):  # a batch is its sequences, each on its own
        np.testing.assert_allclose(encoder_block(x, p, 2)[n], encoder_block(x[n], p, 2), atol=1e-14)


def test_large_scores_stay_finite_and_silent():
    rng = np.random.default_rng(12)
    x, p = rng.normal(0.0, 2.0, (6, 8)), _params(8, 16, seed=12)
    p["w_q"], p["w_k"] = 40.0 * p["w_q"], 40.0 * p["w_k"]
    q = x @ p["w_q"] + p["b_q"]
    assert np.abs(q[:, :4] @ (x @ p["w_k"] + p["b_k"])[:, :4].T / 2.0).max() > 1000.0  # exp would overflow
    with _silent():
        out = encoder_block(x, p, 2)
    assert np.all(np.isfinite(out))
    with torch.no_grad():
        theirs = _torch_layer(p, 2, 1e-5)(torch.from_numpy(x)).numpy()
    np.testing.assert_allclose(out, theirs, rtol=0, atol=1e-10)


def test_inputs_left_alone_and_bad_arguments_refused():
    rng = np.random.default_rng(13)
    x, p = rng.standard_normal((4, 8)), _params(8, 16, seed=13)
    before = x.copy(), {k: v.copy() for k, v in p.items()}
    encoder_block(x, p, 2)
    np.testing.assert_array_equal(x, before[0])
    for name in p:
        np.testing.assert_array_equal(p[name], before[1][name])
    with pytest.raises(ValueError, match="evenly"):
        encoder_block(x, p, 3)
    with pytest.raises(ValueError, match="n_heads"):
        encoder_block(x, p, 0)
    with pytest.raises(ValueError, match=r"\(L, d_model\)"):
        encoder_block(np.zeros(8), p, 2)
    with pytest.raises(ValueError, match="missing"):
        encoder_block(x, {k: v for k, v in p.items() if k != "b2"}, 2)
    with pytest.raises(ValueError, match="w2"):
        check_params(dict(p, w2=np.zeros((16, 7))), 8)
    with pytest.raises(ValueError, match="eps"):
        encoder_block(x, p, 2, -1.0)


def test_parameter_count():
    assert parameter_count(512, 2048) == 3_152_384
    assert parameter_count(512, 2048) == 4 * (512**2 + 512) + 2 * 512 * 2048 + 2048 + 512 + 4 * 512
    p = _params(8, 16, seed=0)
    assert parameter_count(8, 16) == sum(a.size for a in p.values())


def _independent_largest(d_head, power, samples=20_000, seed=2027):
    rng = np.random.default_rng(seed)
    q = rng.standard_normal((samples, 1, d_head))
    k = rng.standard_normal((samples, KEYS, d_head))
    s = (q * k).sum(axis=-1) / d_head**power
    w = np.exp(s - s.max(axis=-1, keepdims=True))
    return float((w / w.sum(axis=-1, keepdims=True)).max(axis=-1).mean())


@pytest.mark.parametrize("d_head", [1, 8, 64, 256])
def test_lesson_curves_agree_with_an_independent_sample(d_head):
    # The quadrature over |q| (g from 10,000 shared draws) against 20,000 fresh draws of q and k: noise ~0.005.
    for power in (0.0, 0.5, 1.0):
        expected = _independent_largest(d_head, power)
        assert float(largest_weight(float(d_head), power)) == pytest.approx(expected, abs=0.015)


def test_lesson_curves_shapes():
    d = np.linspace(1.0, 256.0, 256)
    with _silent():
        unscaled, scaled, over = largest_weight(d, 0.0), largest_weight(d, 0.5), largest_weight(d, 1.0)
    assert unscaled[0] == scaled[0] == over[0]  # at d_head = 1 the three scalings are the same
    assert np.all(np.diff(unscaled) > 0.0) and unscaled[-1] > 0.9  # smooth: an integral over |q|, not draws per d
    assert np.all(np.abs(scaled[7:] - 0.32) < 0.015)  # flat once d_head ≥ 8
    assert np.all(np.diff(over) < 0.0) and abs(over[-1] - 1.0 / KEYS) < 0.02
    assert np.all((over >= 1.0 / KEYS) & (unscaled <= 1.0))


def _toy_weights():
    return attention_weights(toy_input(), toy_params(), 2)


def test_toy_block_heads_do_what_they_were_built_for():
    x = toy_input()
    np.testing.assert_array_equal(x[:, :8], positional_encoding(6, 8))
    w = _toy_weights()
    assert [int(np.argmax(w[0, q])) for q in range(1, 6)] == [0, 1, 2, 3, 4]  # one position back
    assert int(np.argmax(w[0, 0])) == 5  # no position before 0: the clock's best match, 6 steps on
    same = [[i for i, t in enumerate(TOKEN_IDS) if t == TOKEN_IDS[q]] for q in range(6)]
    for q in range(6):  # head 1 puts most of its weight on the copies of the query's own word
        assert w[1, q, same[q]].sum() > 0.8
    assert math.cos(6.0) > 0.95 and abs(6.0 - 2 * math.pi) < 0.3


def _prose_tables(lang):
    """The two 6 × 6 weight tables printed one above the other in lesson.<lang>.md, as (head 0, head 1)."""
    text = (EXERCISES / "encoder-block" / f"lesson.{lang}.md").read_text(encoding="utf-8")
    rows = [list(map(float, re.findall(r"\d\.\d\d", line[3:]))) for line in text.splitlines()
            if re.match(r"q\d\s", line)]
    table = np.array(rows)
    assert table.shape == (12, 6)
    return table[:6], table[6:]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_lesson_tables_are_the_reference(lang):
    w = _toy_weights()
    head0, head1 = _prose_tables(lang)
    np.testing.assert_array_equal(head0, np.round(w[0], 2))
    np.testing.assert_array_equal(head1, np.round(w[1], 2))


LESSON_ANSWERS = {
    ("scale", "unscaled"): lambda: float(largest_weight(64.0, 0.0)),
    ("scale", "scaled"): lambda: float(largest_weight(64.0, 0.5)),
    ("shapes", "d-head"): lambda: 64 / 8,
    ("shapes", "weights"): lambda: math.prod(dict(shapes(2, 10, 64, 8, 256))["weights (softmax over keys)"]),
    ("parameters", "total"): lambda: parameter_count(512, 2048),
    ("parameters", "ffn"): lambda: 512 * 2048 + 2048 + 2048 * 512 + 512,
    ("heads", "key"): lambda: int(np.argmax(_toy_weights()[0, 0])),
    ("heads", "weight"): lambda: float(_toy_weights()[0, 0].max()),
    ("heads", "same-word"): lambda: float(_toy_weights()[1, 4, 0]),
}
TOLERANCE = {"scale": 5e-4, "heads": 5e-3}  # given to 3 digits / read from the 2-decimal tables


def test_lesson_answers_are_the_reference():
    lesson = tomllib.loads((EXERCISES / "encoder-block" / "lesson.toml").read_text(encoding="utf-8"))
    seen = set()
    for task in lesson["task"]:
        for answer in task["answer"]:
            computed = LESSON_ANSWERS[(task["id"], answer["id"])]()
            assert abs(answer["value"] - computed) <= TOLERANCE.get(task["id"], 0.0) + 1e-12, (task["id"], computed)
            seen.add((task["id"], answer["id"]))
    assert seen == set(LESSON_ANSWERS)
    # The explanations' numbers: 0.12 at d_head = 64 with ÷ d_head; the attention's and the norms' counts.
    assert round(float(largest_weight(64.0, 1.0)), 2) == 0.12
    assert 4 * (512**2 + 512) == 1_050_624 and round(2_099_712 / 3_152_384, 3) == 0.666


def test_panel_data():
    data = panel()
    json.dumps(data)
    np.testing.assert_array_equal(data["weights"], _toy_weights())
    np.testing.assert_array_equal(data["output"], encoder_block(toy_input(), toy_params(), 2))
    assert [len(t) for t in data["tokens"].values()] == [6, 6]
    d = data["shape_defaults"]
    assert [tuple(s["shape"]) for s in data["shapes"]] == [
        shape for _, shape in shapes(d["batch"], d["length"], d["d_model"], d["n_heads"], d["d_ff"])]
