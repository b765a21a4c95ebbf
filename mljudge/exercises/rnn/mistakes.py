"""Known wrong versions of the tanh RNN, recognised when a learner's outputs match one of them on every case they
answered, and two predicates (trusted code: runs in the judge, never in the sandbox)."""

import numpy as np

from mljudge.reference.recurrent import rnn
from mljudge.sandbox.wire import Array


def _loop(xs, h0, w_ih, w_hh, b_ih, b_hh, *, recurrent=None, carry=True):
    """The recurrence with one part swapped out: `recurrent` maps the old state to its H numbers (default
    h·W_hhᵀ); without `carry`, every step starts again from h0."""
    recurrent = recurrent or (lambda h: h @ w_hh.T)
    h, outputs = h0, []
    for x in xs:
        h = np.tanh(x @ w_ih.T + b_ih + recurrent(h if carry else h0) + b_hh)
        outputs.append(h)
    return np.stack(outputs), h


def recurrent_not_transposed(xs, h0, w_ih, w_hh, b_ih, b_hh):
    """h @ w_hh instead of h @ w_hh.T: no error, since w_hh is square."""
    return _loop(xs, h0, w_ih, w_hh, b_ih, b_hh, recurrent=lambda h: h @ w_hh)


def only_b_ih(xs, h0, w_ih, w_hh, b_ih, b_hh):
    """b_hh left out: one bias added instead of both."""
    return rnn(xs, h0, w_ih, w_hh, b_ih, np.zeros_like(b_hh))


def only_b_hh(xs, h0, w_ih, w_hh, b_ih, b_hh):
    """b_ih left out: one bias added instead of both."""
    return rnn(xs, h0, w_ih, w_hh, np.zeros_like(b_ih), b_hh)


def h0_ignored(xs, h0, w_ih, w_hh, b_ih, b_hh):
    """The loop starts from zeros (as in many tutorials) instead of the given h0."""
    return rnn(xs, np.zeros_like(h0), w_ih, w_hh, b_ih, b_hh)


def state_not_carried(xs, h0, w_ih, w_hh, b_ih, b_hh):
    """Every step reads h0 instead of the previous step's state (`h_new = tanh(… h0 @ w_hh.T …)` with h never
    updated): each step on its own, no memory between them."""
    return _loop(xs, h0, w_ih, w_hh, b_ih, b_hh, carry=False)


def outputs_shifted(got, expected, case):
    """The state stored *before* each update: outputs = [h0, h_1, …, h_{T−1}], one step late (whatever h_T is)."""
    if not isinstance(got, tuple | list) or len(got) != 2 or not isinstance(got[0], Array):
        return False
    args = case.args
    outputs, _ = rnn(args["xs"], args["h0"], args["w_ih"], args["w_hh"], args["b_ih"], args["b_hh"])
    late = np.concatenate([np.asarray(args["h0"], dtype=np.float64)[None], outputs[:-1]])
    data = got[0].data
    return (data.shape == late.shape and data.dtype.kind in "biuf"
            and bool(np.all(np.abs(data.astype(np.float64) - late) < case.tolerance.atol)))


def changed_in_place(got, expected, case):
    """The right arrays came back, yet the case failed: with `pure = true` only one thing fails such a case, the
    function wrote into an input (`h = h0; h += …` in NumPy, `h.add_(…)` or `h.tanh_()` in PyTorch)."""
    return (isinstance(got, tuple | list) and len(got) == len(expected)
            and all(isinstance(g, Array) and g.data.shape == e.shape and g.data.dtype.kind in "biuf"
                    and bool(np.all(np.abs(g.data.astype(np.float64) - e) < case.tolerance.atol))
                    for g, e in zip(got, expected, strict=True)))
