"""Known wrong versions of the momentum step. The judge recognises a learner's mistake when their outputs match one
of these on every case (trusted code: runs in the judge, never in the sandbox)."""

import numpy as np

from mljudge.sandbox.wire import Array


def changed_in_place(got, expected, case):
    """Predicate: the right arrays came back, yet the case failed. With `pure = true` only one thing fails such a
    case: the function wrote into its inputs (NumPy's `param -= ...`, PyTorch's `param.sub_(...)`)."""
    return (isinstance(got, tuple | list) and len(got) == len(expected)
            and all(isinstance(g, Array) and g.data.shape == e.shape
                    and bool(np.all(np.abs(g.data.astype(np.float64) - e) < case.tolerance.atol))
                    for g, e in zip(got, expected, strict=True)))


def lr_in_velocity(param, grad, velocity, lr=0.01, momentum=0.9):
    # The "Sutskever" form: lr inside the velocity. The same path for a constant lr, a velocity lr times bigger.
    new_velocity = momentum * velocity + lr * grad
    return param - new_velocity, new_velocity


def dampened(param, grad, velocity, lr=0.01, momentum=0.9):
    # An exponential average of the gradients, (1 − momentum)·grad, as in Adam's m.
    new_velocity = momentum * velocity + (1 - momentum) * grad
    return param - lr * new_velocity, new_velocity


def stale_velocity(param, grad, velocity, lr=0.01, momentum=0.9):
    # The step is right, but the velocity handed back is the old one.
    new_velocity = momentum * velocity + grad
    return param - lr * new_velocity, velocity


def old_velocity_step(param, grad, velocity, lr=0.01, momentum=0.9):
    # The parameter moves by the velocity from before this step's gradient arrived.
    return param - lr * velocity, momentum * velocity + grad


def nesterov(param, grad, velocity, lr=0.01, momentum=0.9):
    # PyTorch's nesterov=True: a look-ahead step by grad + momentum·v.
    new_velocity = momentum * velocity + grad
    return param - lr * (grad + momentum * new_velocity), new_velocity


def uphill(param, grad, velocity, lr=0.01, momentum=0.9):
    # The velocity added instead of subtracted: gradient ascent.
    new_velocity = momentum * velocity + grad
    return param + lr * new_velocity, new_velocity


def swapped_outputs(param, grad, velocity, lr=0.01, momentum=0.9):
    new_velocity = momentum * velocity + grad
    return new_velocity, param - lr * new_velocity


def velocity_holds_step(param, grad, velocity, lr=0.01, momentum=0.9):
    # CS231n's form: the velocity is the step itself, v ← μ·v − lr·g, θ ← θ + v. The same path for a constant lr,
    # a velocity −lr times PyTorch's.
    new_velocity = momentum * velocity - lr * grad
    return param + new_velocity, new_velocity
