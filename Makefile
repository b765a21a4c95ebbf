# Two commands on a fresh machine (Debian, Python 3.11):
#   make run    set up, then serve the web app on the bundled exercises (http://127.0.0.1:8000)
#   make test   set up (with Chromium, Redis and PostgreSQL for the tests), then lint, type-check, run every test
VENV ?= .venv
PYTHON ?= python3
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup run test browser services bench bench-loops bench-queue load clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

# The record of submissions stays in the checkout (var/, git-ignored) unless JUDGE_DATA_DIR says otherwise;
# an installed `judge serve` keeps it in the per-user data directory.
run: setup
	JUDGE_DATA_DIR="$${JUDGE_DATA_DIR:-var}" $(BIN)/judge serve $(ARGS)

# The browser tests drive Debian's Chromium; install it when missing (needs root, as in CI). On a fresh machine
# unattended upgrades often hold apt's lock: wait for it (up to 10 minutes) instead of failing at once.
APT_GET := apt-get -o DPkg::Lock::Timeout=600
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then $(APT_GET) update -qq && DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -qq chromium; \
	  else echo "chromium is missing: sudo apt-get install -y chromium" >&2; exit 1; fi; }

# The broker's and the store's tests start a real Redis and a throwaway PostgreSQL cluster (tests/services.py):
# Debian's redis-server and postgresql, installed like Chromium. PostgreSQL's programs live in
# /usr/lib/postgresql/<version>/bin, which the tests search.
services:
	@{ command -v redis-server >/dev/null 2>&1 && ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; } || { \
	  if [ "$$(id -u)" = 0 ]; then $(APT_GET) update -qq && DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -qq redis-server postgresql; \
	  else echo "redis-server or postgresql is missing: sudo apt-get install -y redis-server postgresql" >&2; exit 1; fi; }

# Two pytest processes (pytest-xdist), each test file whole in one of them (its module fixtures start once):
# `make test TEST_WORKERS=0` runs it in this one process (pytest -n 0).
TEST_WORKERS ?= 2
test: setup browser services
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/pytest -q -n $(TEST_WORKERS) --dist loadfile

# The quick loop while working: ruff, then every test that is neither slow nor drives the browser (the markers are
# given in tests/conftest.py), in under a minute on two quiet CPUs. Bytecode is cached here even where
# PYTHONDONTWRITEBYTECODE is set: otherwise pytest rewrites the asserts of every test module again on each run.
.PHONY: test-fast frontend-check
test-fast: setup
	$(BIN)/ruff check .
	PYTHONDONTWRITEBYTECODE= $(BIN)/pytest -q -n $(TEST_WORKERS) --dist loadfile -m "not slow and not browser"

# The front-end bundles rebuilt from mljudge/web/frontend/'s lockfile and compared byte for byte with mljudge/web/static/vendor/,
# and axe-core (tests/web/axe/, for the browser tests) fetched again from its lockfile and compared.
# It needs node, npm and the npm registry, so the offline `make test` leaves it out.
frontend-check: setup
	$(BIN)/pytest -q tests/web/test_frontend_bundle.py --rebuild-frontend

bench: setup
	$(BIN)/python bench/latency.py

# What the rules cost a loop of scalar operations: the same function in a plain process and in the sandbox.
bench-loops: setup
	$(BIN)/python bench/loops.py $(ARGS)

# In-process grading against the queued path (Redis + judge workers) on this machine: overhead and throughput.
bench-queue: setup services
	$(BIN)/python bench/broker.py $(ARGS)

# The web server under a mixed and hostile load: its own `judge serve` on a free port, stopped with SIGTERM.
# Against a running one: make load URL=http://127.0.0.1:8000 (it must trust 127.0.0.1 as a proxy); options: ARGS=.
load: setup
	$(BIN)/python bench/load.py $(if $(URL),$(URL),--start) $(ARGS)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache test-artifacts
