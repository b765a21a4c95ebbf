"""The server-rendered pages with Flask's test client: strict headers, no inline script, nothing external,
both languages, escaping, and the lesson's answers kept off the page."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from mljudge.judge.catalog import Catalog
from mljudge.judge.i18n import keys, t
from mljudge.sandbox import NAMES as TRACK_NAMES
from mljudge.web.markdown import render_markdown

from .urls import external_urls

WEB = Path(__file__).resolve().parents[2] / "mljudge" / "web"
PAGES = ["/", "/exercises/gelu", "/lessons/gelu"]


class Tags(HTMLParser):
    """Every start tag with its attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def tags(html: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = Tags()
    parser.feed(html)
    return parser.tags


@pytest.mark.parametrize("path", PAGES)
def test_pages_send_strict_security_headers(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    headers = response.headers
    csp = headers["Content-Security-Policy"]
    assert "script-src 'self';" in csp and "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert "frame-ancestors 'none'" in csp and "object-src 'none'" in csp
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "no-referrer"
    # the style nonce is fresh per response and is the one handed to the page's scripts
    nonce = re.search(r"'nonce-([^']+)'", csp).group(1)  # type: ignore[union-attr]
    assert f'data-style-nonce="{nonce}"' in response.get_data(as_text=True)
    assert nonce not in client.get(path).headers["Content-Security-Policy"]


@pytest.mark.parametrize("path", PAGES)
def test_no_inline_script_or_style(client: FlaskClient, path: str) -> None:
    for tag, attrs in tags(client.get(path).get_data(as_text=True)):
        if tag == "script":
            assert attrs.get("src") or attrs.get("type") == "application/json", attrs
        assert "style" not in attrs, (tag, attrs)  # style="" would be blocked by the CSP
        assert not any(name.startswith("on") for name in attrs), (tag, attrs)


def test_nothing_served_refers_to_another_host(client: FlaskClient) -> None:
    """Every page, and every script and stylesheet the app serves, is free of http(s) URLs (offline classrooms)."""
    seen: dict[str, str] = {}
    for path in [*PAGES, "/exercises/nope", "/exercises/gelu?lang=ru", "/lessons/gelu?lang=ru"]:
        html = client.get(path).get_data(as_text=True)
        seen[path] = html
        for tag, attrs in tags(html):
            ref = attrs.get("src") if tag == "script" else attrs.get("href") if tag == "link" else None
            if ref:
                assert ref.startswith("/"), f"{path} loads {ref}"
                seen[ref] = client.get(ref).get_data(as_text=True)
    # module imports (./common.js ...) are not in the HTML: fetch every file of static/ too
    for file in sorted((WEB / "static").rglob("*")):
        if file.suffix in (".js", ".css", ".svg"):
            url = "/static/" + file.relative_to(WEB / "static").as_posix()
            response = client.get(url)
            assert response.status_code == 200, url
            seen[url] = response.get_data(as_text=True)
    offenders = {url: sorted(external_urls(text)) for url, text in seen.items() if external_urls(text)}
    assert not offenders
    assert any(url.startswith("/static/vendor/editor.js") for url in seen)


def test_versioned_assets_are_cached_for_good(client: FlaskClient) -> None:
    html = client.get("/exercises/gelu").get_data(as_text=True)
    src = re.search(r'src="(/static/js/exercise\.js\?v=[0-9a-f]+)"', html).group(1)  # type: ignore[union-attr]
    response = client.get(src)
    assert "immutable" in response.headers["Cache-Control"]
    assert response.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize(("kwargs", "lang"), [
    ({"query_string": {"lang": "ru"}}, "ru"),
    ({"headers": {"Accept-Language": "ru-RU,ru;q=0.9"}}, "ru"),
    ({"headers": {"Accept-Language": "de-DE,en;q=0.5"}}, "en"),
    ({"query_string": {"lang": "xx"}, "headers": {"Accept-Language": "ru"}}, "ru"),
    ({}, "en"),
])
def test_language_from_query_or_accept_language(client: FlaskClient, kwargs: dict[str, Any], lang: str) -> None:
    response = client.get("/exercises/gelu", **kwargs)
    html = response.get_data(as_text=True)
    assert f'<html lang="{lang}">' in html
    assert response.headers["Content-Language"] == lang
    assert t("web.run", lang) in html
    assert ("Предыстория" in html) == (lang == "ru")


def test_an_explicit_choice_is_remembered(client: FlaskClient) -> None:
    response = client.get("/?lang=ru")
    assert "lang=ru" in response.headers["Set-Cookie"]
    # later visits without ?lang= stay in Russian, even with an English browser
    html = client.get("/lessons/gelu", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<html lang="ru">' in html and "GELU: провал ниже нуля" in html
    # the switch links back to the same page in the other language
    assert 'href="/lessons/gelu?lang=en"' in html


def test_an_unknown_language_falls_back_and_keeps_the_switch_right(client: FlaskClient) -> None:
    """Pages (unlike the API) answer ?lang=de anyway, in the language the visitor would otherwise get, with
    that language marked current in the switch, links to the others, and nothing remembered."""
    response = client.get("/lessons/gelu?lang=de")
    html = response.get_data(as_text=True)
    # (the learner cookie is set on a first visit: web.submissions; no language is remembered)
    assert '<html lang="en">' in html and not any(c.startswith("lang=") for c in response.headers.getlist("Set-Cookie"))
    assert re.search(r'<span class="lang-current" lang="en" aria-current="true">English</span>', html)
    assert 'href="/lessons/gelu?lang=ru"' in html and 'href="/lessons/gelu?lang=de"' not in html
    client.get("/?lang=ru")  # an earlier, explicit choice is kept over the unknown one
    response = client.get("/lessons/gelu?lang=de")
    html = response.get_data(as_text=True)
    assert '<html lang="ru">' in html and "Set-Cookie" not in response.headers
    assert 'lang="ru" aria-current="true"' in html and 'href="/lessons/gelu?lang=en"' in html
    # a supported language spelt differently is still an explicit choice, and is remembered as such
    assert "lang=en" in client.get("/?lang=EN").headers["Set-Cookie"]


def test_catalogue_groups_by_module_with_intros(client: FlaskClient, catalog: Catalog) -> None:
    html = client.get("/?lang=ru").get_data(as_text=True)
    modules = catalog.modules()
    # each module's heading (its title alone would also match inside another module's intro or a summary)
    positions = [html.index(f'id="module-{m.number}"') for m in modules]
    assert positions == sorted(positions)
    for m in modules:
        heading = html[positions[modules.index(m)]:].split("</h2>", 1)[0]
        assert m.title["ru"] in heading
    bends = next(m for m in modules if m.id == "bends")
    assert bends.intro["ru"] in html
    assert 'data-slug="gelu"' in html and 'href="/lessons/gelu"' in html
    assert t("web.state.not_started", "ru") in html


def test_exercise_page_renders_the_prompt(client: FlaskClient) -> None:
    html = client.get("/exercises/gelu").get_data(as_text=True)
    assert "<h2>Background</h2>" in html and "<table>" in html
    assert "GELU(x) = x · P(Z ≤ x) = x·Φ(x)" in html  # the formula block, verbatim
    assert "raise NotImplementedError" in html  # the starter, in the no-JS fallback textarea
    assert 'name="track" value="torch"' in html


def test_lesson_page_keeps_answers_on_the_server(client: FlaskClient) -> None:
    html = client.get("/lessons/gelu").get_data(as_text=True)
    assert "<h1>GELU: a dip below zero</h1>" in html
    assert 'data-task="lowest-point"' in html and 'name="x"' in html
    for secret in ("0.7518", "0.7525", "0.0040497", "0.0036374", "tolerance", "Right: the minimum"):
        assert secret not in html


def test_unknown_pages_are_friendly_404s(client: FlaskClient) -> None:
    for path in ("/exercises/nope", "/lessons/nope", "/nothing-here"):
        response = client.get(path, headers={"Accept-Language": "ru"})
        assert response.status_code == 404
        assert response.mimetype == "text/html"
        assert "По этому адресу ничего нет" in response.get_data(as_text=True)


def test_markdown_never_passes_html_through() -> None:
    html = render_markdown("Hi <script>alert(1)</script> <img src=x onerror=alert(1)>\n\n[x](javascript:alert(1))")
    assert "<script>" not in html and "<img" not in html
    assert "&lt;script&gt;" in html
    assert 'href="javascript' not in html


def test_every_web_string_exists_in_every_language() -> None:
    used = set()
    for template in (WEB / "templates").glob("*.html"):
        used |= set(re.findall(r"""_\(["']([\w.]+)["']""", template.read_text(encoding="utf-8")))
    for module in (WEB).glob("*.py"):
        used |= set(re.findall(r"""wt\(\s*f?["']([\w.]+)["']""", module.read_text(encoding="utf-8")))
    # keys built at run time ("track." ~ t, f"error.http_{status}") are listed by hand
    used = {key for key in used if not key.endswith(".") and "{" not in key}
    used |= {*(f"track.{name}" for name in TRACK_NAMES), *(f"error.http_{s}" for s in (400, 404, 405, 413, 429, 500))}
    assert {"run", "status_col", "error.busy", "task_right"} <= used
    web_en = {k for k in keys("en") if k.startswith("web.")}
    web_ru = {k for k in keys("ru") if k.startswith("web.")}
    assert web_en == web_ru
    missing = {f"web.{key}" for key in used} - web_en
    assert not missing


def test_an_exercise_that_does_not_load_is_not_served_and_its_siblings_are(tmp_path: Path) -> None:
    """A starter that does not compile keeps its exercise off the site (404, never a 500), and the others on it."""
    import shutil

    from tests.web.conftest import make_app

    bundled = Catalog().root
    for slug in ("gelu", "relu"):
        shutil.copytree(bundled / slug, tmp_path / slug, ignore=shutil.ignore_patterns("__pycache__"))
    starter = tmp_path / "gelu" / "starters" / "numpy.py"
    starter.write_text(starter.read_text(encoding="utf-8") + "\ndef broken(:\n", encoding="utf-8")
    client = make_app(object(), Catalog(tmp_path)).test_client()
    assert client.get("/exercises/gelu").status_code == 404
    assert client.get("/api/exercises/gelu").status_code == 404
    assert client.get("/exercises/relu").status_code == 200
    catalogue = client.get("/").get_data(as_text=True)
    assert "/exercises/relu" in catalogue and "/exercises/gelu" not in catalogue
