"""SGD with momentum as optax composes it (chain(trace(decay), scale(-lr))), in NumPy: pure functions over
NamedTuple states, no array is ever written in place."""
from typing import Any, Callable, NamedTuple

import numpy as np


class GradientTransformation(NamedTuple):
    init: Callable[[Any], Any]
    update: Callable[[Any, Any, Any], tuple]


class TraceState(NamedTuple):
    trace: np.ndarray


class EmptyState(NamedTuple):
    pass


def trace(decay: float) -> GradientTransformation:
    def init_fn(params):
        return TraceState(trace=np.zeros_like(params))

    def update_fn(updates, state, params=None):
        del params
        new_trace = updates + decay * state.trace
        return new_trace, TraceState(trace=new_trace)

    return GradientTransformation(init_fn, update_fn)


def scale(step_size: float) -> GradientTransformation:
    def init_fn(params):
        del params
        return EmptyState()

    def update_fn(updates, state, params=None):
        del params
        return step_size * updates, state

    return GradientTransformation(init_fn, update_fn)


def chain(*transforms: GradientTransformation) -> GradientTransformation:
    def init_fn(params):
        return tuple(t.init(params) for t in transforms)

    def update_fn(updates, state, params=None):
        new_state = []
        for s, t in zip(state, transforms):
            updates, s = t.update(updates, s, params)
            new_state.append(s)
        return updates, tuple(new_state)

    return GradientTransformation(init_fn, update_fn)


def apply_updates(params, updates):
    return params + updates


def sgd(learning_rate: float, momentum: float) -> GradientTransformation:
    return chain(trace(decay=momentum), scale(-learning_rate))


def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9):
    opt = sgd(lr, momentum)
    state = (TraceState(trace=velocity), EmptyState())
    updates, (trace_state, _) = opt.update(grad, state, param)
    return apply_updates(param, updates), trace_state.trace
