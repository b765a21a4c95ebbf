"""Fixtures for the web tests: one real sandbox pool, a live waitress server, pages in the
session's Chromium (tests/conftest.py), and OpenAPI conformance checks against the served document."""

from __future__ import annotations

import re
import shutil
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from flask import Flask
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator

from mljudge.judge.catalog import Catalog
from mljudge.judge.pools import new_pool
from mljudge.sandbox.pool import Pool
from mljudge.web import create_app

REPO = Path(__file__).resolve().parents[2]
EXERCISES = REPO / "mljudge" / "exercises"
SCREENSHOTS = REPO / "test-artifacts" / "screenshots"
SAVE_SCREENSHOTS = False  # pytest --screenshots (pytest_configure below)
GELU = EXERCISES / "gelu"


def gelu_file(relative: str) -> str:
    return (GELU / relative).read_text(encoding="utf-8")


def pytest_configure(config: pytest.Config) -> None:
    global SAVE_SCREENSHOTS
    SAVE_SCREENSHOTS = bool(config.getoption("--screenshots"))


# --- the sandbox and the app ------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def pool() -> Iterator[Pool]:
    """One real pool (numpy + torch zygotes, one each) for every test that grades: started once, ~3 s."""
    sandbox = new_pool(1)
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


# Chromium logs a CSP violation to its own log, which Playwright's console events never see: the page reports
# each one to the console itself, where the tab fixture catches it.
REPORT_CSP_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (e) => console.error(`CSP violation: ${e.violatedDirective}`
  + ` blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`));
"""
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


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

    def screenshot(self, name: str) -> None:
        """test-artifacts/screenshots/<name>.png, to look at, when pytest runs with --screenshots."""
        if not SAVE_SCREENSHOTS:
            return
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def open_tab(browser: Any, base: str, *, viewport: dict[str, int] | None = None, phone: bool = False,
             init_script: str = "") -> tuple[Any, Tab]:
    """A fresh context and page, watched (see Tab). `phone`: a touch screen without hover, as a phone has."""
    context = browser.new_context(viewport=viewport or {"width": 1400, "height": 1000}, locale="en-US",
                                  is_mobile=phone, has_touch=phone)
    page = context.new_page()
    page.add_init_script(REPORT_CSP_VIOLATIONS + init_script)
    result = Tab(page, base)
    host = urlparse(base).netloc

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
    return context, result


def check_clean(tab: Tab) -> None:
    assert not tab.external, f"requests left the server: {tab.external}"
    assert not tab.problems, "\n".join(tab.problems)


@pytest.fixture
def tab(browser: Any, live_server: LiveServer) -> Iterator[Tab]:
    context, result = open_tab(browser, live_server.url)
    yield result
    context.close()
    check_clean(result)


@pytest.fixture
def new_tab(browser: Any, live_server: LiveServer) -> Iterator[Callable[..., Tab]]:
    """Opens tabs with other viewports (DESKTOP, PHONE) or init scripts: new_tab(viewport=PHONE, phone=True).
    Each is checked like `tab` at the end of the test."""
    opened: list[tuple[Any, Tab]] = []

    def make(**kwargs: Any) -> Tab:
        opened.append(open_tab(browser, live_server.url, **kwargs))
        return opened[-1][1]

    yield make
    for context, _ in opened:
        context.close()
    for _, result in opened:
        check_clean(result)


# --- what a learner does on the pages (shared by the test_browser*.py files) -----------------------------------


def open_exercise(tab: Tab, path: str = "/exercises/gelu") -> None:
    tab.goto(path)
    tab.page.wait_for_selector(".cm-content", state="attached")  # on a phone the editor is in another part
    tab.page.wait_for_function("() => window.mljExercise !== undefined")


def set_code(tab: Tab, code: str) -> None:
    """Bulk text through the editor's API (typing is tested where it matters, with real key events)."""
    tab.page.evaluate("code => window.mljExercise.editor.setDoc(code)", code)


def get_code(tab: Tab) -> str:
    return str(tab.page.evaluate("() => window.mljExercise.editor.getDoc()"))


def runs(tab: Tab) -> int:
    return int(tab.page.evaluate("() => Number(document.getElementById('result').dataset.runs || 0)"))


def wait_for_report(tab: Tab, before: int) -> str:
    tab.page.wait_for_function(f"() => Number(document.getElementById('result').dataset.runs || 0) > {before}",
                               timeout=30_000)
    return tab.page.inner_text("#verdict")


def run(tab: Tab, *, keyboard: bool = False) -> str:
    """Run the code (button or Ctrl+Enter) and wait for the new report; returns the verdict shown."""
    before = runs(tab)
    if keyboard:
        tab.page.locator(".cm-content").press("Control+Enter")
    else:
        tab.page.click("#run")
    return wait_for_report(tab, before)


def case_statuses(tab: Tab) -> list[str]:
    rows = tab.page.eval_on_selector_all("#cases tbody tr[data-status]", "rows => rows.map(r => r.dataset.status)")
    return [str(s) for s in rows]


def shown_hints(tab: Tab) -> list[str]:
    return [str(h) for h in tab.page.eval_on_selector_all("#hints li .hint-label", "ls => ls.map(l => l.textContent)")]


def open_lesson(tab: Tab, path: str = "/lessons/gelu") -> None:
    tab.goto(path)
    tab.page.wait_for_function("() => window.mljLesson !== undefined")


def plot_position(tab: Tab, x: float) -> tuple[float, float]:
    """Page coordinates of data x on the lesson plot (uPlot's own scale), at mid-height."""
    box = tab.page.locator("#lesson-plot .u-over").bounding_box()
    assert box is not None
    left = tab.page.evaluate(f"() => window.mljLesson.plot.plot.valToPos({x}, 'x')")
    return box["x"] + left, box["y"] + box["height"] / 2


def readout(tab: Tab, key: str) -> float:
    return float(tab.page.get_attribute(f'#readout dd[data-key="{key}"]', "data-value") or "nan")


def in_view(tab: Tab, selector: str) -> bool:
    """Whether the element is wholly inside the viewport (bounding boxes are relative to it)."""
    box = tab.page.locator(selector).first.bounding_box()
    size = tab.page.viewport_size
    assert box is not None and size is not None, selector
    return (box["y"] >= -0.5 and box["y"] + box["height"] <= size["height"] + 0.5 and box["x"] >= -0.5
            and box["x"] + box["width"] <= size["width"] + 0.5)


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
