import numpy as np


class Sigmoid:
    def __str__(self):
        return "Sigmoid"

    def fn(self, z):
        return 1 / (1 + np.exp(-z))

    def grad(self, x):
        fn_x = self.fn(x)
        return fn_x * (1 - fn_x)


class Tanh:
    def __str__(self):
        return "Tanh"

    def fn(self, z):
        return np.tanh(z)

    def grad(self, x):
        return 1 - np.tanh(x) ** 2


class LSTMCell:
    def __init__(self, n_out, act_fn=None, gate_fn=None):
        """
        A single step of a long short-term memory (LSTM) RNN, numpy-ml style: the previous hidden state and the
        input are stacked, Z_t = [A_prev, X_t], and each gate has its own (n_out + n_in, n_out) weight.
        """
        self.n_out = n_out
        self.act_fn = Tanh() if act_fn is None else act_fn
        self.gate_fn = Sigmoid() if gate_fn is None else gate_fn
        self.parameters = {}
        self.derived_variables = {"C": [], "A": [], "Gf": [], "Gu": [], "Go": [], "Gc": [], "Cc": []}

    def forward(self, X_t, A_prev, C_prev):
        Wf, Wu, Wc, Wo = (self.parameters[k] for k in ("Wf", "Wu", "Wc", "Wo"))
        bf, bu, bc, bo = (self.parameters[k] for k in ("bf", "bu", "bc", "bo"))

        Zt = np.hstack([A_prev, X_t])
        Gft = self.gate_fn.fn(Zt @ Wf + bf)
        Gut = self.gate_fn.fn(Zt @ Wu + bu)
        Got = self.gate_fn.fn(Zt @ Wo + bo)
        Cct = self.act_fn.fn(Zt @ Wc + bc)
        Ct = Gft * C_prev + Gut * Cct
        At = Got * self.act_fn.fn(Ct)

        # bookkeeping
        self.derived_variables["A"].append(At)
        self.derived_variables["C"].append(Ct)
        self.derived_variables["Gf"].append(Gft)
        self.derived_variables["Gu"].append(Gut)
        self.derived_variables["Go"].append(Got)
        self.derived_variables["Cc"].append(Cct)
        return At, Ct


def lstm_cell(x, h, c, w_ih, w_hh, b_ih, b_hh):
    H = w_hh.shape[1]
    cell = LSTMCell(n_out=H)
    bias = b_ih + b_hh
    # PyTorch's rows: input (update), forget, cell candidate, output
    for k, name in enumerate(["u", "f", "c", "o"]):
        rows = slice(k * H, (k + 1) * H)
        cell.parameters["W" + name] = np.vstack([w_hh[rows].T, w_ih[rows].T])   # rows of [A_prev | X_t]
        cell.parameters["b" + name] = bias[rows]
    return cell.forward(x, h, c)
