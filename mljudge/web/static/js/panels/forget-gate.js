// The lstm-cell lesson's forget-gate panel (exercises/lstm-cell/lesson.toml): one LSTM unit whose gates listen only
// to the input (reference.recurrent.keep_cell), the forget bias b on a slider, and a timeline of 100 steps on
// which the learner chooses when the cell writes (x = 1). Computed here as reference.recurrent.keep_run does it,
// one step at a time: i = σ(10x − 5), f = σ(b), g = tanh(3x), o = σ(5); c = f·c + i·g; h = o·tanh(c).
import {
  PALETTE, button, cellGrid, chart, el, formatNumber, legend, levelLine, readout, slider, surface,
} from "./kit.js";

/** σ, exponentiating only −|z| (as reference.sigmoid does). */
export function sigmoid(z) {
  const e = Math.exp(-Math.abs(z));
  return z >= 0 ? 1 / (1 + e) : e / (1 + e);
}

/** The gates at input x with forget bias b. */
export function gates(x, b) {
  return { input: sigmoid(10 * x - 5), forget: sigmoid(b), cell: Math.tanh(3 * x), output: sigmoid(5) };
}

/** Cell and hidden values at steps 1 … n for forget bias b and the inputs xs (1 = a write). */
export function run(b, xs) {
  const cell = [];
  const hidden = [];
  let c = 0;
  for (const x of xs) {
    const g = gates(x, b);
    c = g.forget * c + g.input * g.cell;
    cell.push(c);
    hidden.push(g.output * Math.tanh(c));
  }
  return { cell, hidden };
}

const MAX_WRITES = 10;
const MIN_TARGET = 24; // px: the smallest a tap target may be (WCAG 2.5.8)
const REFERENCE_BIASES = [0, 1, 3, 5];
const FAINT = ["#c7d8e6", "#b6d4ea", "#8fbfde", "#5fa3cf"];

export function mount(root, { data, t }) {
  const steps = data.steps;
  const x = Array.from({ length: steps }, (_, i) => i + 1);
  const state = { bias: data.defaults.forget_bias, writes: new Set([1]), index: 9 };
  const inputs = () => x.map((step) => (state.writes.has(step) ? 1 : 0));
  let current = run(state.bias, inputs());
  const one = x.map((step) => (step === 1 ? 1 : 0));

  const series = () => [
    ...REFERENCE_BIASES.map((b, i) => ({ label: t("reference", { b }), values: run(b, one).cell, color: FAINT[i],
      width: 1.25 })),
    { label: t("cell"), values: current.cell, color: PALETTE[0], width: 2.5 },
    { label: t("hidden"), values: current.hidden, color: PALETTE[0], dash: [6, 4], width: 2 },
  ];
  const figure = el("figure", { class: "panel-figure" });
  root.append(figure);
  const plot = chart(figure, {
    x, series: series(), height: 220, xLabel: t("step"), label: t("title"),
    yRange: () => [Math.min(0, ...current.cell) - 0.05, Math.max(1.05, ...current.cell) + 0.05],
    onCursor: (idx) => {
      if (idx == null) {
        requestAnimationFrame(() => plot.setCursor(state.index));
        return;
      }
      state.index = idx;
      show();
    },
    overlay: (ctx, view) => {
      levelLine(ctx, view, run(state.bias, inputs()).cell[0] / 2, t("half"));
    },
  });
  root.append(legend([{ label: t("cell"), color: PALETTE[0] }, { label: t("hidden"), color: PALETTE[0], dashed: true },
    { label: t("references"), color: FAINT[2] }]));

  // --- the timeline: a step is a cell; clicking it (or Enter on it) toggles a write ------------------------------
  // Each step a target a finger can hit (24 px at least): as many steps a row as fit at that size, in rows of a
  // whole divisor of the steps (50, 25, 20 or 10 a row), so that every row is full.
  const rowLengths = [50, 25, 20, 10].filter((n) => steps % n === 0);
  const fitRow = (width) => rowLengths.find((n) => width / n >= MIN_TARGET) ?? rowLengths[rowLengths.length - 1] ?? steps;
  const timelineBox = el("figure", { class: "panel-figure" }, el("figcaption", {}, t("timeline")));
  root.append(timelineBox);
  let perRow = fitRow(root.clientWidth || 320);
  const full = el("p", { class: "panel-note", "aria-live": "polite" });
  const timeline = cellGrid(timelineBox, {
    rows: Math.ceil(steps / perRow), cols: perRow, label: t("timeline_help"), maxCell: 30, minCell: MIN_TARGET, linear: true,
    paint: (ctx, cell, r, c) => {
      const step = r * perRow + c + 1;
      if (step > steps) return;
      ctx.fillStyle = state.writes.has(step) ? PALETTE[1] : step === state.index + 1 ? "#d0d7de" : "#eef1f4";
      ctx.fillRect(cell.x, cell.y, cell.size - 2, cell.size - 2);
    },
    onCursor: (r, c, how) => {
      if (how === "set") return;
      state.index = Math.min(steps - 1, r * perRow + c);
      plot.setCursor(state.index);
      show();
    },
    onActivate: (r, c) => {
      const step = r * perRow + c + 1;
      if (step > steps) return;
      if (state.writes.has(step)) state.writes.delete(step);
      else if (state.writes.size >= MAX_WRITES) {
        full.textContent = t("too_many", { n: MAX_WRITES });
        return;
      } else state.writes.add(step);
      full.textContent = "";
      update();
    },
  });
  timeline.canvas.dataset.role = "timeline";
  timelineBox.append(full);
  const place = () => timeline.setCursor(Math.floor(state.index / perRow), state.index % perRow, { silent: true });
  if (typeof ResizeObserver === "function") {
    new ResizeObserver(() => {
      const fits = fitRow(timelineBox.clientWidth || 320);
      if (fits === perRow) return;
      perRow = fits;
      timeline.resize(Math.ceil(steps / perRow), perRow);
      place();
    }).observe(timelineBox);
  }

  // --- the gates at the cursor, as bars ----------------------------------------------------------------------------
  const gateBox = el("figure", { class: "panel-figure" }, el("figcaption", {}, t("gates")));
  const bars = surface(gateBox, { label: t("gates"), height: 110, draw: (ctx, w, h) => {
    const g = gates(inputs()[state.index], state.bias);
    const names = ["input", "forget", "cell", "output"];
    const slot = w / names.length;
    const base = h - 30;
    const top = 14;
    ctx.strokeStyle = "#d0d7de";
    ctx.beginPath();
    ctx.moveTo(0, base);
    ctx.lineTo(w, base);
    ctx.stroke();
    ctx.font = "11px system-ui, sans-serif";
    ctx.textAlign = "center";
    names.forEach((name, i) => {
      const v = g[name];
      const cx = slot * (i + 0.5);
      ctx.fillStyle = name === "cell" ? (v < 0 ? "#2166ac" : "#d66011") : PALETTE[0];
      const height = (base - top) * Math.abs(v);
      ctx.fillRect(cx - 14, v >= 0 ? base - height : base, 28, height);
      ctx.fillStyle = "#1f2328";
      ctx.textBaseline = "bottom";
      ctx.fillText(formatNumber(v, 4), cx, Math.min(base - height, base) - 2);
      ctx.textBaseline = "top";
      ctx.fillText(t(`gate_${name}`), cx, base + 4);
    });
  } });
  root.append(gateBox);

  const bias = slider({ label: t("bias"), min: -2, max: 7, step: 0.1, value: state.bias, t, onInput: (v) => {
    state.bias = v;
    update();
  } });
  const keep = el("p", { class: "panel-note", "data-key": "keep" });
  root.append(el("div", { class: "panel-controls" }, bias.el, el("div", { class: "control-buttons" },
    button(t("reset"), () => {
      state.writes = new Set([1]);
      full.textContent = "";
      update();
    }))), keep);

  const rows = readout([
    { key: "t", label: t("step") }, { key: "x", label: "x_t" },
    { key: "input", label: t("gate_input") }, { key: "forget", label: t("gate_forget") },
    { key: "cell-gate", label: t("gate_cell") }, { key: "output", label: t("gate_output") },
    { key: "c", label: t("cell"), color: PALETTE[0] }, { key: "h", label: t("hidden"), color: PALETTE[0], dashed: true },
    { key: "ratio", label: t("ratio") },
  ]);
  root.append(rows.el);

  function show() {
    const i = state.index;
    const xt = inputs()[i];
    const g = gates(xt, state.bias);
    rows.set("t", i + 1, String(i + 1));
    rows.set("x", xt, String(xt));
    rows.set("input", g.input);
    rows.set("forget", g.forget);
    rows.set("cell-gate", g.cell);
    rows.set("output", g.output);
    rows.set("c", current.cell[i]);
    rows.set("h", current.hidden[i]);
    const previous = i ? current.cell[i - 1] : 0;
    rows.set("ratio", previous ? current.cell[i] / previous : NaN, previous ? undefined : "\u2014");
    const f = sigmoid(state.bias);
    const half = Math.log(0.5) / Math.log(f);
    keep.textContent = t("keep", { f: formatNumber(f, 4), half: formatNumber(half, 1) });
    keep.dataset.forget = String(f);
    keep.dataset.half = String(half);
    bars.redraw();
    place(); // the keyboard's cursor on the timeline is the step shown, wherever it was moved from
  }

  function update() {
    current = run(state.bias, inputs());
    plot.setSeries(series());
    plot.setCursor(state.index);
    show();
  }

  show();
  requestAnimationFrame(() => plot.setCursor(state.index));
  return {
    plot,
    controls: { bias },
    timeline,
    state: () => ({ bias: state.bias, writes: [...state.writes].sort((a, b) => a - b), step: state.index + 1,
      cell: [...current.cell], hidden: [...current.hidden] }),
  };
}
