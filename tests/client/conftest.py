"""The web tests' Chromium (Playwright, Debian's chromium), for the link that opens a history in a browser."""

from tests.web.conftest import browser

__all__ = ["browser"]
