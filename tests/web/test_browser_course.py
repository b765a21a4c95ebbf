"""The whole course in Chromium: the course page shows all nine modules with their introductions and every
exercise under its module, and every exercise is solvable in the browser in both tracks (its model solution,
typed into the editor as a learner's code, is accepted), the NumPy track in English and the PyTorch one in
Russian."""

from __future__ import annotations

import pytest

from mljudge.judge.catalog import Catalog
from tests.web.conftest import EXERCISES, Tab, open_exercise, run, set_code

CATALOG = Catalog(EXERCISES)
ACCEPTED = {"en": "Accepted", "ru": "Принято"}


def test_the_course_page_shows_every_module_and_exercise(tab: Tab) -> None:
    tab.goto("/?lang=ru")
    modules = CATALOG.modules()
    assert len(modules) == 9
    for module in modules:
        section = tab.page.locator(f"#module-{module.number}").locator("xpath=ancestor::section[1]")
        assert module.title["ru"] in tab.page.inner_text(f"#module-{module.number}")
        assert module.intro["ru"] in section.inner_text()
    shown = set(tab.page.eval_on_selector_all("[data-slug]", "es => es.map(e => e.dataset.slug)"))
    assert shown == set(CATALOG.slugs())


@pytest.mark.parametrize("slug", CATALOG.slugs())
def test_every_exercise_is_solvable_in_the_browser_in_both_tracks(tab: Tab, slug: str) -> None:
    exercise = CATALOG.get(slug)
    for track, lang in zip(exercise.tracks, ("en", "ru"), strict=False):
        open_exercise(tab, f"/exercises/{slug}?lang={lang}")
        tab.page.click(f'input[name="track"][value="{track}"]')
        set_code(tab, exercise.track(track).solution)
        assert run(tab) == ACCEPTED[lang], (track, tab.page.inner_text("#result"))
