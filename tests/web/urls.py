"""Finding URLs a browser would fetch from another host, in served pages and in the committed bundles."""

from __future__ import annotations

import re

# Namespace identifiers (createElementNS, <svg xmlns=...>): strings a browser never fetches.
XML_NAMESPACES = frozenset({
    "http://www.w3.org/2000/svg",
    "http://www.w3.org/1999/xhtml",
    "http://www.w3.org/1999/xlink",
    "http://www.w3.org/1998/Math/MathML",
    "http://www.w3.org/XML/1998/namespace",
    "http://www.w3.org/2000/xmlns/",
})
URL = re.compile(r"https?://[^\s\"'`<>()\\]+")


def external_urls(text: str) -> set[str]:
    return set(URL.findall(text)) - XML_NAMESPACES
