"""The committed front-end bundles in web/static/vendor/ and their reproducibility.

The bundles are built from web/frontend/ (npm lockfile + esbuild, see
web/static/vendor/SOURCES.md). These tests check that the committed files are
sane and self-contained, offline. Rebuilding from the lockfile and comparing byte
for byte needs the npm registry, so it runs only when asked: `make frontend-check`
(pytest's --rebuild-frontend).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from .urls import external_urls

REPO = Path(__file__).resolve().parents[2]
FRONTEND = REPO / "mljudge" / "web" / "frontend"
VENDOR = REPO / "mljudge" / "web" / "static" / "vendor"

BUNDLES = ["editor.js", "plot.js", "plot.css"]
GENERATED_DOCS = ["SOURCES.md", "THIRD_PARTY_LICENSES.txt"]
REBUILD_COMMAND = "cd web/frontend && npm ci && npm run build"


MIN_SIZES = {"editor.js": 100_000, "plot.js": 20_000, "plot.css": 500}


@pytest.mark.parametrize("name", BUNDLES)
def test_committed_bundle_exists_and_is_nontrivial(name: str) -> None:
    path = VENDOR / name
    assert path.is_file(), f"{path} is missing; rebuild with `{REBUILD_COMMAND}`"
    assert path.stat().st_size >= MIN_SIZES[name], f"{path} is suspiciously small"


@pytest.mark.parametrize(("name", "global_name"), [("editor.js", "MLJEditor"), ("plot.js", "MLJPlot")])
def test_bundle_defines_its_global(name: str, global_name: str) -> None:
    code = (VENDOR / name).read_bytes()
    assert f"window.{global_name}=".encode() in code
    # One IIFE, no module syntax a classic <script> would choke on.
    assert code.lstrip().startswith(b"(()=>{"), "expected an IIFE bundle"
    assert b"sourceMappingURL" not in code


@pytest.mark.parametrize("name", BUNDLES)
def test_bundle_references_no_external_url(name: str) -> None:
    data = (VENDOR / name).read_bytes()
    urls = external_urls(data.decode("utf-8", "replace"))
    assert not urls, f"{name} references external URLs: {sorted(urls)}"
    if name.endswith(".css"):
        assert b"url(" not in data and b"@import" not in data


def test_sources_document_versions_licenses_and_rebuild_command() -> None:
    sources = (VENDOR / "SOURCES.md").read_text(encoding="utf-8")
    assert REBUILD_COMMAND in sources
    lock = json.loads((FRONTEND / "package-lock.json").read_text(encoding="utf-8"))
    for pkg in ("codemirror", "@codemirror/view", "@codemirror/lang-python", "uplot"):
        version = lock["packages"][f"node_modules/{pkg}"]["version"]
        assert re.search(rf"\| `{re.escape(pkg)}` \| {re.escape(version)} \| MIT \|", sources), pkg
    assert (VENDOR / "THIRD_PARTY_LICENSES.txt").stat().st_size > 1000


def test_package_json_is_exact_pinned_and_lockfile_uses_the_npm_registry() -> None:
    pkg = json.loads((FRONTEND / "package.json").read_text(encoding="utf-8"))
    assert pkg.get("private") is True
    deps = {**pkg.get("dependencies", {}), **pkg.get("devDependencies", {})}
    for name in ("codemirror", "@codemirror/lang-python", "uplot", "esbuild"):
        assert name in deps, name
    for name, spec in deps.items():
        assert re.fullmatch(r"\d+\.\d+\.\d+", spec), f"{name} is not exact-pinned: {spec!r}"
    lock = json.loads((FRONTEND / "package-lock.json").read_text(encoding="utf-8"))
    assert lock["lockfileVersion"] >= 2
    for path, entry in lock["packages"].items():
        if not path:
            continue
        assert entry.get("integrity", "").startswith("sha512-"), f"{path} has no sha512 integrity"
        resolved = entry.get("resolved")
        assert resolved is None or resolved.startswith("https://registry.npmjs.org/"), (path, resolved)


def _run(cmd: list[str], *, cwd: Path, env: dict[str, str], timeout: float) -> None:
    proc = subprocess.run(cmd, cwd=cwd, env=env, timeout=timeout, capture_output=True, text=True)
    assert proc.returncode == 0, (
        f"{' '.join(cmd)} failed ({proc.returncode}):\n{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}"
    )


def test_rebuild_from_lockfile_is_byte_identical(tmp_path: Path, request: pytest.FixtureRequest) -> None:
    if not request.config.getoption("rebuild_frontend"):
        pytest.skip("rebuilding the bundles needs the npm registry: `make frontend-check`")
    npm = shutil.which("npm")
    node = shutil.which("node")
    if npm is None or node is None:
        pytest.fail("npm/node not on PATH: cannot rebuild the front-end bundles (apt-get install nodejs npm)")

    work = tmp_path / "frontend"
    work.mkdir()
    for name in ("package.json", "package-lock.json", "build.mjs"):
        shutil.copy2(FRONTEND / name, work / name)
    shutil.copytree(FRONTEND / "src", work / "src")
    out = tmp_path / "out"

    env = {**os.environ, "npm_config_update_notifier": "false", "npm_config_fund": "false"}
    _run([npm, "ci", "--no-audit", "--no-fund"], cwd=work, env=env, timeout=600)
    # npm ci must not have had to change the lockfile (it would fail instead, but be explicit).
    assert (work / "package-lock.json").read_bytes() == (FRONTEND / "package-lock.json").read_bytes()
    _run([node, "build.mjs", str(out)], cwd=work, env=env, timeout=300)

    for name in BUNDLES + GENERATED_DOCS:
        rebuilt = (out / name).read_bytes()
        committed = (VENDOR / name).read_bytes()
        assert rebuilt == committed, (
            f"mljudge/web/static/vendor/{name} differs from a fresh build; rerun `{REBUILD_COMMAND}` and commit"
        )


# --- axe-core, a test tool vendored under tests/web/axe/ (not a bundle of the app) ---------------------------------

AXE = REPO / "tests" / "web" / "axe"
AXE_FILES = ["axe.min.js", "LICENSE", "LICENSE-3RD-PARTY.txt"]


def test_axe_core_is_pinned_licensed_and_outside_the_package() -> None:
    pkg = json.loads((AXE / "package.json").read_text(encoding="utf-8"))
    spec = pkg["devDependencies"]["axe-core"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", spec), spec
    lock = json.loads((AXE / "package-lock.json").read_text(encoding="utf-8"))
    entry = lock["packages"]["node_modules/axe-core"]
    assert entry["version"] == spec and entry["integrity"].startswith("sha512-")
    assert f"axe-core {spec}" in (AXE / "README.md").read_text(encoding="utf-8")
    assert f'axe.version="{spec}"'.encode() in (AXE / "axe.min.js").read_bytes()
    assert "Mozilla Public License" in (AXE / "LICENSE").read_text(encoding="utf-8")
    assert not list((REPO / "mljudge").rglob("axe*.js"))  # the app never ships it


def test_axe_core_is_what_its_lockfile_gives(tmp_path: Path, request: pytest.FixtureRequest) -> None:
    if not request.config.getoption("rebuild_frontend"):
        pytest.skip("fetching axe-core needs the npm registry: `make frontend-check`")
    npm = shutil.which("npm")
    if npm is None:
        pytest.fail("npm not on PATH: cannot fetch axe-core (apt-get install npm)")
    for name in ("package.json", "package-lock.json"):
        shutil.copy2(AXE / name, tmp_path / name)
    env = {**os.environ, "npm_config_update_notifier": "false", "npm_config_fund": "false"}
    _run([npm, "ci", "--no-audit", "--no-fund"], cwd=tmp_path, env=env, timeout=600)
    for name in AXE_FILES:
        assert (tmp_path / "node_modules" / "axe-core" / name).read_bytes() == (AXE / name).read_bytes(), (
            f"tests/web/axe/{name} differs from axe-core's; fetch it again as tests/web/axe/README.md says")
