"""Known wrong versions of one LSTM step, recognised when a learner's outputs match one of them on every case they
answered, and two predicates (trusted code: runs in the judge, never in the sandbox).

A gate-order mistake reads the four blocks of the stacked pre-activations in another order than PyTorch's
(input, forget, cell, output). It is modelled by reordering the blocks of rows of the weights and biases and
running the right cell on them: the learner's block k then holds what PyTorch keeps in block order[k]."""

import itertools

import numpy as np

from mljudge.judge.api import Answer, Array, Case, Expected
from mljudge.reference.arrays import Floats
from mljudge.reference.recurrent import lstm_cell, lstm_gates
from mljudge.reference.sigmoid import sigmoid

PYTORCH = (0, 1, 2, 3)  # input, forget, cell, output
KARPATHY = (0, 1, 3, 2)  # i, f, o, g: the three sigmoid gates first, the candidate last (min-char-rnn, many blogs)
TENSORFLOW_1 = (0, 2, 1, 3)  # i, j, f, o: tf.nn.rnn_cell.BasicLSTMCell's order, j being the candidate


def _blocks(order: tuple[int, ...] | list[int], w_ih: Floats, w_hh: Floats, b_ih: Floats,
            b_hh: Floats) -> tuple[Floats, Floats, Floats, Floats]:
    """The parameters with their four blocks of H rows rearranged: block k of the result is block order[k] of the
    given ones."""
    hidden = w_hh.shape[1]
    rows = np.concatenate([np.arange(k * hidden, (k + 1) * hidden) for k in order])
    return w_ih[rows], w_hh[rows], b_ih[rows], b_hh[rows]


def reordered_cell(order: tuple[int, ...] | list[int], x: Floats, h: Floats, c: Floats, w_ih: Floats, w_hh: Floats,
                   b_ih: Floats, b_hh: Floats) -> tuple[Floats, Floats]:
    """The cell of a learner who reads the blocks as the gates named by `order`: order = (0, 1, 3, 2) means block 2
    is taken as the output gate and block 3 as the cell candidate. The right cell on the parameters with the
    blocks moved to where that learner's roles are: PyTorch's role r reads learner block order.index(r)."""
    moved = [order.index(role) for role in range(4)]
    return lstm_cell(x, h, c, *_blocks(moved, w_ih, w_hh, b_ih, b_hh))


def karpathy_order(x: Floats, h: Floats, c: Floats, w_ih: Floats, w_hh: Floats, b_ih: Floats,
                   b_hh: Floats) -> tuple[Floats, Floats]:
    """Blocks read as (i, f, o, g): sigmoid over the first 3H columns, tanh over the last H."""
    return reordered_cell(KARPATHY, x, h, c, w_ih, w_hh, b_ih, b_hh)


def tensorflow_order(x: Floats, h: Floats, c: Floats, w_ih: Floats, w_hh: Floats, b_ih: Floats,
                     b_hh: Floats) -> tuple[Floats, Floats]:
    """Blocks read as (i, g, f, o), TensorFlow 1's BasicLSTMCell order."""
    return reordered_cell(TENSORFLOW_1, x, h, c, w_ih, w_hh, b_ih, b_hh)


def _gates(x: Floats, h: Floats, w_ih: Floats, w_hh: Floats, b_ih: Floats,
           b_hh: Floats) -> tuple[Floats, Floats, Floats, Floats]:
    g = lstm_gates(x, h, w_ih, w_hh, b_ih, b_hh)
    return g["input"], g["forget"], g["cell"], g["output"]


def sigmoid_candidate(x: Floats, h: Floats, c: Floats, w_ih: Floats, w_hh: Floats, b_ih: Floats,
                      b_hh: Floats) -> tuple[Floats, Floats]:
    """σ on the cell candidate too, as on the three gates: g in (0, 1), so the cell can only ever grow."""
    pre = x @ w_ih.T + b_ih + h @ w_hh.T + b_hh
    i, f, g, o = (sigmoid(part) for part in np.split(pre, 4, axis=1))
    c_new = f * c + i * g
    return o * np.tanh(c_new), c_new


def forget_path_dropped(x: Floats, h: Floats, c: Floats, w_ih: Floats, w_hh: Floats, b_ih: Floats,
                        b_hh: Floats) -> tuple[Floats, Floats]:
    """c′ = i·g: the old cell is never carried (the forget gate computed, then unused)."""
    i, _, g, o = _gates(x, h, w_ih, w_hh, b_ih, b_hh)
    c_new = i * g
    return o * np.tanh(c_new), c_new


def no_output_tanh(x: Floats, h: Floats, c: Floats, w_ih: Floats, w_hh: Floats, b_ih: Floats,
                   b_hh: Floats) -> tuple[Floats, Floats]:
    """h′ = o·c′: the new cell shown without tanh."""
    i, f, g, o = _gates(x, h, w_ih, w_hh, b_ih, b_hh)
    c_new = f * c + i * g
    return o * c_new, c_new


def old_cell_in_output(x: Floats, h: Floats, c: Floats, w_ih: Floats, w_hh: Floats, b_ih: Floats,
                       b_hh: Floats) -> tuple[Floats, Floats]:
    """h′ = o·tanh(c): the hidden state computed before the cell is updated."""
    i, f, g, o = _gates(x, h, w_ih, w_hh, b_ih, b_hh)
    return o * np.tanh(c), f * c + i * g


def swapped_returns(x: Floats, h: Floats, c: Floats, w_ih: Floats, w_hh: Floats, b_ih: Floats,
                    b_hh: Floats) -> tuple[Floats, Floats]:
    """(c′, h′) instead of (h′, c′)."""
    h_new, c_new = lstm_cell(x, h, c, w_ih, w_hh, b_ih, b_hh)
    return c_new, h_new


# Every other way of reading the four blocks (the two named ones have their own hints).
OTHER_ORDERS = [p for p in itertools.permutations(range(4)) if p not in (PYTORCH, KARPATHY, TENSORFLOW_1)]


def _close(got: Answer, want: Floats, atol: float) -> bool:
    return (isinstance(got, Array) and got.data.shape == want.shape and got.data.dtype.kind in "biuf"
            and bool(np.all(np.abs(got.data.astype(np.float64) - want) < atol)))


def other_gate_order(got: Answer, expected: Expected, case: Case) -> bool:
    """The blocks read in some other order than PyTorch's (ONNX's i, o, f, c among them)."""
    if not isinstance(got, tuple | list) or len(got) != 2:
        return False
    args = [np.asarray(case.args[name], dtype=np.float64) for name in ("x", "h", "c", "w_ih", "w_hh", "b_ih", "b_hh")]
    for order in OTHER_ORDERS:
        h_new, c_new = reordered_cell(order, *args)
        if _close(got[0], h_new, case.tolerance.atol) and _close(got[1], c_new, case.tolerance.atol):
            return True
    return False


