"""judged(): what a report says, and what it must never say."""

from __future__ import annotations

import numpy as np

from mljudge.judge.exercise import Exercise
from mljudge.sandbox.pool import Pool
from tests.judging import judged

SOLUTION = """
import numpy as np

def gelu(x):
    {body}
    return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))
"""


def run(gelu: Exercise, pool: Pool, body: str = "pass", **kwargs) -> object:
    return judged(gelu, SOLUTION.format(body=body), "numpy", pool=pool, **kwargs)


def test_accepted_report_has_every_case_passed_and_no_hints(gelu: Exercise, pool: Pool) -> None:
    report = run(gelu, pool)
    assert report.verdict == "accepted"
    assert [c.status for c in report.cases] == ["passed"] * 6
    assert report.hints == [] and report.mistakes == []
    assert report.stats["wall_ms"] > 0


def test_output_printed_during_hidden_cases_is_not_shown(gelu: Exercise, pool: Pool) -> None:
    report = run(gelu, pool, body='print("SEEN", x.tolist())')
    assert report.verdict == "accepted"
    assert report.stdout.count("SEEN") == 2  # the two visible cases only
    assert "-20.0" not in report.stdout       # an input of the hidden "large" case
    assert any("hidden cases" in note for note in report.notes)


def test_changing_the_input_in_place_is_pointed_out(gelu: Exercise, pool: Pool) -> None:
    source = "import numpy as np\n\ndef gelu(x):\n    x *= 1.0\n    x += 0.0\n    return 0.5 * x * (1 + np.tanh(" \
             "np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))\n"
    report = judged(gelu, source, "numpy", pool=pool)
    assert report.verdict == "accepted"  # values unchanged, so no note either
    source = source.replace("x *= 1.0", "x[...] = x * 2.0\n    x /= 2.0")
    report = judged(gelu, source, "numpy", pool=pool)
    assert report.verdict == "accepted"
    source = "import numpy as np\n\ndef gelu(x):\n    y = 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * " \
             "(x + 0.044715 * x**3)))\n    x[...] = 0\n    return y\n"
    report = judged(gelu, source, "numpy", pool=pool)
    assert report.verdict == "accepted"
    assert any("in place" in note for note in report.notes)


def test_visible_wrong_case_shows_input_expected_got_and_differing_entries(gelu: Exercise, pool: Pool) -> None:
    source = "import numpy as np\n\ndef gelu(x):\n    return np.where(x > 0, x, 0.0)\n"
    report = judged(gelu, source, "numpy", pool=pool)
    first = report.cases[0]
    assert report.verdict == "wrong_answer"
    assert first.input == {"x": [-1.0, 0.0, 1.0]}
    assert first.got == [0.0, 0.0, 1.0]
    assert first.diff_indices == [0, 2]
    assert first.first_diff_index == [0]



def test_a_wrong_hidden_case_says_so_without_any_number(gelu: Exercise, pool: Pool) -> None:
    # Errors, indices or expected values of a hidden case would let repeated submissions solve for its answers.
    source = "import numpy as np\n\ndef gelu(x):\n    return np.where(x > 0, x, 0.0)\n"
    report = judged(gelu, source, "numpy", pool=pool)
    hidden = [c for c in report.cases if not c.visible]
    assert hidden and any(c.status == "failed" for c in hidden)
    for case in hidden:
        assert case.max_abs_error is None and case.first_diff_index is None and case.expected is None
        assert not any(ch.isdigit() for ch in case.message), case.message
    failed = next(c for c in hidden if c.status == "failed")
    assert "hidden case" in failed.message
    assert report.cases[0].max_abs_error is not None  # visible cases keep their numbers


def test_a_hidden_case_echoes_nothing_the_submission_computed_from_its_inputs(gelu: Exercise, pool: Pool) -> None:
    # The answer's shape, its NaN positions or a made-up attribute name could each carry a hidden input out.
    leaks = {
        "shape": "return np.zeros(int(abs(x.flat[-1]) * 100) + 5000) if x.ndim == 1 and x.size > 3 else GOOD",
        "nan": "return np.where(x > 10, np.nan, GOOD)",
        "attribute": "return getattr(np, '_v' + str(int(abs(x.flat[-1]) * 100))) if x.size > 3 else GOOD",
    }
    for name, line in leaks.items():
        source = ("import numpy as np\n\ndef gelu(x):\n    GOOD = 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * "
                  f"(x + 0.044715 * x**3)))\n    {line}\n")
        report = judged(gelu, source, "numpy", pool=pool)
        assert report.verdict in ("wrong_answer", "forbidden"), (name, report.message)
        texts = [c.message.split("\n")[0] for c in report.cases if not c.visible]  # (line 2 quotes the source)
        assert not any(ch.isdigit() for text in texts for ch in text), (name, texts)
        assert "_v" not in report.message.split("\n")[0], report.message

def test_plot_carries_the_learners_curve_on_the_exercise_grid(gelu: Exercise, pool: Pool) -> None:
    report = run(gelu, pool, plot=True)
    start, _stop, num = gelu.plot_grid
    assert report.plot is not None
    assert len(report.plot["x"]) == len(report.plot["learner"]) == num
    assert report.plot["learner"][0] == round(float(0.5 * start * (1 + np.tanh(np.sqrt(2 / np.pi) *
                                                                             (start + 0.044715 * start**3)))), 6)
    assert report.verdict == "accepted" and report.total == 6  # the plot call is not a case


def test_hints_escalate_after_the_targeted_one(gelu: Exercise, pool: Pool) -> None:
    source = "import numpy as np\n\ndef gelu(x):\n    return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * x))\n"
    report = judged(gelu, source, "numpy", pool=pool, lang="ru")
    assert report.mistakes == ["no-cubic"]
    assert report.hints[1:] == [h.get_in("ru") for h in gelu.hints]


def test_time_limit_reports_finished_cases_and_the_one_that_ran_out(gelu: Exercise, pool: Pool) -> None:
    body = "if x.ndim == 3:\n        while True:\n            pass"
    report = run(gelu, pool, body=body)
    assert report.verdict == "time_limit"  # the run's own ending, whichever case it was in
    # the hidden case it ran out in, and those after it, say failed, no more: not which one was slow
    assert [c.status for c in report.cases] == ["passed", "passed", "failed", "failed", "failed", "failed"]
    report = run(gelu, pool, body="if x.size == 3:\n        while True:\n            pass")
    assert report.verdict == "time_limit" and report.cases[0].status == "timeout"  # a visible one says so


def test_a_syntax_error_gets_no_hints_about_the_maths(gelu: Exercise, pool: Pool) -> None:
    report = judged(gelu, "import numpy as np\n\ndef gelu(x)\n    return x\n", "numpy", pool=pool)
    assert report.verdict == "compile_error" and report.hints == []
    assert report.message.startswith("line 3")


def test_a_two_input_exercise_draws_its_curve_with_the_other_input_fixed(pool: Pool) -> None:
    # gelu_backward(grad_output, x): x sweeps the grid, grad_output = 1 ([plot] fixed), so the curve is the slope;
    # forgetting grad_output is invisible there, using the exact slope is not
    from mljudge.judge.catalog import Catalog
    from mljudge.judge.lessons import reference_curve

    exercise = Catalog().get("gelu-backward")
    reference = np.array(reference_curve(exercise))
    source = (exercise.path / "solutions" / "numpy.py").read_text()
    report = judged(exercise, source, "numpy", pool=pool, plot=True)
    assert report.verdict == "accepted" and report.total == len(exercise.cases)
    assert np.abs(np.array(report.plot["learner"]) - reference).max() < 1e-5
    exact = ("import numpy as np\nfrom math import erf\n\ndef gelu_backward(grad_output, x):\n"
             "    cdf = 0.5 * (1 + np.vectorize(erf)(x / np.sqrt(2)))\n"
             "    return grad_output * (cdf + x * np.exp(-x**2 / 2) / np.sqrt(2 * np.pi))\n")
    report = judged(exercise, exact, "numpy", pool=pool, plot=True)
    assert report.verdict == "wrong_answer"
    assert np.abs(np.array(report.plot["learner"]) - reference).max() > 1e-4


def test_a_half_precision_answer_is_pointed_out(gelu: Exercise, pool: Pool) -> None:
    for track, cast in (("numpy", ".astype(np.float16)"), ("torch", ".to(torch.bfloat16)")):
        lib = "np" if track == "numpy" else "torch"
        source = (f"import numpy as np\nimport {'torch' if track == 'torch' else 'math'}\n\ndef gelu(x):\n"
                  f"    return (0.5 * x * (1 + {lib}.tanh((2 / np.pi) ** 0.5 * (x + 0.044715 * x**3)))){cast}\n")
        report = judged(gelu, source, track, pool=pool)
        assert report.verdict == "wrong_answer", report.message
        assert any("significant digits" in note for note in report.notes), (track, report.notes)
    assert not run(gelu, pool).notes  # float64: nothing to say


def test_the_wrong_exception_type_is_a_wrong_answer_that_names_neither_the_hidden_type(pool: Pool) -> None:
    """positional-encoding's odd-width case (hidden) must raise ValueError; an assert raises AssertionError."""
    from mljudge.judge.catalog import Catalog

    exercise = Catalog().get("positional-encoding")
    source = exercise.track("numpy").solution.replace("raise ValueError(", "raise AssertionError(")
    assert source != exercise.track("numpy").solution
    for lang, words in (("en", "a hidden case shows only whether it passed"),
                        ("ru", "скрытый тест показывает только, пройден ли он")):
        report = judged(exercise, source, "numpy", pool=pool, lang=lang)
        assert report.verdict == "wrong_answer"
        odd = next(c for c in report.cases if c.id == "odd-width")
        assert odd.status == "failed" and words in odd.message
        assert "AssertionError" not in odd.message and "d_model" not in odd.message


def test_the_first_visible_failure_leads_and_a_recognised_mistake_is_marked(gelu: Exercise, pool: Pool) -> None:
    """The report decides what leads and what each hint is: the CLI, the web and the JSON only show it."""
    source = "import numpy as np\n\ndef gelu(x):\n    return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * x))\n"
    report = judged(gelu, source, "numpy", pool=pool)
    first = next(c for c in report.cases if c.visible and c.status != "passed")
    assert report.leads == first.id and first.kind in report.message and first.message in report.message
    assert report.hint_kinds[0] == "mistake" and set(report.hint_kinds[1:]) == {"ladder"}
    assert report.targeted == 1 and report.tone == "bad"


def test_a_hidden_case_that_raises_does_not_make_the_verdict(pool: Pool) -> None:
    """max-pool's off-by-one loop (range(0, H - k, s)): a hidden case raised, a visible one has the wrong shape.
    The headline is the visible wrong shape, not a runtime error the learner cannot see."""
    from mljudge.judge.catalog import Catalog

    exercise = Catalog().get("max-pool")
    source = (
        "import numpy as np\n\n"
        "def max_pool2d(x, kernel_size=2, stride=None):\n"
        "    k = kernel_size\n"
        "    s = k if stride is None else stride\n"
        "    H, W = x.shape[-2:]\n"
        "    rows = []\n"
        "    for i in range(0, H - k, s):\n"
        "        row = [x[..., i:i + k, j:j + k].max(axis=(-2, -1)) for j in range(0, W - k, s)]\n"
        "        rows.append(np.stack(row, axis=-1))\n"
        "    return np.stack(rows, axis=-2)\n")
    report = judged(exercise, source, "numpy", pool=pool)
    assert report.verdict == "wrong_answer", report.message
    assert report.leads is not None and "shape" in report.message


def test_a_hidden_case_that_raises_is_a_wrong_answer_that_says_nothing_the_code_chose(gelu: Exercise,
                                                                                     pool: Pool) -> None:
    """Every visible case passes, a hidden one raises an exception named after its input: the summary says only that
    a hidden case failed (the kind of problem is told on visible rows only), in both languages."""
    source = ("import numpy as np\n\ndef gelu(x):\n    if x.ndim > 1:\n"
              "        raise type('Leak' + str(int(abs(x.flat[0]) * 1000)), (Exception,), {})('shape' + str(x.shape))\n"
              "    return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))\n")
    for lang in ("en", "ru"):
        report = judged(gelu, source, "numpy", pool=pool, lang=lang)
        assert report.verdict == "wrong_answer" and report.leads is None, report.message
        assert "Leak" not in report.message and "shape" not in report.message
        hidden = [c for c in report.cases if not c.visible]
        assert {c.status for c in hidden} == {"passed", "failed"}
        assert all("Leak" not in c.message and c.error_type is None for c in hidden)


def test_a_signature_a_hidden_case_cannot_call_is_said(pool: Pool) -> None:
    """PyTorch's dim= where the exercise says axis=: the source alone says so, no input does, so a hidden row and
    the summary may name the parameter."""
    from mljudge.judge.catalog import Catalog

    exercise = Catalog().get("softmax")
    source = ("import numpy as np\n\ndef softmax(x, temperature=1.0, dim=-1):\n    z = x / temperature\n"
              "    e = np.exp(z - z.max(axis=dim, keepdims=True))\n    return e / e.sum(axis=dim, keepdims=True)\n")
    report = judged(exercise, source, "numpy", pool=pool)
    assert report.verdict == "wrong_answer"
    assert "has no parameter `axis`" in report.message and "softmax(x, temperature=1.0, axis=-1)" in report.message
    rows = [c for c in report.cases if not c.visible and c.status == "failed"]
    assert rows and all("has no parameter `axis`" in c.message for c in rows)
