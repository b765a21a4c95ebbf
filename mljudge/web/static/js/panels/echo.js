// The rnn lesson's echo panel (exercises/rnn/lesson.toml): one tanh unit (input weight 1, no biases, h₀ = 0) with
// the recurrent weight w on a slider, an impulse a at step 1 (and, if asked, again at step 10), and what is left
// of it: the echo h_t and its influence ∂h_t/∂x₁. Thirty steps of tanh are computed here, as
// reference.recurrent.echo_run does (tests/web compare them with it); a log scale shows the influence's
// geometric decay as a straight line.
import { PALETTE, button, chart, el, formatNumber, legend, levelLine, readout, slider, toggle } from "./kit.js";

/** Echo and influence for weight w and inputs xs (xs[0] = the impulse at step 1). */
export function run(w, xs) {
  const echo = [];
  const influence = [];
  let h = Math.tanh(xs[0]);
  let d = 1 - h * h;
  echo.push(h);
  influence.push(d);
  for (let t = 1; t < xs.length; t++) {
    h = Math.tanh(w * h + xs[t]);
    d = d * w * (1 - h * h);
    echo.push(h);
    influence.push(d);
  }
  return { echo, influence };
}

/** h* = tanh(w·h*) for w > 1 (0 otherwise), by Newton's method from 1 as the reference finds it. */
export function fixedPoint(w) {
  if (w <= 1) return 0;
  let h = 1;
  for (let i = 0; i < 100; i++) {
    const t = Math.tanh(w * h);
    const step = (t - h) / (w * (1 - t * t) - 1);
    h -= step;
    if (Math.abs(step) < 1e-16) break;
  }
  return h;
}

const REFERENCE_WEIGHTS = [0.5, 0.9, 1.5];

export function mount(root, { data, t }) {
  const steps = data.steps;
  const x = Array.from({ length: steps }, (_, i) => i + 1);
  const state = { weight: data.defaults.weight, impulse: data.defaults.impulse, second: false, log: false,
    index: 9 };
  const inputs = () => x.map((step) => (step === 1 || (state.second && step === 10) ? state.impulse : 0));
  let current = run(state.weight, inputs());

  const series = () => {
    const refs = REFERENCE_WEIGHTS.map((w, i) => ({ label: t("reference", { w: formatNumber(w, 1) }),
      values: run(w, inputs()).echo, color: ["#b6d4ea", "#f3c9a8", "#a8dccb"][i], width: 1.25 }));
    return [
      ...refs,
      { label: t("echo"), values: current.echo, color: PALETTE[0], width: 2.5 },
      { label: t("influence"), values: current.influence, color: PALETTE[0], dash: [6, 4], width: 2,
        scale: state.log ? "y2" : "y" },
    ];
  };

  const figure = el("figure", { class: "panel-figure" });
  root.append(figure);
  let plot = null;
  const build = () => {
    if (plot) plot.destroy();
    figure.replaceChildren();
    plot = chart(figure, {
      x, series: series(), height: 240, xLabel: t("step"), yRange: [-1, 1], label: t("title"),
      y2: state.log ? { log: true, range: [1e-10, 1e2], label: t("influence_log") } : null,
      onCursor: (idx) => {
        if (idx == null) {
          requestAnimationFrame(() => plot.setCursor(state.index));
          return;
        }
        state.index = idx;
        show();
      },
      overlay: (ctx, view) => {
        const star = fixedPoint(state.weight);
        if (state.weight <= 1 || state.impulse === 0) return;
        const level = state.impulse > 0 ? star : -star;
        levelLine(ctx, view, level, t("fixed_point", { h: formatNumber(star, 4) }), { below: level > 0 });
      },
    });
    requestAnimationFrame(() => plot.setCursor(state.index));
  };
  build();
  root.append(legend([
    { label: t("echo"), color: PALETTE[0] }, { label: t("influence"), color: PALETTE[0], dashed: true },
    ...REFERENCE_WEIGHTS.map((w, i) => ({ label: t("reference", { w: formatNumber(w, 1) }),
      color: ["#b6d4ea", "#f3c9a8", "#a8dccb"][i] })),
  ]));

  const weight = slider({ label: t("weight"), min: 0, max: 2, step: 0.01, value: state.weight, t, onInput: (v) => {
    state.weight = v;
    update();
  } });
  const impulse = slider({ label: t("impulse"), min: -3, max: 3, step: 0.01, value: state.impulse, t,
    onInput: (v) => {
      state.impulse = v;
      update();
    } });
  const presets = el("div", { class: "control-buttons" }, ...[0.01, 1, 3].map((v) => button(
    `a = ${formatNumber(v, v < 1 ? 2 : 0)}`, () => impulse.set(v))));
  const second = toggle({ label: t("second"), onChange: (on) => {
    state.second = on;
    update();
  } });
  const log = toggle({ label: t("log"), onChange: (on) => {
    state.log = on;
    build();
  } });
  root.append(el("div", { class: "panel-controls" }, weight.el, impulse.el),
    el("div", { class: "panel-controls" }, presets, second.el, log.el));

  const rows = readout([
    { key: "t", label: t("step") }, { key: "echo", label: t("echo"), color: PALETTE[0] },
    { key: "influence", label: t("influence"), color: PALETTE[0], dashed: true },
    { key: "factor", label: t("factor") }, { key: "ratio", label: t("ratio") },
  ]);
  const star = el("p", { class: "panel-note", "data-key": "fixed-point" });
  root.append(star, rows.el);

  function show() {
    const i = state.index;
    rows.set("t", i + 1, String(i + 1));
    rows.set("echo", current.echo[i]);
    rows.set("influence", current.influence[i], Math.abs(current.influence[i]) < 1e-4 && current.influence[i] !== 0
      ? current.influence[i].toExponential(3).replace("-", "\u2212") : formatNumber(current.influence[i], 6));
    const h = current.echo[i];
    rows.set("factor", i ? state.weight * (1 - h * h) : NaN, i ? undefined : "\u2014");
    rows.set("ratio", i && current.echo[i - 1] ? h / current.echo[i - 1] : NaN,
      i && current.echo[i - 1] ? undefined : "\u2014");
    const fp = fixedPoint(state.weight);
    star.textContent = state.weight > 1 ? t("fixed_point_note", { h: formatNumber(fp, 4) }) : t("no_fixed_point");
    star.dataset.value = state.weight > 1 ? String(fp) : "";
  }

  function update() {
    current = run(state.weight, inputs());
    plot.setSeries(series());
    plot.setCursor(state.index);
    show();
  }

  show();
  return {
    controls: { weight, impulse, second, log },
    get plot() {
      return plot;
    },
    state: () => ({ ...state, step: state.index + 1, echo: [...current.echo], influence: [...current.influence],
      fixedPoint: state.weight > 1 ? fixedPoint(state.weight) : null }),
  };
}
