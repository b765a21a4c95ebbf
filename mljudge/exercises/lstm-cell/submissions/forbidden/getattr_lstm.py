# A built-up name does not hide the function: the tripwire compares the object itself.
import torch


def lstm_cell(x, h, c, w_ih, w_hh, b_ih, b_hh):
    cell = getattr(torch, "lstm" + "_cell")
    return cell(x, (h, c), w_ih, w_hh, b_ih, b_hh)
