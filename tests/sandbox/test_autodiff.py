"""`autodiff = false` (exercises that ask for gradients by hand): the track's automatic differentiation is off in
the child before the submission's first line, and whatever computes gradients anyway, or would switch them back
on, is refused by name — the rule holds whichever route reaches it, at load time or in a call."""

from __future__ import annotations

import os

import pytest

from mljudge.judge.catalog import Catalog
from mljudge.sandbox import TRACKS
from mljudge.sandbox.pool import Pool
from tests.judging import judged

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="the jail needs root, as on the judge's machines and in CI")
EXERCISE = Catalog().get("linear-backward")
MODEL = EXERCISE.track("torch").solution
BODY = """
    grad_x = grad_output @ weight
    grad_weight = grad_output.T @ x
    grad_bias = grad_output.sum(dim=0)
    return grad_x, grad_weight, grad_bias
"""


def test_the_model_solution_runs_with_the_grad_mode_off(pool: Pool) -> None:
    source = "import torch\n\ndef linear_backward(x, weight, bias, grad_output):\n" \
             "    assert not torch.is_grad_enabled(), 'autograd is on'\n" + BODY
    report = judged(EXERCISE, source, "torch", pool=pool)
    assert report.verdict == "accepted", report.message


@pytest.mark.parametrize(("prelude", "name"), [
    ("torch.set_grad_enabled(True)", "torch.set_grad_enabled"),
    ("on = torch.enable_grad()", "torch.enable_grad"),
    ("from torch.autograd import grad_mode\nmode = grad_mode.set_grad_enabled", "torch.autograd"),
    ("mode = getattr(torch, 'inference' + '_mode')(False)", "torch.inference_mode"),
])
def test_switching_it_back_on_at_load_time_is_refused(pool: Pool, prelude: str, name: str) -> None:
    source = f"import torch\n{prelude}\n\ndef linear_backward(x, weight, bias, grad_output):\n" + BODY
    report = judged(EXERCISE, source, "torch", pool=pool)
    assert report.verdict == "forbidden", report.message
    assert name in report.message
    assert "automatic differentiation is switched off" in report.message


def test_the_graph_cannot_be_called_by_hand(pool: Pool) -> None:
    path = EXERCISE.path / "submissions" / "forbidden" / "graph_by_hand.py"
    report = judged(EXERCISE, path.read_text(encoding="utf-8"), "torch", pool=pool, lang="ru")
    assert report.verdict == "forbidden"
    assert "torch.Tensor.grad_fn" in report.message and "автоматическое дифференцирование" in report.message


def test_an_exercise_without_the_flag_keeps_autograd(pool: Pool) -> None:
    """The xor exercise trains with autograd in its torch track: nothing of the above applies there."""
    xor = Catalog().get("xor")
    assert xor.function.autodiff and not TRACKS["numpy"].autodiff_names
    report = judged(xor, xor.track("torch").solution, "torch", pool=pool)
    assert report.verdict == "accepted", report.message
