"""Known wrong versions of the momentum step. The judge recognises a learner's mistake when their outputs match one
of these on every case (trusted code: runs in the judge, never in the sandbox)."""

from mljudge.reference.arrays import Floats


def lr_in_velocity(param: Floats, grad: Floats, velocity: Floats, lr: float = 0.01,
                   momentum: float = 0.9) -> tuple[Floats, Floats]:
    # The "Sutskever" form: lr inside the velocity. The same path for a constant lr, a velocity lr times bigger.
    new_velocity = momentum * velocity + lr * grad
    return param - new_velocity, new_velocity


def dampened(param: Floats, grad: Floats, velocity: Floats, lr: float = 0.01,
             momentum: float = 0.9) -> tuple[Floats, Floats]:
    # An exponential average of the gradients, (1 − momentum)·grad, as in Adam's m.
    new_velocity = momentum * velocity + (1 - momentum) * grad
    return param - lr * new_velocity, new_velocity


def stale_velocity(param: Floats, grad: Floats, velocity: Floats, lr: float = 0.01,
                   momentum: float = 0.9) -> tuple[Floats, Floats]:
    # The step is right, but the velocity handed back is the old one.
    new_velocity = momentum * velocity + grad
    return param - lr * new_velocity, velocity


def old_velocity_step(param: Floats, grad: Floats, velocity: Floats, lr: float = 0.01,
                      momentum: float = 0.9) -> tuple[Floats, Floats]:
    # The parameter moves by the velocity from before this step's gradient arrived.
    return param - lr * velocity, momentum * velocity + grad


def nesterov(param: Floats, grad: Floats, velocity: Floats, lr: float = 0.01,
             momentum: float = 0.9) -> tuple[Floats, Floats]:
    # PyTorch's nesterov=True: a look-ahead step by grad + momentum·v.
    new_velocity = momentum * velocity + grad
    return param - lr * (grad + momentum * new_velocity), new_velocity


def uphill(param: Floats, grad: Floats, velocity: Floats, lr: float = 0.01,
           momentum: float = 0.9) -> tuple[Floats, Floats]:
    # The velocity added instead of subtracted: gradient ascent.
    new_velocity = momentum * velocity + grad
    return param + lr * new_velocity, new_velocity


def swapped_outputs(param: Floats, grad: Floats, velocity: Floats, lr: float = 0.01,
                    momentum: float = 0.9) -> tuple[Floats, Floats]:
    new_velocity = momentum * velocity + grad
    return new_velocity, param - lr * new_velocity


def velocity_holds_step(param: Floats, grad: Floats, velocity: Floats, lr: float = 0.01,
                        momentum: float = 0.9) -> tuple[Floats, Floats]:
    # CS231n's form: the velocity is the step itself, v ← μ·v − lr·g, θ ← θ + v. The same path for a constant lr,
    # a velocity −lr times PyTorch's.
    new_velocity = momentum * velocity - lr * grad
    return param + new_velocity, new_velocity
