"""Judges a dropout output by the properties every correct realisation shares (trusted code: runs in the judge).

A Checker (mljudge.judge.api): check(case, expected, got, earlier) says why an answer is wrong, or None when it is
right. `expected` (one realisation from the reference) is not used, because another random stream gives a
different, equally right answer. `earlier` holds the cases before this one with the answers they got in the same
run.

On large inputs the mask must also look random: `spread_problem` holds the dropped units' positions to what
independent coin flips give (the share in each half along every axis, and how often neighbours are dropped or
kept together), so a fixed pattern such as "the first p·n units" or "every fifth unit" fails. The tests are exact
binomial tests with a Bonferroni split, so a correct random mask fails a case with probability below
FALSE_FAILURE = 1e-9.

The seed is judged across cases (`seed_problem`): a case that repeats an earlier case's x, p and seed must get the
very same mask, and one that changes only the seed must get another. So unseeded randomness, and a fixed seed that
ignores the argument, both fail.
"""

from __future__ import annotations

import math

import numpy as np

from mljudge.judge.api import Answer, Array, Case, Earlier, Expected, Text
from mljudge.reference.dropout import SIGMAS, STAT_MIN_SIZE, explain

# The chance that a correct random mask fails the spread tests of one case, at most (a union bound over its tests).
FALSE_FAILURE = 1e-9
_FALSE_FAILURE_TEXT = "10⁻⁹"  # FALSE_FAILURE as the messages print it


def check(case: Case, expected: Expected, got: Answer, earlier: Earlier) -> Text | None:
    x = np.asarray(case.args["x"], dtype=np.float64)
    p = float(case.args["p"])
    training = bool(case.args.get("training", True))
    atol, rtol = case.tolerance.atol, case.tolerance.rtol

    # The judge has already refused anything but the track's kind of array (judge.compare.array_type_problem).
    assert isinstance(got, Array)
    data = got.data
    if data.dtype.kind not in "biuf":
        return Text(en=f"The output has dtype {data.dtype}; return floating-point numbers like x.",
                    ru=f"У результата тип {data.dtype}; верните числа с плавающей точкой, как у x.")
    if data.shape != x.shape:
        return Text(en=f"Expected shape {_shape(x.shape)} (the shape of x), got {_shape(data.shape)}.",
                    ru=f"Ожидалась форма {_shape(x.shape)} (форма x), получена {_shape(data.shape)}.")
    g = data.astype(np.float64)

    bad = ~np.isfinite(g)
    if bad.any():
        at = _first(bad)
        if p == 1.0:
            return Text(
                en=f"The output holds {_num(g[at])} at index {_index(at)}. With p = 1 every unit is dropped and "
                   "1/(1 − p) divides by zero: return zeros without dividing.",
                ru=f"В результате {_num(g[at])} на позиции {_index(at)}. При p = 1 выключаются все нейроны, "
                   "а 1/(1 − p) — деление на ноль: верните нули, ничего не деля.")
        return Text(
            en=f"The output holds {_num(g[at])} at index {_index(at)}: every element must be finite.",
            ru=f"В результате {_num(g[at])} на позиции {_index(at)}: все элементы должны быть конечными.")

    if not training or p == 0.0:
        wrong = ~(np.abs(g - x) < atol + rtol * np.abs(x))
        if wrong.any():
            at = _first(wrong)
            why_en = "When training is False" if not training else "With p = 0"
            why_ru = "Когда training равен False" if not training else "При p = 0"
            return Text(
                en=f"{why_en}, dropout must return x unchanged, but {int(wrong.sum())} of {wrong.size} elements "
                   f"differ (at index {_index(at)}: {_num(g[at])} instead of {_num(x[at])}).",
                ru=f"{why_ru}, dropout должен вернуть x без изменений, а различаются {int(wrong.sum())} из "
                   f"{wrong.size} элементов (на позиции {_index(at)}: {_num(g[at])} вместо {_num(x[at])}).")
        return None

    if p == 1.0:
        wrong = ~(np.abs(g) < atol)
        if wrong.any():
            at = _first(wrong)
            return Text(
                en=f"With p = 1 every unit is dropped, so the output must be all zeros; at index {_index(at)} it is "
                   f"{_num(g[at])}.",
                ru=f"При p = 1 выключаются все нейроны, так что результат должен состоять из нулей; на позиции "
                   f"{_index(at)} стоит {_num(g[at])}.")
        return None

    scale = 1.0 / (1.0 - p)
    fit = explain(g, x, 1.0 - p, scale, atol, rtol)
    if not fit.values_ok:
        at = _first(fit.unexplained)
        return Text(
            en=f"At index {_index(at)} the output is {_num(g[at])}, but each element must be either 0 (dropped) or "
               f"x/(1 − p) = {_num(x[at])}/{_num(1.0 - p)} = {_num(x[at] * scale)} (kept); "
               f"{int(fit.unexplained.sum())} of {g.size} elements are neither.",
            ru=f"На позиции {_index(at)} в результате {_num(g[at])}, а каждый элемент должен быть либо 0 (выключен), "
               f"либо x/(1 − p) = {_num(x[at])}/{_num(1.0 - p)} = {_num(x[at] * scale)} (оставлен); "
               f"не подходят {int(fit.unexplained.sum())} из {g.size} элементов.")
    if not fit.share_ok:
        dropped = fit.decisive - fit.kept
        share = dropped / fit.decisive
        return Text(
            en=f"{dropped} of {fit.decisive} units were dropped, a share of {share:.4f}; with p = {_num(p)} it should "
               f"be within ±{fit.band:.4f} of {_num(p)} ({SIGMAS:g} standard deviations). Each unit has to be "
               "dropped with probability p, independently of the others.",
            ru=f"Выключено {dropped} из {fit.decisive} нейронов, доля {share:.4f}; при p = {_num(p)} она должна "
               f"отличаться от {_num(p)} не больше чем на {fit.band:.4f} ({SIGMAS:g} стандартных отклонений). "
               "Каждый нейрон нужно выключать с вероятностью p, независимо от остальных.")
    return spread_problem(g, x, p, atol, rtol) or seed_problem(case, g, earlier)


def seed_problem(case: Case, g: np.ndarray, earlier: Earlier) -> Text | None:
    """Why this answer and an earlier one, for the same x and p, break "the seed decides the mask", or None."""
    seed = case.args.get("seed", 0)
    for other, answer in earlier:
        same_input = (other.args.get("p") == case.args["p"] and other.args.get("training", True)
                      and np.array_equal(np.asarray(other.args["x"]), np.asarray(case.args["x"])))
        if not same_input or not isinstance(answer, Array) or answer.data.shape != g.shape:
            continue
        identical = np.array_equal(answer.data.astype(np.float64), g)
        other_seed = other.args.get("seed", 0)
        if other_seed == seed and not identical:
            return Text(
                en=f"Called twice with the same x, p and seed = {seed}, your dropout dropped different units. The "
                   "mask must come from a generator seeded with `seed` (np.random.default_rng(seed), or a "
                   "torch.Generator with manual_seed(seed)), so that the same seed gives the same mask.",
                ru=f"При двух вызовах с одними и теми же x, p и seed = {seed} ваш dropout выключил разные нейроны. "
                   "Маска должна получаться из генератора, инициализированного `seed` (np.random.default_rng(seed) "
                   "или torch.Generator с manual_seed(seed)), чтобы один и тот же seed давал одну и ту же маску.")
        if other_seed != seed and identical:
            return Text(
                en=f"With seed = {other_seed} and with seed = {seed} your dropout dropped exactly the same units: "
                   "the seed argument is ignored. Seed the generator with it, so that another seed gives another "
                   "mask.",
                ru=f"С seed = {other_seed} и с seed = {seed} ваш dropout выключил одни и те же нейроны: аргумент "
                   "seed не используется. Инициализируйте им генератор, чтобы другой seed давал другую маску.")
    return None


# --- is the mask random? -------------------------------------------------------------------------------------


def spread_problem(g: np.ndarray, x: np.ndarray, p: float, atol: float, rtol: float = 0.0) -> Text | None:
    """Why the dropped units of an output that is otherwise right (every element 0 or x/(1 − p), the share ≈ p)
    do not fall where independent coin flips would put them, or None.

    Only on inputs where at least STAT_MIN_SIZE units decide it (the large cases). Along every axis of length ≥ 2:
    the share kept in the first and in the second half of that axis (catches "the first p·n units" and other
    blocks), and, over disjoint neighbouring pairs (0, 1), (2, 3), … along that axis, how many pairs are both
    dropped and how many both kept (catches stripes and "every k-th unit", and a mask repeated along an axis).
    Under a correct mask each count is binomial; a test fails when either tail is below FALSE_FAILURE/(2·tests),
    so by the union bound a correct mask fails a case with probability < FALSE_FAILURE.
    """
    if not 0.0 < p < 1.0:
        return None
    q = 1.0 - p
    with np.errstate(all="ignore"):
        target = x / q
        decisive = ~(np.abs(target) < 2.0 * atol) & ~np.isnan(target)
    if int(decisive.sum()) < STAT_MIN_SIZE:
        return None
    kept = decisive & ~(np.abs(g) < atol)  # the values were checked already: a decisive unit is x/(1 − p) or 0
    axes = [a for a in range(x.ndim) if x.shape[a] >= 2]
    alpha = FALSE_FAILURE / (4 * len(axes)) if axes else FALSE_FAILURE  # 4 tests per axis, two-sided each
    for axis in axes:
        half = x.shape[axis] // 2
        for lo, hi in ((0, half), (half, x.shape[axis])):
            part = tuple(slice(lo, hi) if a == axis else slice(None) for a in range(x.ndim))
            n, k = int(decisive[part].sum()), int(kept[part].sum())
            if n and _improbable(k, n, q, alpha):
                return _uneven_message(axis, x.ndim, (lo, hi), n - k, n, p)
    for axis in axes:
        pairs = x.shape[axis] // 2
        first = tuple(slice(0, 2 * pairs, 2) if a == axis else slice(None) for a in range(x.ndim))
        second = tuple(slice(1, 2 * pairs, 2) if a == axis else slice(None) for a in range(x.ndim))
        both = decisive[first] & decisive[second]
        n = int(both.sum())
        if not n:
            continue
        both_dropped = int((both & ~kept[first] & ~kept[second]).sum())
        both_kept = int((both & kept[first] & kept[second]).sum())
        if _improbable(both_dropped, n, p * p, alpha) or _improbable(both_kept, n, q * q, alpha):
            return _pairs_message(axis, x.ndim, n, both_dropped, both_kept, p)
    return None


def _improbable(k: int, n: int, prob: float, alpha: float) -> bool:
    """Whether k successes in n trials of probability `prob` are in a tail of probability below alpha/2
    (exact binomial tails, in logs: they are far below the smallest float for the patterns this catches)."""
    ks = np.arange(n + 1, dtype=np.float64)
    log_choose = np.concatenate(([0.0], np.cumsum(np.log((n - ks[1:] + 1.0) / ks[1:]))))
    log_pmf = log_choose + ks * math.log(prob) + (n - ks) * math.log1p(-prob)
    limit = math.log(alpha / 2.0)
    return bool(_logsumexp(log_pmf[: k + 1]) < limit or _logsumexp(log_pmf[k:]) < limit)


def _logsumexp(values: np.ndarray) -> float:
    top = float(values.max())
    return top + math.log(float(np.exp(values - top).sum()))


def _where(axis: int, ndim: int, lo: int, hi: int) -> tuple[str, str]:
    span = f"{lo}–{hi - 1}" if hi - lo > 1 else f"{lo}"
    if ndim == 1:
        return f"elements {span}", f"элементах {span}"
    return f"indices {span} along axis {axis}", f"индексах {span} по оси {axis}"


def _uneven_message(axis: int, ndim: int, span: tuple[int, int], dropped: int, n: int, p: float) -> Text:
    where_en, where_ru = _where(axis, ndim, *span)
    return Text(
        en=f"The dropped units are not spread at random: in {where_en}, {dropped} of {n} units are dropped, a share "
           f"of {dropped / n:.4f}, far from p = {_num(p)} (a random mask is this uneven with probability below "
           f"{_FALSE_FAILURE_TEXT}). The share overall is right, so the mask follows a fixed pattern, such as "
           "switching off the first p·n units. Decide every unit by its own random draw (rand ≥ p keeps it), "
           "from a generator seeded with `seed`.",
        ru=f"Выключенные нейроны распределены не случайно: в {where_ru} выключено {dropped} из {n}, доля "
           f"{dropped / n:.4f} — далеко от p = {_num(p)} (у случайной маски такой перекос бывает с вероятностью "
           f"меньше {_FALSE_FAILURE_TEXT}). Общая доля верная, значит, маска следует фиксированному шаблону — "
           "например, выключены первые p·n нейронов. Решайте судьбу каждого нейрона отдельным случайным числом "
           "(rand ≥ p — нейрон остаётся) из генератора, инициализированного `seed`.")


def _pairs_message(axis: int, ndim: int, n: int, both_dropped: int, both_kept: int, p: float) -> Text:
    q = 1.0 - p
    along_en = "elements" if ndim == 1 else f"indices along axis {axis}:"
    along_ru = "элементы" if ndim == 1 else f"индексы по оси {axis}:"
    return Text(
        en=f"The dropped units follow a regular pattern: of {n} pairs of neighbours ({along_en} 0 and 1, "
           f"2 and 3, …), {both_dropped} have both units dropped and {both_kept} both kept, where independent "
           f"random drops give about {n * p * p:.0f} (p² of them) and {n * q * q:.0f} ((1 − p)²). A correct "
           f"mask is this regular with probability below {_FALSE_FAILURE_TEXT}: it looks like every k-th unit, a "
           "stripe, or one mask repeated along an axis. Draw a separate random number for every unit, for the "
           "whole shape of x, from a generator seeded with `seed`.",
        ru=f"Выключенные нейроны следуют регулярному шаблону: из {n} пар соседей ({along_ru} 0 и 1, 2 и 3, …) "
           f"у {both_dropped} выключены оба нейрона, а у {both_kept} оба оставлены, тогда как при независимых "
           f"случайных выключениях их было бы около {n * p * p:.0f} (доля p²) и {n * q * q:.0f} (доля (1 − p)²). "
           f"У правильной маски такая регулярность бывает с вероятностью меньше {_FALSE_FAILURE_TEXT}: похоже на "
           "каждый k-й нейрон, полосы или одну маску, повторённую вдоль оси. Берите отдельное случайное число для "
           "каждого нейрона, на всю форму x, из генератора, инициализированного `seed`.")


def _first(mask: np.ndarray) -> tuple[int, ...]:
    return tuple(int(i) for i in np.argwhere(mask)[0])


def _index(index: tuple[int, ...]) -> str:
    return "[" + ", ".join(map(str, index)) + "]"


def _shape(shape: tuple[int, ...]) -> str:
    return "(" + ", ".join(map(str, shape)) + ("," if len(shape) == 1 else "") + ")"


def _num(value: float) -> str:
    return f"{float(value):.6g}"
