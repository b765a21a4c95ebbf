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
//     nonce: "...",              // optional CSP nonce for CodeMirror's injected <style>
//   });
//   ed.getDoc(); ed.setDoc(text[, {addToHistory: false}]); ed.focus(); ed.destroy();
//   ed.view  // the underlying CodeMirror EditorView
//
// Keyboard note: Tab indents (indentWithTab). To move focus out of the editor
// with the keyboard, press Escape and then Tab (CodeMirror's tab-focus mode).

import { basicSetup } from "codemirror";
import { EditorState, Prec, Transaction } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { indentWithTab } from "@codemirror/commands";
import { indentUnit } from "@codemirror/language";
import { python } from "@codemirror/lang-python";

const MONO =
  'ui-monospace, SFMono-Regular, Menlo, Monaco, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace';

// A quiet theme for a light page: white surface, grey gutter, visible focus ring.
const lightTheme = EditorView.theme(
  {
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
      color: "#6e7781",
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
  },
  { dark: false },
);

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
    nonce = null,
  } = options;

  const runBinding = (view) => {
    if (typeof onRun !== "function") return false; // fall through to the default keymap
    onRun(view);
    return true;
  };

  const extensions = [
    // Highest precedence so it wins over defaultKeymap's Mod-Enter (insertBlankLine).
    // "Ctrl-Enter" is listed too so Ctrl-Enter also runs on macOS, where Mod is Cmd.
    Prec.highest(
      keymap.of([
        { key: "Mod-Enter", run: runBinding, preventDefault: true },
        { key: "Ctrl-Enter", run: runBinding, preventDefault: true },
      ]),
    ),
    basicSetup, // line numbers, active line, bracket matching, history, search, ...
    keymap.of([indentWithTab]),
    indentUnit.of("    "),
    EditorState.tabSize.of(4),
    python(),
    lightTheme,
    EditorView.contentAttributes.of({
      "aria-label": String(label),
      "aria-multiline": "true",
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
