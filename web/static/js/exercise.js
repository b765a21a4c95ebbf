// The exercise page: a CodeMirror editor per track (drafts kept in localStorage), Run (button, Ctrl/Cmd+Enter),
// and the result panel. Grading happens on the server; this only sends the code and shows the report.
import { keys, page, postJSON, store, t } from "./common.js";
import { ResultPanel } from "./result.js";

const slug = page.slug;
const runButton = document.getElementById("run");
const resetButton = document.getElementById("reset");
const status = document.getElementById("status");
const announce = document.getElementById("announce");
const radios = [...document.querySelectorAll('input[name="track"]')];
const isMac = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
document.getElementById("kbd-hint").textContent = isMac ? "⌘ + Enter" : "Ctrl + Enter";

let track = page.tracks.includes(store.get(keys.track(slug))) ? store.get(keys.track(slug)) : page.tracks[0];
let running = false;
let saveTimer = null;

const starter = (name) => page.starters[name] ?? "";
const draft = (name) => store.get(keys.draft(slug, name)) ?? starter(name);

function saveDraft() {
  clearTimeout(saveTimer);
  saveTimer = null;
  const text = editor.getDoc();
  // The starter itself is not a draft: keep storage for what the learner wrote.
  if (text === starter(track)) store.remove(keys.draft(slug, track));
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
    nonce: document.body.dataset.styleNonce,
  });
})();

/** Show track `name` with its own draft. `carry`: bring the code in the editor along instead (code written for
 *  `name` in the wrong track); the track it leaves goes back to its starter, and undo gives back `name`'s old draft. */
function selectTrack(name, { carry = false } = {}) {
  if (name === track || !page.tracks.includes(name)) return;
  const code = editor.getDoc();
  saveDraft();
  if (carry) store.remove(keys.draft(slug, track));
  track = name;
  store.set(keys.track(slug), track);
  for (const radio of radios) radio.checked = radio.value === track;
  editor.setDoc(draft(track), { addToHistory: false });
  if (carry && editor.getDoc() !== code) {
    editor.setDoc(code);
    saveDraft();
  }
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

function jumpTo(line, col) {
  const view = editor.view;
  if (!view) return editor.focus();
  const target = view.state.doc.line(Math.min(Math.max(1, line), view.state.doc.lines));
  const anchor = Math.min(target.from + Math.max(0, (col || 1) - 1), target.to);
  view.dispatch({ selection: { anchor }, scrollIntoView: true });
  view.focus();
}

// PyTorch code run in the NumPy track: the panel's button moves the code to the PyTorch track and runs it there.
function switchTrackAndRun(name) {
  selectTrack(name, { carry: true });
  run();
}

const panel = new ResultPanel({ onIssue: jumpTo, onSwitchTrack: switchTrackAndRun,
  hintsKey: keys.hints(slug, page.lang) });

function remember(verdict) {
  const previous = store.get(keys.state(slug));
  if (verdict === "accepted") store.set(keys.state(slug), "solved");
  else if (previous !== "solved") store.set(keys.state(slug), "attempted");
}

async function run() {
  if (running) return;
  running = true;
  saveDraft();
  runButton.disabled = true;
  runButton.setAttribute("aria-busy", "true");
  status.textContent = t("running");
  announce.textContent = "";
  try {
    const { ok, data } = await postJSON(page.submit_url, { code: editor.getDoc(), track, lang: page.lang });
    if (!ok || !data || !data.verdict) {
      status.textContent = (data && data.detail) || t("network_error");
      return;
    }
    panel.render(data);
    // Code for the other track is not an attempt at this one: the panel offers the switch instead.
    if (!data.switch_track) remember(data.verdict);
    status.textContent = "";
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

// A handle for the browser console and the end-to-end tests (bulk text goes in through editor.setDoc).
window.mljExercise = Object.freeze({ editor, run, get track() {
  return track;
} });
