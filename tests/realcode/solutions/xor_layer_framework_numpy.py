# A tiny layer framework in the style of the popular "neural network from scratch" videos: Layer base class,
# Dense with (out, in) weights on column vectors, Activation holding a function and its derivative as lambdas,
# and a training loop walking the layers in reverse. Full batch, sigmoid output and cross-entropy here.
import numpy as np


class Layer:
    def __init__(self):
        self.input = None
        self.output = None

    def forward(self, input):
        raise NotImplementedError

    def backward(self, output_gradient, learning_rate):
        raise NotImplementedError


class Dense(Layer):
    def __init__(self, input_size, output_size, rng):
        self.weights = rng.normal(0.0, 0.5, (output_size, input_size))
        self.bias = np.zeros((output_size, 1))

    def forward(self, input):
        self.input = input
        return np.dot(self.weights, self.input) + self.bias

    def backward(self, output_gradient, learning_rate):
        weights_gradient = np.dot(output_gradient, self.input.T)
        input_gradient = np.dot(self.weights.T, output_gradient)
        self.weights = self.weights - learning_rate * weights_gradient
        self.bias = self.bias - learning_rate * np.sum(output_gradient, axis=1, keepdims=True)
        return input_gradient


class Activation(Layer):
    def __init__(self, activation, activation_prime):
        self.activation = activation
        self.activation_prime = activation_prime

    def forward(self, input):
        self.input = input
        return self.activation(self.input)

    def backward(self, output_gradient, learning_rate):
        return np.multiply(output_gradient, self.activation_prime(self.input))


class Tanh(Activation):
    def __init__(self):
        tanh = lambda x: np.tanh(x)
        tanh_prime = lambda x: 1 - np.tanh(x) ** 2
        super().__init__(tanh, tanh_prime)


def sigmoid(z):
    return 1 / (1 + np.exp(-z))


def predict(network, input):
    output = input
    for layer in network:
        output = layer.forward(output)
    return output


def train_xor(x, y, hidden=8, steps=500, lr=1.0, seed=0):
    rng = np.random.default_rng(seed)
    network = [Dense(2, hidden, rng), Tanh(), Dense(hidden, 1, rng)]
    X, Y = x.T, y.reshape(1, -1)          # one column per example
    n = X.shape[1]
    for e in range(steps):
        z = predict(network, X)
        grad = (sigmoid(z) - Y) / n       # d(mean cross-entropy)/dz
        for layer in reversed(network):
            grad = layer.backward(grad, lr)
    return sigmoid(predict(network, X)).ravel()
