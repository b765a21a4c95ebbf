"""The judge's core: exercises as data (catalog, loader, schema), grading (`judge.grade.grade`), the report in no
language (judge.report) and its one renderer (judge.localise), the authoring tools and the CLI's core commands."""
