// The exercise page's layout. Wide screens: the task and the work side by side, split by a separator the learner
// drags (mouse, finger, pen) or moves with the arrow keys; the width is remembered. Narrow screens: one part at
// a time (task, code, result), picked in a sticky switcher that is a tab list for assistive technology.
import { keys, store } from "./common.js";

const MIN = 25;
const MAX = 65;
const DEFAULT = 35;
const STEP = 2;
// The stylesheet's breakpoint for the side-by-side layout (web/static/css/app.css, "exercise layout").
const NARROW = window.matchMedia("(max-width: 899.98px)");

export function setupPanes(layout) {
  const nav = layout.querySelector(".pane-switch");
  const buttons = [...nav.querySelectorAll("[data-pane]")];
  const panes = Object.fromEntries(buttons.map((b) => [b.dataset.pane, document.getElementById(b.getAttribute("aria-controls"))]));
  const splitter = layout.querySelector(".splitter");

  // --- narrow: one pane at a time -------------------------------------------------------------------------
  function show(name, { focus = false } = {}) {
    if (!panes[name]) return;
    layout.dataset.pane = name;
    for (const button of buttons) {
      const selected = button.dataset.pane === name;
      button.setAttribute("aria-selected", String(selected));
      if (NARROW.matches) button.tabIndex = selected ? 0 : -1;
    }
    if (focus) buttons.find((b) => b.dataset.pane === name)?.focus();
  }

  function applyMode() {
    const narrow = NARROW.matches;
    layout.dataset.narrow = String(narrow);
    if (narrow) nav.setAttribute("role", "tablist");
    else nav.removeAttribute("role");
    buttons.forEach((button, i) => {
      button.id ||= `pane-tab-${i}`;
      if (narrow) {
        button.setAttribute("role", "tab");
        panes[button.dataset.pane].setAttribute("role", "tabpanel");
        panes[button.dataset.pane].setAttribute("aria-labelledby", button.id);
      } else {
        button.removeAttribute("role");
        button.removeAttribute("tabindex");
        panes[button.dataset.pane].removeAttribute("role");
        panes[button.dataset.pane].removeAttribute("aria-labelledby");
      }
    });
    show(layout.dataset.pane || "prompt");
  }

  for (const button of buttons) {
    button.addEventListener("click", () => {
      show(button.dataset.pane);
      // the switcher is sticky: bring the top of the chosen part under it
      if (layout.getBoundingClientRect().top < 0) layout.scrollIntoView({ block: "start" });
    });
    button.addEventListener("keydown", (event) => {
      const i = buttons.indexOf(button);
      const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: buttons.length - 1 }[event.key];
      if (next === undefined || !NARROW.matches) return;
      event.preventDefault();
      show(buttons[(next + buttons.length) % buttons.length].dataset.pane, { focus: true });
    });
  }
  NARROW.addEventListener("change", applyMode);
  applyMode();

  // --- wide: the splitter ---------------------------------------------------------------------------------
  function setSplit(percent, { save = true } = {}) {
    const value = Math.min(MAX, Math.max(MIN, Number(percent) || DEFAULT));
    layout.style.setProperty("--split", `${value}%`); // the CSSOM: allowed by the page's strict CSP
    splitter.setAttribute("aria-valuenow", String(Math.round(value)));
    if (save) store.set(keys.split(), String(Math.round(value * 10) / 10));
    return value;
  }
  let split = setSplit(store.get(keys.split()) ?? DEFAULT, { save: false });

  splitter.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    event.preventDefault();
    splitter.setPointerCapture(event.pointerId);
    splitter.classList.add("dragging");
  });
  splitter.addEventListener("pointermove", (event) => {
    if (!splitter.hasPointerCapture(event.pointerId)) return;
    const box = layout.getBoundingClientRect();
    split = setSplit(((event.clientX - box.left) / box.width) * 100);
  });
  const release = (event) => {
    if (splitter.hasPointerCapture(event.pointerId)) splitter.releasePointerCapture(event.pointerId);
    splitter.classList.remove("dragging");
  };
  splitter.addEventListener("pointerup", release);
  splitter.addEventListener("pointercancel", release);
  splitter.addEventListener("dblclick", () => {
    split = setSplit(DEFAULT);
  });
  splitter.addEventListener("keydown", (event) => {
    const next = { ArrowLeft: split - STEP, ArrowRight: split + STEP, Home: MIN, End: MAX }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    split = setSplit(next);
  });

  return {
    show,
    get narrow() {
      return NARROW.matches;
    },
  };
}
