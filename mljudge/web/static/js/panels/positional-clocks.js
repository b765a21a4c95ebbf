// The positional-encoding lesson's panel (exercises/positional-encoding/lesson.toml): the whole table as a heatmap
// (positions down, columns across, blue −1 · white 0 · orange +1, never rescaled) and each sin/cos pair of columns
// as the hand of a clock turning position·ω_i. Recomputed here when a slider moves, as
// reference.positional.positional_encoding does: ω_i = base^(−2i/d_model), PE[pos, 2i] = sin(pos·ω_i),
// PE[pos, 2i + 1] = cos(pos·ω_i), all in float64.
import { button, choice, diverging, el, formatNumber, formatSig, readout, slider, surface } from "./kit.js";

export function frequencies(dModel, base) {
  return Array.from({ length: dModel / 2 }, (_, i) => base ** (-(2 * i) / dModel));
}

export function encoding(length, dModel, base) {
  const omega = frequencies(dModel, base);
  return Array.from({ length }, (_, pos) => omega.flatMap((w) => [Math.sin(pos * w), Math.cos(pos * w)]));
}

const TAU = 2 * Math.PI;
const PLAY_MS = 300;

export function mount(root, { data, t }) {
  const d = data.defaults;
  const state = { length: d.length, dModel: d.d_model, base: d.base, position: d.position, other: d.other };
  let table = encoding(state.length, state.dModel, state.base);
  let omega = frequencies(state.dModel, state.base);

  // --- the heatmap: click or drag on it to move the position ------------------------------------------------------
  const heatBox = el("figure", { class: "panel-figure" }, el("figcaption", {}, t("heatmap")));
  root.append(heatBox);
  // The strip under the map fits its longest column name ("cos 63" at d_model 128), in whatever font the system
  // has: a fixed strip clipped the names' ends.
  let LABELS = 34;
  const columnName = (c) => `${c % 2 ? "cos" : "sin"} ${Math.floor(c / 2)}`;
  const heat = surface(heatBox, { label: t("heatmap_label"), height: 250, className: "panel-canvas draggable",
    draw: (ctx, w, h) => {
      const rows = table.length;
      const cols = state.dModel;
      const cw = (w - 2) / cols;
      ctx.font = "10px system-ui, sans-serif";
      LABELS = Math.ceil(Math.max(...Array.from({ length: cols }, (_, c) => ctx.measureText(columnName(c)).width)))
        + 8;
      const rh = (h - LABELS) / rows;
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          ctx.fillStyle = diverging(table[r][c], 1);
          ctx.fillRect(1 + c * cw, r * rh, Math.ceil(cw), Math.ceil(rh));
        }
      }
      const line = (pos, dash) => {
        const y = (pos + 0.5) * rh;
        ctx.strokeStyle = "#1f2328";
        ctx.lineWidth = 1.5;
        ctx.setLineDash(dash);
        ctx.beginPath();
        ctx.moveTo(0, y);
        ctx.lineTo(w, y);
        ctx.stroke();
        ctx.setLineDash([]);
      };
      line(state.other, [4, 3]);
      line(state.position, []);
      // column names under the map: every one when they fit, else every fourth pair's
      ctx.fillStyle = "#57606a";
      ctx.font = "10px system-ui, sans-serif";
      ctx.textAlign = "right";
      ctx.textBaseline = "middle";
      const every = cw >= 11 ? 1 : 8;
      for (let c = 0; c < cols; c += every) {
        ctx.save();
        ctx.translate(1 + (c + 0.5) * cw, h - LABELS + 3);
        ctx.rotate(-Math.PI / 2);
        ctx.fillText(columnName(c), 0, 0);
        ctx.restore();
      }
    } });
  const pick = (event) => {
    const box = heat.canvas.getBoundingClientRect();
    const rh = (box.height - LABELS) / table.length;
    const row = Math.floor((event.clientY - box.top) / rh);
    if (row >= 0 && row < table.length) position.set(row);
  };
  heat.canvas.addEventListener("pointerdown", (event) => {
    heat.canvas.setPointerCapture(event.pointerId);
    pick(event);
  });
  heat.canvas.addEventListener("pointermove", (event) => {
    if (heat.canvas.hasPointerCapture(event.pointerId)) pick(event);
  });

  // --- the clocks -------------------------------------------------------------------------------------------------
  const clockBox = el("figure", { class: "panel-figure" }, el("figcaption", {}, t("clocks")));
  root.append(clockBox);
  const shown = () => {
    const pairs = omega.map((_, i) => i);
    return pairs.length <= 16 ? pairs : [...pairs.slice(0, 8), null, ...pairs.slice(-8)];
  };
  const clocks = surface(clockBox, { label: t("clocks_label"), height: 10, draw: () => {} });
  function drawClocks() {
    const list = shown();
    const w = clockBox.clientWidth || 320;
    const perRow = Math.max(3, Math.min(list.length, Math.floor(w / 76))); // room for "period 35333" under each
    const size = w / perRow;
    const rows = Math.ceil(list.length / perRow);
    const h = rows * (size + 26);
    const ratio = window.devicePixelRatio || 1;
    const canvas = clocks.canvas;
    canvas.width = Math.round(w * ratio);
    canvas.height = Math.round(h * ratio);
    canvas.style.width = `${w}px`;
    canvas.style.height = `${h}px`;
    const ctx = canvas.getContext("2d");
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, w, h);
    list.forEach((pair, k) => {
      const cx = (k % perRow + 0.5) * size;
      const cy = Math.floor(k / perRow) * (size + 26) + size / 2;
      const radius = size / 2 - 6;
      if (pair == null) {
        ctx.fillStyle = "#57606a";
        ctx.font = "16px system-ui, sans-serif";
        ctx.textAlign = "center";
        ctx.fillText("\u2026", cx, cy);
        return;
      }
      ctx.strokeStyle = "#d0d7de";
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.arc(cx, cy, radius, 0, TAU);
      ctx.stroke();
      const hand = (pos, color, width) => {
        const angle = pos * omega[pair];
        // the mathematical way: 0 at 3 o'clock, counter-clockwise; the tip is (cos, sin) = (PE[2i + 1], PE[2i])
        ctx.strokeStyle = color;
        ctx.lineWidth = width;
        ctx.beginPath();
        ctx.moveTo(cx, cy);
        ctx.lineTo(cx + radius * Math.cos(angle), cy - radius * Math.sin(angle));
        ctx.stroke();
      };
      hand(state.other, "#c9d1d9", 2);
      hand(state.position, "#0b5cad", 2.5);
      ctx.fillStyle = "#57606a";
      ctx.font = "10px system-ui, sans-serif";
      ctx.textAlign = "center";
      ctx.textBaseline = "top";
      ctx.fillText(t("pair", { i: pair }), cx, cy + size / 2 - 2);
      ctx.fillText(t("period", { p: formatSig(TAU / omega[pair], 3) }), cx, cy + size / 2 + 10);
    });
  }
  if (typeof ResizeObserver === "function") new ResizeObserver(drawClocks).observe(clockBox);

  // --- controls -----------------------------------------------------------------------------------------------
  const position = slider({ label: t("position"), min: 0, max: state.length - 1, step: 1, value: state.position, t,
    format: String, onInput: (v) => {
      state.position = v;
      render();
    } });
  const other = slider({ label: t("other"), min: 0, max: state.length - 1, step: 1, value: state.other, t,
    format: String, onInput: (v) => {
      state.other = v;
      render();
    } });
  let timer = null;
  const play = button(t("play"), () => {
    if (timer) {
      clearInterval(timer);
      timer = null;
      play.textContent = t("play");
      play.setAttribute("aria-pressed", "false");
      return;
    }
    play.textContent = t("pause");
    play.setAttribute("aria-pressed", "true");
    timer = setInterval(() => position.set((state.position + 1) % state.length), PLAY_MS);
  }, { "aria-pressed": "false" });
  const length = slider({ label: t("length"), min: data.limits.length[0], max: data.limits.length[1], step: 1,
    value: state.length, t, format: String, onInput: (v) => {
      state.length = v;
      recompute();
    } });
  const dModel = choice({ label: "d_model", value: state.dModel, options: [2, 4, 8, 16, 32, 64, 128].map((v) => ({
    value: v, label: String(v) })), onChange: (v) => {
    state.dModel = Number(v);
    recompute();
  } });
  const base = choice({ label: t("base"), value: state.base, options: [100, 1000, 10000, 100000].map((v) => ({
    value: v, label: v.toLocaleString("en-US") })), onChange: (v) => {
    state.base = Number(v);
    recompute();
  } });
  root.append(el("div", { class: "panel-controls" }, position.el, el("div", { class: "control-buttons" }, play),
    other.el), el("div", { class: "panel-controls" }, length.el), el("div", { class: "panel-controls" }, dModel.el,
    base.el));

  const rows = readout([{ key: "row", label: t("row"), wide: true }, { key: "angles", label: t("angles"), wide: true },
    { key: "offset", label: t("offset") }, { key: "dot", label: t("dot") }, { key: "cosines", label: t("cosines") }]);
  root.append(rows.el);

  function render() {
    heat.redraw();
    drawClocks();
    const row = table[state.position];
    const head = row.slice(0, 8).map((v) => formatNumber(v, 4));
    const tail = row.slice(-2).map((v) => formatNumber(v, 4));
    const text = row.length > 10 ? `${head.join(", ")}, \u2026, ${tail.join(", ")}`
      : row.map((v) => formatNumber(v, 4)).join(", ");
    rows.set("row", JSON.stringify(row), `[${text}]`);
    const angles = omega.map((w) => ((state.position * w) % TAU + TAU) % TAU);
    rows.set("angles", JSON.stringify(angles), angles.slice(0, 4).map((a) => formatNumber(a, 2)).join(", ")
      + (angles.length > 4 ? ", \u2026" : ""));
    const offset = state.other - state.position;
    rows.set("offset", offset, String(offset));
    const dot = row.reduce((a, v, i) => a + v * table[state.other][i], 0);
    rows.set("dot", dot, formatNumber(dot, 4));
    const cosines = omega.reduce((a, w) => a + Math.cos(offset * w), 0);
    rows.set("cosines", cosines, formatNumber(cosines, 4));
  }

  function recompute() {
    table = encoding(state.length, state.dModel, state.base);
    omega = frequencies(state.dModel, state.base);
    for (const [control, key] of [[position, "position"], [other, "other"]]) {
      control.setRange(0, state.length - 1);
      state[key] = control.value;
    }
    render();
  }

  render();
  return {
    controls: { position, other, length, dModel, base },
    state: () => ({ ...state, table, periods: omega.map((w) => TAU / w),
      angles: omega.map((w) => state.position * w),
      dot: table[state.position].reduce((a, v, i) => a + v * table[state.other][i], 0),
      // the strip of column names under the map, and the longest name in it (CSS px)
      labels: { strip: LABELS, widest: Math.max(...Array.from({ length: state.dModel }, (_, c) => {
        const ctx = heat.canvas.getContext("2d");
        ctx.font = "10px system-ui, sans-serif";
        return ctx.measureText(columnName(c)).width;
      })) } }),
  };
}
