// The parts every lesson panel is built from: labelled sliders with a number field, choices, toggles, a readout,
// a canvas grid of cells that follows a pointer (mouse, finger, pen) and the keyboard, colour scales and number
// formats. Text only ever becomes text nodes (el), styles are set through the CSSOM or classes (strict CSP).
import { el, formatNumber, superscript } from "../common.js";

export { el, formatNumber, superscript };

let counter = 0;
/** A page-unique id for a control (labels point at inputs by id). */
export function uid(prefix) {
  counter += 1;
  return `${prefix}-${counter}`;
}

/** A typed number as a learner may write it: decimal comma, Unicode minus, spaces. NaN when it is none. */
export function parseNumber(text) {
  const cleaned = String(text ?? "").trim().replace(/[\u2212\u2013]/g, "-").replace(/,/g, ".").replace(/[\s\u00a0\u202f]/g, "");
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(cleaned)) return NaN;
  return Number(cleaned);
}

/** `value` to `digits` significant digits, with a real minus; exponent notation far from 1 (1.2 × 10⁻⁹). */
export function formatSig(value, digits = 4) {
  if (typeof value !== "number" || !Number.isFinite(value)) return "—";
  if (value === 0) return "0";
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-4 && magnitude < 1e7) {
    const decimals = Math.max(0, digits - 1 - Math.floor(Math.log10(magnitude)));
    return formatNumber(value, Math.min(decimals, 12));
  }
  const [mantissa, exponent] = magnitude.toExponential(digits - 1).split("e");
  const sign = value < 0 ? "\u2212" : "";
  return `${sign}${mantissa} \u00d7 10${superscript(Number(exponent))}`;
}


/** A whole number with a real minus (−1, not -1). */
export function formatInt(value) {
  return value < 0 ? `\u2212${-value}` : String(value);
}

/** Whole numbers with thousands separators in the page's language (1,600 / 1 600). */
export function formatCount(value, lang) {
  return Number(value).toLocaleString(lang);
}

// --- controls -----------------------------------------------------------------------------------------------------

function decimalsOf(step) {
  const text = String(step);
  return text.includes("e-") ? Number(text.split("e-")[1]) : (text.split(".")[1] || "").length;
}

/**
 * A labelled slider with a number field beside it (typing "−0,5" works): {el, value, set(v), setRange, input}.
 * `onInput(value)` runs on every change, from the slider, the field or set() (unless set(v, {silent: true})).
 * `values` (optional): the slider's stops when they are not evenly spaced (the slider then moves over indices).
 */
export function slider({ label, min: low, max: high, step, value, onInput, t, format, values = null, hint = "" }) {
  let min = low;
  let max = high;
  const id = uid("slider");
  const decimals = values ? 6 : decimalsOf(step);
  const show = format || ((v) => formatNumber(v, decimals));
  const range = el("input", { id, type: "range", class: "slider", min: values ? 0 : min,
    max: values ? values.length - 1 : max, step: values ? 1 : step });
  const field = el("input", { type: "text", class: "number-field", inputmode: "decimal", autocomplete: "off",
    spellcheck: "false", "aria-label": t("number_field", { label }) });
  const labelNode = el("label", { for: id }, label);
  const note = hint ? el("span", { class: "muted small" }, hint) : null;
  // A typed number outside the slider's range is kept at its end, and the field says so (not silently).
  const clamped = el("span", { class: "control-note", role: "status", "data-key": "clamped" });
  const root = el("div", { class: "control" }, labelNode, el("div", { class: "control-row" }, range, field), note,
    clamped);
  let current = value;

  const snap = (v) => {
    if (values) return values.reduce((best, s) => (Math.abs(s - v) < Math.abs(best - v) ? s : best), values[0]);
    const k = Math.round((Math.min(Math.max(v, min), max) - min) / step);
    return Number((min + k * step).toFixed(Math.min(12, decimals + 2)));
  };
  const render = () => {
    clamped.textContent = "";
    range.value = String(values ? values.indexOf(current) : current);
    range.setAttribute("aria-valuetext", show(current));
    field.value = show(current);
    field.removeAttribute("aria-invalid");
    field.title = "";
  };
  const set = (v, { silent = false } = {}) => {
    current = snap(v);
    render();
    if (!silent && onInput) onInput(current);
  };
  range.addEventListener("input", () => set(values ? values[Number(range.value)] : Number(range.value)));
  const typed = () => {
    const v = parseNumber(field.value);
    if (Number.isNaN(v)) {
      field.setAttribute("aria-invalid", "true");
      field.title = t("not_a_number");
      return;
    }
    const lowest = values ? Math.min(...values) : min;
    const highest = values ? Math.max(...values) : max;
    set(v);
    if (v < lowest || v > highest) {
      clamped.textContent = t("clamped", { value: show(current), min: show(lowest), max: show(highest) });
    }
  };
  field.addEventListener("change", typed);
  field.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      typed();
    }
  });
  current = snap(value);
  render();
  return {
    el: root,
    input: range,
    field,
    get value() {
      return current;
    },
    set,
    /** New bounds (a table that grew or shrank); the value is kept within them, without onInput. */
    setRange(newMin, newMax) {
      min = newMin;
      max = newMax;
      range.min = String(min);
      range.max = String(max);
      set(current, { silent: true });
    },
  };
}

/** A group of radio buttons shown as a segmented control: {el, value, set(v)}. Arrow keys move between them. */
export function choice({ label, options, value, onChange }) {
  const name = uid("choice");
  const legend = el("legend", {}, label);
  const root = el("fieldset", { class: "choice" }, legend);
  const inputs = options.map((option) => {
    const input = el("input", { type: "radio", name, value: String(option.value) });
    input.checked = String(option.value) === String(value);
    input.addEventListener("change", () => {
      if (input.checked && onChange) onChange(option.value);
    });
    root.append(el("label", { class: "choice-option" }, input, el("span", {}, option.label)));
    return { input, option };
  });
  return {
    el: root,
    get value() {
      return inputs.find((i) => i.input.checked)?.option.value;
    },
    set(v, { silent = false } = {}) {
      for (const i of inputs) i.input.checked = String(i.option.value) === String(v);
      if (!silent && onChange) onChange(v);
    },
  };
}

/** A checkbox with its label: {el, checked, set(bool)}. */
export function toggle({ label, checked = false, onChange }) {
  const input = el("input", { type: "checkbox" });
  input.checked = checked;
  input.addEventListener("change", () => onChange && onChange(input.checked));
  return {
    el: el("label", { class: "toggle" }, input, el("span", {}, label)),
    input,
    get checked() {
      return input.checked;
    },
    set(v, { silent = false } = {}) {
      input.checked = Boolean(v);
      if (!silent && onChange) onChange(input.checked);
    },
  };
}

export function button(label, onClick, attrs = {}) {
  const node = el("button", { type: "button", class: "button small", ...attrs }, label);
  node.addEventListener("click", onClick);
  return node;
}

/**
 * A readout: rows of label and value, each value with data-key and data-value (the number, for tests and
 * assistive tech alike). rows: [{key, label, color?, dashed?, wide?}] (wide: across every column of the
 * readout). set(key, value, text?) fills one.
 */
export function readout(rows = [], { live = false } = {}) {
  const root = el("dl", { class: "readout panel-readout", ...(live ? { "aria-live": "polite" } : {}) });
  const cells = new Map();
  const add = ({ key, label, color = null, dashed = false, wide = false }) => {
    const swatch = color ? el("span", { class: dashed ? "swatch dashed" : "swatch", "aria-hidden": "true" }) : null;
    if (swatch) swatch.style.borderColor = color;
    const dt = el("dt", {}, swatch, label);
    const dd = el("dd", { "data-key": key });
    root.append(el("div", { class: wide ? "readout-row wide" : "readout-row", "data-row": key }, dt, dd));
    cells.set(key, { dd, dt, row: dd.parentElement });
  };
  rows.forEach(add);
  return {
    el: root,
    add,
    set(key, value, text) {
      const cell = cells.get(key);
      if (!cell) return;
      cell.dd.dataset.value = typeof value === "number" || typeof value === "string" ? String(value) : "";
      cell.dd.textContent = text ?? (typeof value === "number" ? formatNumber(value, 6) : String(value ?? "—"));
    },
    label(key, text) {
      const cell = cells.get(key);
      if (cell) cell.dt.lastChild.textContent = text;
    },
    show(key, visible) {
      const cell = cells.get(key);
      if (cell) cell.row.hidden = !visible;
    },
    value(key) {
      return Number(cells.get(key)?.dd.dataset.value);
    },
  };
}

// --- colours --------------------------------------------------------------------------------------------------------

const BLUE = [33, 102, 172];
const ORANGE = [214, 96, 17];
const WHITE = [255, 255, 255];
const DARK = [8, 48, 107];

function mix(a, b, f) {
  return a.map((v, i) => Math.round(v + (b[i] - v) * f));
}
const rgb = (c) => `rgb(${c[0]}, ${c[1]}, ${c[2]})`;

/** Blue (−limit) · white (0) · orange (+limit), clipped beyond. */
export function diverging(value, limit = 1) {
  if (value == null || !Number.isFinite(value)) return "#f0f0f0";
  const f = Math.max(-1, Math.min(1, value / (limit || 1)));
  return rgb(f < 0 ? mix(WHITE, BLUE, -f) : mix(WHITE, ORANGE, f));
}

/** White (0) to dark blue (1), clipped. */
export function sequential(f) {
  if (f == null || !Number.isFinite(f)) return "#f0f0f0";
  return rgb(mix(WHITE, DARK, Math.max(0, Math.min(1, f))));
}

/** Grey levels: 0 black, 1 white (a picture), clipped for display only. */
export function grey(f) {
  const v = Math.round(255 * Math.max(0, Math.min(1, f)));
  return `rgb(${v}, ${v}, ${v})`;
}

/** Dark text on a light background, white on a dark one. */
export function inkOn(color) {
  const m = /rgb\((\d+), (\d+), (\d+)\)/.exec(color);
  if (!m) return "#1f2328";
  const [r, g, b] = m.slice(1).map(Number);
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#1f2328" : "#ffffff";
}

// Okabe-Ito, as the lesson plot uses them.
export const PALETTE = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"];
export const GREY = "#8c959f";

// --- a canvas that keeps its CSS size and draws sharp at any pixel ratio --------------------------------------------

/** A <canvas> filling `parent`'s width at `aspect` (height / width) or a fixed CSS height; draw(ctx, w, h) in
 *  CSS pixels on every resize and redraw(). */
export function surface(parent, { label, height = null, aspect = null, draw, className = "panel-canvas" }) {
  const canvas = el("canvas", { class: className, role: "img", "aria-label": label });
  parent.append(canvas);
  let size = { w: 0, h: 0 };
  const paint = () => {
    const w = parent.clientWidth || 320;
    const h = height ?? Math.round(w * (aspect ?? 0.6));
    const ratio = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(w * ratio) || canvas.height !== Math.round(h * ratio)) {
      canvas.width = Math.round(w * ratio);
      canvas.height = Math.round(h * ratio);
      canvas.style.width = `${w}px`;
      canvas.style.height = `${h}px`;
    }
    size = { w, h };
    const ctx = canvas.getContext("2d");
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, w, h);
    draw(ctx, w, h);
  };
  if (typeof ResizeObserver === "function") {
    let last = 0;
    new ResizeObserver(() => {
      if (parent.clientWidth !== last) {
        last = parent.clientWidth;
        paint();
      }
    }).observe(parent);
  }
  paint();
  return {
    canvas,
    redraw: paint,
    get size() {
      return size;
    },
  };
}

/**
 * A grid of square cells on a canvas, with room for row and column labels. The cell under the pointer (mouse,
 * finger, pen: pointer events, captured while pressed) or moved to with the arrow keys is the grid's cursor.
 *
 *   const g = cellGrid(parent, {rows, cols, label, maxCell: 36, labels: {row: (r) => "0", col: (c) => "0"},
 *     paint: (ctx, cell, r, c) => {...},   // one cell, cell = {x, y, size} in CSS pixels
 *     over: (ctx, g) => {...},             // optional: outlines over everything, g.rect(r0, c0, r1, c1)
 *     onCursor: (r, c, how) => {},         // how: "pointer" | "key"
 *     onActivate: (r, c) => {},            // a click, a tap or Enter/Space on the cursor's cell (toggles)
 *     linear: false,                       // optional: cells are a sequence in rows; ← → cross row ends
 *   });
 *   g.resize(rows, cols); g.redraw(); g.setCursor(r, c); g.cursor -> {r, c} | null
 */
export function cellGrid(parent, options) {
  let { rows, cols } = options;
  const { label, maxCell = 36, minCell = 6, labels = null, paint, over = null, onCursor = null,
    onActivate = null, gutter = 22, linear = false } = options;
  const box = el("div", { class: "cell-grid" });
  parent.append(box);
  const canvas = el("canvas", { class: "cell-grid-canvas", tabindex: "0", role: "application",
    "aria-label": label });
  box.append(canvas);
  let cursor = null;
  let geometry = { size: 10, left: 0, top: 0 };

  // The gutters fit the labels: the row labels' widest, and the column labels level when they fit a cell,
  // slanted when they do not (token names over a heatmap).
  const measure = document.createElement("canvas").getContext("2d");
  const LABEL_FONT = "11px system-ui, sans-serif";
  const widest = (count, text) => {
    measure.font = LABEL_FONT;
    let most = 0;
    for (let i = 0; i < count; i++) most = Math.max(most, measure.measureText(text(i)).width);
    return most;
  };
  const layout = () => {
    const width = box.clientWidth || 300;
    const left = labels && labels.row ? Math.max(gutter, Math.ceil(widest(rows, labels.row)) + 6) : 0;
    let size = Math.max(minCell, Math.min(maxCell, Math.floor((width - left - 2) / cols)));
    let top = 0;
    let slant = false;
    let right = 0;
    if (labels && labels.col) {
      const most = widest(cols, labels.col);
      slant = most > size - 2 && size >= 14;
      top = slant ? Math.ceil(most * Math.SQRT1_2) + 10 : 18;
      right = slant ? Math.max(0, Math.ceil(most * Math.SQRT1_2) - size / 2) : 0; // the last label leans out
    }
    geometry = { size, left, top, slant };
    return { w: left + cols * size + 2 + right, h: top + rows * size + 2 };
  };

  const rect = (r0, c0, r1, c1) => {
    const { size, left, top } = geometry;
    return { x: left + c0 * size + 1, y: top + r0 * size + 1, w: (c1 - c0) * size, h: (r1 - r0) * size };
  };

  const draw = () => {
    const { w, h } = layout();
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(w * ratio);
    canvas.height = Math.round(h * ratio);
    canvas.style.width = `${w}px`;
    canvas.style.height = `${h}px`;
    const ctx = canvas.getContext("2d");
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, w, h);
    const { size } = geometry;
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const { x, y } = rect(r, c, r + 1, c + 1);
        paint(ctx, { x, y, size }, r, c);
      }
    }
    if (labels) {
      ctx.fillStyle = "#57606a";
      ctx.font = size < 14 ? "9px system-ui, sans-serif" : LABEL_FONT;
      ctx.textBaseline = "middle";
      const every = size < 14 ? Math.ceil(14 / size) : 1;
      if (labels.row) {
        ctx.textAlign = "right";
        for (let r = 0; r < rows; r += every) {
          const { y } = rect(r, 0, r + 1, 1);
          ctx.fillText(labels.row(r), geometry.left - 4, y + size / 2);
        }
      }
      if (labels.col) {
        for (let c = 0; c < cols; c += every) {
          const { x } = rect(0, c, 1, c + 1);
          if (geometry.slant) {
            ctx.save();
            ctx.translate(x + size / 2, geometry.top - 4);
            ctx.rotate(-Math.PI / 4);
            ctx.textAlign = "left";
            ctx.fillText(labels.col(c), 0, 0);
            ctx.restore();
          } else {
            ctx.textAlign = "center";
            ctx.fillText(labels.col(c), x + size / 2, geometry.top - 9);
          }
        }
      }
    }
    if (over) over(ctx, { rect, size, cursor });
    if (cursor && document.activeElement === canvas) {
      const { x, y, w: cw, h: ch } = rect(cursor.r, cursor.c, cursor.r + 1, cursor.c + 1);
      ctx.strokeStyle = "#0969da";
      ctx.lineWidth = 2;
      ctx.strokeRect(x + 1, y + 1, cw - 2, ch - 2);
    }
  };

  const cellAt = (event) => {
    const box2 = canvas.getBoundingClientRect();
    const { size, left, top } = geometry;
    const c = Math.floor((event.clientX - box2.left - left - 1) / size);
    const r = Math.floor((event.clientY - box2.top - top - 1) / size);
    return r >= 0 && r < rows && c >= 0 && c < cols ? { r, c } : null;
  };
  const move = (cell, how) => {
    if (!cell) return;
    if (cursor && cursor.r === cell.r && cursor.c === cell.c) return;
    cursor = cell;
    if (onCursor) onCursor(cell.r, cell.c, how);
    draw();
  };
  let pressed = null;
  canvas.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    const cell = cellAt(event);
    if (!cell) return;
    canvas.setPointerCapture(event.pointerId);
    pressed = cell;
    move(cell, "pointer");
  });
  canvas.addEventListener("pointermove", (event) => {
    // A mouse hovers; a finger or a pen moves the cursor while pressed.
    if (event.pointerType === "mouse" || canvas.hasPointerCapture(event.pointerId)) {
      const cell = cellAt(event);
      if (cell && pressed && (cell.r !== pressed.r || cell.c !== pressed.c)) pressed = null;  // a drag, not a tap
      move(cell, "pointer");
    }
  });
  canvas.addEventListener("pointerup", (event) => {
    const cell = cellAt(event);
    if (pressed && cell && cell.r === pressed.r && cell.c === pressed.c && onActivate) onActivate(cell.r, cell.c);
    pressed = null;
    if (canvas.hasPointerCapture(event.pointerId)) canvas.releasePointerCapture(event.pointerId);
  });
  canvas.addEventListener("pointercancel", () => {
    pressed = null;
  });
  canvas.addEventListener("keydown", (event) => {
    const at = cursor || { r: 0, c: 0 };
    const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (linear && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
      // a sequence laid out in rows (a timeline): left and right go on past a row's end
      event.preventDefault();
      const index = Math.min(rows * cols - 1, Math.max(0, at.r * cols + at.c + (event.key === "ArrowRight" ? 1 : -1)));
      move({ r: Math.floor(index / cols), c: index % cols }, "key");
    } else if (steps[event.key]) {
      event.preventDefault();
      const [dr, dc] = steps[event.key];
      move({ r: Math.min(rows - 1, Math.max(0, at.r + dr)), c: Math.min(cols - 1, Math.max(0, at.c + dc)) }, "key");
    } else if ((event.key === "Enter" || event.key === " ") && onActivate) {
      event.preventDefault();
      onActivate(at.r, at.c);
    }
  });
  canvas.addEventListener("focus", draw);
  canvas.addEventListener("blur", draw);
  if (typeof ResizeObserver === "function") {
    let last = 0;
    new ResizeObserver(() => {
      if (box.clientWidth !== last) {
        last = box.clientWidth;
        draw();
      }
    }).observe(box);
  }
  draw();
  return {
    el: box,
    canvas,
    get cursor() {
      return cursor;
    },
    setCursor(r, c, { silent = false } = {}) {
      cursor = r == null ? null : { r: Math.min(rows - 1, Math.max(0, r)), c: Math.min(cols - 1, Math.max(0, c)) };
      if (cursor && !silent && onCursor) onCursor(cursor.r, cursor.c, "set");
      draw();
    },
    /** The page coordinates of a cell's centre: where a pointer goes to reach it. */
    center(r, c) {
      const box2 = canvas.getBoundingClientRect();
      const { x, y, w, h } = rect(r, c, r + 1, c + 1);
      return { x: box2.left + x + w / 2, y: box2.top + y + h / 2 };
    },
    resize(newRows, newCols) {
      rows = newRows;
      cols = newCols;
      if (cursor && (cursor.r >= rows || cursor.c >= cols)) cursor = null;
      draw();
    },
    redraw: draw,
    get rows() {
      return rows;
    },
    get cols() {
      return cols;
    },
  };
}

/** Text centred in a cell, shrunk to fit (skipped when the cell is too small to read). */
export function cellText(ctx, text, cell, color, { min = 7, scale = 0.34 } = {}) {
  const size = Math.min(13, cell.size * scale);
  if (size < min) return;
  ctx.fillStyle = color;
  ctx.font = `${size}px ui-monospace, monospace`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, cell.x + cell.size / 2, cell.y + cell.size / 2 + 0.5, cell.size - 2);
}

/** A line chart from the bundled plot code (window.MLJPlot, web/frontend/src/plot.js). */
export function chart(parent, options) {
  const box = el("div", { class: "plot panel-plot" });
  parent.append(box);
  return window.MLJPlot.create(box, { legend: false, drag: true, ...options });
}

/** A legend of swatches: [{label, color, dashed}] (the readout is usually the legend; this is for a plot's
 *  faint reference curves). */
export function legend(items) {
  return el("ul", { class: "panel-legend" }, ...items.map(({ label, color, dashed }) => {
    const swatch = el("span", { class: dashed ? "swatch dashed" : "swatch", "aria-hidden": "true" });
    swatch.style.borderColor = color;
    return el("li", {}, swatch, label);
  }));
}

/** A dark frame with a white line inside: visible on black, white, blue and orange cells alike. */
export function outline(ctx, box) {
  ctx.lineWidth = 3;
  ctx.strokeStyle = "#e36209";
  ctx.strokeRect(box.x - 1.5, box.y - 1.5, box.w + 2, box.h + 2);
  ctx.lineWidth = 1;
  ctx.strokeStyle = "#ffffff";
  ctx.strokeRect(box.x + 0.5, box.y + 0.5, box.w - 2, box.h - 2);
}

/** A dashed horizontal line across a chart at `level` (in the chart's y units) with its label at the right end,
 *  above the line, or below it with `below` (on the side away from the plot's edge). For a chart's `overlay`. */
export function levelLine(ctx, view, level, label, { below = false } = {}) {
  const y = view.y(level);
  const right = view.box.left + view.box.width;
  ctx.strokeStyle = "#57606a";
  ctx.setLineDash([2 * view.ratio, 3 * view.ratio]);
  ctx.beginPath();
  ctx.moveTo(view.box.left, y);
  ctx.lineTo(right, y);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillStyle = "#57606a";
  ctx.font = `${11 * view.ratio}px system-ui, sans-serif`;
  ctx.textAlign = "right";
  ctx.textBaseline = below ? "top" : "bottom";
  ctx.fillText(label, right - 4 * view.ratio, y + (below ? 3 : -3) * view.ratio);
}
