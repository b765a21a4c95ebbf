import torch


def softmax(X):
    X_exp = torch.exp(X)
    partition = X_exp.sum(1, keepdim=True)
    return X_exp / partition  # The broadcasting mechanism is applied here


def cross_entropy_d2l(y_hat, y):
    return - torch.log(y_hat[range(len(y_hat)), y])


def cross_entropy(logits, targets):
    return cross_entropy_d2l(softmax(logits), targets).mean()
