"""Judges a trained network's predictions by what every correct run shares (trusted code: runs in the judge).

A Checker (mljudge.judge.api): check(case, expected, got, earlier) says why an answer is wrong, or None when it is
right. `expected` (the reference's own run) is not used: a learner's random start gives other numbers, equally
right. What every correct run gives, whatever its start
(reference.xor.assess): one probability per row of x, between 0 and 1; rows with one input predicted alike (a
network's output depends only on its input); each row on its label's side with a margin, ≤ LOW for label 0 and
≥ HIGH for label 1, or within SOFT_BAND of the share of 1s where the copies of an input disagree.
tests/exercises/test_xor_convergence.py shows that a correct network gets there from every start the cases use
and from a population of others, so no learner fails for luck.

The seed is judged across cases (`seed_problem`), as in exercises/dropout: a case that repeats an earlier one's
table and settings with the same seed must get the same predictions, and with another seed other ones.

Messages may quote rows, labels and predictions of hidden cases: the function receives x and y itself, so knowing
them lets no submission skip the training.
"""

from __future__ import annotations

import numpy as np

from mljudge.judge.api import Answer, Array, Case, Earlier, Expected, Text
from mljudge.reference.xor import HIGH, LOW, SOFT_BAND, Assessment, assess

# Two runs with one seed must agree to this (the same arithmetic twice); two seeds must differ by more.
SAME_RUN_ATOL = 1e-9


def check(case: Case, expected: Expected, got: Answer, earlier: Earlier) -> Text | None:
    x = np.asarray(case.args["x"], dtype=np.float64)
    y = np.asarray(case.args["y"], dtype=np.float64)
    n = len(y)
    assert isinstance(got, Array)  # the judge has already refused anything but the track's kind of array
    data = got.data
    if data.dtype.kind not in "biuf":
        return Text(en=f"The predictions have dtype {data.dtype}; return floating-point probabilities.",
                    ru=f"У предсказаний тип {data.dtype}; верните вероятности — числа с плавающей точкой.")
    if data.shape != (n,):
        return _shape_message(data.shape, n)
    p = data.astype(np.float64)
    bad = np.flatnonzero(~np.isfinite(p))
    if bad.size:
        i = int(bad[0])
        return Text(
            en=f"The prediction for row {i} is {p[i]}. Training blew up: check that the gradient is averaged over "
               "the rows (divided by N) and that each step subtracts lr·gradient.",
            ru=f"Предсказание для строки {i} равно {p[i]}. Обучение разошлось: проверьте, что градиент усреднён по "
               "строкам (делится на N) и что каждый шаг вычитает lr·градиент.")
    outside = np.flatnonzero((p < 0.0) | (p > 1.0))
    if outside.size:
        i = int(outside[0])
        return Text(
            en=f"The prediction for row {i} is {_num(p[i])}, which is not a probability. Return σ(z), the "
               "output of the sigmoid, not the logit z.",
            ru=f"Предсказание для строки {i} равно {_num(p[i])} — это не вероятность. Верните σ(z), выход "
               "сигмоиды, а не логит z.")
    verdict = assess(p, x, y)
    if is_rounded(p, verdict):
        return Text(
            en="Every prediction is exactly 0 or 1, the label itself: those are rounded labels (or y). Return the "
               "probabilities σ(z) the trained network gives, without rounding or thresholding them.",
            ru="Все предсказания равны ровно 0 или 1, то есть самой метке: это округлённые метки (или y). Верните "
               "вероятности σ(z), которые даёт обученная сеть, без округления и порога.")
    if verdict.split is not None:
        i, j = verdict.split
        return Text(
            en=f"Rows {i} and {j} hold the same input {_row(x[i])}, yet their predictions differ: {_num(p[i])} and "
               f"{_num(p[j])}. A network's output depends only on its input. Predict every row of x with the "
               "final weights, after the training loop (not the labels, nor anything row by row during training).",
            ru=f"В строках {i} и {j} один и тот же вход {_row(x[i])}, а предсказания разные: {_num(p[i])} и "
               f"{_num(p[j])}. Выход сети зависит только от её входа. Предскажите все строки x финальными весами, "
               "после цикла обучения (не метки и не что-то построчное во время обучения).")
    return _unlearned(p, x, y, verdict) or seed_problem(case, p, earlier)


def is_rounded(p: np.ndarray, verdict: Assessment) -> bool:
    """Every prediction exactly 0 or 1, and each row whose copies agree predicted as its label: labels, not
    probabilities. (A run that went uphill saturates to 0s and 1s too, on the wrong sides: that is judged by the
    margins instead.)"""
    hard = verdict.hard
    return bool(np.all((p == 0.0) | (p == 1.0)) and np.all(p[hard] == verdict.share[hard]))


def _unlearned(p: np.ndarray, x: np.ndarray, y: np.ndarray, verdict: Assessment) -> Text | None:
    wrong = np.flatnonzero(verdict.margin < 0)
    if not wrong.size:
        return None
    i = int(wrong[np.argmin(verdict.margin[wrong])])  # the worst row
    count = f"{wrong.size} of {len(p)}"
    if not verdict.hard[i]:
        share = verdict.share[i]
        return Text(
            en=f"Input {_row(x[i])} appears with labels that disagree (a share {_num(share)} of them are 1), and "
               f"the best any network can predict for it is that share; yours predicts {_num(p[i])}, more than "
               f"{SOFT_BAND:g} away ({count} rows are not learned). Train on the mean cross-entropy over all rows "
               "for all the steps.",
            ru=f"Вход {_row(x[i])} встречается с разными метками (доля единиц {_num(share)}), и лучшее, что может "
               f"предсказать для него любая сеть, — эта доля; ваша предсказывает {_num(p[i])}, дальше чем на "
               f"{SOFT_BAND:g} (не выучено строк: {wrong.size} из {len(p)}). Обучайте на средней перекрёстной "
               "энтропии по всем строкам все шаги.")
    label = int(y[i])
    want_en = f"at most {LOW:g}" if label == 0 else f"at least {HIGH:g}"
    want_ru = f"не больше {LOW:g}" if label == 0 else f"не меньше {HIGH:g}"
    wrong_side = (p[i] > 0.5) if label == 0 else (p[i] < 0.5)
    if abs(p[i] - 0.5) < 0.01:
        why_en = "about 0.5, as if the network had learned nothing about this input"
        why_ru = "около 0.5, будто сеть ничего не узнала об этом входе"
    elif wrong_side:
        why_en = "on the wrong side of 0.5"
        why_ru = "по другую сторону от 0.5"
    else:
        why_en = "on the right side of 0.5 but without the margin: the network is learning too slowly"
        why_ru = "с правильной стороны от 0.5, но без запаса: сеть учится слишком медленно"
    return Text(
        en=f"Row {i}, input {_row(x[i])} with label {label}: the prediction is {_num(p[i])}, {why_en}; after "
           f"training it should be {want_en} ({count} rows are not learned).",
        ru=f"Строка {i}, вход {_row(x[i])} с меткой {label}: предсказание {_num(p[i])}, {why_ru}; после обучения "
           f"оно должно быть {want_ru} (не выучено строк: {wrong.size} из {len(p)}).")


def seed_problem(case: Case, p: np.ndarray, earlier: Earlier) -> Text | None:
    """Why this answer and an earlier one for the same table and settings break "the seed decides the run"."""
    seed = case.args["seed"]
    for other, answer in earlier:
        if not _same_run_but_seed(other, case) or not isinstance(answer, Array) or answer.data.shape != p.shape:
            continue
        identical = bool(np.all(np.abs(answer.data.astype(np.float64) - p) <= SAME_RUN_ATOL))
        other_seed = other.args["seed"]
        if other_seed == seed and not identical:
            return Text(
                en=f"Trained twice on the same table with the same settings and seed = {seed}, your network "
                   "predicted different numbers. Draw the starting weights from a generator seeded with `seed` "
                   "(np.random.default_rng(seed), or torch.Generator().manual_seed(seed) passed to torch.randn), "
                   "so that a run can be repeated.",
                ru=f"При двух обучениях на одной таблице с одинаковыми настройками и seed = {seed} ваша сеть "
                   "предсказала разные числа. Берите начальные веса из генератора, инициализированного `seed` "
                   "(np.random.default_rng(seed) или torch.Generator().manual_seed(seed), переданный в "
                   "torch.randn), чтобы запуск можно было повторить.")
        if other_seed != seed and identical:
            return Text(
                en=f"With seed = {other_seed} and with seed = {seed} your network predicted exactly the same "
                   "numbers: the seed argument is ignored. Seed the generator of the starting weights with it.",
                ru=f"С seed = {other_seed} и с seed = {seed} ваша сеть предсказала в точности одни и те же числа: "
                   "аргумент seed не используется. Инициализируйте им генератор начальных весов.")
    return None


def _same_run_but_seed(a: Case, b: Case) -> bool:
    keys = ("hidden", "steps", "lr")
    return (all(a.args.get(k) == b.args.get(k) for k in keys)
            and np.array_equal(np.asarray(a.args["x"]), np.asarray(b.args["x"]))
            and np.array_equal(np.asarray(a.args["y"]), np.asarray(b.args["y"])))


def _shape_message(shape: tuple[int, ...], n: int) -> Text:
    got = _shape(shape)
    if shape in ((n, 1), (1, n)):
        return Text(en=f"Expected shape ({n},), one probability per row of x, got {got}: drop the extra axis "
                       "(p[:, 0], p.reshape(-1), or squeeze it).",
                    ru=f"Ожидалась форма ({n},) — по вероятности на строку x, — получена {got}: уберите лишнюю "
                       "ось (p[:, 0], p.reshape(-1) или squeeze).")
    return Text(en=f"Expected shape ({n},), one probability per row of x, got {got}.",
         ru=f"Ожидалась форма ({n},) — по вероятности на строку x, — получена {got}.")


def _row(row: np.ndarray) -> str:
    return "(" + ", ".join(f"{v:g}" for v in row) + ")"


def _shape(shape: tuple[int, ...]) -> str:
    return "(" + ", ".join(map(str, shape)) + ("," if len(shape) == 1 else "") + ")"


def _num(value: float) -> str:
    return f"{float(value):.4f}"
