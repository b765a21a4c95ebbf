"""Fixtures for the web tests: one real sandbox pool, a live waitress server, a Chromium browser (plain
Playwright for Python, no pytest plugin), and OpenAPI conformance checks against the served document."""

from __future__ import annotations

import os
import re
import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from flask import Flask
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator

from judge.catalog import Catalog
from sandbox.pool import Pool
from web import create_app

REPO = Path(__file__).resolve().parents[2]
EXERCISES = REPO / "exercises"
SCREENSHOTS = REPO / "test-artifacts" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
GELU = EXERCISES / "gelu"


def gelu_file(relative: str) -> str:
    return (GELU / relative).read_text(encoding="utf-8")


# --- the sandbox and the app ------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def pool() -> Iterator[Pool]:
    """One real pool (numpy + torch zygotes, one each) for every test that grades: started once, ~3 s."""
    sandbox = Pool(size=1, allow_unconfined=os.environ.get("MLJUDGE_ALLOW_UNCONFINED") == "1")
    sandbox.start()  # from pytest's main thread, which outlives every test (zygotes die with their forking thread)
    yield sandbox
    sandbox.close()


@pytest.fixture(scope="session")
def catalog(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    """The GELU exercise and the course, copied: other exercises in the checkout may be half-written."""
    root = tmp_path_factory.mktemp("exercises")
    shutil.copy(EXERCISES / "course.toml", root / "course.toml")
    shutil.copytree(GELU, root / "gelu")
    return Catalog(root)


def make_app(pool: Pool | Any, catalog: Catalog, **config: Any) -> Flask:
    settings = {"TESTING": True, "RATE_LIMIT": "100000/minute", **config}
    return create_app(settings, pool=pool, catalog=catalog)


@pytest.fixture
def app(pool: Pool, catalog: Catalog) -> Flask:
    return make_app(pool, catalog)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@dataclass
class LiveServer:
    url: str
    app: Flask


@pytest.fixture(scope="session")
def live_server(pool: Pool) -> Iterator[LiveServer]:
    """The app on waitress in a background thread, on a free port, over the real exercises/ folder."""
    import waitress

    app = create_app({"RATE_LIMIT": "100000/minute"}, pool=pool, catalog=Catalog(EXERCISES))
    server = waitress.create_server(app, host="127.0.0.1", port=0, threads=8)
    thread = threading.Thread(target=server.run, name="waitress", daemon=True)
    thread.start()
    yield LiveServer(f"http://127.0.0.1:{server.effective_port}", app)
    server.close()
    thread.join(timeout=5)


# --- the browser ------------------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@dataclass
class Tab:
    """A page in a fresh browser context (its own localStorage and cookies) that records what must not happen:
    requests leaving the server, CSP violations, script errors, dialogs (an alert() would mean injected code)."""

    page: Any
    base: str
    external: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)

    def goto(self, path: str) -> None:
        self.page.goto(self.base + path)

    def screenshot(self, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path


@pytest.fixture
def tab(browser: Any, live_server: LiveServer) -> Iterator[Tab]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-US")
    page = context.new_page()
    result = Tab(page, live_server.url)
    host = urlparse(live_server.url).netloc

    def guard(route: Any) -> None:
        url = route.request.url
        if urlparse(url).netloc == host or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            result.external.append(url)
            route.abort()

    page.route("**/*", guard)

    def console(message: Any) -> None:
        if message.type == "error" or "Content Security Policy" in message.text:
            result.problems.append(f"console {message.type}: {message.text}")

    page.on("console", console)
    page.on("pageerror", lambda error: result.problems.append(f"page error: {error}"))

    def dialog(d: Any) -> None:
        result.dialogs.append(d.message)
        d.dismiss()

    page.on("dialog", dialog)
    yield result
    context.close()
    assert not result.external, f"requests left the server: {result.external}"
    assert not result.problems, "\n".join(result.problems)


# --- OpenAPI ----------------------------------------------------------------------------------------------------


def _match(template: str, path: str) -> bool:
    pattern = re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template))
    return re.fullmatch(pattern, path) is not None


def assert_conforms(openapi: dict[str, Any], method: str, path: str, status: int, body: Any) -> None:
    """`body` (a response of `method path` with `status`) matches the schema the document declares for it."""
    path = urlparse(path).path
    templates = [t for t in openapi["paths"] if _match(t, path)]
    assert templates, f"{path} is not documented"
    operation = openapi["paths"][templates[0]].get(method.lower())
    assert operation, f"{method} {templates[0]} is not documented"
    response = operation["responses"].get(str(status))
    assert response, f"status {status} of {method} {templates[0]} is not documented"
    schema = response["content"]["application/json"]["schema"]
    validator = Draft202012Validator({**schema, "components": openapi["components"]})
    errors = sorted(validator.iter_errors(body), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors[:5])


@pytest.fixture(scope="session")
def openapi(pool: Pool, catalog: Catalog) -> dict[str, Any]:
    document = make_app(pool, catalog).test_client().get("/api/openapi.json").get_json()
    assert isinstance(document, dict)
    return document
