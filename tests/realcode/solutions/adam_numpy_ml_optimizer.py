import numpy as np
from numpy.linalg import norm


class Adam:
    def __init__(self, lr=0.001, decay1=0.9, decay2=0.999, eps=1e-7, clip_norm=None, lr_scheduler=None, **kwargs):
        """
        Adam (adaptive moment estimation) optimization algorithm.

        Parameters
        ----------
        lr : float
            Learning rate for update. Default is 0.001.
        decay1 : float
            The rate of decay to use for in running estimate of the first moment (mean) of the gradient.
        decay2 : float
            The rate of decay to use for in running estimate of the second moment (variance) of the gradient.
        eps : float
            Constant term to avoid divide-by-zero errors during the update calc. Default is 1e-7.
        """
        self.cache = {}
        self.cur_step = 0
        self.lr_scheduler = lambda step, cur_loss=None: lr
        self.hyperparameters = {
            "id": "Adam",
            "lr": lr,
            "eps": eps,
            "decay1": decay1,
            "decay2": decay2,
            "clip_norm": clip_norm,
            "lr_scheduler": str(lr_scheduler),
        }

    def update(self, param, param_grad, param_name, cur_loss=None):
        C = self.cache
        H = self.hyperparameters
        d1, d2 = H["decay1"], H["decay2"]
        eps, clip_norm = H["eps"], H["clip_norm"]
        lr = self.lr_scheduler(self.cur_step, cur_loss)

        if param_name not in C:
            C[param_name] = {
                "t": 0,
                "mean": np.zeros_like(param_grad),
                "var": np.zeros_like(param_grad),
            }

        # scale gradient to avoid explosion
        t = np.inf if clip_norm is None else clip_norm
        if norm(param_grad) > t:
            param_grad = param_grad * t / norm(param_grad)

        t = C[param_name]["t"] + 1
        var = C[param_name]["var"]
        mean = C[param_name]["mean"]

        # update cache
        C[param_name]["t"] = t
        C[param_name]["var"] = d2 * var + (1 - d2) * param_grad ** 2
        C[param_name]["mean"] = d1 * mean + (1 - d1) * param_grad
        self.cache = C

        # calc unbiased moment estimates and Adam update
        v_hat = C[param_name]["var"] / (1 - d2 ** t)
        m_hat = C[param_name]["mean"] / (1 - d1 ** t)
        update = lr * m_hat / (np.sqrt(v_hat) + eps)
        return param - update


def adam(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    opt = Adam(lr=lr, decay1=beta1, decay2=beta2, eps=eps)
    opt.cache["W"] = {"t": t - 1, "mean": m, "var": v}
    new_param = opt.update(param, grad, "W")
    state = opt.cache["W"]
    return new_param, state["mean"], state["var"]
