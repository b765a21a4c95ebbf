// The lesson's plot: curves from the server (computed by trusted reference code: JavaScript has no erf), a cursor
// that follows the mouse, a finger or a pen dragged along the plot, or the slider, and reads out x (the lesson's
// x_label: p, n ...), the values, the difference of the first two (unless the lesson turns it off) and the slopes.
// A lesson may ask for a logarithmic y axis (y_scale = "log"): values ≤ 0 are then gaps, the readout keeps them.
import { el, formatNumber, t } from "./common.js";

const PALETTE = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"];

export function mountPlot(data) {
  const { x, curves } = data;
  const xLabel = data.x_label || t("readout_x");
  const valueCurves = curves.filter((c) => c.role === "value");
  const slopeCurves = curves.filter((c) => c.role === "slope");
  // A slope is drawn dashed in the colour of the value curve it belongs to: the one its id names ("huber-1-slope",
  // "slope-good"), else the one at its position in the list of slopes.
  const valueOf = (slope) => valueCurves.find((c) => slope.id === `${c.id}-slope` || slope.id === `slope-${c.id}`)
    ?? valueCurves[slopeCurves.indexOf(slope)] ?? null;
  const colorOf = (curve) => {
    const value = curve.role === "value" ? curve : valueOf(curve);
    const index = value ? valueCurves.indexOf(value) : valueCurves.length + slopeCurves.indexOf(curve);
    return PALETTE[index % PALETTE.length];
  };

  const slider = document.getElementById("cursor");
  const readout = document.getElementById("readout");
  const step = x.length > 1 ? Math.abs(x[1] - x[0]) : 1;
  // Enough decimals to tell neighbouring grid points apart (the epsilon absorbs linspace's rounding: 0.0100000001).
  const xDecimals = Math.min(6, Math.max(0, Math.ceil(-Math.log10(step) - 1e-6)));

  function nearest(target) {
    let best = 0;
    for (let i = 1; i < x.length; i++) if (Math.abs(x[i] - target) < Math.abs(x[best] - target)) best = i;
    return best;
  }

  // Readout rows: x, every value curve, the difference of the first two (when it means something), every slope.
  const rows = [{ key: "x", label: xLabel, value: (i) => x[i], decimals: xDecimals }];
  // A curve of whole numbers (an output size, a count) reads as whole numbers: 3, not 3.000000.
  const decimalsOf = (c) => (c.values.every((v) => v == null || Number.isInteger(v)) ? 0 : 6);
  for (const c of valueCurves) {
    rows.push({ key: c.id, label: c.label, value: (i) => c.values[i], color: colorOf(c), decimals: decimalsOf(c) });
  }
  if (data.difference !== false && valueCurves.length >= 2) {
    const [a, b] = valueCurves;
    rows.push({
      key: "difference",
      label: t("difference", { a: a.label, b: b.label }),
      value: (i) => (a.values[i] == null || b.values[i] == null ? null : a.values[i] - b.values[i]),
    });
  }
  for (const c of slopeCurves) {
    rows.push({ key: c.id, label: c.label, value: (i) => c.values[i], color: colorOf(c), dashed: true,
      decimals: decimalsOf(c) });
  }

  const cells = rows.map((row) => {
    const swatch = row.color
      ? el("span", { class: row.dashed ? "swatch dashed" : "swatch", "data-color": row.color, "aria-hidden": "true" })
      : null;
    const dd = el("dd", { "data-key": row.key });
    readout.append(el("div", { class: "readout-row" }, el("dt", {}, swatch, row.label), dd));
    return { row, dd, swatch };
  });
  // Colours are set through the CSSOM (allowed under the strict CSP, unlike style="" attributes).
  for (const { row, swatch } of cells) if (swatch) swatch.style.borderColor = row.color;

  let current = nearest(0);

  function show(i) {
    if (i == null || i < 0 || i >= x.length) return;
    current = i;
    const parts = [];
    for (const { row, dd } of cells) {
      const v = row.value(i);
      dd.textContent = formatNumber(v, row.decimals ?? 6);
      dd.dataset.value = v == null ? "" : String(v);
      parts.push(`${row.label} ${dd.textContent}`);
    }
    slider.value = String(i);
    slider.setAttribute("aria-valuetext", parts.join("; "));
  }

  // On a wide screen the plot, its readout and slider stay in view beside the text (a sticky column): the plot
  // gives up height on a short screen so that everything under it still fits. The readout is the legend.
  const wide = window.matchMedia("(min-width: 1000px)").matches;
  const height = wide ? Math.round(Math.min(340, Math.max(160, window.innerHeight - 520))) : 240;

  const plot = window.MLJPlot.create(document.getElementById("lesson-plot"), {
    x,
    series: curves.map((c) => ({
      label: c.label,
      values: c.values,
      color: colorOf(c),
      dash: c.role === "slope" ? [6, 4] : null,
    })),
    height,
    drag: true,
    legend: false,
    yLog: data.y_scale === "log",
    xLabel,
    label: document.getElementById("plot-heading").textContent,
    onCursor: (idx) => {
      if (idx == null) {
        // The mouse left the plot: keep the cursor where the readout is.
        requestAnimationFrame(() => plot.setCursor(current));
        return;
      }
      show(idx);
    },
  });

  slider.max = String(x.length - 1);
  slider.addEventListener("input", () => {
    const i = Number(slider.value);
    show(i);
    plot.setCursor(i);
  });
  show(current);
  requestAnimationFrame(() => plot.setCursor(current));

  return {
    plot,
    show,
    /** The colour of the plot's curve `id` (null when it has none): the lesson's panels draw the same thing in the
     *  same colour. */
    colorOf(id) {
      const curve = curves.find((c) => c.id === id);
      return curve ? colorOf(curve) : null;
    },
    get index() {
      return current;
    },
  };
}
