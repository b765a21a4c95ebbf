"""Fixtures shared by every test package (one warm sandbox pool per session, and the GELU exercise), the suite's
command-line options, and its markers, given by what a test uses and where it lives rather than by hand:

- `browser`: drives Chromium (it uses the `browser`, `tab` or `new_tab` fixture);
- `sandbox`: runs code in real jailed children (a pool fixture, or a module of SANDBOX_MODULES);
- `slow`: an exhaustive sweep, a test that starts real services, or one over ~2 s (measured with `pytest
  --durations=0` on 2 CPUs): SLOW_FIXTURES, SLOW, and each table of attacks past its first.

`make test-fast` runs what is neither slow nor browser; `make test` runs everything. Both run in two processes
(pytest-xdist, `--dist loadfile`), so nothing here may depend on running alone: parameters are stable across
processes (no random ids), ports are free ones, files are in tmp_path, and a check of the machine's processes
allows for the other process's.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mljudge.judge.catalog import Catalog
from mljudge.judge.exercise import Exercise
from mljudge.judge.pools import new_pool
from mljudge.sandbox.pool import Pool

BROWSER_FIXTURES = frozenset({"browser", "tab", "new_tab"})
# Fixtures that start zygotes or jailed children (fixtures that use them, such as `client`, count through them).
SANDBOX_FIXTURES = frozenset({"pool", "bare_pool", "secret_pool", "unguarded", "shared_pool", "workers",
                              "every_layer_but_the_vocabulary"})
# Modules whose tests start the sandbox themselves: jailed children forked in the test, pools of their own (batch
# grading too), `judge check` in a fixture, or `judge` subprocesses.
SANDBOX_MODULES = ("tests/sandbox/test_isolation.py", "tests/sandbox/test_by_design.py",
                   "tests/judge/test_general_format.py", "tests/authoring/test_batch.py", "tests/judge/test_cli.py",
                   "tests/judge/test_golden.py", "tests/judge/test_pools.py", "tests/web/test_serve.py",
                   "tests/web/test_load.py",
                   "tests/test_install.py", "tests/client/test_course_server.py")

# Slow by what a test uses: real services (a PostgreSQL cluster, Redis, judge workers: seconds to start and to
# drain), or `judge check` on a copy of GELU (it grades every example).
SLOW_FIXTURES = frozenset({"postgres", "redis_server", "workers", "shared_pool"})
# Slow by node id prefix (a folder, a module, a test with all its parameters).
SLOW = (
    # sweeps: every example submission and model solution of every exercise, the corpus of real code, training
    # from a thousand starts, the dropout checker's statistics, every lesson, the web server under load
    "tests/exercises/test_examples.py",
    "tests/realcode/",
    "tests/exercises/test_xor_convergence.py",
    "tests/exercises/test_dropout_checker.py::test_a_correct_mask_fails_a_case_with_probability_below_the_bound",
    "tests/authoring/test_check.py::test_check_all_on_the_repository_exercises",
    "tests/authoring/test_check.py::test_a_sound_copy_passes_with_all",
    "tests/authoring/test_broken.py::test_check_all_reaches_the_summary",
    "tests/web/test_lesson_logic.py::test_every_lesson_in_the_checkout_validates",
    "tests/web/test_lesson_logic.py::test_every_panel_lesson_validates_and_sends_bounded_data",
    "tests/reference/test_transformer.py::test_lesson_curves_agree_with_an_independent_sample",
    "tests/web/test_load.py",
    # a wheel built, installed into a fresh venv and used as a teacher would: ~90 s (two `judge serve`s, a
    # course checked, doctor)
    "tests/test_install.py",
    "tests/web/test_hostile.py::test_no_route_answers_a_hostile_request_with_a_5xx",
    # `judge` in subprocesses, ~1 s each and more with torch or a limit to wait out (two golden reports keep the
    # CLI in the quick loop), `judge serve` with the HTTP layer's timeouts
    "tests/judge/test_cli.py",
    "tests/web/test_serve.py",
    # a real Jupyter kernel running a notebook, `judge run --server` and `judge history` against a real `judge serve`
    "tests/client/test_course_server.py",
    "tests/web/test_config.py::test_judge_serve_stops_at_once_on_a_malformed_setting",
    "tests/dispatch/test_web_broker.py::test_judge_serve_stops_at_start_in_one_line",
    # over ~2 s: an exercise scaffolded and checked (module setup), batch grading of folders of submissions
    "tests/judge/test_general_format.py",
    "tests/authoring/test_batch.py::test_csv_has_a_row_per_student_and_a_column_per_case",
    "tests/authoring/test_batch.py::test_json_holds_every_report",
    "tests/authoring/test_batch.py::test_symbolic_links_are_skipped_rows_never_read",
    "tests/authoring/test_batch.py::test_a_file_the_judge_cannot_handle_is_a_row",
    "tests/authoring/test_batch.py::test_every_bad_file_is_a_row_of_its_own",
    "tests/authoring/test_batch.py::test_table_and_summary",
    # over ~2 s: fresh pools and zygotes, limits waited out, the web's queue
    "tests/sandbox/test_isolation.py::test_numpy_and_torch_compute_correctly_inside",
    "tests/sandbox/test_isolation.py::test_cpu_burner_is_stopped_by_the_cpu_limit",
    "tests/sandbox/test_by_design.py::test_a_zygote_never_holds_a_submission",
    "tests/sandbox/test_by_design.py::test_a_violation_counts_even_if_the_run_then_never_answers",
    "tests/sandbox/test_by_design.py::test_the_terminal_gets_no_escape_from_a_submission",
    "tests/sandbox/test_by_design.py::test_each_pools_children_run_in_its_own_block",
    "tests/sandbox/test_by_design.py::test_memory_the_address_space_limit_does_not_count_is_refused",
    "tests/judge/test_grade.py::test_time_limit_reports_finished_cases_and_the_one_that_ran_out",
    "tests/sandbox/test_autodiff.py::test_an_exercise_without_the_flag_keeps_autograd",
    "tests/sandbox/attacks/test_jail.py::test_environment_is_not_visible",
    "tests/sandbox/attacks/test_jail.py::test_zygotes_never_hold_the_judges_environment",
    "tests/sandbox/attacks/test_jail.py::test_torch_save_stays_in_the_jail",
    "tests/sandbox/attacks/test_limits.py::test_real_limits_stop_an_infinite_loop",
    "tests/sandbox/attacks/test_limits.py::test_memory_bombs_leave_the_pool_working",
    "tests/sandbox/attacks/test_limits.py::test_flood_during_hidden_cases",
    "tests/sandbox/attacks/test_unguarded.py::test_unguarded_environment",
    "tests/sandbox/attacks/test_unguarded.py::test_unguarded_exits",
    "tests/sandbox/attacks/test_unguarded.py::test_unguarded_ignoring_signals",
    "tests/sandbox/attacks/test_unguarded.py::test_unguarded_sleep",
    "tests/web/test_api.py::test_one_client_waits_its_turn_and_another_is_not_blocked",
)
# Of each table of attacks, the first stays in the quick loop (each table opens with its plainest attack); the
# rest of every table is the exhaustive sweep.
ATTACKS = "tests/sandbox/attacks/"
REPRESENTATIVE_ATTACKS = 1


def pytest_configure(config: pytest.Config) -> None:
    """The record's default home is the per-user data directory (platformdirs, which follows XDG_DATA_HOME), the
    learner tokens' the config directory (XDG_CONFIG_HOME): the suite, and every `judge` it starts, gets its own,
    so that no test writes into the real ones."""
    data_home = tempfile.mkdtemp(prefix="mljudge-test-data-")
    os.environ["XDG_DATA_HOME"] = data_home
    config.add_cleanup(lambda: shutil.rmtree(data_home, ignore_errors=True))
    # Where a notebook or `judge run --server` keeps its learner tokens (client.tokens): never the real one.
    config_home = tempfile.mkdtemp(prefix="mljudge-test-config-")
    os.environ["XDG_CONFIG_HOME"] = config_home
    config.add_cleanup(lambda: shutil.rmtree(config_home, ignore_errors=True))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-goldens", action="store_true",
                     help="rewrite the golden reports in tests/golden/ instead of comparing with them")
    parser.addoption("--screenshots", action="store_true",
                     help="save what the browser tests see as PNGs in test-artifacts/screenshots/ (a full-page "
                          "screenshot costs ~0.3 s in software rendering, ~100 of them a run: off by default)")
    parser.addoption("--rebuild-frontend", action="store_true",
                     help="also rebuild web/static/vendor/ from the npm lockfile and compare (needs the npm "
                          "registry; `make frontend-check`)")


@pytest.hookimpl(tryfirst=True)  # before -m deselects by these markers
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    seen: Counter[str] = Counter()
    for item in items:
        path = item.nodeid.partition("::")[0]
        fixtures = set(getattr(item, "fixturenames", ()))
        if fixtures & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
        if fixtures & SANDBOX_FIXTURES or path in SANDBOX_MODULES:
            item.add_marker(pytest.mark.sandbox)
        slow = item.nodeid.startswith(SLOW) or bool(fixtures & SLOW_FIXTURES)
        if path.startswith(ATTACKS) and hasattr(item, "callspec"):
            function = item.nodeid.partition("[")[0]
            slow = slow or seen[function] >= REPRESENTATIVE_ATTACKS
            seen[function] += 1
        if slow:
            item.add_marker(pytest.mark.slow)
    _check_slow_entries(config, items)


def _check_slow_entries(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A renamed test would silently leave SLOW and join the quick loop: an entry that matches nothing in a module
    that was collected whole is an error."""
    if any("::" in arg for arg in config.args):
        return  # only some tests of a module were asked for
    collected = {item.nodeid.partition("::")[0] for item in items}
    stale = [entry for entry in SLOW if entry.partition("::")[0] in collected
             and not any(item.nodeid.startswith(entry) for item in items)]
    if stale:
        raise pytest.UsageError(f"tests/conftest.py: SLOW names tests that do not exist: {', '.join(stale)}")


@pytest.fixture(scope="session", autouse=True)
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """JUDGE_DATA_DIR for the whole session, apps and `judge` subprocesses alike: the signing keys every web app
    reads or makes (web.signing) and any default SQLite file land in a temporary folder, never in the checkout."""
    folder = tmp_path_factory.mktemp("data")
    before = os.environ.get("JUDGE_DATA_DIR")
    os.environ["JUDGE_DATA_DIR"] = str(folder)
    yield folder
    if before is None:
        os.environ.pop("JUDGE_DATA_DIR", None)
    else:
        os.environ["JUDGE_DATA_DIR"] = before


@pytest.fixture(scope="session")
def pool() -> Iterator[Pool]:
    """Two zygotes per flavour, started on first use and closed when the session ends."""
    sandbox_pool = new_pool(2)
    try:
        yield sandbox_pool
    finally:
        sandbox_pool.close()


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One Chromium for the whole session (plain Playwright for Python, no pytest plugin), here so that every
    package shares it: a second sync_playwright() in the same thread while the first is open fails."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def gelu() -> Exercise:
    return Catalog().get("gelu")
