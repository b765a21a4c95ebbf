"""CSV that a spreadsheet opens as data, never as formulas: the one writer of every CSV the project makes (the
teachers' `judge grade --csv` and `judge submissions export --csv`).

Learners choose much of what lands in those files (their code, their file and folder names), and Excel,
LibreOffice Calc and Google Sheets evaluate a cell that starts with `=`, `+`, `-` or `@` (or a tab or carriage
return before one) as a formula, which can fetch URLs or, through old features, run programs on the teacher's
machine. So, as OWASP's CSV injection guidance asks:
- every text cell that starts with one of FORMULA_STARTS gets a leading `'`, which spreadsheets read as "this is
  text" and do not show;
- every cell is quoted (and a `"` inside doubled, as RFC 4180 says), so that no separator inside a cell (`,`, or the
  `;` or tab a spreadsheet in another locale may guess) starts a new cell in the middle of the learner's text.
Numbers stay numbers (a negative one is data, not a formula). The JSON the same commands write stays exact: only
CSV cells are neutralised.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from typing import TextIO

# OWASP's list, with NUL (ASVS 1.2.10) and a line feed as well as a carriage return.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n", "\0")

Cell = str | int | float | None


def cell(value: Cell) -> str | int | float:
    """`value` as a CSV cell no spreadsheet evaluates: text starting like a formula gets a leading `'`; None is an
    empty cell; numbers are left as they are."""
    if value is None:
        return ""
    if isinstance(value, bool):  # a bool is an int to Python, a word to a reader
        return str(value).lower()
    if isinstance(value, int | float):
        return value
    return "'" + value if value.startswith(FORMULA_STARTS) else value


class SpreadsheetWriter:
    """Rows of cells to `stream` (opened with newline=""), each cell neutralised and quoted."""

    def __init__(self, stream: TextIO) -> None:
        self._writer = csv.writer(stream, quoting=csv.QUOTE_ALL)

    def row(self, cells: Iterable[Cell]) -> None:
        self._writer.writerow([cell(c) for c in cells])
