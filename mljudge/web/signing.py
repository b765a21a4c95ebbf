"""The server's secret and what it signs, so that the server believes only what it issued itself: the learner token
(the mlj_learner cookie: web.submissions), the reports it hands out (an answer's `neutral`, which
POST /api/reports/render takes back: web.reports), and the one-time links that open a learner's history in a
browser (web.links).

The keys live in JUDGE_DATA_DIR/KEY_FILE, one per line as hex, the newest first: created on first start (one random
key, mode 0600, the folder 0700 when it is made here); refused when others may read it. Every web process of a site
must read the same file. The newest key signs; the newest and the one before it verify. `judge secret rotate` puts
a new key first and keeps one previous key: a learner token signed with the previous key is still believed and is
re-issued under the new one on the learner's next request, so rotating logs nobody out; what is older than the
previous key is refused (a learner token then becomes a new learner). Restart the web processes after rotating.

HMAC-SHA256 through itsdangerous (Flask's own signing library), each use with its own salt, so that a signature
made for one purpose is never valid for another.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
import stat
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
from itsdangerous import BadData, Signer, URLSafeSerializer, URLSafeTimedSerializer

from mljudge.judge.errors import JudgeError

KEY_FILE = "signing.keys"
KEY_BYTES = 32
KEPT = 2  # the newest key and the one before it
HEADER = ("# mljudge's signing keys (JUDGE_DATA_DIR): the first signs, every line verifies.\n"
          "# Keep this file secret. Rotate with `judge secret rotate`, then restart the web processes.\n")
LEARNER_SALT = "mljudge.learner"
REPORT_SALT = "mljudge.report"
LINK_SALT = "mljudge.link"
_SIGNER: dict[str, Any] = {"key_derivation": "hmac", "digest_method": hashlib.sha256}


class KeyFileError(JudgeError):
    """The key file cannot be made, read or trusted: one line (the server does not start)."""


def load(folder: Path) -> tuple[bytes, ...]:
    """The keys in `folder`/KEY_FILE, newest first; the file (and the folder) is made with one new key when
    missing. Raises KeyFileError when it cannot be made or read, is readable by others, or holds no key."""
    path = folder / KEY_FILE
    try:
        if not path.exists():
            _create(folder, [secrets.token_bytes(KEY_BYTES)])
        return _read(path)
    except OSError as exc:
        raise KeyFileError(f"cannot use the signing keys in {path}: {exc.strerror or exc}") from None


def rotate(folder: Path) -> tuple[bytes, ...]:
    """A new key first, the key that signed until now second, older ones dropped. Returns the keys now."""
    path = folder / KEY_FILE
    try:
        kept = _read(path)[: KEPT - 1] if path.exists() else ()
        keys = [secrets.token_bytes(KEY_BYTES), *kept]
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        _write(folder, keys, replace=True)
        return tuple(keys)
    except OSError as exc:
        raise KeyFileError(f"cannot rotate the signing keys in {path}: {exc.strerror or exc}") from None


def _read(path: Path) -> tuple[bytes, ...]:
    mode = path.stat().st_mode
    if not stat.S_ISREG(mode):
        raise KeyFileError(f"{path} is not a regular file")
    if mode & 0o077:
        raise KeyFileError(f"{path} may be read by other users (mode {stat.S_IMODE(mode):o}); make it private: "
                           f"chmod 600 {path}")
    keys = []
    for number, line in enumerate(path.read_text(encoding="ascii", errors="replace").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            key = bytes.fromhex(line)
        except ValueError:
            key = b""
        if len(key) < 16:
            raise KeyFileError(f"{path}:{number}: not a key (at least 32 hex digits)")
        keys.append(key)
    if not keys:
        raise KeyFileError(f"{path} holds no key; delete it to have a new one made")
    return tuple(keys[:KEPT])


def _create(folder: Path, keys: Sequence[bytes]) -> None:
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)  # an existing folder keeps its mode
    _write(folder, keys, replace=False)


def _write(folder: Path, keys: Sequence[bytes], *, replace: bool) -> None:
    """Whole or not at all: a temporary file (mkstemp makes it 0600) renamed into place. Without `replace`, a
    file another process made first wins (both then read the same keys)."""
    fd, temporary = tempfile.mkstemp(prefix=".signing-", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as f:
            f.write(HEADER + "".join(key.hex() + "\n" for key in keys))
            f.flush()
            os.fsync(f.fileno())
        if replace:
            os.replace(temporary, folder / KEY_FILE)
        else:
            with contextlib.suppress(FileExistsError):
                os.link(temporary, folder / KEY_FILE)
    finally:
        if os.path.lexists(temporary):
            os.unlink(temporary)


# --- what the keys sign ------------------------------------------------------------------------------------------


class _ORJSON:
    """itsdangerous's payload serializer: orjson, as the API's answers are written (numpy scalars included)."""

    @staticmethod
    def dumps(obj: Any) -> bytes:
        return orjson.dumps(obj, option=orjson.OPT_SERIALIZE_NUMPY)

    @staticmethod
    def loads(data: bytes) -> Any:
        return orjson.loads(data)


@dataclass(frozen=True)
class Verified:
    value: str
    current: bool  # signed with the newest key (False: with the previous one: to be issued again)


class Keys:
    """The keys of one app, newest first, and the signers made from them."""

    def __init__(self, keys: Sequence[bytes]) -> None:
        if not keys:
            raise ValueError("at least one key")
        self.keys = tuple(keys)
        oldest_first = list(reversed(self.keys))  # itsdangerous signs with the last and verifies with each
        self._learner = Signer(oldest_first, salt=LEARNER_SALT, **_SIGNER)
        self._learner_now = Signer(self.keys[0], salt=LEARNER_SALT, **_SIGNER)
        self._reports = URLSafeSerializer(oldest_first, salt=REPORT_SALT, serializer=_ORJSON, signer_kwargs=_SIGNER)
        self._links = URLSafeTimedSerializer(oldest_first, salt=LINK_SALT, serializer=_ORJSON, signer_kwargs=_SIGNER)

    def learner_token(self, learner_id: str) -> str:
        return self._learner.sign(learner_id).decode("ascii")

    def learner_id(self, token: str) -> Verified | None:
        """The learner id inside a token this server issued (newest or previous key), else None."""
        try:
            raw = token.encode("ascii")
            value = self._learner.unsign(raw).decode("ascii")
        except (BadData, UnicodeError):
            return None
        return Verified(value, current=self._learner_now.validate(raw))

    def report_token(self, neutral: dict[str, Any]) -> str:
        token = self._reports.dumps(neutral)  # bytes, from a serializer that writes bytes
        return token.decode("ascii") if isinstance(token, bytes) else token

    def link_token(self, payload: dict[str, Any]) -> str:
        token = self._links.dumps(payload)
        return token.decode("ascii") if isinstance(token, bytes) else token

    def link(self, token: str, max_age: int) -> tuple[Any, float] | None:
        """What `link_token` signed and when (a Unix time), if this server signed it at most `max_age` seconds
        ago; else None."""
        try:
            payload, signed = self._links.loads(token, max_age=max_age, return_timestamp=True)
        except (BadData, UnicodeError, ValueError):
            return None
        return payload, signed.timestamp()

    def report(self, token: str) -> Any:
        """What `report_token` signed, or None when `token` is not one this server issued."""
        try:
            return self._reports.loads(token)
        except (BadData, UnicodeError, ValueError):
            return None
