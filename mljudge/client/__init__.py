"""The learner's side of mljudge outside the web editor: a notebook or a script (`mljudge.check`, mljudge.notebook)
and `judge run --server` / `judge history`, graded on this machine or by a course server.

    source      the code sent for a function: its cell or module, with the helpers, constants and imports it uses
    local       graded here: the course's exercise, the sandbox as `judge run` starts it, and what it lacks
    server      graded by a running `judge serve` over its JSON API, under this machine's learner token
    tokens      that token, one file per server in the user's config directory (mode 0600)
    answer      the report as the learner gets it: the one module that reads the report's fields
    html        the report in a notebook (inline HTML and SVG, nothing executable)

Nothing here imports the web (Flask, SQLAlchemy): a notebook pays for the core and the sandbox only.
"""
