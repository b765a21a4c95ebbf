// Entry for web/static/vendor/plot.js: a small line-chart wrapper around uPlot.
// Needs web/static/vendor/plot.css (uPlot's own stylesheet) on the page. Give it a
// dedicated block-level container: setSeries() may rebuild the chart inside it.
//
// Exposes exactly one global, window.MLJPlot:
//
//   const p = MLJPlot.create(parentElement, {
//     x: [0, 1, 2],                                   // ascending numbers (not timestamps)
//     series: [{label: "loss", values: [3, 2, 1], color: "#0072B2", dash: [4, 2],
//               width: 2,          // optional line width in CSS px (default 2)
//               scale: "y",        // optional; "y2" puts it on the second axis (see y2 below)
//               show: true,        // optional; false hides it (setShow() brings it back)
//               bars: false,       // optional; true draws bars centred on each x (histograms)
//               fill: null,        // optional fill colour (bars, or the area under a line)
//               points: false}],   // optional; true marks every point with a dot
//     width: 600,          // optional; default: parent width, and follows it when resized
//     height: 300,         // optional; plot area height in CSS px (legend comes on top)
//     onCursor: (idx) => {},  // optional; hovered data index, or null when the cursor leaves
//     drag: false,         // optional; true: pressing and dragging moves the cursor with any pointer (mouse,
//                          // finger, pen); the parent gets class "plot-drag" (app.css gives its touch-action)
//     legend: true,        // optional; false leaves out uPlot's legend (a page with its own readout)
//     xRange: [min, max],  // optional; fixed axis ranges (default: fitted to the data)
//     yRange: [min, max],
//     yLog: false,         // optional; a logarithmic y axis (values <= 0 are drawn as gaps)
//     y2: {label, log, range},  // optional; a second y axis on the right, for series with scale "y2"
//     overlay: (ctx, view) => {},  // optional; draws over the series on every redraw (bands, marker lines,
//                          // labels): view.x(value) and view.y(value[, scale]) give canvas pixels, view.box the
//                          // plot area in canvas pixels, view.ratio the device pixel ratio
//     title, xLabel, yLabel, label,  // optional; label = aria-label of the canvas
//   });
//   p.setSeries(series[, x]); p.setShow(i, bool); p.setCursor(idx | null); p.redraw(); p.destroy();
//   p.plot  // the uPlot instance
//
// Values that are not finite numbers (NaN, null, undefined) are drawn as gaps.

import uPlot from "uplot";

// Okabe-Ito palette (colour-blind safe, readable on white).
const PALETTE = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"];
const DEFAULT_HEIGHT = 300;
const DEFAULT_WIDTH = 600;

function toNumbers(values, positive = false) {
  const out = new Array(values ? values.length : 0);
  for (let i = 0; i < out.length; i++) {
    const v = values[i];
    out[i] = typeof v === "number" && Number.isFinite(v) && (!positive || v > 0) ? v : null;
  }
  return out;
}

function normSeries(series, logScales) {
  if (!Array.isArray(series)) throw new TypeError("MLJPlot: series must be an array");
  return series.map((s, i) => {
    const scale = s.scale === "y2" ? "y2" : "y";
    return {
      label: String(s.label ?? `series ${i + 1}`),
      values: toNumbers(s.values, logScales.has(scale)),
      color: s.color || PALETTE[i % PALETTE.length],
      dash: Array.isArray(s.dash) && s.dash.length ? s.dash.map(Number) : null,
      width: Number.isFinite(s.width) ? s.width : 2,
      scale,
      show: s.show !== false,
      bars: Boolean(s.bars),
      fill: s.fill || null,
      points: Boolean(s.points),
    };
  });
}

function sameShape(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    for (const key of ["label", "color", "width", "scale", "bars", "fill", "points"]) {
      if (a[i][key] !== b[i][key]) return false;
    }
    if (String(a[i].dash) !== String(b[i].dash)) return false;
  }
  return true;
}

// uPlot gives the y axis a fixed 50 px, which clips labels such as "-0.025" (the minus goes first).
// Size it to its longest tick label instead (uPlot's "axis autosize" recipe).
// Measured on every layout cycle: the ticks can change between cycles, and uPlot stops after three anyway.
function yAxisSize(u, values, axisIdx) {
  const axis = u.axes[axisIdx];
  let size = axis.ticks.size + axis.gap;
  const longest = (values || []).reduce((a, v) => (v != null && String(v).length > a.length ? String(v) : a), "");
  if (longest) {
    u.ctx.font = axis.font[0];
    size += u.ctx.measureText(longest).width / (window.devicePixelRatio || 1);
  }
  return Math.max(50, Math.ceil(size) + 4);
}

// Log axes: powers of ten as 10⁻⁹ rather than 1e-9, and only the decades (uPlot's default puts 2…9 in between).
const SUPERSCRIPT = { "-": "\u207B", 0: "\u2070", 1: "\u00B9", 2: "\u00B2", 3: "\u00B3", 4: "\u2074", 5: "\u2075",
  6: "\u2076", 7: "\u2077", 8: "\u2078", 9: "\u2079" };
function logTicks(u, splits) {
  const decades = splits.filter((v) => v > 0 && Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9).length;
  const every = decades > 7 ? 2 : 1; // a label on every other decade when they would crowd each other
  return splits.map((v) => {
    if (v == null || !(v > 0)) return ""; // uPlot's log filter hands over the splits it leaves unlabelled as null
    const e = Math.round(Math.log10(v));
    if (Math.abs(Math.log10(v) - e) > 1e-9 || e % every !== 0) return "";
    if (e >= 0 && e <= 3) return String(10 ** e);
    return `10${String(e).replace(/./g, (c) => SUPERSCRIPT[c])}`;
  });
}

function scaleOptions(range, log) {
  const scale = {};
  if (log) Object.assign(scale, { distr: 3, log: 10 });
  if (Array.isArray(range)) scale.range = () => [Number(range[0]), Number(range[1])];
  else if (typeof range === "function") scale.range = range;
  return scale;
}

function create(parent, options = {}) {
  if (!parent || typeof parent.appendChild !== "function") {
    throw new TypeError("MLJPlot.create: parent must be a DOM element");
  }
  const {
    width = null, height = DEFAULT_HEIGHT, onCursor = null, drag = false, legend = true, title, xLabel, yLabel, label,
    xRange = null, yRange = null, yLog = false, y2 = null, overlay = null,
  } = options;
  const logScales = new Set([...(yLog ? ["y"] : []), ...(y2 && y2.log ? ["y2"] : [])]);

  let x = toNumbers(options.x || []);
  let series = normSeries(options.series || [], logScales);
  let plot = null;
  let lastIdx;

  const currentWidth = () => width ?? (parent.clientWidth || DEFAULT_WIDTH);

  function seriesOptions(s) {
    const out = {
      label: s.label,
      stroke: s.color,
      width: s.width,
      scale: s.scale,
      show: s.show,
      spanGaps: false,
      points: s.points ? { show: true, size: 6, fill: s.color } : { show: false },
    };
    if (s.dash) out.dash = s.dash;
    if (s.fill) out.fill = s.fill;
    if (s.bars) out.paths = uPlot.paths.bars({ size: [0.9, Infinity, 1], align: 0 });
    return out;
  }

  function build() {
    const axes = [
      { label: xLabel || undefined, stroke: "#57606a", grid: { stroke: "#eaeef2" } },
      { label: yLabel || undefined, stroke: "#57606a", grid: { stroke: "#eaeef2" }, size: yAxisSize,
        ...(yLog ? { values: logTicks } : {}) },
    ];
    const scales = { x: { time: false, ...scaleOptions(xRange, false) }, y: scaleOptions(yRange, yLog) };
    if (y2) {
      scales.y2 = scaleOptions(y2.range, y2.log);
      axes.push({ scale: "y2", side: 1, label: y2.label || undefined, stroke: "#57606a", grid: { show: false },
        size: yAxisSize, ...(y2.log ? { values: logTicks } : {}) });
    }
    const opts = {
      width: currentWidth(),
      height,
      scales,
      series: [{ label: xLabel || "x" }, ...series.map(seriesOptions)],
      axes,
      cursor: { drag: { x: false, y: false } },
      legend: { show: Boolean(legend) },
      hooks: {
        setCursor: [
          (u) => {
            if (typeof onCursor !== "function") return;
            const idx = u.cursor.idx ?? null;
            if (idx !== lastIdx) {
              lastIdx = idx;
              onCursor(idx);
            }
          },
        ],
        draw: [
          (u) => {
            if (typeof overlay !== "function") return;
            const ratio = window.devicePixelRatio || 1;
            const { ctx } = u;
            ctx.save();
            ctx.beginPath();
            ctx.rect(u.bbox.left, u.bbox.top, u.bbox.width, u.bbox.height);
            ctx.clip();
            overlay(ctx, {
              x: (v) => u.valToPos(v, "x", true),
              y: (v, scale = "y") => u.valToPos(v, scale, true),
              box: u.bbox,
              ratio,
              plot: u,
            });
            ctx.restore();
          },
        ],
      },
    };
    if (title) opts.title = String(title);
    const data = [x, ...series.map((s) => s.values)];
    const u = new uPlot(opts, data, parent);
    const canvas = u.ctx && u.ctx.canvas;
    if (canvas) {
      canvas.setAttribute("role", "img");
      canvas.setAttribute(
        "aria-label",
        String(label || title || `Chart of ${series.map((s) => s.label).join(", ") || "no data"}`),
      );
    }
    return u;
  }

  // uPlot follows the mouse only (mousemove on its overlay). Pointer events cover touch and pen too: a press
  // puts the cursor under the pointer and, captured, it follows the drag, even past the plot's edge.
  function attachDrag(u) {
    if (!drag) return;
    parent.classList.add("plot-drag");
    const over = u.over;
    // The guide goes where the finger is along x, and to the curve there along y (as setCursor(idx) puts it), not
    // to the finger's height: a finger covers what it points at, and the curve's value is what the guide is for.
    const follow = (event) => {
      const box = over.getBoundingClientRect();
      const left = Math.min(Math.max(event.clientX - box.left, 0), box.width - 1);
      const idx = u.posToIdx(left);
      const top = curveTop(u, idx) ?? Math.min(Math.max(event.clientY - box.top, 0), box.height - 1);
      u.setCursor({ left: Number.isFinite(u.valToPos(x[idx], "x")) ? u.valToPos(x[idx], "x") : left, top });
    };
    over.addEventListener("pointerdown", (event) => {
      if (event.pointerType === "mouse" && event.button !== 0) return;
      over.setPointerCapture(event.pointerId);
      follow(event);
    });
    over.addEventListener("pointermove", (event) => {
      if (over.hasPointerCapture(event.pointerId)) follow(event);
    });
    const release = (event) => {
      if (over.hasPointerCapture(event.pointerId)) over.releasePointerCapture(event.pointerId);
    };
    over.addEventListener("pointerup", release);
    over.addEventListener("pointercancel", release);
  }

  /** Where the first shown curve is at data index `idx`, in CSS pixels from the plot's top (null: none there). */
  function curveTop(u, idx) {
    if (idx == null) return null;
    for (const s of series) {
      if (s.show && s.values[idx] != null) {
        const top = u.valToPos(s.values[idx], s.scale || "y");
        return Number.isFinite(top) ? top : null;
      }
    }
    return null;
  }

  plot = build();
  attachDrag(plot);

  // Follow the parent's width when no fixed width was asked for.
  let observer = null;
  if (width == null && typeof ResizeObserver === "function") {
    observer = new ResizeObserver(() => {
      const w = parent.clientWidth;
      if (plot && w > 0 && w !== plot.width) plot.setSize({ width: w, height });
    });
    observer.observe(parent);
  }

  return {
    setSeries(newSeries, newX) {
      const next = normSeries(newSeries, logScales);
      if (newX != null) x = toNumbers(newX);
      if (plot && sameShape(series, next)) {
        series = next;
        series.forEach((s, i) => {
          if (plot.series[i + 1].show !== s.show) plot.setSeries(i + 1, { show: s.show }, false);
        });
        plot.setData([x, ...series.map((s) => s.values)]);
      } else {
        series = next;
        if (plot) plot.destroy();
        lastIdx = undefined;
        plot = build();
        attachDrag(plot);
      }
    },
    setShow(i, show) {
      if (!plot || !series[i]) return;
      series[i].show = Boolean(show);
      plot.setSeries(i + 1, { show: Boolean(show) });
    },
    setCursor(idx) {
      if (!plot) return;
      const ok = Number.isInteger(idx) && idx >= 0 && idx < x.length && x[idx] != null;
      if (!ok) {
        plot.setCursor({ left: -10, top: -10 }, false);
        return;
      }
      const top = curveTop(plot, idx) ?? plot.bbox.height / (2 * (window.devicePixelRatio || 1));
      const left = plot.valToPos(x[idx], "x");
      if (!Number.isFinite(left) || !Number.isFinite(top)) {
        // New data is laid out at the next frame (uPlot batches it): place the cursor then.
        requestAnimationFrame(() => this.setCursor(idx));
        return;
      }
      // false: do not echo back through onCursor (avoids loops when syncing views).
      plot.setCursor({ left, top }, false);
    },
    redraw() {
      if (plot) plot.redraw(false, false);
    },
    destroy() {
      if (observer) observer.disconnect();
      observer = null;
      if (plot) plot.destroy();
      plot = null;
    },
    get plot() {
      return plot;
    },
  };
}

window.MLJPlot = Object.freeze({ create });
