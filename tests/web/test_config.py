"""`judge serve`'s settings: every one parsed and checked at start, a malformed one a one-line error naming it
with a valid example, and docs/deploy.md listing the same table."""

from __future__ import annotations

import ipaddress
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mljudge.web import config, create_app

REPO = Path(__file__).resolve().parents[2]

BAD = {
    "JUDGE_RATE_LIMIT": ["fast", "", "120", "0/minute", "10/fortnight"],
    "JUDGE_MAX_PENDING": ["", "eight", "0", "-3", "2.5"],
    "JUDGE_TRUSTED_PROXIES": ["nginx", "10.0.0.0/33", "127.0.0.1,,proxy"],
    "JUDGE_CONNECTION_LIMIT": ["lots", "0"],
    "JUDGE_REQUEST_TIMEOUT": ["soon", "0", "-1", "nan", "inf"],
    "JUDGE_IDLE_TIMEOUT": ["30s"],
    "JUDGE_SHUTDOWN_GRACE": ["never", "0"],
    "JUDGE_EXERCISES_DIR": ["/no/such/folder"],
    "MLJUDGE_ALLOW_UNCONFINED": ["yes", "true", "2"],
}


def test_defaults_are_valid_and_typed() -> None:
    values = config.read({})
    assert set(values) == {s.key for s in config.SETTINGS}
    assert values["RATE_LIMIT"] == "120/minute"
    assert values["MAX_PENDING"] == 16
    assert values["MAX_PER_CLIENT"] == 2
    assert values["TRUSTED_PROXIES"] == ()
    assert values["SHUTDOWN_GRACE"] is None  # auto
    assert values["EXERCISES_DIR"] is None
    assert values["ALLOW_UNCONFINED"] is False
    for setting in config.SETTINGS:  # every example is itself a valid value (a folder: on the server it names)
        if setting.parse is not config.directory:
            setting.parse(setting.example)


def test_given_values_are_parsed() -> None:
    values = config.read({"JUDGE_RATE_LIMIT": "5 per second; 100/hour", "JUDGE_MAX_PENDING": "16",
                          "JUDGE_TRUSTED_PROXIES": "127.0.0.1, 10.0.0.0/8 ::1", "JUDGE_SHUTDOWN_GRACE": "12.5",
                          "JUDGE_EXERCISES_DIR": str(REPO / "mljudge" / "exercises"), "MLJUDGE_ALLOW_UNCONFINED": "1"})
    assert values["RATE_LIMIT"] == "5 per second; 100/hour"
    assert values["MAX_PENDING"] == 16
    assert values["TRUSTED_PROXIES"] == (ipaddress.ip_network("127.0.0.1/32"), ipaddress.ip_network("10.0.0.0/8"),
                                         ipaddress.ip_network("::1/128"))
    assert values["SHUTDOWN_GRACE"] == 12.5
    assert values["EXERCISES_DIR"] == REPO / "mljudge" / "exercises"
    assert values["ALLOW_UNCONFINED"] is True


@pytest.mark.parametrize(("name", "value"), [(name, value) for name, values in BAD.items() for value in values])
def test_a_malformed_setting_is_one_line_naming_it_with_an_example(name: str, value: str) -> None:
    with pytest.raises(config.ConfigError) as caught:
        config.read({name: value})
    message = str(caught.value)
    setting = next(s for s in config.SETTINGS if s.env == name)
    assert "\n" not in message
    assert message.startswith(f"{name}={value!r} is not valid (")
    assert f"for example {name}='{setting.example}'" in message


def test_the_app_refuses_a_malformed_setting_too(monkeypatch: pytest.MonkeyPatch) -> None:
    # the rate limit used to be taken as given, and Flask-Limiter skipped what it could not parse: no limit at all
    monkeypatch.setenv("JUDGE_RATE_LIMIT", "fast")
    with pytest.raises(config.ConfigError, match="JUDGE_RATE_LIMIT"):
        create_app()
    monkeypatch.setenv("JUDGE_RATE_LIMIT", "7/minute")
    assert create_app().config["RATE_LIMIT"] == "7/minute"


@pytest.mark.parametrize(("name", "value"), [("JUDGE_RATE_LIMIT", "fast"), ("JUDGE_MAX_PENDING", "eight"),
                                             ("JUDGE_TRUSTED_PROXIES", "nginx")])
def test_judge_serve_stops_at_once_on_a_malformed_setting(name: str, value: str) -> None:
    env = {**os.environ, name: value}
    done = subprocess.run([sys.executable, "-m", "mljudge.cli", "serve", "--port", "0"], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""  # nothing started: not even the sandbox
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"judge: error: {name}={value!r} is not valid"), done.stderr
    assert "for example" in lines[0]


def test_docs_list_every_setting() -> None:
    doc = (REPO / "docs" / "deploy.md").read_text(encoding="utf-8")
    assert config.markdown_table() in doc
    named = set(re.findall(r"\b((?:JUDGE|MLJUDGE)_[A-Z_]+)", doc))
    assert named <= {s.env for s in config.SETTINGS} | {"MLJUDGE_DEBUG"}, "the docs name a setting that is not read"
