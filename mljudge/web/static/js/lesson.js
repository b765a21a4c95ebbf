// The lesson page: the views beside the text (each panel of the lesson, and its plot: tabs when there are
// several) and "try it" tasks checked by the server (the answers never come to the browser).
//
// A panel is one module per kind, web/static/js/panels/<kind>.js, exporting mount(root, context) and returning a
// handle (its state, for the console and the end-to-end tests). It draws from the JSON that trusted code computed
// on the server (page.panels[i].data); a panel with `params` asks the server for other states through
// context.fetchState(values).
import { page, postJSON, scrollCues, t, wrapMarkdownTables } from "./common.js";
import { mountPlot } from "./lesson-plot.js";

// --- the views: tabs (WAI-ARIA tabs: arrow keys move between them, the selected one is the only tab stop) -------

const tabs = [...document.querySelectorAll(".views [role=tab]")];
function select(tab, focus = false) {
  for (const other of tabs) {
    const selected = other === tab;
    other.setAttribute("aria-selected", String(selected));
    other.tabIndex = selected ? 0 : -1;
    document.getElementById(other.getAttribute("aria-controls")).hidden = !selected;
  }
  if (focus) tab.focus();
}
tabs.forEach((tab, i) => {
  tab.addEventListener("click", () => select(tab));
  tab.addEventListener("keydown", (event) => {
    const moves = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      select(tabs[(moves[event.key] + tabs.length) % tabs.length], true);
    }
  });
});

const plotView = page.plot ? mountPlot(page.plot) : null;

// --- panels -------------------------------------------------------------------------------------------------------

function panelStrings(kind) {
  const own = (page.panel_strings || {})[kind] || {};
  const common = (page.panel_strings || {}).common || {};
  return (key, params = {}) => {
    const template = own[key] ?? common[key] ?? t(key);
    return template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
  };
}

async function fetchState(panel, values) {
  const query = new URLSearchParams({ ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])),
    lang: page.lang });
  const url = `${page.panel_url.replace("{panel}", encodeURIComponent(panel.id))}?${query}`;
  const response = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
  const data = await response.json().catch(() => null);
  if (!response.ok || !data) throw new Error((data && data.detail) || t("network_error"));
  return data.data;
}

const panels = {};
const mounted = Promise.all((page.panels || []).map(async (panel) => {
  const root = document.querySelector(`[data-panel="${CSS.escape(panel.id)}"] .panel-body`);
  try {
    const module = await import(`./panels/${panel.kind}.js`);
    panels[panel.id] = module.mount(root, {
      panel,
      data: panel.data,
      options: panel.options || {},
      params: panel.params || {},
      lang: page.lang,
      t: panelStrings(panel.kind),
      // One colour per thing on the page: a panel draws what the plot also shows (an optimiser, a probability)
      // in the plot's colour for it, or in its own when the plot has no such curve.
      colorOf: (id, fallback) => (plotView && plotView.colorOf(id)) || fallback,
      fetchState: (values) => fetchState(panel, values),
    });
    scrollCues(root); // a panel's table wider than a phone says that it scrolls
    root.dataset.ready = "true";
  } catch (error) {
    root.dataset.ready = "error";
    root.textContent = t("network_error");
    console.error(error);
  }
}));

// A handle for the browser console and the end-to-end tests.
window.mljLesson = Object.freeze({
  plot: plotView && plotView.plot,
  show: plotView ? plotView.show : () => {},
  get index() {
    return plotView ? plotView.index : null;
  },
  panels,
  ready: mounted,
});

// --- "try it" tasks -------------------------------------------------------------------------------------------

for (const part of document.querySelectorAll(".lesson-text, .lesson-tasks")) wrapMarkdownTables(part);

// One state at a time: a new check clears the previous verdict, the marks on the fields and the explanation (a
// green answer left under a red "Not quite" would give the answer away and contradict it).
for (const form of document.querySelectorAll("form.task")) {
  const feedback = form.querySelector(".feedback");
  const explanation = form.querySelector(".explanation");
  const button = form.querySelector("button[type=submit]");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const inputs = [...form.querySelectorAll("input[name]")];
    const answers = Object.fromEntries(inputs.map((input) => [input.name, input.value]));
    button.disabled = true;
    feedback.className = "feedback";
    feedback.textContent = t("task_checking");
    explanation.hidden = true;
    explanation.replaceChildren();
    delete form.dataset.correct;
    for (const input of inputs) input.removeAttribute("aria-invalid");
    try {
      const url = page.tasks_url.replace("{task}", encodeURIComponent(form.dataset.task));
      const { ok, data } = await postJSON(url, { answers, lang: page.lang });
      if (!ok || !data) {
        feedback.textContent = (data && data.detail) || t("network_error");
        return;
      }
      for (const input of inputs) {
        const result = data.answers[input.name];
        input.setAttribute("aria-invalid", result && result.correct ? "false" : "true");
      }
      feedback.textContent = data.message;
      feedback.classList.add(data.correct ? "right" : "wrong");
      form.dataset.correct = String(data.correct);
      if (data.correct && data.explanation) {
        // Rendered on the server from the exercise's own trusted markdown, with raw HTML disabled.
        explanation.innerHTML = data.explanation.html;
        explanation.hidden = false;
      }
    } catch {
      feedback.textContent = t("network_error");
    } finally {
      button.disabled = false;
    }
  });
}
