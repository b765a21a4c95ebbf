"""Pins reference.pooling to hand-computed windows, to an independent loop and to torch.nn.functional.max_pool2d
(values, output sizes, where each maximum sits), and pins the lesson's maps, size curves and task answers."""

import json

import numpy as np
import pytest
import torch
import torch.nn.functional as F

from mljudge.reference.pooling import (
    EDGE_MAP,
    FEATURE_MAP,
    argmax_windows,
    max_pool2d,
    panel,
    pooled_size,
    pooled_sizes,
)


def _torch_pool(x, kernel_size=2, stride=None):
    t = torch.from_numpy(np.asarray(x, dtype=np.float64))
    flat = t.reshape(-1, 1, *t.shape[-2:])  # torch takes (N, C, H, W): fold every leading axis into N
    out = F.max_pool2d(flat, kernel_size, stride)
    return out.reshape(*t.shape[:-2], *out.shape[-2:]).numpy()


def _loop(x, k, s):
    """Written from the definition alone, for a 2-D x: the maximum of each k × k window, one every s entries,
    while the window fits."""
    h, w = len(x), len(x[0])
    return np.array([[max(x[i + a][j + b] for a in range(k) for b in range(k))
                      for j in range(0, w - k + 1, s)] for i in range(0, h - k + 1, s)])


def test_published_examples():
    # Example 1 (the classic 4 × 4 picture of pooling): 2 × 2 windows, default stride 2.
    x = np.array([[1.0, 1.0, 2.0, 4.0], [5.0, 6.0, 7.0, 8.0], [3.0, 2.0, 1.0, 0.0], [1.0, 2.0, 3.0, 4.0]])
    np.testing.assert_array_equal(max_pool2d(x), [[6.0, 8.0], [3.0, 4.0]])
    # Example 2: 5 × 5 with 2 × 2 windows: rows and columns 0 … 3 are pooled, the last row and column are not
    # (the 9 in the corner is never looked at).
    y = np.array([[1.0, 0.0, 2.0, 1.0, 0.0], [3.0, 1.0, 0.0, 4.0, 2.0], [0.0, 2.0, 1.0, 1.0, 5.0],
                  [1.0, 6.0, 3.0, 0.0, 1.0], [7.0, 0.0, 2.0, 8.0, 9.0]])
    np.testing.assert_array_equal(max_pool2d(y), [[3.0, 4.0], [6.0, 3.0]])
    assert max_pool2d(y, 2, 1).shape == (4, 4)


@pytest.mark.parametrize(("k", "s"), [(2, None), (2, 2), (3, None), (3, 1), (3, 2), (2, 3), (1, None), (4, 1)])
@pytest.mark.parametrize("shape", [(8, 8), (7, 5), (5, 9), (3, 6, 6), (2, 3, 7, 8), (2, 1, 2, 5, 6)])
def test_matches_torch_and_the_definition(shape, k, s):
    x = np.random.default_rng(hash((shape, k, s)) % 2**32).normal(size=shape)
    ours = max_pool2d(x, k, s)
    np.testing.assert_array_equal(ours, _torch_pool(x, k, s))
    assert ours.shape == (*shape[:-2], pooled_size(shape[-2], k, s), pooled_size(shape[-1], k, s))
    assert ours.dtype == np.float64
    if len(shape) == 2:
        np.testing.assert_array_equal(ours, _loop(x.tolist(), k, k if s is None else s))


def test_pooled_size():
    assert pooled_size(8, 2) == 4
    assert pooled_size(7, 2) == 3  # the last row is dropped
    assert pooled_size(8, 3, 2) == 3  # windows at 0, 2, 4; the last row is dropped
    assert pooled_size(8, 3, 1) == 6
    assert pooled_size(8, 2, 3) == 3  # windows at 0, 3, 6: rows 2 and 5 are skipped
    assert pooled_size(4, 4) == 1
    for bad in [(3, 4, None), (4, 0, None), (4, 2, 0)]:
        with pytest.raises(ValueError):
            pooled_size(*bad)


def test_argmax_matches_torch_indices():
    for x, k, s in [(FEATURE_MAP, 2, None), (FEATURE_MAP, 3, 1), (FEATURE_MAP, 3, 2), (EDGE_MAP, 2, None),
                    (np.random.default_rng(1).normal(size=(7, 9)), 3, 2)]:
        _, index = F.max_pool2d(torch.from_numpy(np.array(x))[None], k, s, return_indices=True)
        where = argmax_windows(x, k, s)
        np.testing.assert_array_equal(where[..., 0] * x.shape[1] + where[..., 1], index[0].numpy())
        np.testing.assert_array_equal(x[where[..., 0], where[..., 1]], max_pool2d(x, k, s))
    # Ties go to the first cell in reading order.
    np.testing.assert_array_equal(argmax_windows(np.ones((2, 2))), [[[0, 0]]])


def test_nan_propagates_like_torch():
    x = np.arange(16.0).reshape(4, 4)
    x[0, 1] = np.nan
    ours = max_pool2d(x)
    assert np.isnan(ours[0, 0]) and not np.isnan(ours[1:, :]).any() and not np.isnan(ours[:, 1:]).any()
    np.testing.assert_array_equal(ours, _torch_pool(x))


def test_extremes_and_inputs_left_alone():
    x = np.array([[-1e308, -np.inf], [-5.0, -1e-300]])
    before = x.copy()
    np.testing.assert_array_equal(max_pool2d(x), [[-1e-300]])
    np.testing.assert_array_equal(x, before)
    out = max_pool2d(x)
    assert not np.shares_memory(out, x)
    with pytest.raises(ValueError, match="two axes"):
        max_pool2d(np.zeros(4))
    with pytest.raises(ValueError, match="does not fit"):
        max_pool2d(np.zeros((3, 8)), 4)


def test_the_lesson_maps():
    assert FEATURE_MAP.shape == (8, 8) and not FEATURE_MAP.flags.writeable
    assert np.count_nonzero(np.equal(FEATURE_MAP, FEATURE_MAP.max())) == 1
    assert tuple(np.argwhere(FEATURE_MAP == 9.0)[0]) == (3, 4)
    assert EDGE_MAP.shape == (12, 12) and EDGE_MAP.min() == 0.0 and EDGE_MAP.max() == 3.0


def test_size_curves():
    h = np.linspace(2.0, 32.0, 31)  # the plot's grid
    np.testing.assert_array_equal(pooled_sizes(h, 2), h // 2)
    np.testing.assert_array_equal(pooled_sizes(h, 3, 2), np.where(h >= 3, (h - 3) // 2 + 1, 0))
    np.testing.assert_array_equal(pooled_sizes(h, 3, 1), np.where(h >= 3, h - 2, 0))
    for n in range(3, 33):
        probe = torch.zeros(1, n, n, dtype=torch.float64)
        assert pooled_sizes(float(n), 2) == F.max_pool2d(probe, 2).shape[-1]
        assert pooled_sizes(float(n), 3, 2) == F.max_pool2d(probe, 3, 2).shape[-1]
        assert pooled_sizes(float(n), 3, 1) == F.max_pool2d(probe, 3, 1).shape[-1]


def test_lesson_task_answers():
    # Task "read a window": 2 × 2 pooling of the 8 × 8 map, outputs (1, 2) and (2, 0).
    pooled = max_pool2d(FEATURE_MAP)
    assert pooled[1, 2] == 9.0 and pooled[2, 0] == 4.0
    # Task "dropped": 7 × 7 with 2 × 2 windows gives 3 × 3 and never reads 7·7 − 6·6 = 13 entries.
    assert max_pool2d(np.zeros((7, 7))).shape == (3, 3) and 7 * 7 - 6 * 6 == 13
    # 8 × 8 with 3 × 3 windows every 2: 3 × 3, and row 7 and column 7 (15 entries) are never read.
    assert max_pool2d(FEATURE_MAP, 3, 2).shape == (3, 3)
    # Task "overlap": with 3 × 3 windows every 1, the unique 9 is the maximum of 9 windows.
    overlapping = max_pool2d(FEATURE_MAP, 3, 1)
    assert overlapping.shape == (6, 6) and np.count_nonzero(overlapping == 9.0) == 9
    assert np.count_nonzero(max_pool2d(FEATURE_MAP, 3, 2) == 9.0) == 2


def test_panel_data_is_plain_and_consistent():
    data = panel()
    json.dumps(data)
    assert set(data["maps"]) == {"numbers", "edges"}
    for name, values in data["maps"].items():
        for entry in data["outputs"][name]:
            np.testing.assert_array_equal(entry["output"], _torch_pool(values, entry["kernel_size"], entry["stride"]))
            where = np.array(entry["argmax"])
            np.testing.assert_array_equal(np.array(values)[where[..., 0], where[..., 1]], entry["output"])
