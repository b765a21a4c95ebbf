"""Every interface string exists in every language, and every key the code uses exists."""

from __future__ import annotations

import re
from pathlib import Path

from mljudge.judge.compare import Reason
from mljudge.judge.i18n import LANGS, keys, normalize_lang, t
from mljudge.judge.refusals import hint_key
from mljudge.judge.report import CaseStatus, Verdict
from mljudge.sandbox import Refusal
from mljudge.sandbox.codes import POLICY_REFUSALS, RUNTIME_REFUSALS

ROOT = Path(__file__).resolve().parents[2]


def test_catalogs_have_the_same_keys() -> None:
    english = keys("en")
    for lang in LANGS:
        assert keys(lang) == english, f"{lang}: {sorted(keys(lang) ^ english)}"


def test_literal_keys_used_in_code_exist() -> None:
    used = set()
    for path in (ROOT / "mljudge" / "judge").rglob("*.py"):
        used |= set(re.findall(r"""\bt\(\s*f?["']([a-z_]+\.[a-z_.]+)["']""", path.read_text(encoding="utf-8")))
    literal = {k for k in used if "{" not in k}
    assert literal, "the scan found no keys: the pattern is broken"
    assert literal <= keys("en"), sorted(literal - keys("en"))


def test_every_closed_set_that_is_said_has_its_sentences() -> None:
    """Keys derived from the enums, not scanned from the source: every comparison reason, refusal, verdict, case
    status and hint kind has its sentence in every language."""
    for lang in LANGS:
        have = keys(lang)
        assert {f"case.{reason}" for reason in Reason if reason is not Reason.NONE} <= have
        policy = {f"policy.{code}" for code in POLICY_REFUSALS}
        assert policy <= have, sorted(policy - have)
        runtime = {f"runtime.{code}{end}" for code in RUNTIME_REFUSALS for end in ("", "_unnamed")}
        assert runtime <= have, sorted(runtime - have)
        assert {f"verdict.{v}.label" for v in Verdict} | {f"verdict.{v}.message" for v in Verdict} <= have
        assert {f"cli.{status}" for status in CaseStatus} <= have
        assert {f"hint.refusal.{hint_key(code)}" for code in [*Refusal, "not-a-refusal"]} <= have
    policy_codes = {"syntax_error", "unparsable", "source_too_large", "not_utf8", "null_byte"}
    assert {f"policy.{c}" for c in policy_codes} <= keys("en")


def test_language_negotiation_and_fallback() -> None:
    assert normalize_lang("ru-RU") == "ru"
    assert normalize_lang("de") == "en"
    assert normalize_lang(None) == "en"
    assert t("verdict.accepted.label", "ru") == "Принято"
    assert t("verdict.wrong_answer.message", "en", passed=4, total=6) == "4 of 6 cases passed."
