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
  hints: (slug, lang) => `mlj:hints:${slug}:${lang}`, // how many hints the learner has revealed
};

export const STATES = ["not_started", "attempted", "solved"];

/** Numbers for people: a real minus sign, fixed decimals. */
export function formatNumber(value, decimals = 6) {
  if (typeof value !== "number" || !Number.isFinite(value)) return "—";
  const text = Math.abs(value).toFixed(decimals);
  return value < 0 && Number(text) !== 0 ? `\u2212${text}` : text;
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
