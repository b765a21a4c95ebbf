"""Markdown to HTML for exercise texts (prompts, lessons, task questions).

Only trusted files from the exercise folders come through here, and even so raw HTML is off: a `<script>` in a
prompt shows as text. Tables are on (the prompts' "ReLU vs GELU" table); no linkify, no typographer.
"""

from __future__ import annotations

from functools import cache, lru_cache

from markdown_it import MarkdownIt


@cache
def _renderer() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False}).enable("table")


# By the text itself: an edited file is new text, so nothing stale is served. A prompt took 6 ms to render on
# every request for it (the exercise page, its JSON); the course's texts are a few hundred.
@lru_cache(maxsize=1024)
def render_markdown(text: str) -> str:
    return str(_renderer().render(text))

