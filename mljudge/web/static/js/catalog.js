// Catalogue: show each exercise's state: what this browser kept (localStorage, by the exercise page) merged with
// what the server recorded for this learner (their cookie), so a cleared browser or a new tab still shows it.
import { STATES, keys, store, t } from "./common.js";

const RANK = { not_started: 0, attempted: 1, solved: 2 };

function show(card, state) {
  const badge = card.querySelector(".state");
  if (badge && STATES.includes(state) && RANK[state] > RANK[badge.dataset.state || "not_started"]) {
    badge.dataset.state = state;
    badge.textContent = t(`state.${state}`);
  }
}

const cards = [...document.querySelectorAll(".card[data-slug]")];
for (const card of cards) show(card, store.get(keys.state(card.dataset.slug)));

fetch("/api/progress", { headers: { Accept: "application/json" }, credentials: "same-origin" })
  .then((response) => (response.ok ? response.json() : null))
  .then((data) => {
    const marks = (data && data.exercises) || {};
    for (const card of cards) show(card, marks[card.dataset.slug]);
    document.body.dataset.progress = "loaded"; // lets tests wait for the server's marks
  })
  .catch(() => {}); // offline: this browser's own marks stay
