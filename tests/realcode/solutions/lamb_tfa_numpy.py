"""LAMB as TensorFlow Addons' LAMB._resource_apply_dense computes it, ported to NumPy with its switches
(exclude_from_weight_decay / exclude_from_layer_adaptation as regex lists)."""
import re

import numpy as np


class LAMB:
    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-6, weight_decay=0.0,
                 exclude_from_weight_decay=None, exclude_from_layer_adaptation=None, name="LAMB"):
        self.learning_rate = learning_rate
        self.beta_1 = beta_1
        self.beta_2 = beta_2
        self.epsilon = epsilon
        self.weight_decay = weight_decay
        self.exclude_from_weight_decay = exclude_from_weight_decay
        # exclude_from_layer_adaptation is set to exclude_from_weight_decay if the arg is None.
        if exclude_from_layer_adaptation:
            self.exclude_from_layer_adaptation = exclude_from_layer_adaptation
        else:
            self.exclude_from_layer_adaptation = exclude_from_weight_decay
        self.name = name

    def _do_use_weight_decay(self, param_name):
        """Whether to use L2 weight decay for `param_name`."""
        if self.exclude_from_weight_decay:
            for r in self.exclude_from_weight_decay:
                if re.search(r, param_name) is not None:
                    return False
        return True

    def _do_layer_adaptation(self, param_name):
        """Whether to do layer-wise learning rate adaptation for `param_name`."""
        if self.exclude_from_layer_adaptation:
            for r in self.exclude_from_layer_adaptation:
                if re.search(r, param_name) is not None:
                    return False
        return True

    def apply_dense(self, grad, var, m, v, local_step, var_name="kernel"):
        beta_1_power = self.beta_1 ** local_step
        beta_2_power = self.beta_2 ** local_step

        # m_t = beta1 * m + (1 - beta1) * g_t
        m_t = m * self.beta_1 + grad * (1 - self.beta_1)
        # v_t = beta2 * v + (1 - beta2) * (g_t * g_t)
        v_t = v * self.beta_2 + (grad * grad) * (1 - self.beta_2)

        m_t_hat = m_t / (1.0 - beta_1_power)
        v_t_hat = v_t / (1.0 - beta_2_power)

        v_sqrt = np.sqrt(v_t_hat)
        update = m_t_hat / (v_sqrt + self.epsilon)

        if self._do_use_weight_decay(var_name):
            update += self.weight_decay * var

        ratio = 1.0
        if self._do_layer_adaptation(var_name):
            w_norm = np.linalg.norm(var, ord=2) if var.ndim == 1 else np.sqrt(np.sum(var * var))
            g_norm = np.linalg.norm(update.ravel(), ord=2)
            with np.errstate(divide="ignore", invalid="ignore"):
                ratio = np.where(w_norm > 0, np.where(g_norm > 0, (w_norm / g_norm), 1.0), 1.0)

        var_update = var - ratio * self.learning_rate * update
        return var_update, m_t, v_t


def lamb(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.01):
    opt = LAMB(learning_rate=lr, beta_1=beta1, beta_2=beta2, epsilon=eps, weight_decay=weight_decay,
               exclude_from_weight_decay=["LayerNorm", "layer_norm", "bias"])
    return opt.apply_dense(grad, param, m, v, t)
