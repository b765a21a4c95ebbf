import numpy as np


def getPositionEncoding(seq_len, d, n=10000):
    P = np.zeros((seq_len, d))
    for k in range(seq_len):
        for i in np.arange(int(d/2)):
            denominator = np.power(n, 2*i/d)
            P[k, 2*i] = np.sin(k/denominator)
            P[k, 2*i+1] = np.cos(k/denominator)
    return P


def positional_encoding(length, d_model, base=10000.0):
    if d_model % 2 == 1:
        raise ValueError("d_model must be even: sin and cos come in pairs")
    return getPositionEncoding(seq_len=length, d=d_model, n=base)


if __name__ == "__main__":
    import matplotlib.pyplot as plt

    P = getPositionEncoding(seq_len=100, d=512, n=10000)
    cax = plt.matshow(P)
    plt.gcf().colorbar(cax)
    plt.show()
