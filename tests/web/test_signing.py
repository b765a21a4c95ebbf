"""The server's signing keys (web.signing): made private on first start, refused when others may read them,
rotated without logging anyone out, and each signature good for one purpose only."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from mljudge.cli import main
from mljudge.web import signing


def test_the_key_file_is_made_private_on_first_start(tmp_path: Path) -> None:
    folder = tmp_path / "data" / "var"
    keys = signing.load(folder)
    path = folder / signing.KEY_FILE
    assert len(keys) == 1 and len(keys[0]) == signing.KEY_BYTES
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700  # made here: private too
    assert signing.load(folder) == keys  # read again, never made again
    assert [p.name for p in folder.iterdir()] == [signing.KEY_FILE]  # no temporary file left behind


def test_a_key_file_others_may_read_is_refused(tmp_path: Path) -> None:
    signing.load(tmp_path)
    path = tmp_path / signing.KEY_FILE
    path.chmod(0o644)
    with pytest.raises(signing.KeyFileError, match=r"may be read by other users \(mode 644\).*chmod 600"):
        signing.load(tmp_path)


@pytest.mark.parametrize("text", ["", "# only a comment\n", "not hex\n", "abcd\n"])
def test_a_key_file_without_a_key_is_refused_in_one_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / signing.KEY_FILE
    path.write_text(text)
    path.chmod(0o600)
    with pytest.raises(signing.KeyFileError) as caught:
        signing.load(tmp_path)
    assert str(caught.value).startswith(str(path)) and "\n" not in str(caught.value)


def test_rotating_keeps_the_previous_key_only(tmp_path: Path) -> None:
    first = signing.load(tmp_path)
    second = signing.rotate(tmp_path)
    assert second[1:] == first and signing.load(tmp_path) == second
    third = signing.rotate(tmp_path)
    assert third[1:] == second[:1] and first[0] not in third
    assert stat.S_IMODE((tmp_path / signing.KEY_FILE).stat().st_mode) == 0o600


def test_judge_secret_rotate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path))
    first = signing.load(tmp_path)
    assert main(["secret", "rotate"]) == 0
    assert signing.load(tmp_path)[1:] == first
    out = capsys.readouterr().out
    assert str(tmp_path / signing.KEY_FILE) in out and "restart" in out


def test_a_signature_is_good_for_its_purpose_only() -> None:
    keys = signing.Keys([b"k" * 32])
    token = keys.learner_token("someone")
    assert keys.learner_id(token) == signing.Verified("someone", current=True)
    assert keys.report(token) is None  # a learner token is no report …
    report = keys.report_token({"verdict": "accepted"})
    assert keys.report(report) == {"verdict": "accepted"}
    assert keys.learner_id(report) is None  # … and a report no learner
    assert signing.Keys([b"j" * 32]).learner_id(token) is None  # another server's key
    rotated = signing.Keys([b"j" * 32, b"k" * 32])
    assert rotated.learner_id(token) == signing.Verified("someone", current=False)  # to be issued again
    assert rotated.report(report) == {"verdict": "accepted"}
    assert keys.learner_id("é") is None and keys.report("é") is None
