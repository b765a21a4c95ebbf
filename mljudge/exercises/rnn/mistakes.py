"""Known wrong versions of the tanh RNN, recognised when a learner's outputs match one of them on every case they
answered, and two predicates (trusted code: runs in the judge, never in the sandbox)."""

from collections.abc import Callable

import numpy as np

from mljudge.judge.api import Answer, Array, Case, Expected
from mljudge.reference.arrays import Floats
from mljudge.reference.recurrent import rnn


def _loop(xs: Floats, h0: Floats, w_ih: Floats, w_hh: Floats, b_ih: Floats, b_hh: Floats, *,
          recurrent: Callable[[Floats], Floats] | None = None, carry: bool = True) -> tuple[Floats, Floats]:
    """The recurrence with one part swapped out: `recurrent` maps the old state to its H numbers (default
    h·W_hhᵀ); without `carry`, every step starts again from h0."""
    recurrent = recurrent or (lambda h: h @ w_hh.T)
    h, outputs = h0, []
    for x in xs:
        h = np.tanh(x @ w_ih.T + b_ih + recurrent(h if carry else h0) + b_hh)
        outputs.append(h)
    return np.stack(outputs), h


def recurrent_not_transposed(xs: Floats, h0: Floats, w_ih: Floats, w_hh: Floats, b_ih: Floats,
                             b_hh: Floats) -> tuple[Floats, Floats]:
    """h @ w_hh instead of h @ w_hh.T: no error, since w_hh is square."""
    return _loop(xs, h0, w_ih, w_hh, b_ih, b_hh, recurrent=lambda h: h @ w_hh)


def only_b_ih(xs: Floats, h0: Floats, w_ih: Floats, w_hh: Floats, b_ih: Floats, b_hh: Floats) -> tuple[Floats, Floats]:
    """b_hh left out: one bias added instead of both."""
    return rnn(xs, h0, w_ih, w_hh, b_ih, np.zeros_like(b_hh))


def only_b_hh(xs: Floats, h0: Floats, w_ih: Floats, w_hh: Floats, b_ih: Floats, b_hh: Floats) -> tuple[Floats, Floats]:
    """b_ih left out: one bias added instead of both."""
    return rnn(xs, h0, w_ih, w_hh, np.zeros_like(b_ih), b_hh)


def h0_ignored(xs: Floats, h0: Floats, w_ih: Floats, w_hh: Floats, b_ih: Floats, b_hh: Floats) -> tuple[Floats, Floats]:
    """The loop starts from zeros (as in many tutorials) instead of the given h0."""
    return rnn(xs, np.zeros_like(h0), w_ih, w_hh, b_ih, b_hh)


def state_not_carried(xs: Floats, h0: Floats, w_ih: Floats, w_hh: Floats, b_ih: Floats,
                      b_hh: Floats) -> tuple[Floats, Floats]:
    """Every step reads h0 instead of the previous step's state (`h_new = tanh(… h0 @ w_hh.T …)` with h never
    updated): each step on its own, no memory between them."""
    return _loop(xs, h0, w_ih, w_hh, b_ih, b_hh, carry=False)


def outputs_shifted(got: Answer, expected: Expected, case: Case) -> bool:
    """The state stored *before* each update: outputs = [h0, h_1, …, h_{T−1}], one step late (whatever h_T is)."""
    if not isinstance(got, tuple | list) or len(got) != 2 or not isinstance(got[0], Array):
        return False
    args = case.args
    outputs, _ = rnn(args["xs"], args["h0"], args["w_ih"], args["w_hh"], args["b_ih"], args["b_hh"])
    late = np.concatenate([np.asarray(args["h0"], dtype=np.float64)[None], outputs[:-1]])
    data = got[0].data
    return (data.shape == late.shape and data.dtype.kind in "biuf"
            and bool(np.all(np.abs(data.astype(np.float64) - late) < case.tolerance.atol)))


