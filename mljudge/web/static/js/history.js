// "Your submissions": this learner's runs of this exercise, from the server, so they outlast the browser's
// storage, a reload and a server restart (the learner is their cookie: web/submissions.py). Clicking one shows its
// report in the result panel and puts its code in the editor. Everything a learner wrote goes in as text nodes.
import { el, t } from "./common.js";

const API = "/api/submissions";

async function getJSON(url) {
  const response = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  return { ok: response.ok, data };
}

export class History {
  /** root: the section; slug, lang: the page's; onOpen(submission): show a stored submission
   *  ({id, track, code, created_at, report}). */
  constructor(root, { slug, lang, onOpen }) {
    this.root = root;
    this.list = root.querySelector("ol");
    this.note = root.querySelector(".history-note");
    this.slug = slug;
    this.lang = lang;
    this.onOpen = onOpen;
    this.items = [];
    this.time = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
  }

  async load() {
    let answer;
    try {
      answer = await getJSON(`${API}?${new URLSearchParams({ exercise: this.slug, lang: this.lang })}`);
    } catch {
      answer = { ok: false };
    }
    if (!answer.ok || !answer.data) {
      this.say(t("history_error"));
      return;
    }
    this.items = answer.data.submissions;
    this.render();
  }

  /** A run just graded (the POST's answer), added on top without asking the server again. */
  add(report, track) {
    if (!report.submission_id) return;
    this.current = null; // the new run is what the panel shows now
    this.items.unshift({
      id: report.submission_id, track, verdict: report.verdict, verdict_label: report.verdict_label,
      passed: report.passed, total: report.total, created_at: new Date().toISOString(),
    });
    this.render();
  }

  say(text) {
    this.note.textContent = text;
    this.note.hidden = !text;
  }

  render() {
    this.list.replaceChildren(...this.items.map((item) => this.row(item)));
    this.root.dataset.count = String(this.items.length);
    this.say(this.items.length ? "" : t("history_empty"));
  }

  row(item) {
    const when = new Date(item.created_at);
    const button = el("button", { type: "button", class: "history-item", "data-id": item.id, title: t("history_open"),
      "aria-current": this.current != null && String(this.current) === String(item.id) ? "true" : null },
      el("time", { datetime: item.created_at, class: "history-when" }, this.time.format(when)),
      el("span", { class: "history-track" }, t(`track.${item.track}`)),
      el("span", { class: "history-verdict", "data-verdict": item.verdict }, item.verdict_label),
      el("span", { class: "history-cases" }, `${item.passed}/${item.total}`));
    button.addEventListener("click", () => this.open(item.id, button));
    return el("li", {}, button);
  }

  /** Shows submission `id` (its button, when one was clicked; none when the page reopens what it showed). */
  async open(id, button = null) {
    button?.setAttribute("aria-busy", "true");
    try {
      const { ok, data } = await getJSON(`${API}/${encodeURIComponent(id)}?${new URLSearchParams({ lang: this.lang })}`);
      if (!ok || !data) {
        this.say((data && data.detail) || t("history_error"));
        return;
      }
      this.current = id;
      for (const other of this.list.querySelectorAll(".history-item")) {
        other.setAttribute("aria-current", String(other.dataset.id === String(id)));
      }
      this.onOpen(data);
    } catch {
      this.say(t("history_error"));
    } finally {
      button?.removeAttribute("aria-busy");
    }
  }
}
