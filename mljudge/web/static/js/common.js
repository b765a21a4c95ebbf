// Shared by every page: the page's data (a JSON <script> block, never inline code), interface strings,
// a tiny DOM builder that only ever creates text nodes for strings (so nothing a learner wrote becomes HTML),
// and localStorage that fails quietly (private windows, full storage).

const dataNode = document.getElementById("page-data");
export const page = dataNode ? JSON.parse(dataNode.textContent) : {};
const strings = page.strings || {};

/** The interface string `key`, with {name} placeholders filled from `params`. */
export function t(key, params = {}) {
  const template = strings[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** el("td", {class: "x", "data-i": 3}, "text", childNode) */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value == null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child == null) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

export const store = {
  get(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* storage full or disabled: drafts simply are not kept */
    }
  },
  remove(key) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* see set() */
    }
  },
};

export const keys = {
  state: (slug) => `mlj:state:${slug}`, // "attempted" | "solved"
  draft: (slug, track) => `mlj:draft:${slug}:${track}`,
  track: (slug) => `mlj:track:${slug}`,
  // the learner's place in the hint ladder, in every language: {"ladder": n, "targeted": [mistake ids]}
  hints: (slug) => `mlj:hints:${slug}`,
  report: (slug, track) => `mlj:report:${slug}:${track}`, // the last run: {report, code, at}
  split: () => "mlj:split", // width of the task column on wide screens, in percent
};

/** JSON from localStorage, or `fallback` when missing or unreadable. */
export function loadJSON(key, fallback = null) {
  const text = store.get(key);
  if (text == null) return fallback;
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}

export const STATES = ["not_started", "attempted", "solved"];

const SUPERSCRIPTS = "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079";
/** An integer as superscript digits (the exponent of 10⁻⁹). */
export function superscript(n) {
  const text = String(Math.abs(n)).replace(/\d/g, (d) => SUPERSCRIPTS[Number(d)]);
  return n < 0 ? `\u207b${text}` : text;
}

// From here on a number is said as 1.252 × 10⁵⁰: fixed decimals would run to fifty digits (or, past 10²¹,
// to JavaScript's 1.2523673753787969e+50) across a table.
const HUGE = 1e9;

/** Numbers for people: a real minus sign, fixed decimals; a huge one as a power of ten (4 significant digits). */
export function formatNumber(value, decimals = 6) {
  if (typeof value !== "number" || !Number.isFinite(value)) return "—";
  const sign = value < 0 ? "\u2212" : "";
  if (Math.abs(value) >= HUGE) {
    const [mantissa, exponent] = Math.abs(value).toExponential(3).split("e");
    return `${sign}${mantissa} \u00d7 10${superscript(Number(exponent))}`;
  }
  const text = Math.abs(value).toFixed(decimals);
  return sign && Number(text) !== 0 ? `${sign}${text}` : text;
}

/** POST JSON, resolve to {ok, status, data}; data is null when the answer was not JSON. */
export async function postJSON(url, body) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  return { ok: response.ok, status: response.status, data };
}

/** `text` with `backticked` parts as <code>: report messages name code that way. Text nodes only. */
export function inlineCode(text) {
  const out = document.createDocumentFragment();
  String(text ?? "").split(/`([^`\n]+)`/).forEach((part, i) => {
    if (part) out.append(i % 2 ? el("code", {}, part) : part);
  });
  return out;
}

/**
 * A hint as authors write it (and the terminal prints it): each line a paragraph, "- " or "1. " lines a list,
 * lines indented by four spaces a block of code (no blank line needed before it), ```fenced``` code too,
 * `backticks` as code. Built from text nodes only: nothing in it becomes HTML.
 */
export function richText(text) {
  const out = document.createDocumentFragment();
  const lines = String(text ?? "").replace(/\r\n?/g, "\n").split("\n");
  let list = null;
  let code = null;
  const flushCode = () => {
    if (code) out.append(el("pre", { class: "hint-code", "data-scroll-cue": "" }, el("code", {}, code.join("\n"))));
    code = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim().startsWith("```")) {
      flushCode();
      list = null;
      const body = [];
      while (++i < lines.length && !lines[i].trim().startsWith("```")) body.push(lines[i]);
      out.append(el("pre", { class: "hint-code", "data-scroll-cue": "" }, el("code", {}, body.join("\n"))));
      continue;
    }
    if (/^( {4}|\t)/.test(line)) {
      list = null;
      (code ||= []).push(line.replace(/^( {4}|\t)/, ""));
      continue;
    }
    if (code && !line.trim() && /^( {4}|\t)/.test(lines[i + 1] ?? "")) {
      code.push("");
      continue;
    }
    flushCode();
    const item = line.match(/^\s{0,3}(?:([-*])|(\d+)[.)])\s+(.*)$/);
    if (item) {
      const tag = item[1] ? "ul" : "ol";
      if (!list || list.tagName.toLowerCase() !== tag) {
        list = el(tag, tag === "ol" && item[2] !== "1" ? { start: item[2] } : {});
        out.append(list);
      }
      list.append(el("li", {}, inlineCode(item[3])));
      continue;
    }
    if (list && /^\s{2,3}\S/.test(line)) {
      list.lastChild.append(" ", inlineCode(line.trim())); // a list item's next line
      continue;
    }
    list = null;
    if (line.trim()) out.append(el("p", {}, inlineCode(line.trim())));
  }
  flushCode();
  return out;
}

const SVG = "http://www.w3.org/2000/svg";
// Status icons as inline SVG: the glyphs once used (⧗ above all) are missing from many systems' fonts.
const ICON_PATHS = {
  passed: ["M3.5 8.5l3 3 6-7"],
  failed: ["M4.5 4.5l7 7", "M11.5 4.5l-7 7"],
  error: ["M8 3.5v6", "M8 12v.5"],
  timeout: ["M4.5 2.5h7", "M4.5 13.5h7", "M5 2.5c0 3 6 4 6 5.5S5 10.5 5 13.5", "M11 2.5c0 3-6 4-6 5.5s6 2.5 6 5.5"],
  not_run: ["M4 8h8"],
  forbidden: ["M8 2.5a5.5 5.5 0 1 0 0 11a5.5 5.5 0 1 0 0-11z", "M4.2 11.8l7.6-7.6"],
};

/** A 1em icon for a case status (decorative: the status is always written next to it). */
export function statusIcon(status) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("class", `icon icon-${status}`);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  for (const d of ICON_PATHS[status] || []) {
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", d);
    svg.append(path);
  }
  return svg;
}

/** Marks each element matching `selector` under `root` that scrolls sideways (data-scrolls="true", and
 *  data-scroll-end once scrolled to its end), and says so under it ("Scroll sideways for more →"), so a
 *  table wider than a phone never just ends at the screen's edge. */
export function scrollCues(root = document, selector = "[data-scroll-cue]") {
  const update = (node) => {
    const scrolls = node.scrollWidth > node.clientWidth + 1;
    node.dataset.scrolls = String(scrolls);
    node.dataset.scrollEnd = String(!scrolls || node.scrollLeft + node.clientWidth >= node.scrollWidth - 1);
    const cue = node.nextElementSibling;
    if (cue && cue.classList.contains("scroll-cue")) cue.hidden = !scrolls;
  };
  const nodes = [...root.querySelectorAll(selector)];
  for (const node of nodes) {
    if (node.dataset.cueWatched) {
      update(node);
      continue;
    }
    node.dataset.cueWatched = "true";
    node.after(el("p", { class: "scroll-cue", "aria-hidden": "true", hidden: true }, t("scroll_more")));
    if (!node.hasAttribute("tabindex")) node.setAttribute("tabindex", "0"); // keyboard users can scroll it too
    node.addEventListener("scroll", () => update(node), { passive: true });
    if (typeof ResizeObserver === "function") new ResizeObserver(() => update(node)).observe(node);
    update(node);
  }
  return nodes;
}

/** Wraps each table of rendered markdown under `root` in a scroll box with a cue (see scrollCues). */
export function wrapMarkdownTables(root = document) {
  for (const table of root.querySelectorAll(".markdown table")) {
    if (table.parentElement.classList.contains("table-scroll")) continue;
    const box = el("div", { class: "table-scroll", "data-scroll-cue": true });
    table.replaceWith(box);
    box.append(table);
  }
  for (const pre of root.querySelectorAll(".markdown pre")) pre.setAttribute("data-scroll-cue", "");
  return scrollCues(root);
}
