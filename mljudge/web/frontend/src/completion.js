// Completion for the exercise editor: offered on request only (Ctrl+Space), never while typing, so Enter
// always means "new line" unless the learner opened the list themselves.
//
// What it offers, from the names that matter here:
//   np.ta|        members of numpy (or torch, torch.nn.functional as F, math ...), from library-names.json,
//                 minus the names the exercise forbids (F.gelu in the GELU exercise)
//   x.re|         members of an array (numpy track) or a tensor (torch track) after any other name
//   import nu|    the modules the track allows
//   ge|           the exercise's function and parameters, names defined in the file, keywords, builtins
//
// The context (track, allowed imports, forbidden names, parameters) comes from the page and changes with the
// track: see setContext.

import { localCompletionSource } from "@codemirror/lang-python";
import { syntaxTree } from "@codemirror/language";
import NAMES from "./library-names.json";

// Aliases a learner writes without importing under that name first (every track's, from its spec in
// sandbox/tracks.py); the file's own imports add to these.
const DEFAULT_ALIASES = Object.assign({ math: "math" }, ...Object.values(NAMES.tracks).map((t) => t.aliases));
// After a name that is not a module: the members of the track's array type (an ndarray, a tensor).
const INSTANCE = Object.fromEntries(Object.entries(NAMES.tracks).map(([name, t]) => [name, t.instance]));
const WORD = /^\w*$/;
// The names these exercises are built from come first among equally good matches (np.ta: tanh before take).
const COMMON = new Set(["abs", "arange", "array", "asarray", "clip", "cos", "einsum", "exp", "float32", "float64",
  "log", "log1p", "matmul", "max", "maximum", "mean", "min", "minimum", "ones", "ones_like", "pi", "reshape",
  "shape", "sigmoid", "sin", "sqrt", "sum", "tanh", "tensor", "transpose", "where", "zeros", "zeros_like"]);
const NOT_CODE = new Set(["String", "FormatString", "Comment"]);

/** The module each name is bound to by the file's imports (`import numpy as np`, `from torch import nn`). */
export function aliasesIn(text) {
  const aliases = { ...DEFAULT_ALIASES };
  for (const [, list] of text.matchAll(/^[ \t]*import[ \t]+([\w., \t]+)/gm)) {
    for (const part of list.split(",")) {
      const m = part.trim().match(/^([\w.]+)(?:\s+as\s+(\w+))?$/);
      if (!m) continue;
      if (m[2]) aliases[m[2]] = m[1];
      else aliases[m[1].split(".")[0]] = m[1].split(".")[0];
    }
  }
  for (const [, module, list] of text.matchAll(/^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+\(?([\w, \t]+)/gm)) {
    for (const part of list.split(",")) {
      const m = part.trim().match(/^(\w+)(?:\s+as\s+(\w+))?$/);
      if (m) aliases[m[2] || m[1]] = `${module}.${m[1]}`;
    }
  }
  return aliases;
}

function options(namespace, forbidden, boost = 0) {
  const members = NAMES.modules[namespace];
  if (!members) return [];
  const out = [];
  for (const [type, names] of Object.entries(members)) {
    for (const label of names) {
      if (!forbidden.has(`${namespace}.${label}`)) out.push({ label, type, boost: boost + (COMMON.has(label) ? 1 : 0) });
    }
  }
  return out;
}

/** A completion source bound to `context` (read on every request, so setContext takes effect at once). */
export function librarySource(context) {
  return async (cx) => {
    const node = syntaxTree(cx.state).resolveInner(cx.pos, -1);
    if (NOT_CODE.has(node.name)) return null;
    const line = cx.state.doc.lineAt(cx.pos);
    const before = line.text.slice(0, cx.pos - line.from);
    const forbidden = new Set(context.forbidden || []);
    const allowed = new Set(context.imports || []);

    // import nu| / from nu| : the modules this track may import
    const importing = before.match(/^\s*(?:import|from)\s+([\w.]*)$/);
    if (importing) {
      const word = importing[1];
      return { from: cx.pos - word.length, options: [...allowed].filter((m) => !m.startsWith("_"))
        .map((label) => ({ label, type: "namespace" })), validFor: /^[\w.]*$/ };
    }

    // a.b.c| : members of the module a.b is bound to, or of an array / tensor
    const dotted = before.match(/([A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*)\.(\w*)$/);
    if (dotted) {
      const [, path, word] = dotted;
      const [head, ...rest] = path.split(".");
      const bound = aliasesIn(cx.state.doc.toString())[head];
      let namespace = null;
      if (bound) {
        const full = [bound, ...rest].join(".");
        if (!allowed.has(bound.split(".")[0])) return null; // torch. in the numpy track: nothing to offer
        namespace = NAMES.modules[full] ? full : null;
        if (!namespace) return null;
      } else {
        namespace = INSTANCE[context.track] || null;
      }
      if (!namespace) return null;
      return { from: cx.pos - word.length, options: options(namespace, forbidden), validFor: WORD };
    }

    // a plain name: the exercise's own names first, then the file's, then Python's
    const word = cx.matchBefore(/\w*/);
    if (!word || (word.from === word.to && !cx.explicit)) return null;
    const own = [
      ...(context.params || []).map((label) => ({ label, type: "variable", detail: context.paramLabel, boost: 3 })),
      ...(context.function ? [{ label: context.function, type: "function", detail: context.functionLabel,
        boost: 2 }] : []),
    ];
    const aliases = aliasesIn(cx.state.doc.toString());
    const modules = Object.entries(aliases)
      .filter(([, module]) => allowed.has(module.split(".")[0]))
      .map(([label]) => ({ label, type: "namespace", boost: 1 }));
    const local = (await localCompletionSource(cx))?.options || [];
    const python = [
      ...NAMES.keywords.map((label) => ({ label, type: "keyword", boost: -1 })),
      ...NAMES.builtins.map((label) => ({ label, type: "function", boost: -2 })),
    ];
    const seen = new Set();
    const all = [...own, ...modules, ...local, ...python].filter((o) => !seen.has(o.label) && seen.add(o.label));
    return { from: word.from, options: all, validFor: WORD };
  };
}
