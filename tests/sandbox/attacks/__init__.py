"""Hostile submissions, graded end to end through `grade()` with a real pool: policy, tripwire and OS jail.

Each test states what the attack tries (one line), asserts the verdict, and asserts that the attack achieved
nothing: no file appeared on the host, no secret or expected value reached the report, no process was left
behind, the judge and its pool still grade the model solution afterwards. Verdicts are never `accepted` and
never `internal_error`.

One file per layer an attack goes for: test_policy.py (the language: imports, builtins, forks, exits, sources
that break the parser), test_guards.py (the tripwire: frames, gc, formatting, patching), test_answers.py (what
crosses back: lying answers, hidden cases), test_jail.py (files, environment, network), test_limits.py (time,
memory, output, recursion), and test_unguarded.py, which switches the language policy off (the submission is
compiled as plain Python, so attribute guards vanish and `().__class__.__base__.__subclasses__()` reaches `os`):
what remains is the OS jail alone, and the same attacks must still achieve nothing. That is the layer the design
calls the real boundary. Shared helpers are in common.py, fixtures in conftest.py.

Decision on hidden cases (see judge/grade.py): what the code prints during a hidden case is never shown, and a
hidden case's exception shows its type and the learner's own line, never its message.
"""
