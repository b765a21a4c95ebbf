// The cross-entropy lesson's panel (exercises/cross-entropy/lesson.toml). First, the loss of one example against its
// margin m = z_right − z_wrong, every wrong class sharing the logit 0, for C classes on a slider: the loss of a
// guess is ln C. Then a logits playground: four logits, the softmax, and the loss worked out the stable way
// (subtract the maximum first: reference.losses.log_softmax) beside the naive way (exp of the raw logits) and
// "softmax, then log", so that "+1000 to every logit" shows which one survives.
import {
  PALETTE, button, chart, choice, el, formatNumber, levelLine, readout, slider, surface, toggle,
} from "./kit.js";

const sigmoid = (z) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/** reference.losses.ce_of_margin: the cross-entropy of the logits [m, 0, …, 0] (C of them) with target 0, as
 *  cross_entropy_per_example computes it: log1p of the other terms after subtracting the maximum. */
export function lossOfMargin(m, classes) {
  return m >= 0 ? Math.log1p((classes - 1) * Math.exp(-m)) : Math.log1p(Math.exp(m) + classes - 2) - m;
}
export const probabilityOfMargin = (m, classes) => sigmoid(m - Math.log(classes - 1));
export const slopeOfMargin = (m, classes) => -sigmoid(Math.log(classes - 1) - m);
export const squaredErrorOfMargin = (m) => sigmoid(-m) ** 2;
export const squaredErrorSlope = (m) => -2 * sigmoid(m) * sigmoid(-m) ** 2;

/** The stable loss of `logits` for class `target`: every step, as the reference takes them. */
export function stable(logits, target) {
  const top = Math.max(...logits);
  const gaps = logits.map((z) => z - top);
  const exps = gaps.map(Math.exp);
  const argmax = gaps.indexOf(0);
  const others = exps.reduce((a, e, i) => (i === argmax ? a : a + e), 0);
  const logSum = Math.log1p(others);
  const logp = gaps.map((g) => g - logSum);
  return { top, gaps, exps, sum: 1 + others, logSum, logp, loss: logSum - gaps[target],
    probabilities: logp.map(Math.exp) };
}

/** The naive loss: exp of the raw logits (overflows past 709, underflows below −745). */
export function naive(logits, target) {
  const exps = logits.map(Math.exp);
  const sum = exps.reduce((a, b) => a + b, 0);
  return { exps, sum, logSum: Math.log(sum), loss: Math.log(sum) - logits[target] };
}

function linspace([start, stop, points]) {
  return Array.from({ length: points }, (_, i) => Number((start + ((stop - start) * i) / (points - 1)).toFixed(10)));
}

export function mount(root, { data, t, colorOf = (id, fallback) => fallback }) {
  // The lesson's plot shows these curves too: each keeps its colour on both tabs.
  const COLOR = { loss: colorOf("cross-entropy", PALETTE[0]), probability: colorOf("probability", PALETTE[1]),
    squared: colorOf("squared-error", PALETTE[2]) };
  // --- 1. the margin plot --------------------------------------------------------------------------------------
  const m = linspace(data.m);
  const state = { classes: data.classes[0], index: m.indexOf(0) };
  const series = () => {
    const c = state.classes;
    const two = c === 2;
    return [
      { label: t("loss"), values: m.map((x) => lossOfMargin(x, c)), color: COLOR.loss },
      { label: t("probability"), values: m.map((x) => probabilityOfMargin(x, c)), color: COLOR.probability },
      { label: t("squared_error"), values: m.map((x) => squaredErrorOfMargin(x)), color: COLOR.squared, show: two },
      { label: t("slope"), values: m.map((x) => slopeOfMargin(x, c)), color: COLOR.loss, dash: [6, 4] },
      { label: t("squared_error_slope"), values: m.map((x) => squaredErrorSlope(x)), color: COLOR.squared,
        dash: [6, 4], show: two },
    ];
  };
  const figure = el("figure", { class: "panel-figure" });
  root.append(figure);
  const plot = chart(figure, {
    x: m, series: series(), height: 230, xLabel: t("margin"), yRange: [-1.1, 8.5], label: t("title"),
    onCursor: (idx) => {
      if (idx == null) {
        requestAnimationFrame(() => plot.setCursor(state.index));
        return;
      }
      state.index = idx;
      showMargin();
    },
    overlay: (ctx, view) => {
      levelLine(ctx, view, Math.log(state.classes), t("guess_line"));
    },
  });
  const classes = slider({ label: t("classes"), values: data.classes, value: state.classes, t, format: String,
    onInput: (v) => {
      state.classes = v;
      plot.setSeries(series());
      plot.setCursor(state.index);
      showMargin();
    } });
  root.append(classes.el);
  const marginRows = readout([{ key: "m", label: "m" }, { key: "loss", label: t("loss"), color: COLOR.loss },
    { key: "probability", label: t("probability"), color: COLOR.probability },
    { key: "slope", label: t("slope"), color: COLOR.loss, dashed: true }, { key: "guess", label: t("guess") }]);
  root.append(marginRows.el);
  function showMargin() {
    const x = m[state.index];
    const c = state.classes;
    marginRows.set("m", x, formatNumber(x, 2));
    marginRows.set("loss", lossOfMargin(x, c));
    marginRows.set("probability", probabilityOfMargin(x, c));
    marginRows.set("slope", slopeOfMargin(x, c));
    marginRows.set("guess", Math.log(c));
  }

  // --- 2. the logits playground ----------------------------------------------------------------------------------
  const start = data.playground.logits;
  const play = { sliders: [...start], target: data.playground.target, shift: 0, times100: false };
  const logits = () => play.sliders.map((z) => z * (play.times100 ? 100 : 1) + play.shift);
  root.append(el("h3", { class: "panel-subtitle" }, t("playground")));
  const logitSliders = start.map((z, i) => slider({ label: t("logit", { i }), min: -10, max: 10, step: 0.1,
    value: z, t, format: (v) => formatNumber(v, 1), onInput: (v) => {
      play.sliders[i] = v;
      showPlayground();
    } }));
  const target = choice({ label: t("target"), value: play.target, options: start.map((_, i) => ({ value: i,
    label: t("class", { i }) })), onChange: (v) => {
    play.target = Number(v);
    showPlayground();
  } });
  const shiftNote = el("span", { class: "panel-note", "data-key": "shift" });
  const buttons = el("div", { class: "control-buttons" },
    button(t("plus"), () => {
      play.shift += 1000;
      showPlayground();
    }), button(t("minus"), () => {
      play.shift -= 1000;
      showPlayground();
    }), button(t("reset"), () => {
      play.shift = 0;
      play.times100 = false;
      times100.set(false, { silent: true });
      logitSliders.forEach((s, i) => s.set(start[i], { silent: true }));
      play.sliders = [...start];
      showPlayground();
    }));
  const times100 = toggle({ label: t("times100"), onChange: (on) => {
    play.times100 = on;
    showPlayground();
  } });
  root.append(el("div", { class: "panel-controls logits" }, ...logitSliders.map((s) => s.el)), target.el,
    el("div", { class: "panel-controls" }, buttons, times100.el, shiftNote));

  const bars = surface(root, { label: t("bars"), height: 120, draw: (ctx, w, h) => {
    const s = stable(logits(), play.target);
    const grad = s.probabilities.map((p, i) => p - (i === play.target ? 1 : 0));
    const half = w / 2;
    const drawBars = (values, x0, width, lo, hi, title, colorOf) => {
      const slot = width / values.length;
      const y = (v) => 18 + ((hi - v) / (hi - lo)) * (h - 40);
      ctx.fillStyle = "#57606a";
      ctx.font = "11px system-ui, sans-serif";
      ctx.textAlign = "left";
      ctx.textBaseline = "top";
      ctx.fillText(title, x0 + 4, 0);
      ctx.strokeStyle = "#d0d7de";
      ctx.beginPath();
      ctx.moveTo(x0 + 4, y(0));
      ctx.lineTo(x0 + width - 4, y(0));
      ctx.stroke();
      values.forEach((v, i) => {
        const cx = x0 + slot * (i + 0.5);
        ctx.fillStyle = colorOf(i);
        ctx.fillRect(cx - 11, Math.min(y(v), y(0)), 22, Math.abs(y(v) - y(0)));
        ctx.fillStyle = "#1f2328";
        ctx.textAlign = "center";
        ctx.textBaseline = "top";
        ctx.fillText(formatNumber(v, 3), cx, h - 18);
      });
    };
    // probabilities in the probability's colour, the gradient (of the loss) in the loss's; other classes paler
    drawBars(s.probabilities, 0, half, 0, 1, t("softmax"), (i) => (i === play.target ? COLOR.probability : "#afb8c1"));
    drawBars(grad, half, half, -1, 1, t("gradient"), (i) => (i === play.target ? COLOR.loss : "#9ecae1"));
  } });

  const table = el("table", { class: "panel-table logits-table" });
  root.append(el("div", { class: "table-scroll", "data-scroll-cue": "" }, table));

  function showPlayground() {
    const z = logits();
    const s = stable(z, play.target);
    const n = naive(z, play.target);
    const softmaxThenLog = -Math.log(s.probabilities[play.target]);
    const num = (v, d = 4) => {
      if (Number.isFinite(v)) return formatNumber(v, d);
      return v > 0 ? "\u221e" : v < 0 ? "\u2212\u221e" : "NaN";
    };
    const cls = z.map((_, i) => el("th", { scope: "col" }, t("class", { i })));
    const row = (label, values, key, result, text) => el("tr", { "data-key": key },
      el("th", { scope: "row" }, label), ...values.map((v) => el("td", {}, num(v))),
      el("td", { "data-value": result == null ? "" : String(result) }, text ?? (result == null ? "" : num(result))));
    table.replaceChildren(
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("row_heading")), ...cls, el("th", { scope: "col" }, t("result")))),
      el("tbody", {},
        row("z", z, "logits", null),
        el("tr", { class: "group" }, el("th", { colspan: String(z.length + 2) }, t("stable"))),
        row("z \u2212 max", s.gaps, "gaps", s.top, `max = ${num(s.top)}`),
        row("exp(z \u2212 max)", s.exps, "exps", s.sum),
        row(t("log_sum"), [], "log-sum", s.logSum),
        row("log p", s.logp, "logp", s.logp[play.target]),
        row(t("loss_row"), [], "stable-loss", s.loss),
        el("tr", { class: "group" }, el("th", { colspan: String(z.length + 2) }, t("naive"))),
        row("exp(z)", n.exps, "naive-exps", n.sum),
        row(t("loss_row"), [], "naive-loss", n.loss),
        el("tr", { class: "group" }, el("th", { colspan: String(z.length + 2) }, t("softmax_log"))),
        row("\u2212log p_target", [], "softmax-log", softmaxThenLog)));
    for (const r of table.querySelectorAll("tr[data-key]")) {
      const cells = r.querySelectorAll("td");
      // rows with one result: the result goes in the last column, the rest stays empty
      if (cells.length === 1) for (let i = 0; i < z.length; i++) r.insertBefore(el("td"), cells[0]);
    }
    shiftNote.textContent = play.shift ? t("shifted", { shift: formatNumber(play.shift, 0) }) : "";
    bars.redraw();
  }

  showMargin();
  showPlayground();
  requestAnimationFrame(() => plot.setCursor(state.index));
  return {
    plot,
    controls: { classes, logits: logitSliders, target, times100 },
    state: () => {
      const z = logits();
      const s = stable(z, play.target);
      return { classes: state.classes, m: m[state.index], logits: z, target: play.target, stable: s,
        naive: naive(z, play.target), softmaxThenLog: -Math.log(s.probabilities[play.target]),
        gradient: s.probabilities.map((p, i) => p - (i === play.target ? 1 : 0)) };
    },
  };
}
