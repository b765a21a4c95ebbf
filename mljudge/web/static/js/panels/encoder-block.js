// The encoder-block lesson's panel (exercises/encoder-block/lesson.toml): the block as a diagram with the shape at
// every step for the sizes the learner sets (the twelve steps of reference.transformer.shapes, ported here and
// compared with it by tests/web), what they cost (attention weights, parameters), and the toy block's two heads
// as heatmaps, queries down and keys across.
import {
  cellGrid, cellText, choice, el, formatCount, formatNumber, inkOn, outline, readout, sequential, slider,
} from "./kit.js";

/** reference.transformer.shapes: the shape after each of the twelve steps (batch 0: a single sequence). */
export function shapes(batch, length, dModel, heads, dFf) {
  const lead = batch ? [batch] : [];
  const dHead = dModel / heads;
  return [
    [...lead, length, dModel], [...lead, length, dModel], [...lead, heads, length, dHead],
    [...lead, heads, length, length], [...lead, heads, length, length], [...lead, heads, length, dHead],
    [...lead, length, dModel], [...lead, length, dModel], [...lead, length, dModel], [...lead, length, dFf],
    [...lead, length, dModel], [...lead, length, dModel],
  ];
}

/** reference.transformer.parameter_count: 4·(d² + d) + 2·d·f + f + d + 4·d. */
export function parameters(d, f) {
  return { total: 4 * (d * d + d) + 2 * d * f + f + d + 4 * d, ffn: 2 * d * f + f + d };
}

const SQUARE = new Set([3, 4]); // the L × L steps: what grows with the square of the length
const RESIDUAL = { 8: "residual_x", 11: "residual_x1" };

export function mount(root, { data, lang, t }) {
  const d = data.shape_defaults;
  const state = { batch: d.batch, length: d.length, dModel: d.d_model, heads: d.n_heads, dFf: d.d_ff, query: 0 };
  const divisors = (n) => Array.from({ length: 16 }, (_, i) => i + 1).filter((h) => n % h === 0);

  // --- the sizes -------------------------------------------------------------------------------------------------
  const batch = slider({ label: t("batch"), min: 0, max: 8, step: 1, value: state.batch, t, format: String,
    onInput: (v) => set("batch", v) });
  const length = slider({ label: "L", min: 1, max: 512, step: 1, value: state.length, t, format: String,
    onInput: (v) => set("length", v) });
  const dModel = slider({ label: "d_model", min: 8, max: 1024, step: 8, value: state.dModel, t, format: String,
    onInput: (v) => set("dModel", v) });
  const dFf = slider({ label: "d_ff", min: 32, max: 4096, step: 1, value: state.dFf, t, format: String,
    onInput: (v) => set("dFf", v) });
  const headsBox = el("div");
  let heads = null;
  function buildHeads() {
    const options = divisors(state.dModel);
    if (!options.includes(state.heads)) state.heads = options.filter((h) => h <= state.heads).at(-1) || 1;
    heads = choice({ label: t("heads"), value: state.heads,
      options: options.map((h) => ({ value: h, label: String(h) })), onChange: (v) => set("heads", Number(v)) });
    headsBox.replaceChildren(heads.el);
  }
  buildHeads();
  root.append(el("div", { class: "panel-controls" }, batch.el, length.el),
    el("div", { class: "panel-controls" }, dModel.el, dFf.el), headsBox);

  function set(key, value) {
    state[key] = value;
    if (key === "dModel") buildHeads();
    render();
  }

  // --- the diagram -------------------------------------------------------------------------------------------------
  const diagram = el("ol", { class: "block-diagram" });
  const costs = readout([{ key: "d-head", label: "d_head = d_model / n_heads" },
    { key: "weights", label: t("weights_count") }, { key: "parameters", label: t("parameters") },
    { key: "ffn-share", label: t("ffn_share") }]);
  root.append(el("div", { class: "panel-row encoder-row" }, el("figure", { class: "panel-figure" },
    el("figcaption", {}, t("diagram")), diagram), costs.el));

  function render() {
    const list = shapes(state.batch, state.length, state.dModel, state.heads, state.dFf);
    diagram.replaceChildren(...list.map((shape, i) => el("li", { class: SQUARE.has(i) ? "block-step square" : "block-step",
      "data-step": i, "data-shape": JSON.stringify(shape) },
    el("span", { class: "block-name" }, t(`step_${i}`)),
    RESIDUAL[i] ? el("span", { class: "block-residual" }, t(RESIDUAL[i])) : null,
    el("code", { class: "block-shape" }, `(${shape.join(", ")})`))));
    const dHead = state.dModel / state.heads;
    costs.set("d-head", dHead, String(dHead));
    const count = Math.max(1, state.batch) * state.heads * state.length * state.length;
    costs.set("weights", count, formatCount(count, lang));
    const p = parameters(state.dModel, state.dFf);
    costs.set("parameters", p.total, formatCount(p.total, lang));
    costs.set("ffn-share", p.ffn / p.total, `${formatNumber((100 * p.ffn) / p.total, 1)}%`);
  }

  // --- the heads -------------------------------------------------------------------------------------------------
  const tokens = data.tokens[lang] || data.tokens.en;
  const sub = "\u2080\u2081\u2082\u2083\u2084\u2085\u2086\u2087\u2088\u2089";
  const name = (i) => `${tokens[i]}${sub[i]}`;
  const maps = el("div", { class: "panel-row" });
  root.append(el("h3", { class: "panel-subtitle" }, t("heads_title")), maps);
  const grids = data.weights.map((weights, h) => {
    const box = el("figure", { class: "panel-figure" }, el("figcaption", {}, t("head", { h,
      label: data.heads[h][lang] || data.heads[h].en })));
    maps.append(box);
    const grid = cellGrid(box, {
      rows: tokens.length, cols: tokens.length, label: t("head_grid", { h }), maxCell: 40,
      labels: { row: name, col: name },
      paint: (ctx, cell, r, c) => {
        const color = sequential(weights[r][c]);
        ctx.fillStyle = color;
        ctx.fillRect(cell.x, cell.y, cell.size - 1, cell.size - 1);
        cellText(ctx, formatNumber(weights[r][c], 2), cell, inkOn(color), { scale: 0.3 });
      },
      over: (ctx, g) => outline(ctx, g.rect(state.query, 0, state.query + 1, tokens.length)),
      onCursor: (r) => {
        state.query = r;
        for (const other of grids) other.redraw();
        focus();
      },
    });
    grid.canvas.dataset.head = String(h);
    return grid;
  });
  const headRows = readout(data.weights.map((_, h) => ({ key: `head-${h}`, label: t("head_short", { h }),
    wide: true })));
  root.append(headRows.el);

  function focus() {
    data.weights.forEach((weights, h) => {
      const row = weights[state.query];
      const best = row.indexOf(Math.max(...row));
      headRows.set(`head-${h}`, JSON.stringify([best, row[best]]), t("looks_at", { query: name(state.query),
        key: name(best), weight: formatNumber(row[best], 2) }));
    });
  }

  render();
  focus();
  return {
    controls: { batch, length, dModel, dFf, get heads() {
      return heads;
    } },
    grids,
    state: () => ({ ...state, shapes: shapes(state.batch, state.length, state.dModel, state.heads, state.dFf),
      parameters: parameters(state.dModel, state.dFf) }),
  };
}
