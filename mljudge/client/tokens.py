"""The learner token a course server issued to this machine, kept so that every notebook and every `judge run
--server` of this user lands in one history on that server.

One file per server, in the user's config directory (platformdirs: ~/.config/mljudge/servers/ on Linux), named
after the server's address, readable by this user alone (0600, its folder 0700): the token is the learner's only
credential. A file others may read is refused, as the server refuses such a key file. The token is opaque: the
server signs it (web.signing) and may issue a new one (after a key rotation), which replaces the old here.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import stat
import tempfile
from pathlib import Path

from platformdirs import user_config_path

from mljudge.client.errors import ClientError

FOLDER = "servers"
# What a token the server issues looks like (a learner id and its signature, web.signing); anything else found in
# a file is not sent.
TOKEN = re.compile(r"[A-Za-z0-9_.-]{16,200}")


class TokenFileError(ClientError):
    """The token file cannot be read, trusted or written."""


def folder() -> Path:
    return user_config_path("mljudge", appauthor=False) / FOLDER


def path_for(server: str) -> Path:
    """The file of `server` (a normalised base URL): its host and port for people, a digest of the whole URL so
    that two servers never share one."""
    readable = re.sub(r"[^A-Za-z0-9.-]+", "_", server.split("://", 1)[-1]).strip("_")[:60]
    digest = hashlib.sha256(server.encode("utf-8")).hexdigest()[:12]
    return folder() / f"{readable}-{digest}.json"


def load_token(server: str) -> str | None:
    """The token this machine holds for `server`, or None when it has none yet."""
    path = path_for(server)
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise TokenFileError(f"cannot read the learner token {path}: {exc.strerror}") from None
    if not stat.S_ISREG(mode):
        raise TokenFileError(f"{path} is not a regular file")
    if mode & 0o077:
        raise TokenFileError(f"{path} may be read by other users (mode {stat.S_IMODE(mode):o}); it holds your "
                             f"learner token: chmod 600 {path}")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeError, ValueError):
        raise TokenFileError(f"{path} is not a learner token file; delete it to start a new history on {server}") \
            from None
    token = data.get("token") if isinstance(data, dict) else None
    if not isinstance(token, str) or not TOKEN.fullmatch(token):
        raise TokenFileError(f"{path} holds no learner token; delete it to start a new history on {server}")
    return token


def save(server: str, token: str) -> Path:
    """Keep `token` for `server`, whole or not at all (a temporary file, 0600 from mkstemp, renamed in place)."""
    if not TOKEN.fullmatch(token):
        raise TokenFileError(f"{server} sent a learner token that is not one (kept the previous one, if any)")
    path = path_for(server)
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(prefix=".token-", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump({"server": server, "token": token}, f)
                f.write("\n")
            os.replace(temporary, path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temporary)
    except OSError as exc:
        raise TokenFileError(f"cannot keep the learner token in {path}: {exc.strerror}") from None
    return path
