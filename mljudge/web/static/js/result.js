// The result panel: verdict, problems in the code (with the line quoted and a caret under the column), cases
// (differing entries marked, identical messages said once for a run of cases, nothing listed when no case ran),
// output, notes, hints one at a time for the verdicts they help with, the learner's curve over the right one,
// and "switch to the PyTorch track" for PyTorch code run in the NumPy track.
// Everything the report says goes in as text, never as HTML.
import { el, inlineCode, loadJSON, page, richText, scrollCues, statusIcon, store, t } from "./common.js";

const MAX_SHOWN = 64; // entries of an array shown in a table cell before "…"
const COLORS = { reference: "#0072B2", learner: "#D55E00" };
// Hints help with a wrong answer or a crash in the maths; not with a refusal, a loop that never ends, code that
// does not compile, a blown memory or output limit, or code that never got going (a misspelt name, an import).
// What each hint is about (the report says it: judge.report.HintKind). The ones about this submission are shown at
// once; the ladder's rungs one at a time.
const AT_ONCE = new Set(["mistake", "idiom", "refusal"]);

const $ = (id) => document.getElementById(id);

/** An array (nested lists) or scalar as spans, marking the flat (row-major) indices in `marked`. A matrix (or
 *  higher) has one row a line, indented under its bracket, each row kept whole (the table scrolls sideways). NaN
 *  and the infinities come as the strings "nan", "inf", "-inf" (JSON has none) and read as the terminal shows
 *  them: without quotes. */
function valueNode(value, marked) {
  const out = el("code", { class: "value" });
  let flat = 0;
  let shown = 0;
  const walk = (node, parent, depth) => {
    if (Array.isArray(node)) {
      const rows = node.some(Array.isArray);
      const inMatrix = !rows && depth > 0; // a row of a matrix: kept on its line
      const box = inMatrix ? el("span", { class: "value-row" }) : parent;
      if (inMatrix) parent.append(box);
      box.append("[");
      for (let i = 0; i < node.length; i++) {
        if (shown >= MAX_SHOWN) {
          box.append(i ? ", …" : "…");
          break;
        }
        if (i && rows) box.append(",", el("br"), "\u00a0".repeat(depth + 1));
        else if (i) box.append(", ");
        walk(node[i], box, depth + 1);
      }
      box.append("]");
      return;
    }
    const index = flat++;
    shown++;
    const text = typeof node === "string" ? node : String(node);
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
  walk(value, out, 0);
  return out;
}

// "line {line}: " in the page's language, as a pattern: the report quotes the learner's line after it.
const AT_LINE = new RegExp(`^${(page.strings?.at_line ?? "line {line}: ")
  .replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace("{line}", "(\\d+)")}(.*)$`);

/** A report message: its first line as prose (`code` as code), each further line as quoted source, monospace. */
export function messageNode(text, tag = "div") {
  const node = el(tag, { class: "rich" });
  String(text ?? "").split("\n").forEach((line, i) => {
    if (i === 0) {
      node.append(el("span", { class: "prose" }, inlineCode(line)));
      return;
    }
    if (!line.trim()) return;
    const at = line.match(AT_LINE);
    node.append(at
      ? el("span", { class: "quote" }, el("span", { class: "quote-label" }, line.slice(0, line.length - at[2].length)),
        el("code", { class: "quote-code" }, at[2].trim()))
      : el("span", { class: "quote" }, el("code", { class: "quote-code" }, line.trim())));
  });
  return node;
}

/** The learner's line `number` of `code`, with a caret under column `col` (1-based; none when 0). */
function quotedLine(code, number, col) {
  const lines = String(code ?? "").split("\n");
  const source = number > 0 && number <= lines.length ? lines[number - 1] : null;
  if (source == null || !source.trim()) return null;
  const text = source.trimStart();
  const shift = source.length - text.length;
  const pre = el("pre", { class: "quote-code caret-quote" }, el("code", {}, text.trimEnd()));
  if (col > 0) pre.append("\n", el("span", { class: "caret", "aria-hidden": "true" }, `${" ".repeat(Math.max(0, col - 1 - shift))}^`));
  return pre;
}

function statusCell(status) {
  return el("td", { class: `case-status status-${status}`, "data-label": t("status_col") },
    statusIcon(status), " ", t(`status.${status}`));
}

/** Numbers as "3–6" (a run) or "4". */
function range(first, last) {
  return first === last ? String(first) : `${first}\u2013${last}`;
}

/**
 * Rows of the cases table. Each case has a row of its own (number, kind, status, values); cases that did not
 * run in a row share one. A case's message is shown without what the verdict's message already said (the
 * NameError every case hit is said once, above), and a run of cases with the same message gets it once, after
 * the run, as "Cases 3–6: …".
 */
function caseRows(cases, said) {
  const unsaid = (message) => String(message || "").split("\n")
    .filter((line) => line.trim() && !said.includes(line.trim())).join("\n");
  const numbered = cases.map((c, i) => ({ ...c, n: i + 1, detail: unsaid(c.message) }));
  const rows = [];
  let i = 0;
  while (i < numbered.length) {
    const c = numbered[i];
    let j = i;
    if (c.status === "not_run") {
      while (j + 1 < numbered.length && numbered[j + 1].status === "not_run") j++;
      const label = j > i ? t("cases_range", { range: range(c.n, numbered[j].n) }).replace(/:$/, "")
        : `${t("case_number", { n: c.n })} ${c.kind}`;
      rows.push(el("tr", { "data-case": numbered.slice(i, j + 1).map((x) => x.id).join(" "), "data-status": "not_run" },
        el("th", { scope: "row" }, label), statusCell("not_run"),
        el("td", { colspan: 3, class: "case-message muted" }, "—")));
      i = j + 1;
      continue;
    }
    while (j + 1 < numbered.length && numbered[j + 1].status === c.status && numbered[j + 1].detail === c.detail
      && c.detail) j++;
    for (const x of numbered.slice(i, j + 1)) rows.push(caseRow(x));
    if (c.detail) {
      const label = j > i ? `${t("cases_range", { range: range(c.n, numbered[j].n) })} ` : "";
      rows.push(el("tr", { class: "case-detail", "data-detail-of": numbered.slice(i, j + 1).map((x) => x.id).join(" ") },
        el("td", { colspan: 5 }, label ? el("strong", {}, label) : null, messageNode(c.detail, "span"))));
    }
    i = j + 1;
  }
  return rows;
}

function caseRow(c) {
  const marked = c.diff_indices ? new Set(c.diff_indices) : null;
  const name = el("th", { scope: "row" }, el("span", { class: "case-n" }, t("case_number", { n: c.n })), " ", c.kind);
  if (!c.visible) name.append(" ", el("span", { class: "tag" }, t("hidden")));
  const row = el("tr", { "data-case": c.id, "data-status": c.status, class: c.detail ? "has-detail" : null },
    name, statusCell(c.status));
  if (!c.visible) {
    row.append(el("td", { colspan: 3, class: "case-message muted" }, "—")); // the "hidden" tag says why
  } else {
    row.append(
      el("td", { "data-label": t("input") }, valueNode(c.input, null)),
      el("td", { "data-label": t("expected") }, valueNode(c.expected, marked)),
      el("td", { "data-label": t("got") }, valueNode(c.got, marked)),
    );
  }
  return row;
}

function show(id, visible) {
  $(id).hidden = !visible;
}

function fill(list, items, make) {
  list.replaceChildren(...items.map(make));
}

/** The report's hints with what each is about. The judge decided which apply (none at all for a syntax error, a
 *  time limit or code that never got to the maths); an offer to switch track replaces them. */
export function hintsOf(report) {
  if (report.switch_track) return [];
  const kinds = report.hint_kinds || [];
  return (report.hints || []).map((text, i) => ({ text, kind: kinds[i] || "ladder" }));
}

export class ResultPanel {
  /** onIssue(line, col): jump to an issue; onSwitchTrack(track): the learner asked to switch track;
   *  hintsKey: the localStorage key keeping the learner's place in the hint ladder. */
  constructor({ onIssue, onSwitchTrack, hintsKey } = {}) {
    this.onIssue = onIssue;
    this.onSwitchTrack = onSwitchTrack;
    this.hintsKey = hintsKey;
    this.plot = null;
    this.diffPlot = null;
    this.hints = [];
    this.switchTo = null;
    $("hint-button").addEventListener("click", () => this.revealHint());
    $("switch-track").addEventListener("click", () => {
      if (this.switchTo && this.onSwitchTrack) this.onSwitchTrack(this.switchTo.track);
    });
  }

  /** The learner's place in the hint ladder: how many of the escalating hints they have read. Kept per exercise,
   *  in every language. */
  get place() {
    const saved = this.hintsKey ? loadJSON(this.hintsKey, {}) : {};
    const ladder = Number.isInteger(saved?.ladder) && saved.ladder > 0 ? saved.ladder : 0;
    return { ladder };
  }

  set place(value) {
    if (this.hintsKey) store.set(this.hintsKey, JSON.stringify(value));
  }

  /** A new run started: the shown report is now the previous one, and looks it. */
  running() {
    const panel = $("result");
    panel.classList.add("is-stale");
    panel.setAttribute("aria-busy", "true");
    const note = $("result-note");
    this.noteBefore = note.hidden ? null : note.textContent;
    note.textContent = t("running_now");
    note.hidden = false;
  }

  /** The run failed before a report came (network, a busy server): the shown report is current again. */
  clearRunning() {
    const panel = $("result");
    panel.classList.remove("is-stale");
    panel.removeAttribute("aria-busy");
    const note = $("result-note");
    note.textContent = this.noteBefore ?? "";
    note.hidden = this.noteBefore == null;
  }

  /** Nothing to show (a track without a last run). */
  clear() {
    $("result").hidden = true;
    $("result").dataset.verdict = "";
    for (const chart of [this.plot, this.diffPlot]) if (chart) chart.destroy();
    this.plot = this.diffPlot = null;
  }

  /** Shows `report`. `code`: the code it graded (quotes its lines); `restored`: {at, changed} for a last run
   *  brought back after a reload, marked as such. */
  render(report, { code = "", restored = null } = {}) {
    const panel = $("result");
    panel.hidden = false;
    panel.classList.remove("is-stale");
    panel.removeAttribute("aria-busy");
    panel.dataset.verdict = report.verdict;
    panel.dataset.restored = restored ? "true" : "false";
    panel.dataset.runs = String((Number(panel.dataset.runs) || 0) + 1); // lets tests wait for a fresh report
    const note = $("result-note");
    note.hidden = !restored;
    if (restored) {
      const time = new Intl.DateTimeFormat(page.lang, { dateStyle: "medium", timeStyle: "short" })
        .format(new Date(restored.at || Date.now()));
      note.textContent = t(restored.changed ? "last_run_changed" : "last_run", { time });
    }
    // PyTorch code in the NumPy track: say so plainly, offer the switch, and leave out the "forbidden" details.
    const switchTo = report.switch_track || null;
    this.switchTo = switchTo;
    panel.dataset.switchTrack = switchTo ? switchTo.track : "";
    const verdict = $("verdict");
    verdict.textContent = switchTo ? switchTo.message : report.verdict_label;
    // The colour is the verdict's tone, which the judge decided (report.tone).
    const tone = switchTo ? "caution" : report.tone;
    verdict.className = `verdict verdict-${switchTo ? "wrong_track" : report.verdict} tone-${tone}`;
    const ms = report.stats && report.stats.wall_ms;
    $("stats").textContent = ms != null ? t("stats", { ms: Math.round(ms) }) : "";

    // Problems found before running, each once: the message above would only repeat the first of them.
    const issues = switchTo ? [] : report.issues || [];
    const restates = issues.some((issue) => issue.message && String(report.message).includes(issue.message));
    const message = switchTo ? switchTo.detail : restates ? "" : report.message;
    $("message").replaceChildren(...(message ? [messageNode(message)] : []));
    show("message", Boolean(message));
    show("switch-block", Boolean(switchTo));
    if (switchTo) $("switch-track").textContent = t("wrong_track_switch", { track: t(`track.${switchTo.track}`) });

    fill($("issues"), issues, (issue) => {
      const where = issue.line ? t("issue_at", { line: issue.line, col: issue.col || 1 }) : "";
      const item = el("li", { class: "issue", "data-line": issue.line || null });
      if (issue.line && this.onIssue) {
        const jump = el("button", { type: "button", class: "link-button" }, where);
        jump.addEventListener("click", () => this.onIssue(issue.line, issue.col));
        item.append(jump, " ");
      } else if (where) {
        item.append(where, " ");
      }
      item.append(el("span", { class: "prose" }, inlineCode(issue.message)));
      const quote = quotedLine(code, issue.line, issue.col);
      if (quote) item.append(quote);
      return item;
    });
    show("issues-block", issues.length > 0);

    // The table only when a case ran: six "not run" rows say nothing the verdict has not.
    const cases = switchTo ? [] : report.cases || [];
    const ran = cases.some((c) => c.status !== "not_run");
    $("cases").tBodies[0].replaceChildren(...(ran ? caseRows(cases, message || "") : []));
    show("cases-block", ran);
    show("diff-note", ran && cases.some((c) => c.diff_indices && c.diff_indices.length));

    const stdout = report.stdout || "";
    $("stdout").textContent = stdout; // textContent: a printed <script> stays text
    show("stdout-truncated", Boolean(report.stdout_truncated));
    show("output-block", stdout.length > 0 || report.stdout_truncated);

    fill($("notes"), report.notes || [], (item) => el("li", {}, inlineCode(item)));
    show("notes-block", (report.notes || []).length > 0);

    // The hints the judge gave: those about this submission at once, the ladder where the learner left off.
    this.hints = hintsOf(report);
    this.renderHints(null);
    show("hints-block", this.hints.length > 0);

    this.renderPlot(report.plot, report.verdict);
    scrollCues(panel);
  }

  /** The ladder's rungs of this run (after the hints about the submission itself). */
  get ladder() {
    return this.hints.filter((hint) => !AT_ONCE.has(hint.kind));
  }

  get atOnce() {
    return this.hints.filter((hint) => AT_ONCE.has(hint.kind));
  }

  /** The hints about this submission, each marked by what it is (a recognised mistake says so), then the ladder
   *  up to the learner's place. `focus`: the index (in this.hints) to move focus to. */
  renderHints(focus) {
    const items = this.atOnce.map((hint, i) =>
      this.hintItem(i, t(hint.kind === "mistake" ? "hint_recognised" : "hint_targeted"), true));
    const open = Math.min(this.place.ladder, this.ladder.length);
    for (let k = 0; k < open; k++) items.push(this.hintItem(this.atOnce.length + k, t("hint_n", { n: k + 1 })));
    $("hints").replaceChildren(...items);
    scrollCues($("hints")); // a hint's code wider than a phone scrolls, by the keyboard too
    this.updateHintButton();
    if (focus != null) items.find((item) => item.dataset.index === String(focus))?.focus();
  }

  hintItem(index, label, targeted = false) {
    const hint = [...this.atOnce, ...this.ladder][index];
    return el("li", { class: targeted ? `hint hint-targeted hint-${hint.kind}` : "hint", tabindex: "-1",
      "data-index": index, "data-kind": hint.kind },
    el("strong", { class: "hint-label" }, label),
    el("div", { class: "hint-text" }, richText(hint.text)));
  }

  /** The next rung of the ladder, if there is one. */
  nextHint() {
    const { ladder } = this.place;
    if (ladder < this.ladder.length) return { index: this.atOnce.length + ladder, rung: ladder + 1 };
    return null;
  }

  revealHint() {
    const next = this.nextHint();
    if (!next) return;
    this.place = { ladder: next.rung };
    this.renderHints(next.index);
  }

  updateHintButton() {
    const button = $("hint-button");
    const next = this.nextHint();
    button.hidden = !next;
    if (!next) return;
    const opened = $("hints").children.length > 0;
    // The button names the hint it opens, numbered as that hint will be: "Show the next hint (2 of 4)" opens
    // "Hint 2".
    button.textContent = next.rung === 1 && !opened ? t("hint_show")
      : t("hint_next", { n: next.rung, total: this.ladder.length });
    button.dataset.opens = String(next.rung);
  }

  renderPlot(original, verdict) {
    for (const chart of [this.plot, this.diffPlot]) if (chart) chart.destroy();
    this.plot = this.diffPlot = null;
    const plot = numericGrid(original);
    const usable = plot && plot.x.length > 1 && (plot.learner || plot.reference);
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

/** The plot without grid points whose x is not a number (a shortened list ends in "…"): uPlot needs a clean,
 *  ascending x. */
function numericGrid(plot) {
  if (!plot || !Array.isArray(plot.x)) return null;
  const keep = plot.x.map((x, i) => (typeof x === "number" && Number.isFinite(x) ? i : -1)).filter((i) => i >= 0);
  const pick = (values) => (Array.isArray(values) ? keep.map((i) => values[i]) : values);
  return { ...plot, x: pick(plot.x), learner: pick(plot.learner), reference: pick(plot.reference) };
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
