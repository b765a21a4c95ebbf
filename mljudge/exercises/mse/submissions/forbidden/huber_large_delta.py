# With a delta larger than every error, the Huber loss is ½·MSE: another library loss, refused as well.
import torch.nn.functional as F


def mse(pred, target):
    return 2 * F.huber_loss(pred, target, delta=1e12)
