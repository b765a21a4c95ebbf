// The attention lesson's heatmap panel (exercises/attention/lesson.toml): a six-token sentence with a hand-made
// previous-token head (reference.attention), its weights as a 6 × 6 heatmap (queries down, keys across), a mask
// the learner toggles cell by cell or picks from presets, the row sums and the outputs. Computed here as the
// exercise defines it: scores q·kᵀ (÷ √d_k), × s; forbidden → −∞; a softmax over the allowed keys of each row,
// whose maximum is subtracted first; a row that allows nothing gives zeros (never NaN).
import {
  cellGrid, cellText, choice, el, formatInt, formatNumber, inkOn, outline, readout, sequential, slider, toggle,
} from "./kit.js";

/** Masked attention: {scores, weights, outputs, sums}. `after`: the mask applied after an unmasked softmax, not
 *  renormalised (the exercise's mask-after-softmax mistake). */
export function attend(q, k, v, mask, { scaled = true, scale = 1, after = false } = {}) {
  const dk = q[0].length;
  const factor = (scaled ? 1 / Math.sqrt(dk) : 1) * scale;
  const scores = q.map((qi) => k.map((kj) => qi.reduce((a, x, d) => a + x * kj[d], 0) * factor));
  const weights = scores.map((row, i) => {
    const allowed = row.map((_, j) => after || mask[i][j]);
    if (!allowed.some(Boolean)) return row.map(() => 0);
    const top = Math.max(...row.filter((_, j) => allowed[j]));
    const exps = row.map((s, j) => (allowed[j] ? Math.exp(s - top) : 0));
    const total = exps.reduce((a, b) => a + b, 0);
    return exps.map((e, j) => (after && !mask[i][j] ? 0 : e / total));
  });
  const outputs = weights.map((w) => v[0].map((_, c) => w.reduce((a, x, j) => a + x * v[j][c], 0)));
  return { scores, weights, outputs, sums: weights.map((w) => w.reduce((a, b) => a + b, 0)) };
}

const PRESETS = ["none", "causal", "padding", "causal-left-padding"];
const SUB = "\u2080\u2081\u2082\u2083\u2084\u2085\u2086\u2087\u2088\u2089";

export function mount(root, { data, t }) {
  const { tokens, q, k, v } = data;
  const n = tokens.length;
  const copy = (m) => m.map((row) => [...row]);
  const state = { preset: data.defaults.mask, mask: copy(data.masks[data.defaults.mask]), scaled: data.defaults.scaled,
    scale: 1, after: false, cursor: { r: 2, c: 1 } };
  const name = (i) => `${tokens[i]}${SUB[i]}`;
  let result = compute();
  function compute() {
    return attend(q, k, v, state.mask, { scaled: state.scaled, scale: state.scale, after: state.after });
  }

  const presets = choice({ label: t("mask"), value: state.preset, options: [...PRESETS, "custom"].map((p) => ({
    value: p, label: t(`mask_${p}`) })), onChange: (p) => {
    if (p === "custom") return;
    state.preset = p;
    state.mask = copy(data.masks[p]);
    update();
  } });
  const scaled = toggle({ label: t("scaled"), checked: state.scaled, onChange: (on) => {
    state.scaled = on;
    update();
  } });
  const after = toggle({ label: t("after"), checked: false, onChange: (on) => {
    state.after = on;
    update();
  } });
  const scale = slider({ label: t("scale"), min: 0, max: 4, step: 0.05, value: 1, t,
    format: (v) => formatNumber(v, 2), onInput: (v) => {
      state.scale = v;
      update();
    } });
  root.append(presets.el, el("div", { class: "panel-controls" }, scaled.el, after.el), scale.el);

  const heatBox = el("figure", { class: "panel-figure" }, el("figcaption", {}, t("weights")));
  const sideBox = el("figure", { class: "panel-figure attention-side" }, el("figcaption", {}, t("sums_outputs")));
  root.append(el("div", { class: "panel-row" }, heatBox, sideBox));

  const grid = cellGrid(heatBox, {
    rows: n, cols: n, label: t("heatmap"), maxCell: 48,
    labels: { row: name, col: name },
    paint: (ctx, cell, r, c) => {
      const allowed = state.mask[r][c];
      const w = result.weights[r][c];
      const color = allowed || state.after ? sequential(w) : "#eef1f4";
      ctx.fillStyle = color;
      ctx.fillRect(cell.x, cell.y, cell.size - 1, cell.size - 1);
      if (!allowed) {
        ctx.strokeStyle = "#afb8c1";
        ctx.lineWidth = 1;
        hatch(ctx, cell);
        cellText(ctx, state.after ? formatNumber(w, 2) : "\u2014", cell, "#57606a", { scale: 0.3 });
      } else {
        cellText(ctx, formatNumber(w, 2), cell, inkOn(color), { scale: 0.3 });
      }
    },
    over: (ctx, g) => {
      state.mask.forEach((row, r) => {
        if (row.some(Boolean)) return;
        const box = g.rect(r, 0, r + 1, n);
        ctx.fillStyle = "rgba(255, 255, 255, 0.85)";
        ctx.fillRect(box.x, box.y + box.h * 0.2, box.w, box.h * 0.6);
        ctx.fillStyle = "#7d4e00";
        ctx.font = `${Math.min(12, g.size * 0.3)}px system-ui, sans-serif`;
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        ctx.fillText(t("empty_row"), box.x + box.w / 2, box.y + box.h / 2, box.w - 4);
      });
      if (state.cursor) outline(ctx, g.rect(state.cursor.r, state.cursor.c, state.cursor.r + 1, state.cursor.c + 1));
    },
    onCursor: (r, c) => {
      state.cursor = { r, c };
      grid.redraw();
      explain();
      side();
    },
    onActivate: (r, c) => {
      state.mask[r][c] = !state.mask[r][c];
      state.preset = "custom";
      presets.set("custom", { silent: true });
      update();
    },
  });
  grid.canvas.dataset.role = "heatmap";

  const sideTable = el("table", { class: "panel-table attention-table" });
  sideBox.append(el("div", { class: "table-scroll" }, sideTable));
  function side() {
    sideTable.replaceChildren(
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("query")), el("th", { scope: "col" }, t("row_sum")),
        el("th", { scope: "col" }, t("output")))),
      el("tbody", {}, ...result.weights.map((w, i) => {
        const sum = result.sums[i];
        const short = sum < 1 - 1e-9 && state.mask[i].some(Boolean);
        return el("tr", { class: state.cursor && state.cursor.r === i ? "selected" : "" },
          el("td", {}, name(i)),
          el("td", { class: short ? "bad" : "", "data-key": `sum-${i}`, "data-value": String(sum) },
            formatNumber(sum, 2)),
          el("td", { "data-key": `output-${i}`, "data-value": JSON.stringify(result.outputs[i]) },
            `[${result.outputs[i].map((x) => formatNumber(x, 2)).join(", ")}]`));
      })),
    );
  }

  const rows = readout([{ key: "pair", label: t("pair") }, { key: "raw", label: t("raw") },
    { key: "score", label: t("score") }, { key: "allowed", label: t("allowed") }, { key: "weight", label: t("weight") }]);
  root.append(rows.el);

  function explain() {
    if (!state.cursor) return;
    const { r, c } = state.cursor;
    const raw = q[r].reduce((a, x, d) => a + x * k[c][d], 0);
    rows.set("pair", `${r},${c}`, `${name(r)} \u2192 ${name(c)}`);
    rows.set("raw", raw, Number.isInteger(raw) ? formatInt(raw) : undefined); // whole vectors, a whole score
    rows.set("score", result.scores[r][c]);
    rows.set("allowed", String(state.mask[r][c]), t(state.mask[r][c] ? "yes" : "no"));
    rows.set("weight", result.weights[r][c]);
  }

  function update() {
    result = compute();
    grid.redraw();
    explain();
    side();
  }

  update();
  return {
    grid,
    controls: { presets, scaled, after, scale },
    state: () => ({ preset: state.preset, mask: copy(state.mask), scaled: state.scaled, scale: state.scale,
      after: state.after, cursor: state.cursor, ...result }),
  };
}

/** Diagonal hatching inside a cell: a forbidden (masked) pair. */
function hatch(ctx, cell) {
  const size = cell.size - 1;
  ctx.save();
  ctx.beginPath();
  ctx.rect(cell.x, cell.y, size, size);
  ctx.clip();
  ctx.strokeStyle = "#afb8c1";
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let o = -size; o < size; o += 6) {
    ctx.moveTo(cell.x + o, cell.y + size);
    ctx.lineTo(cell.x + o + size, cell.y);
  }
  ctx.stroke();
  ctx.restore();
}
