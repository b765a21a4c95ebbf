// The result panel: verdict, cases (differing entries marked), issues, output, notes, hints one at a time (as many
// as the learner has already revealed for this exercise come back on every run and after a reload), the learner's
// curve over the right one, and "switch to the PyTorch track" for PyTorch code run in the NumPy track.
// Everything the report says goes in as text, never as HTML.
import { el, store, t } from "./common.js";

const MAX_SHOWN = 64; // entries of an array shown in a table cell before "…"
const COLORS = { reference: "#0072B2", learner: "#D55E00" };

const $ = (id) => document.getElementById(id);

/** An array (nested lists) or scalar as spans, marking the flat (row-major) indices in `marked`. */
function valueNode(value, marked) {
  const out = el("code", { class: "value" });
  let flat = 0;
  let shown = 0;
  const walk = (node, parent) => {
    if (Array.isArray(node)) {
      parent.append("[");
      for (let i = 0; i < node.length; i++) {
        if (shown >= MAX_SHOWN) {
          parent.append(i ? ", …" : "…");
          break;
        }
        if (i) parent.append(", ");
        walk(node[i], parent);
      }
      parent.append("]");
      return;
    }
    const index = flat++;
    shown++;
    const text = typeof node === "number" ? String(node) : JSON.stringify(node);
    if (marked && marked.has(index)) parent.append(el("mark", { class: "diff num", title: `#${index}` }, text));
    else parent.append(el("span", { class: "num" }, text));
  };
  if (value === null || value === undefined) return el("span", { class: "muted" }, "—");
  if (typeof value === "object" && !Array.isArray(value)) {
    // named inputs: x = [...]
    const wrap = el("span");
    Object.entries(value).forEach(([name, v], i) => {
      if (i) wrap.append(el("br"));
      wrap.append(el("span", { class: "param" }, `${name} = `), valueNode(v, null));
    });
    return wrap;
  }
  walk(value, out);
  return out;
}

function statusCell(status) {
  const icon = { passed: "✓", failed: "✗", error: "!", timeout: "⧗", not_run: "–", forbidden: "⊘" }[status] || "";
  return el("td", { class: `case-status status-${status}` },
    el("span", { "aria-hidden": "true" }, `${icon} `), t(`status.${status}`));
}

/** One or two rows per case: the values (visible cases) or the kind only (hidden), then the details. */
function caseRows(c) {
  const marked = c.diff_indices ? new Set(c.diff_indices) : null;
  const name = el("th", { scope: "row" }, c.kind);
  if (!c.visible) name.append(" ", el("span", { class: "tag" }, t("hidden")));
  if (!c.visible) {
    return [el("tr", { "data-case": c.id, "data-status": c.status }, name, statusCell(c.status),
      el("td", { colspan: 3, class: "case-message" }, c.message || "—"))];
  }
  const rows = [el("tr", { "data-case": c.id, "data-status": c.status, class: c.message ? "has-detail" : null },
    name,
    statusCell(c.status),
    el("td", {}, valueNode(c.input, null)),
    el("td", {}, valueNode(c.expected, marked)),
    el("td", {}, valueNode(c.got, marked)),
  )];
  if (c.message) {
    rows.push(el("tr", { class: "case-detail", "data-detail-of": c.id }, el("td", { colspan: 5 }, c.message)));
  }
  return rows;
}

function show(id, visible) {
  $(id).hidden = !visible;
}

function fill(list, items, make) {
  list.replaceChildren(...items.map(make));
}

export class ResultPanel {
  /** onIssue(line, col): jump to an issue; onSwitchTrack(track): the learner asked to switch track;
   *  hintsKey: the localStorage key keeping how many hints the learner has revealed. */
  constructor({ onIssue, onSwitchTrack, hintsKey } = {}) {
    this.onIssue = onIssue;
    this.onSwitchTrack = onSwitchTrack;
    this.hintsKey = hintsKey;
    this.plot = null;
    this.diffPlot = null;
    this.hints = [];
    this.targeted = 0;
    this.revealed = 0;
    this.switchTo = null;
    $("hint-button").addEventListener("click", () => this.revealHint());
    $("switch-track").addEventListener("click", () => {
      if (this.switchTo && this.onSwitchTrack) this.onSwitchTrack(this.switchTo.track);
    });
  }

  /** How many hints the learner has revealed for this exercise so far (0 without storage). */
  get keptHints() {
    const n = this.hintsKey ? Number.parseInt(store.get(this.hintsKey) ?? "", 10) : 0;
    return Number.isFinite(n) && n > 0 ? n : 0;
  }

  render(report) {
    const panel = $("result");
    panel.hidden = false;
    panel.dataset.verdict = report.verdict;
    panel.dataset.runs = String((Number(panel.dataset.runs) || 0) + 1); // lets tests wait for a fresh report
    // PyTorch code in the NumPy track: say so plainly, offer the switch, and leave out the "forbidden" details.
    const switchTo = report.switch_track || null;
    this.switchTo = switchTo;
    panel.dataset.switchTrack = switchTo ? switchTo.track : "";
    const verdict = $("verdict");
    verdict.textContent = switchTo ? switchTo.message : report.verdict_label;
    verdict.className = `verdict verdict-${switchTo ? "wrong_track" : report.verdict}`;
    $("message").textContent = switchTo ? switchTo.detail : report.message;
    show("switch-block", Boolean(switchTo));
    if (switchTo) $("switch-track").textContent = t("wrong_track_switch", { track: t(`track.${switchTo.track}`) });
    const ms = report.stats && report.stats.wall_ms;
    $("stats").textContent = ms != null ? t("stats", { ms: Math.round(ms) }) : "";

    fill($("issues"), report.issues || [], (issue) => {
      const where = issue.line ? t("issue_at", { line: issue.line, col: issue.col || 1 }) : "";
      const item = el("li");
      if (issue.line && this.onIssue) {
        const jump = el("button", { type: "button", class: "link-button" }, where);
        jump.addEventListener("click", () => this.onIssue(issue.line, issue.col));
        item.append(jump, " ");
      } else if (where) {
        item.append(where, " ");
      }
      item.append(issue.message);
      return item;
    });
    show("issues-block", !switchTo && (report.issues || []).length > 0);

    const cases = switchTo ? [] : report.cases || [];
    $("cases").tBodies[0].replaceChildren(...cases.flatMap(caseRows));
    show("cases-block", cases.length > 0);
    show("diff-note", cases.some((c) => c.diff_indices && c.diff_indices.length));

    const stdout = report.stdout || "";
    $("stdout").textContent = stdout; // textContent: a printed <script> stays text
    show("stdout-truncated", Boolean(report.stdout_truncated));
    show("output-block", stdout.length > 0 || report.stdout_truncated);

    fill($("notes"), report.notes || [], (note) => el("li", {}, note));
    show("notes-block", (report.notes || []).length > 0);

    // As many hints as the learner has revealed before, from the start of this run's list: hints about the
    // mistakes recognised in this run come first, then the escalating ones.
    this.hints = switchTo ? [] : report.hints || []; // hints for the wrong track's code would not help
    this.targeted = (report.mistakes || []).length;
    this.revealed = 0;
    $("hints").replaceChildren();
    const kept = Math.min(this.keptHints, this.hints.length);
    while (this.revealed < kept) this.appendHint();
    this.updateHintButton();
    show("hints-block", this.hints.length > 0);

    this.renderPlot(report.plot, report.verdict);
  }

  /** The learner asked for one more hint: show it, move focus to it, and remember the count. */
  revealHint() {
    if (this.revealed >= this.hints.length) return;
    const item = this.appendHint();
    if (this.hintsKey && this.revealed > this.keptHints) store.set(this.hintsKey, String(this.revealed));
    item.focus();
    this.updateHintButton();
  }

  appendHint() {
    const i = this.revealed++;
    const label = i < this.targeted ? t("hint_targeted") : t("hint_n", { n: i - this.targeted + 1 });
    const item = el("li", { class: i < this.targeted ? "hint hint-targeted" : "hint", tabindex: "-1" },
      el("strong", { class: "hint-label" }, label),
      el("div", { class: "hint-text" }, this.hints[i]));
    $("hints").append(item);
    return item;
  }

  updateHintButton() {
    const button = $("hint-button");
    const left = this.hints.length - this.revealed;
    button.hidden = left <= 0;
    button.textContent = this.revealed === 0
      ? t("hint_show", { total: this.hints.length })
      : t("hint_next", { n: this.revealed + 1, total: this.hints.length });
  }

  renderPlot(plot, verdict) {
    for (const chart of [this.plot, this.diffPlot]) if (chart) chart.destroy();
    this.plot = this.diffPlot = null;
    const usable = plot && Array.isArray(plot.x) && (plot.learner || plot.reference);
    show("plot-block", Boolean(usable));
    if (!usable || !window.MLJPlot) return;
    const series = [];
    if (plot.reference) series.push({ label: t("plot_reference"), values: plot.reference, color: COLORS.reference });
    if (plot.learner) series.push({ label: t("plot_yours"), values: plot.learner, color: COLORS.learner, dash: [6, 4] });
    const note = $("plot-note");
    note.textContent = plot.learner ? "" : t("plot_no_curve");
    note.hidden = Boolean(plot.learner);
    const container = $("plot");
    container.replaceChildren();
    this.plot = window.MLJPlot.create(container, {
      x: plot.x,
      series,
      height: 260,
      xLabel: "x",
      label: t("plot_heading"),
    });

    // A wrong curve can sit within a line's width of the right one (a missing cubic term is off by 0.02 on a
    // scale of 3): its difference, on its own scale, shows the error at a glance.
    const diff = differences(plot.learner, plot.reference);
    const showDiff = verdict !== "accepted" && diff !== null;
    show("plot-diff-block", showDiff);
    if (!showDiff) return;
    const diffContainer = $("plot-diff");
    diffContainer.replaceChildren();
    this.diffPlot = window.MLJPlot.create(diffContainer, {
      x: plot.x,
      series: [{ label: t("plot_difference"), values: diff, color: COLORS.learner }],
      height: 150,
      xLabel: "x",
      label: t("plot_difference"),
    });
  }
}

/** learner − reference pointwise, or null when there is nothing to show (no curve, or no visible difference). */
function differences(learner, reference) {
  if (!Array.isArray(learner) || !Array.isArray(reference) || learner.length !== reference.length) return null;
  let largest = 0;
  const diff = learner.map((value, i) => {
    const right = reference[i];
    if (typeof value !== "number" || typeof right !== "number") return null;
    largest = Math.max(largest, Math.abs(value - right));
    return value - right;
  });
  return largest > 1e-9 ? diff : null;
}
