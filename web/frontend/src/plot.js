// Entry for web/static/vendor/plot.js: a small line-chart wrapper around uPlot.
// Needs web/static/vendor/plot.css (uPlot's own stylesheet) on the page. Give it a
// dedicated block-level container: setSeries() may rebuild the chart inside it.
//
// Exposes exactly one global, window.MLJPlot:
//
//   const p = MLJPlot.create(parentElement, {
//     x: [0, 1, 2],                                   // ascending numbers (not timestamps)
//     series: [{label: "loss", values: [3, 2, 1], color: "#0072B2", dash: [4, 2]}],
//     width: 600,          // optional; default: parent width, and follows it when resized
//     height: 300,         // optional; plot area height in CSS px (legend comes on top)
//     onCursor: (idx) => {},  // optional; hovered data index, or null when the cursor leaves
//     drag: false,         // optional; true: pressing and dragging moves the cursor with any pointer (mouse,
//                          // finger, pen); the parent gets class "plot-drag" (app.css gives its touch-action)
//     legend: true,        // optional; false leaves out uPlot's legend (a page with its own readout)
//     title, xLabel, yLabel, label,  // optional; label = aria-label of the canvas
//   });
//   p.setSeries(series[, x]); p.setCursor(idx | null); p.destroy(); p.plot  // the uPlot instance
//
// Values that are not finite numbers (NaN, null, undefined) are drawn as gaps.

import uPlot from "uplot";

// Okabe-Ito palette (colour-blind safe, readable on white).
const PALETTE = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"];
const DEFAULT_HEIGHT = 300;
const DEFAULT_WIDTH = 600;

function toNumbers(values) {
  const out = new Array(values ? values.length : 0);
  for (let i = 0; i < out.length; i++) {
    const v = values[i];
    out[i] = typeof v === "number" && Number.isFinite(v) ? v : null;
  }
  return out;
}

function normSeries(series) {
  if (!Array.isArray(series)) throw new TypeError("MLJPlot: series must be an array");
  return series.map((s, i) => ({
    label: String(s.label ?? `series ${i + 1}`),
    values: toNumbers(s.values),
    color: s.color || PALETTE[i % PALETTE.length],
    dash: Array.isArray(s.dash) && s.dash.length ? s.dash.map(Number) : null,
  }));
}

function sameShape(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i].label !== b[i].label || a[i].color !== b[i].color) return false;
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

function create(parent, options = {}) {
  if (!parent || typeof parent.appendChild !== "function") {
    throw new TypeError("MLJPlot.create: parent must be a DOM element");
  }
  const {
    width = null, height = DEFAULT_HEIGHT, onCursor = null, drag = false, legend = true, title, xLabel, yLabel, label,
  } = options;

  let x = toNumbers(options.x || []);
  let series = normSeries(options.series || []);
  let plot = null;
  let lastIdx;

  const currentWidth = () => width ?? (parent.clientWidth || DEFAULT_WIDTH);

  function build() {
    const opts = {
      width: currentWidth(),
      height,
      scales: { x: { time: false } },
      series: [
        { label: xLabel || "x" },
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: 2,
          ...(s.dash ? { dash: s.dash } : {}),
          spanGaps: false,
          points: { show: false },
        })),
      ],
      axes: [
        { label: xLabel || undefined, stroke: "#57606a", grid: { stroke: "#eaeef2" } },
        { label: yLabel || undefined, stroke: "#57606a", grid: { stroke: "#eaeef2" }, size: yAxisSize },
      ],
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
    const follow = (event) => {
      const box = over.getBoundingClientRect();
      const left = Math.min(Math.max(event.clientX - box.left, 0), box.width - 1);
      const top = Math.min(Math.max(event.clientY - box.top, 0), box.height - 1);
      u.setCursor({ left, top });
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
      const next = normSeries(newSeries);
      if (newX != null) x = toNumbers(newX);
      if (plot && sameShape(series, next)) {
        series = next;
        plot.setData([x, ...series.map((s) => s.values)]);
      } else {
        series = next;
        if (plot) plot.destroy();
        lastIdx = undefined;
        plot = build();
        attachDrag(plot);
      }
    },
    setCursor(idx) {
      if (!plot) return;
      const ok = Number.isInteger(idx) && idx >= 0 && idx < x.length && x[idx] != null;
      if (!ok) {
        plot.setCursor({ left: -10, top: -10 }, false);
        return;
      }
      let top = plot.bbox.height / (2 * (window.devicePixelRatio || 1));
      for (const s of series) {
        if (s.values[idx] != null) {
          top = plot.valToPos(s.values[idx], "y");
          break;
        }
      }
      // false: do not echo back through onCursor (avoids loops when syncing views).
      plot.setCursor({ left: plot.valToPos(x[idx], "x"), top }, false);
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
