# The gradients from a scalar autograd engine of one's own (micrograd style): build the layer out of Values,
# backpropagate sum(y * grad_output) one example at a time, and read the accumulated .grad of each leaf.
import numpy as np


class Value:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), '+')

        def _backward():
            self.grad += out.grad
            other.grad += out.grad
        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), '*')

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward
        return out

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def backward(self):
        # topological order all of the children in the graph
        topo = []
        visited = set()

        def build_topo(v):
            if v not in visited:
                visited.add(v)
                for child in v._prev:
                    build_topo(child)
                topo.append(v)
        build_topo(self)

        # go one variable at a time and apply the chain rule to get its gradient
        self.grad = 1
        for v in reversed(topo):
            v._backward()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"


def linear_backward(x, weight, bias, grad_output):
    n, n_in = x.shape
    n_out = weight.shape[0]
    W = [[Value(float(weight[o, i])) for i in range(n_in)] for o in range(n_out)]
    b = [Value(float(bias[o])) for o in range(n_out)]
    X = [[Value(float(x[r, i])) for i in range(n_in)] for r in range(n)]
    for r in range(n):
        y = [sum((W[o][i] * X[r][i] for i in range(n_in)), b[o]) for o in range(n_out)]
        surrogate = sum(float(grad_output[r, o]) * y[o] for o in range(n_out))
        surrogate.backward()
    grad_x = np.array([[v.grad for v in row] for row in X])
    grad_w = np.array([[v.grad for v in row] for row in W])
    grad_b = np.array([v.grad for v in b])
    return grad_x, grad_w, grad_b
