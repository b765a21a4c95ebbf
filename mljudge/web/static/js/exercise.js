// The exercise page: a CodeMirror editor per track (drafts kept in localStorage), Run (button, Ctrl/Cmd+Enter),
// and the result panel, whose last report per track survives a reload. Grading happens on the server; this only
// sends the code and shows the report.
import { keys, loadJSON, page, postJSON, store, t, wrapMarkdownTables } from "./common.js";
import { setupPanes } from "./panes.js";
import { History } from "./history.js";
import { ResultPanel } from "./result.js";

const slug = page.slug;
const runButton = document.getElementById("run");
const resetButton = document.getElementById("reset");
const status = document.getElementById("status");
const announce = document.getElementById("announce");
const resultEmpty = document.getElementById("result-empty");
const badge = document.getElementById("result-badge");
const radios = [...document.querySelectorAll('input[name="track"]')];
const platform = navigator.userAgentData?.platform || navigator.platform || navigator.userAgent || "";
const isMac = /Mac|iPhone|iPad/i.test(platform);
// How to run, and how to leave the editor with the keyboard (Tab indents in it; Escape, then Tab, moves on).
document.getElementById("keys-help").textContent = t("keys_help", { run: isMac ? "⌘ + Enter" : "Ctrl + Enter" });

const panes = setupPanes(document.getElementById("layout"));
wrapMarkdownTables(document.getElementById("pane-prompt"));

let track = page.tracks.includes(store.get(keys.track(slug))) ? store.get(keys.track(slug)) : page.tracks[0];
let running = false;
let saveTimer = null;

const starter = (name) => page.starters[name] ?? "";
// As the judge compares (judge/grade.py: _normalize): outer blank lines and trailing spaces do not count.
const normalise = (text) => text.trim().split("\n").map((line) => line.trimEnd()).join("\n");
// The starter in any language is untouched: the starters differ only in their comments and docstring, so a learner
// who switches language before writing anything gets the starter in the new one; written code stays as it is.
const isStarter = (name, text) =>
  [starter(name), ...(page.starters_any?.[name] ?? [])].some((s) => normalise(s) === normalise(text));
const draft = (name) => {
  const saved = store.get(keys.draft(slug, name));
  return saved == null || isStarter(name, saved) ? starter(name) : saved;
};
const completionFor = (name) => ({
  track: name,
  function: page.completion.function,
  params: page.completion.params,
  functionLabel: page.completion.functionLabel,
  paramLabel: page.completion.paramLabel,
  ...(page.completion.tracks[name] || {}),
});

function saveDraft() {
  clearTimeout(saveTimer);
  saveTimer = null;
  const text = editor.getDoc();
  // A starter (in any language) is not a draft: keep storage for what the learner wrote.
  if (isStarter(track, text)) store.remove(keys.draft(slug, track));
  else store.set(keys.draft(slug, track), text);
}

function scheduleSave() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveDraft, 300);
}

// The editor, or the plain textarea the page shipped with if the bundle did not load.
const editor = (() => {
  const fallback = document.getElementById("code-fallback");
  if (!window.MLJEditor) {
    fallback.value = draft(track);
    fallback.addEventListener("input", scheduleSave);
    return {
      getDoc: () => fallback.value,
      setDoc: (text) => {
        fallback.value = text;
      },
      focus: () => fallback.focus(),
      jumpTo: () => fallback.focus(),
      setIssues: () => {},
      setCompletion: () => {},
      view: null,
    };
  }
  const label = fallback.getAttribute("aria-label");
  fallback.remove();
  return window.MLJEditor.create(document.getElementById("editor"), {
    doc: draft(track),
    onRun: () => run(),
    onChange: scheduleSave,
    label,
    describedBy: "keys-help",
    nonce: document.body.dataset.styleNonce,
    completion: completionFor(track),
  });
})();

function jumpTo(line, col) {
  if (panes.narrow) panes.show("code");
  editor.jumpTo(line, col);
}

// PyTorch code run in the NumPy track: the panel's button moves the code to the PyTorch track and runs it there.
function switchTrackAndRun(name) {
  selectTrack(name, { carry: true });
  run();
}

const panel = new ResultPanel({ onIssue: jumpTo, onSwitchTrack: switchTrackAndRun, hintsKey: keys.hints(slug) });

// The learner's submissions, kept by the server: one clicked comes back as it was, its code in the editor.
const history = new History(document.getElementById("history"), {
  slug,
  lang: page.lang,
  onOpen(stored) {
    selectTrack(stored.track);
    editor.setDoc(stored.code);
    saveDraft();
    // What the panel shows now, kept as the track's last report: a reload (in another language too) opens this
    // submission again, said by the server in the page's language, not the run before it.
    store.set(keys.report(slug, stored.track), JSON.stringify({ report: stored.report, code: stored.code,
      at: Date.parse(stored.created_at) || Date.now(), submission: stored.id }));
    panel.render(stored.report, { code: stored.code });
    const time = new Intl.DateTimeFormat(page.lang, { dateStyle: "medium", timeStyle: "short" })
      .format(new Date(stored.created_at));
    const note = document.getElementById("result-note");
    note.textContent = t("history_shown", { time });
    note.hidden = false;
    editor.setIssues(stored.report.issues);
    showing(stored.report);
    if (panes.narrow) panes.show("result");
    announce.textContent = `${stored.report.verdict_label}: ${note.textContent}`;
  },
});

function showing(report) {
  resultEmpty.hidden = Boolean(report);
  badge.dataset.verdict = report ? (report.switch_track ? "wrong_track" : report.verdict) : "";
  badge.dataset.tone = report ? (report.switch_track ? "caution" : report.tone || "") : "";
}

/** The last run of the current track, as it was left (marked as a last run), or an empty panel. */
function showLastRun() {
  const saved = loadJSON(keys.report(slug, track));
  if (!saved || !saved.report || !saved.report.verdict) {
    panel.clear();
    editor.setIssues([]);
    showing(null);
    return;
  }
  const changed = saved.code !== editor.getDoc();
  panel.render(saved.report, { code: saved.code, restored: { at: saved.at, changed } });
  if (saved.submission && !changed) {
    history.open(saved.submission); // as it was opened, in this page's language (offline: as kept)
    showing(saved.report);
    return;
  }
  // The markers point into the code that ran: only on that same code.
  editor.setIssues(changed || saved.report.switch_track ? [] : saved.report.issues);
  showing(saved.report);
  if (saved.report.lang !== page.lang && saved.report.neutral) sayAgain(track, saved);
}

/** A last run kept in another language, said in the page's: the server renders the report it made (its
 *  `neutral` form) again; nothing is graded twice. Shown only if that run is still the one on screen. */
async function sayAgain(ranTrack, saved) {
  let answer;
  try {
    answer = await postJSON(page.render_url, { report: saved.report.neutral, lang: page.lang, code: saved.code });
  } catch {
    return; // offline: the report stays in the language it was run in
  }
  const { ok, data } = answer;
  const current = loadJSON(keys.report(slug, ranTrack));
  if (!ok || data.lang !== page.lang || !current || current.at !== saved.at) return;
  store.set(keys.report(slug, ranTrack), JSON.stringify({ ...saved, report: data }));
  if (ranTrack === track) showLastRun();
}

/** Show track `name` with its own draft. `carry`: bring the code in the editor along instead (code written for
 *  `name` in the wrong track); the track it leaves goes back to its starter, and undo gives back `name`'s old draft. */
function selectTrack(name, { carry = false } = {}) {
  if (name === track || !page.tracks.includes(name)) return;
  const code = editor.getDoc();
  saveDraft();
  if (carry) {
    store.remove(keys.draft(slug, track));
    store.remove(keys.report(slug, track)); // its report was about the code that leaves with it
  }
  track = name;
  store.set(keys.track(slug), track);
  for (const radio of radios) radio.checked = radio.value === track;
  editor.setCompletion(completionFor(track));
  editor.setDoc(draft(track), { addToHistory: false });
  if (carry && editor.getDoc() !== code) {
    editor.setDoc(code);
    saveDraft();
  }
  if (!carry) showLastRun();
}

for (const radio of radios) {
  radio.checked = radio.value === track;
  radio.addEventListener("change", () => {
    if (radio.checked) selectTrack(radio.value);
  });
}

resetButton.addEventListener("click", () => {
  if (!window.confirm(t("reset_confirm"))) return;
  editor.setDoc(starter(track));
  store.remove(keys.draft(slug, track));
  editor.focus();
});

function remember(verdict) {
  const previous = store.get(keys.state(slug));
  if (verdict === "accepted") store.set(keys.state(slug), "solved");
  else if (previous !== "solved") store.set(keys.state(slug), "attempted");
}

async function run() {
  if (running) return;
  running = true;
  saveDraft();
  const code = editor.getDoc();
  const ranTrack = track;
  // Run is disabled while grading, which drops its focus to <body>: a keyboard user gets it back on the verdict
  // (or on Run, when no report came), not at the top of the page.
  const focusAfter = () => document.activeElement === runButton || document.activeElement === document.body
    || !document.activeElement;
  const hadFocus = focusAfter();
  let rendered = false;
  runButton.disabled = true;
  runButton.setAttribute("aria-busy", "true");
  status.textContent = t("running");
  announce.textContent = "";
  panel.running(); // the previous verdict stays only dimmed, marked as the previous one
  editor.setIssues([]);
  try {
    const { ok, data } = await postJSON(page.submit_url, { code, track: ranTrack, lang: page.lang });
    if (!ok || !data || !data.verdict) {
      status.textContent = (data && data.detail) || t("network_error");
      return;
    }
    store.set(keys.report(slug, ranTrack), JSON.stringify({ report: data, code, at: Date.now() }));
    history.add(data, ranTrack);
    // Code for the other track is not an attempt at this one: the panel offers the switch instead.
    if (!data.switch_track) remember(data.verdict);
    status.textContent = "";
    if (track !== ranTrack) return; // the learner moved on to the other track meanwhile; its panel stays
    panel.render(data, { code });
    rendered = true;
    editor.setIssues(data.switch_track || editor.getDoc() !== code ? [] : data.issues);
    showing(data);
    if (panes.narrow) panes.show("result");
    // For screen readers: the verdict, once (the panel itself is too long to announce).
    announce.textContent = data.switch_track
      ? data.switch_track.message
      : `${data.verdict_label}: ${data.message}`;
  } catch {
    status.textContent = t("network_error");
  } finally {
    running = false;
    runButton.disabled = false;
    runButton.removeAttribute("aria-busy");
    if (status.textContent) panel.clearRunning();
    if (hadFocus && focusAfter()) (rendered ? document.getElementById("verdict") : runButton).focus();
  }
}

runButton.addEventListener("click", run);
// Ctrl/Cmd+Enter anywhere on the page (the editor handles its own and marks the event handled).
document.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || event.key !== "Enter" || !(event.ctrlKey || event.metaKey)) return;
  event.preventDefault();
  run();
});
window.addEventListener("pagehide", saveDraft);

showLastRun();
history.load();

// A handle for the browser console and the end-to-end tests (bulk text goes in through editor.setDoc).
window.mljExercise = Object.freeze({ editor, run, panes, get track() {
  return track;
} });
