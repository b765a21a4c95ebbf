"""Judges a dropout output by the properties every correct realisation shares (trusted code: runs in the judge).

Called as check(case, expected, got) for each case; `expected` (one realisation from the reference) is not used,
because another random stream gives a different, equally right answer. Determinism in the seed cannot be seen
from one call per case, so it is asked for in the prompt but not checked here.
"""

from __future__ import annotations

import numpy as np

from judge.i18n import Text
from reference.dropout import SIGMAS, explain


def check(case, expected, got):
    x = np.asarray(case.args["x"], dtype=np.float64)
    p = float(case.args["p"])
    training = bool(case.args.get("training", True))
    atol, rtol = case.tolerance.atol, case.tolerance.rtol

    # The judge has already refused anything but the track's kind of array (judge.compare.array_type_problem).
    data = got.data
    if data.dtype.kind not in "biuf":
        return False, Text(en=f"The output has dtype {data.dtype}; return floating-point numbers like x.",
                           ru=f"У результата тип {data.dtype}; верните числа с плавающей точкой, как у x.")
    if data.shape != x.shape:
        return False, Text(en=f"Expected shape {_shape(x.shape)} (the shape of x), got {_shape(data.shape)}.",
                           ru=f"Ожидалась форма {_shape(x.shape)} (форма x), получена {_shape(data.shape)}.")
    g = data.astype(np.float64)

    bad = ~np.isfinite(g)
    if bad.any():
        at = _first(bad)
        if p == 1.0:
            return False, Text(
                en=f"The output holds {_num(g[at])} at index {_index(at)}. With p = 1 every unit is dropped and "
                   "1/(1 − p) divides by zero: return zeros without dividing.",
                ru=f"В результате {_num(g[at])} на позиции {_index(at)}. При p = 1 выключаются все нейроны, "
                   "а 1/(1 − p) — деление на ноль: верните нули, ничего не деля.")
        return False, Text(
            en=f"The output holds {_num(g[at])} at index {_index(at)}: every element must be finite.",
            ru=f"В результате {_num(g[at])} на позиции {_index(at)}: все элементы должны быть конечными.")

    if not training or p == 0.0:
        wrong = ~(np.abs(g - x) < atol + rtol * np.abs(x))
        if wrong.any():
            at = _first(wrong)
            why_en = "When training is False" if not training else "With p = 0"
            why_ru = "Когда training равен False" if not training else "При p = 0"
            return False, Text(
                en=f"{why_en}, dropout must return x unchanged, but {int(wrong.sum())} of {wrong.size} elements "
                   f"differ (at index {_index(at)}: {_num(g[at])} instead of {_num(x[at])}).",
                ru=f"{why_ru}, dropout должен вернуть x без изменений, а различаются {int(wrong.sum())} из "
                   f"{wrong.size} элементов (на позиции {_index(at)}: {_num(g[at])} вместо {_num(x[at])}).")
        return True, ""

    if p == 1.0:
        wrong = ~(np.abs(g) < atol)
        if wrong.any():
            at = _first(wrong)
            return False, Text(
                en=f"With p = 1 every unit is dropped, so the output must be all zeros; at index {_index(at)} it is "
                   f"{_num(g[at])}.",
                ru=f"При p = 1 выключаются все нейроны, так что результат должен состоять из нулей; на позиции "
                   f"{_index(at)} стоит {_num(g[at])}.")
        return True, ""

    scale = 1.0 / (1.0 - p)
    fit = explain(g, x, 1.0 - p, scale, atol, rtol)
    if not fit.values_ok:
        at = _first(fit.unexplained)
        return False, Text(
            en=f"At index {_index(at)} the output is {_num(g[at])}, but each element must be either 0 (dropped) or "
               f"x/(1 − p) = {_num(x[at])}/{_num(1.0 - p)} = {_num(x[at] * scale)} (kept); "
               f"{int(fit.unexplained.sum())} of {g.size} elements are neither.",
            ru=f"На позиции {_index(at)} в результате {_num(g[at])}, а каждый элемент должен быть либо 0 (выключен), "
               f"либо x/(1 − p) = {_num(x[at])}/{_num(1.0 - p)} = {_num(x[at] * scale)} (оставлен); "
               f"не подходят {int(fit.unexplained.sum())} из {g.size} элементов.")
    if not fit.share_ok:
        dropped = fit.decisive - fit.kept
        share = dropped / fit.decisive
        return False, Text(
            en=f"{dropped} of {fit.decisive} units were dropped, a share of {share:.4f}; with p = {_num(p)} it should "
               f"be within ±{fit.band:.4f} of {_num(p)} ({SIGMAS:g} standard deviations). Each unit has to be "
               "dropped with probability p, independently of the others.",
            ru=f"Выключено {dropped} из {fit.decisive} нейронов, доля {share:.4f}; при p = {_num(p)} она должна "
               f"отличаться от {_num(p)} не больше чем на {fit.band:.4f} ({SIGMAS:g} стандартных отклонений). "
               "Каждый нейрон нужно выключать с вероятностью p, независимо от остальных.")
    return True, ""


def _first(mask: np.ndarray) -> tuple[int, ...]:
    return tuple(int(i) for i in np.argwhere(mask)[0])


def _index(index: tuple[int, ...]) -> str:
    return "[" + ", ".join(map(str, index)) + "]"


def _shape(shape: tuple[int, ...]) -> str:
    return "(" + ", ".join(map(str, shape)) + ("," if len(shape) == 1 else "") + ")"


def _num(value: float) -> str:
    return f"{float(value):.6g}"
