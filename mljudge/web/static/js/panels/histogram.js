// The batch-norm lesson's histogram panel (exercises/batch-norm/lesson.toml): a real batch of 256 samples (from
// reference/batch_norm.py), one feature at a time, before and after γ·(x − μ)/√(σ² + eps) + β, as histograms
// (uPlot's bars, in the bundled plot code). μ and the biased σ² are computed here in two passes (mean, then the
// mean of squared deviations): the feature in thousands would lose digits to a one-pass variance.
import { PALETTE, chart, choice, el, formatSig, readout, slider, toggle } from "./kit.js";

/** Batch mean and biased variance of one feature, in two passes. */
export function stats(values) {
  const n = values.length;
  const mean = values.reduce((a, v) => a + v, 0) / n;
  const variance = values.reduce((a, v) => a + (v - mean) * (v - mean), 0) / n;
  return { mean, variance };
}

export function normalise(values, gamma, beta, eps) {
  const { mean, variance } = stats(values);
  const spread = Math.sqrt(variance + eps);
  return values.map((v) => gamma * ((v - mean) / spread) + beta);
}

/** Counts of `values` in `bins` equal bins over [lo, hi]. A constant (or one within rounding of it) is one narrow
 *  bar in the middle of an axis one unit either side of it: a single bar as wide as the axis would read as values
 *  spread evenly over it. */
export function histogram(values, bins, lo, hi) {
  if (!(hi - lo > 1e-9 * Math.max(1, Math.abs(lo), Math.abs(hi)))) {
    const middle = Math.floor(bins / 2);
    const width = 2 / bins;
    const start = (lo + hi) / 2 - width * (middle + 0.5);
    const counts = new Array(bins).fill(0);
    counts[middle] = values.length;
    return { centers: counts.map((_, i) => start + (i + 0.5) * width), counts, width, lo: start,
      hi: start + bins * width };
  }
  const width = (hi - lo) / bins;
  const counts = new Array(bins).fill(0);
  for (const v of values) counts[Math.min(bins - 1, Math.max(0, Math.floor((v - lo) / width)))] += 1;
  return { centers: counts.map((_, i) => lo + (i + 0.5) * width), counts, width, lo, hi };
}

const range = (values) => [Math.min(...values), Math.max(...values)];

export function mount(root, { data, lang, t }) {
  const d = data.defaults;
  const state = { feature: d.feature, gamma: d.gamma, beta: d.beta, eps: d.eps, layout: "own" };
  const column = (f) => data.batch.map((row) => row[f]);

  // --- controls ------------------------------------------------------------------------------------------------
  const features = choice({ label: t("feature"), value: state.feature,
    options: data.features.map((label, i) => ({ value: i, label: label[lang] || label.en })), onChange: (v) => {
      state.feature = Number(v);
      render();
    } });
  const gamma = slider({ label: "\u03b3", min: -3, max: 3, step: 0.01, value: state.gamma, t, onInput: (v) => {
    state.gamma = v;
    render();
  } });
  const beta = slider({ label: "\u03b2", min: -4, max: 4, step: 0.01, value: state.beta, t, onInput: (v) => {
    state.beta = v;
    render();
  } });
  const eps = choice({ label: "eps", value: state.eps, options: [1e-5, 1e-3, 0.1, 1].map((v) => ({ value: v,
    label: v < 0.01 ? v.toExponential(0) : String(v) })), onChange: (v) => {
    state.eps = Number(v);
    render();
  } });
  const layout = toggle({ label: t("one_axis"), checked: false, onChange: (on) => {
    state.layout = on ? "one" : "own";
    build();
    render();
  } });
  root.append(features.el, el("div", { class: "panel-controls" }, gamma.el, beta.el),
    el("div", { class: "panel-controls" }, eps.el, layout.el));
  const note = el("p", { class: "panel-note", "aria-live": "polite" });
  const plots = el("div", { class: "histograms" });
  root.append(note, plots);

  // --- the histograms ------------------------------------------------------------------------------------------
  let before = null;
  let after = null;
  let both = null;
  let current = null; // what is drawn: {x, y, ...} per plot, for the overlays and the hover readout
  const hover = el("p", { class: "panel-note", "data-key": "bin" });

  const marks = (which) => (ctx, view) => {
    const info = current && current[which];
    if (!info) return;
    const { top, height } = view.box;
    ctx.strokeStyle = which === "before" ? "#57606a" : PALETTE[0];
    ctx.lineWidth = 2 * view.ratio;
    ctx.beginPath();
    ctx.moveTo(view.x(info.mean), top);
    ctx.lineTo(view.x(info.mean), top + height);
    ctx.stroke();
    // a bracket for mean ± spread near the top
    const y = top + 10 * view.ratio;
    ctx.lineWidth = 1.5 * view.ratio;
    ctx.beginPath();
    ctx.moveTo(view.x(info.mean - info.spread), y + 5 * view.ratio);
    ctx.lineTo(view.x(info.mean - info.spread), y);
    ctx.lineTo(view.x(info.mean + info.spread), y);
    ctx.lineTo(view.x(info.mean + info.spread), y + 5 * view.ratio);
    ctx.stroke();
  };

  function build() {
    for (const p of [before, after, both]) if (p) p.destroy();
    plots.replaceChildren();
    before = after = both = null;
    const make = (caption, options) => {
      const figure = el("figure", { class: "panel-figure" }, el("figcaption", {}, caption));
      plots.append(figure);
      return chart(figure, { height: 150, legend: false, drag: true, ...options });
    };
    const onCursor = (which) => (idx) => {
      if (idx == null || !current || !current[which]) return;
      const h = current[which].hist;
      hover.textContent = t("bin", { from: formatSig(h.centers[idx] - h.width / 2, 4),
        to: formatSig(h.centers[idx] + h.width / 2, 4), count: h.counts[idx] });
    };
    if (state.layout === "own") {
      // each histogram's axis spans its bins exactly (uPlot would cut the outer bars in half)
      const edges = (which) => () => {
        const h = current && current[which] && current[which].hist;
        return h ? [h.centers[0] - h.width / 2, h.centers.at(-1) + h.width / 2] : [0, 1];
      };
      before = make(t("before"), { xRange: edges("before"), x: [0, 1], series: [{ label: t("before"), values: [0, 0], bars: true,
        color: "#57606a", fill: "rgba(87, 96, 106, 0.35)", width: 1 }], overlay: marks("before"),
      onCursor: onCursor("before"), label: t("before") });
      after = make(t("after"), { x: [0, 1], series: [{ label: t("after"), values: [0, 0], bars: true,
        color: PALETTE[0], fill: "rgba(0, 114, 178, 0.35)", width: 1 }], overlay: marks("after"),
      onCursor: onCursor("after"), label: t("after"),
      xRange: () => {
        const m = Math.max(4, Math.abs(state.beta) + 4 * Math.abs(state.gamma));
        return [-m, m];
      } });
    } else {
      both = make(t("both"), { x: [0, 1], xRange: () => {
        const h = current && current.before && current.before.hist;
        return h ? [h.centers[0] - h.width / 2, h.centers.at(-1) + h.width / 2] : [0, 1];
      }, series: [
        { label: t("before"), values: [0, 0], bars: true, color: "#57606a", fill: "rgba(87, 96, 106, 0.3)", width: 1 },
        { label: t("after"), values: [0, 0], bars: true, color: PALETTE[0], fill: "rgba(0, 114, 178, 0.35)", width: 1 },
      ], overlay: (ctx, view) => {
        marks("before")(ctx, view);
        marks("after")(ctx, view);
      }, onCursor: onCursor("after"), label: t("both") });
    }
    plots.append(hover);
  }

  const rows = readout([
    { key: "mean", label: t("mean") }, { key: "var", label: t("var") }, { key: "spread", label: t("spread") },
    { key: "out-mean", label: t("out_mean") }, { key: "out-spread", label: t("out_spread") },
  ]);
  root.append(rows.el);

  let afterValues = [];
  function render() {
    const x = column(state.feature);
    const { mean, variance } = stats(x);
    afterValues = normalise(x, state.gamma, state.beta, state.eps);
    const out = stats(afterValues);
    const spread = Math.sqrt(variance + state.eps);
    const bins = d.bins;
    if (state.layout === "own") {
      const hb = histogram(x, bins, ...range(x));
      const ha = histogram(afterValues, bins, ...range(afterValues));
      current = { before: { hist: hb, mean, spread: Math.sqrt(variance) },
        after: { hist: ha, mean: out.mean, spread: Math.sqrt(out.variance) } };
      before.setSeries([{ label: t("before"), values: hb.counts, bars: true, color: "#57606a",
        fill: "rgba(87, 96, 106, 0.35)", width: 1 }], hb.centers);
      after.setSeries([{ label: t("after"), values: ha.counts, bars: true, color: PALETTE[0],
        fill: "rgba(0, 114, 178, 0.35)", width: 1 }], ha.centers);
      before.redraw();
      after.redraw();
    } else {
      const [lo1, hi1] = range(x);
      const [lo2, hi2] = range(afterValues);
      const lo = Math.min(lo1, lo2);
      const hi = Math.max(hi1, hi2);
      const hb = histogram(x, bins, lo, hi);
      const ha = histogram(afterValues, bins, lo, hi);
      current = { before: { hist: hb, mean, spread: Math.sqrt(variance) },
        after: { hist: ha, mean: out.mean, spread: Math.sqrt(out.variance) } };
      both.setSeries([
        { label: t("before"), values: hb.counts, bars: true, color: "#57606a", fill: "rgba(87, 96, 106, 0.3)", width: 1 },
        { label: t("after"), values: ha.counts, bars: true, color: PALETTE[0], fill: "rgba(0, 114, 178, 0.35)",
          width: 1 },
      ], hb.centers);
      both.redraw();
    }
    note.textContent = variance === 0 ? t("constant", { value: formatSig(x[0], 6) }) : "";
    note.hidden = variance !== 0;
    rows.set("mean", mean, formatSig(mean, 6));
    rows.set("var", variance, formatSig(variance, 6));
    rows.set("spread", spread, formatSig(spread, 6));
    // the mean after is β up to rounding (1e-16 of noise reads as 0)
    const tidy = (v) => (Math.abs(v) < 1e-12 * Math.max(1, Math.abs(state.beta), Math.abs(state.gamma)) ? 0 : v);
    rows.set("out-mean", out.mean, formatSig(tidy(out.mean), 6));
    rows.set("out-spread", Math.sqrt(out.variance), formatSig(Math.sqrt(out.variance), 6));
    hover.textContent = "";
  }

  build();
  render();
  return {
    controls: { features, gamma, beta, eps, layout },
    state: () => ({ ...state, after: [...afterValues], before: column(state.feature),
      bars: current && Object.fromEntries(Object.entries(current)
        .map(([k, v]) => [k, v.hist.counts.filter((c) => c > 0).length])),
      // how much of its axis each drawn bar takes, and where the filled ones stand
      share: current && Object.fromEntries(Object.entries(current)
        .map(([k, v]) => [k, v.hist.width / (v.hist.centers.length * v.hist.width)])),
      filled: current && Object.fromEntries(Object.entries(current)
        .map(([k, v]) => [k, v.hist.centers.filter((_, i) => v.hist.counts[i] > 0)])) }),
  };
}
