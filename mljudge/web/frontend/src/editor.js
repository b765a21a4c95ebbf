// Entry for web/static/vendor/editor.js: a CodeMirror 6 Python editor.
//
// Exposes exactly one global, window.MLJEditor:
//
//   const ed = MLJEditor.create(parentElement, {
//     doc: "print('hi')\n",     // initial text (default "")
//     onRun: () => {},           // Ctrl-Enter / Cmd-Enter (Mod-Enter)
//     onChange: (text) => {},    // after every document change (typing, undo, setDoc)
//     readOnly: false,           // optional
//     label: "Code editor",      // optional aria-label of the editable area
//     describedBy: "id",         // optional aria-describedby of the editable area (the keyboard help)
//     nonce: "...",              // optional CSP nonce for CodeMirror's injected <style>
//     completion: {...},         // optional: what Ctrl+Space offers, see src/completion.js and setCompletion
//   });
//   ed.getDoc(); ed.setDoc(text[, {addToHistory: false}]); ed.focus(); ed.destroy();
//   ed.setCompletion({track, imports, forbidden, function, params, paramLabel, functionLabel});
//   ed.setIssues([{line, col, message}]);  // lint markers (gutter + underline + tooltip); [] clears them
//   ed.jumpTo(line, col);                  // put the cursor there, scrolled into view, and focus
//   ed.view  // the underlying CodeMirror EditorView
//
// Lines wrap (no sideways scrolling), continuation lines indented past the line's own indentation. Completion opens on Ctrl+Space only, never while typing, so Enter
// always inserts a new line unless the learner opened the list; Enter or Tab then takes the selected name.
// Keyboard note: Tab indents (indentWithTab). To move focus out of the editor with the keyboard, press Escape
// and then Tab (CodeMirror's tab-focus mode).

import { EditorState, Prec, RangeSetBuilder, Transaction } from "@codemirror/state";
// EditorView through the `codemirror` package, which pins the set of @codemirror/* versions that work together.
import { EditorView } from "codemirror";
import {
  crosshairCursor, Decoration, drawSelection, dropCursor, highlightActiveLine, highlightActiveLineGutter,
  highlightSpecialChars, keymap, lineNumbers, rectangularSelection, ViewPlugin,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import {
  bracketMatching, defaultHighlightStyle, indentOnInput, indentUnit, syntaxHighlighting,
} from "@codemirror/language";
import { highlightSelectionMatches, searchKeymap } from "@codemirror/search";
import {
  acceptCompletion, autocompletion, closeBrackets, closeBracketsKeymap, completionStatus,
} from "@codemirror/autocomplete";
import { lintGutter, lintKeymap, setDiagnostics } from "@codemirror/lint";
import { python } from "@codemirror/lang-python";
import { librarySource } from "./completion.js";

const MONO =
  'ui-monospace, SFMono-Regular, Menlo, Monaco, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace';

// Wrapped lines hang: a line's continuation starts HANG columns right of the line's own indentation, so a wrapped
// statement never looks like the start of a new one. Each line gets the class for its indentation (capped); the
// rules live in the theme, which CodeMirror injects with the page's nonce: a style attribute per line would break
// the page's CSP.
const HANG = 4;
const MAX_INDENT = 40;
const hangRules = Object.fromEntries(Array.from({ length: MAX_INDENT + 1 }, (_, n) => [
  `.cm-line.cm-hang-${n}`, { paddingLeft: `calc(6px + ${n + HANG}ch)`, textIndent: `-${n + HANG}ch` },
]));

function indentColumns(text, tabSize) {
  let columns = 0;
  for (const ch of text) {
    if (ch === " ") columns++;
    else if (ch === "\t") columns += tabSize - (columns % tabSize);
    else return Math.min(columns, MAX_INDENT);
  }
  return null; // a blank line does not wrap
}

const hangingIndent = ViewPlugin.fromClass(class {
  constructor(view) {
    this.decorations = this.build(view);
  }

  update(update) {
    if (update.docChanged || update.viewportChanged) this.decorations = this.build(update.view);
  }

  build(view) {
    const builder = new RangeSetBuilder();
    const marks = new Map();
    for (const { from, to } of view.visibleRanges) {
      for (let pos = from; pos <= to;) {
        const line = view.state.doc.lineAt(pos);
        const columns = indentColumns(line.text, view.state.tabSize);
        if (columns !== null) {
          if (!marks.has(columns)) marks.set(columns, Decoration.line({ class: `cm-hang-${columns}` }));
          builder.add(line.from, line.from, marks.get(columns));
        }
        pos = line.to + 1;
      }
    }
    return builder.finish();
  }
}, { decorations: (plugin) => plugin.decorations });

// Text typed over a selection is put in by the editor itself rather than left to the browser's contenteditable:
// Chromium, replacing a selection across highlighted tokens (select all, then type or paste from a phone's
// keyboard), keeps the old colour by writing a <span style="…"> into the content, which the page's CSP blocks (and
// reports). Nothing changes for the learner: closeBrackets and other input handlers still see the text first.
const typeOverSelection = EditorView.domEventHandlers({
  beforeinput(event, view) {
    const types = ["insertText", "insertReplacementText", "insertFromPaste"];
    if (!types.includes(event.inputType) || event.isComposing || view.composing) return false;
    if (view.state.selection.ranges.every((range) => range.empty)) return false;
    const text = event.data ?? event.dataTransfer?.getData("text/plain");
    if (text == null) return false;
    event.preventDefault();
    const { from, to } = view.state.selection.main;
    const insert = () => view.state.update(view.state.replaceSelection(text),
      { userEvent: event.inputType === "insertText" ? "input.type" : "input.paste", scrollIntoView: true });
    const handled = view.state.selection.ranges.length === 1 && event.inputType === "insertText"
      && view.state.facet(EditorView.inputHandler).some((handler) => handler(view, from, to, text, insert));
    if (!handled) view.dispatch(insert());
    return true;
  },
});

// A quiet theme for a light page: white surface, grey gutter, visible focus ring. Contrast (WCAG AA, 4.5:1 for
// text): line numbers #57606a on the gutter's #f6f8fa.
const lightTheme = EditorView.theme(
  {
    ...hangRules,
    "&": {
      fontSize: "14px",
      color: "#1f2328",
      backgroundColor: "#ffffff",
      border: "1px solid #d0d7de",
      borderRadius: "6px",
    },
    "&.cm-focused": {
      outline: "2px solid #0969da",
      outlineOffset: "1px",
    },
    ".cm-scroller": {
      fontFamily: MONO,
      lineHeight: "1.5",
    },
    ".cm-content, .cm-gutter": { minHeight: "18em" },
    ".cm-content": { caretColor: "#1f2328" },
    ".cm-cursor, .cm-dropCursor": { borderLeftColor: "#1f2328" },
    ".cm-gutters": {
      backgroundColor: "#f6f8fa",
      color: "#57606a",
      borderRight: "1px solid #d0d7de",
      borderRadius: "6px 0 0 6px",
    },
    ".cm-activeLine": { backgroundColor: "#f3f6fa" },
    ".cm-activeLineGutter": { backgroundColor: "#eaeef2", color: "#1f2328" },
    "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection":
      { backgroundColor: "#b6d7ff" },
    "&.cm-focused .cm-matchingBracket": {
      backgroundColor: "#c8e1ff",
      outline: "1px solid #8cb4e6",
    },
    "&.cm-focused .cm-nonmatchingBracket": { backgroundColor: "#ffd7d5" },
    ".cm-lintRange-error": { backgroundColor: "#ffebe9" },
    ".cm-tooltip": { fontSize: "13px" },
    ".cm-tooltip.cm-tooltip-autocomplete > ul": { fontFamily: MONO },
    ".cm-diagnostic": { whiteSpace: "pre-wrap", maxWidth: "36em" },
  },
  { dark: false },
);

// A Python editor for short solution files: codemirror's basicSetup without its completion-while-typing and
// fold gutter (files are a screen long; the gutter costs width on a phone), plus lint markers for issues.
function setup() {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    lintGutter(),
    highlightSpecialChars(),
    history(),
    drawSelection(),
    dropCursor(),
    EditorState.allowMultipleSelections.of(true),
    indentOnInput(),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    bracketMatching(),
    closeBrackets(),
    rectangularSelection(),
    crosshairCursor(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    EditorView.lineWrapping,
    hangingIndent,
    typeOverSelection,
    keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap, ...lintKeymap]),
  ];
}

/** A report message as DOM: `backticked` names as code, the rest as text (never HTML). */
function renderMessage(message) {
  const out = document.createElement("span");
  String(message).split(/`([^`\n]+)`/).forEach((part, i) => {
    if (!part) return;
    if (i % 2) out.appendChild(document.createElement("code")).textContent = part;
    else out.append(part);
  });
  return out;
}

/** A lint diagnostic for a report issue: from its column to the end of the word there (the whole line when
 *  the column is unknown). Lines past the end of the text are dropped (the code changed since the run). */
function diagnostic(doc, issue) {
  const number = Number(issue.line);
  if (!Number.isInteger(number) || number < 1 || number > doc.lines) return null;
  const line = doc.line(number);
  const message = String(issue.message || "");
  const common = { severity: "error", message, renderMessage: () => renderMessage(message) };
  const col = Number(issue.col) || 0;
  if (col < 1) return { from: line.from, to: line.to, ...common };
  const from = Math.min(line.from + col - 1, line.to);
  const word = line.text.slice(from - line.from).match(/^[\w.]+/);
  const to = Math.min(line.to, from + (word ? word[0].length : 1));
  return { from, to: Math.max(to, from), ...common };
}

function create(parent, options = {}) {
  if (!parent || typeof parent.appendChild !== "function") {
    throw new TypeError("MLJEditor.create: parent must be a DOM element");
  }
  const {
    doc = "",
    onRun = null,
    onChange = null,
    readOnly = false,
    label = "Code editor",
    describedBy = null,
    nonce = null,
    completion = {},
  } = options;

  const runBinding = (view) => {
    if (typeof onRun !== "function") return false; // fall through to the default keymap
    onRun(view);
    return true;
  };
  // Read by the completion source on every request: setCompletion changes it in place (a track switch).
  const completionContext = { ...completion };

  const extensions = [
    // Highest precedence so it wins over defaultKeymap's Mod-Enter (insertBlankLine).
    // "Ctrl-Enter" is listed too so Ctrl-Enter also runs on macOS, where Mod is Cmd.
    Prec.highest(
      keymap.of([
        { key: "Mod-Enter", run: runBinding, preventDefault: true },
        { key: "Ctrl-Enter", run: runBinding, preventDefault: true },
      ]),
    ),
    setup(),
    // Offered on Ctrl+Space only; while the list is open, Enter or Tab takes the selected name.
    autocompletion({ activateOnTyping: false, override: [librarySource(completionContext)], icons: true }),
    Prec.high(keymap.of([{ key: "Tab", run: (view) => completionStatus(view.state) === "active"
      && acceptCompletion(view) }])),
    keymap.of([indentWithTab]),
    indentUnit.of("    "),
    EditorState.tabSize.of(4),
    python(),
    lightTheme,
    EditorView.contentAttributes.of({
      "aria-label": String(label),
      "aria-multiline": "true",
      ...(describedBy ? { "aria-describedby": String(describedBy) } : {}),
      ...(readOnly ? { "aria-readonly": "true" } : {}),
    }),
  ];
  if (readOnly) extensions.push(EditorState.readOnly.of(true));
  if (nonce) extensions.push(EditorView.cspNonce.of(String(nonce)));
  if (typeof onChange === "function") {
    extensions.push(
      EditorView.updateListener.of((update) => {
        if (update.docChanged) onChange(update.state.doc.toString(), update);
      }),
    );
  }

  const view = new EditorView({
    state: EditorState.create({ doc: String(doc), extensions }),
    parent,
  });

  return {
    getDoc() {
      return view.state.doc.toString();
    },
    // Replaces the whole text (fires onChange). Undoable unless {addToHistory: false},
    // e.g. when loading a saved draft that Ctrl-Z should not revert.
    setDoc(text, { addToHistory = true } = {}) {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: String(text ?? "") },
        selection: { anchor: 0 },
        ...(addToHistory ? {} : { annotations: Transaction.addToHistory.of(false) }),
      });
    },
    setCompletion(context) {
      for (const key of Object.keys(completionContext)) delete completionContext[key];
      Object.assign(completionContext, context);
    },
    setIssues(issues) {
      const list = (issues || []).map((issue) => diagnostic(view.state.doc, issue)).filter(Boolean);
      view.dispatch(setDiagnostics(view.state, list));
    },
    jumpTo(line, col) {
      const { doc: text } = view.state;
      const target = text.line(Math.min(Math.max(1, Number(line) || 1), text.lines));
      const anchor = Math.min(target.from + Math.max(0, (Number(col) || 1) - 1), target.to);
      view.dispatch({ selection: { anchor }, scrollIntoView: true });
      view.focus();
    },
    focus() {
      view.focus();
    },
    destroy() {
      view.destroy();
    },
    view,
  };
}

window.MLJEditor = Object.freeze({ create });
