// Catalogue: show each exercise's state for this browser (kept in localStorage by the exercise page).
import { STATES, keys, store, t } from "./common.js";

for (const card of document.querySelectorAll(".card[data-slug]")) {
  const state = store.get(keys.state(card.dataset.slug));
  const badge = card.querySelector(".state");
  if (badge && STATES.includes(state)) {
    badge.dataset.state = state;
    badge.textContent = t(`state.${state}`);
  }
}
