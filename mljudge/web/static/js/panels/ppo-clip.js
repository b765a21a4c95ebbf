// PPO's clipped objective of one action against its probability ratio r (exercises/ppo/lesson.toml), for the
// advantage A and clip range ε on two sliders: min(r·A, clip(r, 1 − ε, 1 + ε)·A). The flat part, where the
// gradient stops, is drawn grey and named; the clip range is shaded. Computed here in the per-sign form the
// reference uses (reference/ppo.py), which tests/web compare with it on the server's grid.
import { PALETTE, chart, choice, el, formatNumber, readout, slider } from "./kit.js";

/** The objective and its slope d/dr at r, for advantage a and clip range eps (reference.ppo, per sign of A). */
export function objective(r, a, eps) {
  if (a >= 0) return { value: a * Math.min(r, 1 + eps), slope: r <= 1 + eps ? a : 0 };
  return { value: a * Math.max(r, 1 - eps), slope: r >= 1 - eps ? a : 0 };
}

export function mount(root, { data, t }) {
  const r = data.r;
  const state = { clip: data.defaults.clip, advantage: data.defaults.advantage, index: r.indexOf(data.defaults.r) };
  if (state.index < 0) state.index = Math.floor(r.length / 2);
  const step = r[1] - r[0];

  const curves = () => {
    const live = [];
    const flat = [];
    const unclipped = [];
    const slopes = [];
    for (let i = 0; i < r.length; i++) {
      const here = objective(r[i], state.advantage, state.clip);
      const before = i > 0 ? objective(r[i - 1], state.advantage, state.clip).slope : here.slope;
      const after = i + 1 < r.length ? objective(r[i + 1], state.advantage, state.clip).slope : here.slope;
      const isFlat = here.slope === 0 && state.advantage !== 0;
      // The corner belongs to both pieces, so that the two lines meet.
      live.push(!isFlat || before !== 0 || after !== 0 ? here.value : null);
      flat.push(isFlat || (state.advantage !== 0 && (before === 0 || after === 0)) ? here.value : null);
      unclipped.push(r[i] * state.advantage);
      slopes.push(here.slope);
    }
    return { live, flat, unclipped, slopes };
  };

  // Where the gradient stops: r > 1 + ε for A > 0, r < 1 − ε for A < 0, everywhere for A = 0.
  const region = () => {
    const { advantage: a, clip: eps } = state;
    if (a === 0) return { text: t("no_signal"), from: r[0], to: r.at(-1) };
    if (a > 0) return { text: t("stops_above", { r: formatNumber(1 + eps, 2) }), from: 1 + eps, to: r.at(-1) };
    return { text: t("stops_below", { r: formatNumber(1 - eps, 2) }), from: r[0], to: 1 - eps };
  };

  const color = () => (state.advantage >= 0 ? PALETTE[0] : PALETTE[1]);
  const series = () => {
    const c = curves();
    return [
      { label: t("objective"), values: c.live, color: color(), width: 3 },
      { label: t("no_gradient"), values: c.flat, color: "#8c959f", width: 3 },
      { label: t("unclipped"), values: c.unclipped, color: color(), width: 1.25, dash: [5, 4] },
    ];
  };

  const figure = el("figure", { class: "panel-figure" });
  root.append(figure);
  const plot = chart(figure, {
    x: r,
    series: series(),
    height: 250,
    xLabel: "r = \u03c0_new / \u03c0_old",
    // fixed while |A| ≤ 1, so that moving A tilts the line instead of rescaling the axis
    yRange: () => {
      const m = 2.1 * Math.max(1, Math.abs(state.advantage));
      return [-m, m];
    },
    label: t("title"),
    onCursor: (idx) => {
      if (idx == null) {
        requestAnimationFrame(() => plot.setCursor(state.index));
        return;
      }
      state.index = idx;
      cursor.set(r[idx], { silent: true });
      show();
    },
    overlay: (ctx, view) => {
      const { clip: eps } = state;
      const top = view.box.top;
      const height = view.box.height;
      // the clip range [1 − ε, 1 + ε]
      ctx.fillStyle = "rgba(9, 105, 218, 0.09)";
      const x0 = view.x(1 - eps);
      ctx.fillRect(x0, top, Math.max(view.x(1 + eps) - x0, 1.5 * view.ratio), height);
      // r = 1, where every ratio starts
      ctx.strokeStyle = "rgba(87, 96, 106, 0.5)";
      ctx.setLineDash([2 * view.ratio, 3 * view.ratio]);
      ctx.beginPath();
      ctx.moveTo(view.x(1), top);
      ctx.lineTo(view.x(1), top + height);
      ctx.stroke();
      ctx.setLineDash([]);
      // the names of the two sides, beside the line they name (above a rising or flat line, below a falling one)
      const a = state.advantage;
      ctx.font = `${12 * view.ratio}px system-ui, sans-serif`;
      ctx.textAlign = "center";
      ctx.fillStyle = "#57606a";
      const gap = 8 * view.ratio;
      if (a === 0) {
        ctx.textBaseline = "bottom";
        ctx.fillText(t("no_signal"), view.x(1.5), view.y(0) - gap);
        return;
      }
      const stop = region();
      const flatAt = (stop.from + stop.to) / 2;
      ctx.textBaseline = a > 0 ? "bottom" : "top";
      ctx.fillText(t("no_gradient"), view.x(flatAt), view.y(objective(flatAt, a, eps).value) + (a > 0 ? -gap : gap));
      const pullAt = a > 0 ? 0.45 : 1.55;
      ctx.fillStyle = color();
      ctx.textBaseline = "top";
      ctx.fillText(t("pulls_back"), view.x(pullAt), view.y(objective(pullAt, a, eps).value) + gap);
    },
  });

  const clip = slider({ label: t("clip"), min: 0, max: 0.5, step: 0.01, value: state.clip, t,
    onInput: (v) => {
      state.clip = v;
      redraw();
    } });
  const advantage = slider({ label: t("advantage"), min: -2, max: 2, step: 0.1, value: state.advantage, t,
    onInput: (v) => {
      state.advantage = v;
      redraw();
    } });
  const cursor = slider({ label: t("ratio"), min: r[0], max: r.at(-1), step, value: r[state.index], t,
    format: (v) => formatNumber(v, 3),
    onInput: (v) => {
      state.index = Math.round((v - r[0]) / step);
      plot.setCursor(state.index);
      show();
    } });
  root.append(el("div", { class: "panel-controls" }, clip.el, advantage.el, cursor.el));
  const presets = choice({ label: t("advantage_presets"), value: "", options: [
    { value: 1, label: "A = +1" }, { value: -1, label: "A = \u22121" }, { value: 2, label: "A = +2" },
    { value: 0, label: "A = 0" }], onChange: (v) => advantage.set(Number(v)) });
  root.append(presets.el);

  const note = el("p", { class: "panel-note", "data-key": "region", "aria-live": "polite" });
  root.append(note);
  const rows = readout([
    { key: "r", label: "r" },
    { key: "unclipped", label: t("row_unclipped") },
    { key: "clipped", label: t("row_clipped") },
    { key: "objective", label: t("row_min") },
    { key: "winner", label: t("row_winner") },
    { key: "slope", label: t("row_slope") },
    { key: "logprob", label: t("row_logprob") },
  ]);
  root.append(rows.el);

  function show() {
    const x = r[state.index];
    const { advantage: a, clip: eps } = state;
    const here = objective(x, a, eps);
    const unclipped = x * a;
    const clipped = Math.min(Math.max(x, 1 - eps), 1 + eps) * a;
    rows.set("r", x, formatNumber(x, 4));
    rows.set("unclipped", unclipped, formatNumber(unclipped, 4));
    rows.set("clipped", clipped, formatNumber(clipped, 4));
    rows.set("objective", here.value, formatNumber(here.value, 4));
    const winner = unclipped === clipped ? "equal" : unclipped < clipped ? "unclipped" : "clipped";
    rows.set("winner", winner, t(`winner_${winner}`));
    rows.set("slope", here.slope, formatNumber(here.slope, 4));
    rows.set("logprob", here.slope * x, formatNumber(here.slope * x, 4));
    const stop = region();
    note.textContent = stop.text;
    note.dataset.from = String(stop.from);
    note.dataset.to = String(stop.to);
  }

  function redraw() {
    plot.setSeries(series());
    plot.setCursor(state.index);
    show();
  }

  show();
  requestAnimationFrame(() => plot.setCursor(state.index));

  return {
    plot,
    controls: { clip, advantage, cursor },
    state: () => ({ ...state, r: r[state.index], curves: curves() }),
  };
}
