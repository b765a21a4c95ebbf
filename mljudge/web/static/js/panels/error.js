// The error panel of module 5 (exercises/huber/lesson.toml, exercises/mse/lesson.toml): the loss of one prediction
// against its error d (d², Huber at the δ slider, |d|, ½·d²) with their slopes, the quadratic zone |d| ≤ δ, and
// five errors to drag (the outlier demo) with what each loss makes of them: the mean, the largest error's share of
// the loss and of the pull (its slope against all slopes). The curves are the reference's one-liners
// (reference/losses.py), Huber in its form ½·c² + δ·(|d| − c), c = min(|d|, δ), which never squares a large error.
import {
  GREY, PALETTE, button, chart, el, formatNumber, parseNumber, readout, slider, toggle,
} from "./kit.js";

export const LOSSES = {
  squared: { value: (d) => d * d, slope: (d) => 2 * d, color: PALETTE[0] },
  huber: {
    value: (d, delta) => {
      const a = Math.abs(d);
      const c = Math.min(a, delta);
      return 0.5 * c * c + delta * (a - c);
    },
    slope: (d, delta) => Math.min(Math.max(d, -delta), delta),
    color: PALETTE[1],
  },
  absolute: { value: (d) => Math.abs(d), slope: (d) => (d > 0 ? 1 : d < 0 ? -1 : 0), color: PALETTE[2] },
  "half-squared": { value: (d) => 0.5 * d * d, slope: (d) => d, color: GREY },
};
const ORDER = ["squared", "huber", "absolute", "half-squared"];
const POINT_RANGE = 10; // typed errors may go past the axis (the outlier dragged to 8)

function linspace([start, stop, points]) {
  return Array.from({ length: points }, (_, i) => Number((start + ((stop - start) * i) / (points - 1)).toFixed(10)));
}

export function mount(root, { data, options, t }) {
  const d = linspace(data.d);
  const deltaRange = options.delta || { min: 0.1, max: 5, step: 0.05, default: 1 };
  const start = (options.points || []).map(Number);
  const state = {
    delta: deltaRange.default,
    show: new Set(options.show || ["squared", "huber", "half-squared"]),
    index: d.indexOf(1) >= 0 ? d.indexOf(1) : Math.floor(d.length / 2),
    points: [...start],
    selected: start.length ? start.indexOf(Math.max(...start.map(Math.abs))) : 0,
  };
  const collapsed = Boolean(options.collapse_delta);

  const label = (name) => (name === "huber" ? t("huber", { delta: formatNumber(state.delta, 2) }) : t(name));
  const series = () => ORDER.flatMap((name) => {
    const loss = LOSSES[name];
    const show = state.show.has(name);
    const width = name === "half-squared" ? 1.25 : 2;
    return [
      { label: label(name), values: d.map((x) => loss.value(x, state.delta)), color: loss.color, show, width },
      { label: t("slope_of", { loss: label(name) }), values: d.map((x) => loss.slope(x, state.delta)),
        color: loss.color, dash: [6, 4], show, width: 1.25 },
    ];
  });

  // --- the plot ------------------------------------------------------------------------------------------------
  const figure = el("figure", { class: "panel-figure" });
  root.append(figure);
  const plot = chart(figure, {
    x: d,
    series: series(),
    height: 250,
    xLabel: "d = pred \u2212 target",
    yRange: data.y_range,
    label: t("title"),
    onCursor: (idx) => {
      if (idx == null) {
        requestAnimationFrame(() => plot.setCursor(state.index));
        return;
      }
      state.index = idx;
      show();
    },
    overlay: (ctx, view) => {
      const { delta } = state;
      const { top, height } = view.box;
      if (state.show.has("huber")) {
        ctx.fillStyle = "rgba(213, 94, 0, 0.07)"; // the quadratic zone
        ctx.fillRect(view.x(-delta), top, view.x(delta) - view.x(-delta), height);
        ctx.strokeStyle = "rgba(213, 94, 0, 0.6)";
        ctx.setLineDash([2 * view.ratio, 3 * view.ratio]);
        ctx.font = `${12 * view.ratio}px system-ui, sans-serif`;
        ctx.fillStyle = "#8a3300";
        ctx.textAlign = "center";
        ctx.textBaseline = "top";
        for (const [x, text] of [[-delta, "\u2212\u03b4"], [delta, "\u03b4"]]) {
          ctx.beginPath();
          ctx.moveTo(view.x(x), top);
          ctx.lineTo(view.x(x), top + height);
          ctx.stroke();
          ctx.fillText(text, view.x(x), top + 2 * view.ratio);
        }
        ctx.setLineDash([]);
        // where the pieces meet: (±δ, ½·δ²)
        ctx.fillStyle = LOSSES.huber.color;
        for (const x of [-delta, delta]) dot(ctx, view.x(x), view.y(0.5 * delta * delta), 4 * view.ratio);
      }
      // the demo's errors, on every visible loss
      for (const name of ORDER) {
        if (!state.show.has(name)) continue;
        ctx.fillStyle = LOSSES[name].color;
        for (const p of state.points) {
          if (Math.abs(p) <= data.d[1]) dot(ctx, view.x(p), view.y(LOSSES[name].value(p, state.delta)), 3 * view.ratio);
        }
      }
    },
  });

  const toggles = el("div", { class: "panel-controls" }, ...ORDER.map((name) => {
    const box = toggle({ label: t(`show_${name}`), checked: state.show.has(name), onChange: (on) => {
      if (on) state.show.add(name);
      else state.show.delete(name);
      redraw();
    } });
    box.input.dataset.curve = name;
    return box.el;
  }));
  root.append(toggles);

  // --- δ ----------------------------------------------------------------------------------------------------------
  const deltaNote = el("p", { class: "panel-note", "data-key": "meet" });
  const delta = slider({ label: t("delta"), min: deltaRange.min, max: deltaRange.max, step: deltaRange.step,
    value: state.delta, t, format: (v) => formatNumber(v, 2), onInput: (v) => {
      state.delta = v;
      redraw();
    } });
  const deltaBox = collapsed
    ? el("details", { class: "panel-more" }, el("summary", {}, t("compare_huber")), delta.el, deltaNote)
    : el("div", {}, delta.el, deltaNote);
  root.append(deltaBox);
  if (collapsed) deltaBox.addEventListener("toggle", () => showDemo());

  // --- the cursor's readout ------------------------------------------------------------------------------------
  const rows = readout([{ key: "d", label: "d" }]);
  for (const name of ORDER) {
    rows.add({ key: name, label: label(name), color: LOSSES[name].color });
    rows.add({ key: `${name}-slope`, label: t("slope_of", { loss: label(name) }), color: LOSSES[name].color,
      dashed: true });
  }
  rows.add({ key: "branch", label: t("branch") });
  root.append(rows.el);

  function show() {
    const x = d[state.index];
    rows.set("d", x, formatNumber(x, 2));
    for (const name of ORDER) {
      const visible = state.show.has(name);
      rows.show(name, visible);
      rows.show(`${name}-slope`, visible);
      rows.label(name, label(name));
      rows.label(`${name}-slope`, t("slope_of", { loss: label(name) }));
      rows.set(name, LOSSES[name].value(x, state.delta));
      rows.set(`${name}-slope`, LOSSES[name].slope(x, state.delta));
    }
    const inside = Math.abs(x) <= state.delta;
    rows.show("branch", state.show.has("huber"));
    rows.set("branch", inside ? "quadratic" : "linear", t(inside ? "branch_quadratic" : "branch_linear"));
    delta.el.querySelector("input").setAttribute("aria-valuetext", t("delta_text", {
      delta: formatNumber(state.delta, 2), meet: formatNumber(0.5 * state.delta * state.delta, 3) }));
    deltaNote.textContent = t("meet", { delta: formatNumber(state.delta, 2),
      height: formatNumber(0.5 * state.delta * state.delta, 3) });
  }

  // --- the outlier demo ------------------------------------------------------------------------------------------
  const demo = el("div", { class: "error-demo" });
  if (start.length) root.append(demo);
  const strip = el("canvas", { class: "panel-canvas draggable", tabindex: "0", role: "application",
    "aria-label": t("strip") });
  const stripHelp = el("p", { class: "panel-note" }, t("strip_help"));
  const tableBody = el("tbody");
  const huberHeads = [el("th", { scope: "col" }, label("huber")), el("th", { scope: "col" }, t("pull"))];
  const table = el("table", { class: "panel-table" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "#"), el("th", { scope: "col" }, "d"),
      el("th", { scope: "col" }, "d\u00b2"), el("th", { scope: "col" }, t("pull")), ...huberHeads)),
    tableBody);
  const totals = el("div", { class: "error-totals" });
  demo.append(el("h3", { class: "panel-subtitle" }, t("demo")), strip, stripHelp,
    el("div", { class: "table-scroll" }, table), totals, button(t("reset"), () => {
      state.points = [...start];
      showDemo();
    }));

  const huberShown = () => !collapsed || deltaBox.open;

  function stripGeometry() {
    const over = plot.plot.over.getBoundingClientRect();
    const box = strip.getBoundingClientRect();
    const left = over.left - box.left;
    return { left, width: over.width, toPx: (v) => left + plot.plot.valToPos(v, "x"),
      toValue: (px) => plot.plot.posToVal(px - left, "x") };
  }

  function drawStrip() {
    const w = demo.clientWidth || 320;
    const h = 46;
    const ratio = window.devicePixelRatio || 1;
    strip.width = Math.round(w * ratio);
    strip.height = Math.round(h * ratio);
    strip.style.width = `${w}px`;
    strip.style.height = `${h}px`;
    const ctx = strip.getContext("2d");
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const g = stripGeometry();
    ctx.strokeStyle = "#8c959f";
    ctx.beginPath();
    ctx.moveTo(g.left, 30);
    ctx.lineTo(g.left + g.width, 30);
    ctx.stroke();
    ctx.fillStyle = "#57606a";
    ctx.font = "11px system-ui, sans-serif";
    ctx.textAlign = "center";
    for (let v = Math.ceil(data.d[0]); v <= data.d[1]; v++) {
      ctx.fillRect(g.toPx(v) - 0.5, 27, 1, 6);
      ctx.fillText(formatNumber(v, 0), g.toPx(v), 43);
    }
    state.points.forEach((p, i) => {
      const clipped = Math.max(data.d[0], Math.min(data.d[1], p));
      const x = g.toPx(clipped);
      ctx.fillStyle = i === state.selected ? "#0b5cad" : "#57606a";
      ctx.beginPath();
      ctx.arc(x, 30 - 4 * (i % 2), 8, 0, 2 * Math.PI);
      ctx.fill();
      ctx.fillStyle = "#fff";
      ctx.font = "bold 10px system-ui, sans-serif";
      ctx.textBaseline = "middle";
      ctx.fillText(String(i + 1), x, 30 - 4 * (i % 2) + 0.5);
      ctx.textBaseline = "alphabetic";
      if (clipped !== p) {
        ctx.fillStyle = "#0b5cad";
        ctx.fillText(`${p > 0 ? "\u2192" : "\u2190"} ${formatNumber(p, 2)}`, x + (p > 0 ? -24 : 24), 12);
      }
    });
    if (document.activeElement === strip) {
      ctx.strokeStyle = "#0969da";
      ctx.lineWidth = 2;
      ctx.strokeRect(1, 1, w - 2, h - 2);
    }
  }

  const setPoint = (i, value) => {
    state.points[i] = Math.round(Math.max(-POINT_RANGE, Math.min(POINT_RANGE, value)) * 100) / 100;
    state.selected = i;
    showDemo();
  };
  let dragging = null;
  strip.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    const g = stripGeometry();
    const x = event.clientX - strip.getBoundingClientRect().left;
    let best = -1;
    state.points.forEach((p, i) => {
      const px = g.toPx(Math.max(data.d[0], Math.min(data.d[1], p)));
      if (Math.abs(px - x) <= 14 && (best < 0 || Math.abs(px - x) < Math.abs(g.toPx(state.points[best]) - x))) best = i;
    });
    if (best < 0) return;
    dragging = best;
    strip.setPointerCapture(event.pointerId);
    state.selected = best;
    drawStrip();
  });
  strip.addEventListener("pointermove", (event) => {
    if (dragging == null || !strip.hasPointerCapture(event.pointerId)) return;
    const g = stripGeometry();
    const v = g.toValue(event.clientX - strip.getBoundingClientRect().left);
    setPoint(dragging, Math.max(data.d[0], Math.min(data.d[1], v)));
  });
  const release = (event) => {
    dragging = null;
    if (strip.hasPointerCapture(event.pointerId)) strip.releasePointerCapture(event.pointerId);
  };
  strip.addEventListener("pointerup", release);
  strip.addEventListener("pointercancel", release);
  strip.addEventListener("keydown", (event) => {
    const i = state.selected;
    const by = event.shiftKey ? 0.1 : 0.01;
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      event.preventDefault();
      setPoint(i, state.points[i] + (event.key === "ArrowRight" ? by : -by));
    } else if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      event.preventDefault();
      state.selected = (i + (event.key === "ArrowDown" ? 1 : state.points.length - 1)) % state.points.length;
      drawStrip();
    }
  });
  strip.addEventListener("focus", drawStrip);
  strip.addEventListener("blur", drawStrip);

  // The five as a batch: the mean loss, and the largest error's share of the loss and of the pull.
  function batch(name) {
    const losses = state.points.map((p) => LOSSES[name].value(p, state.delta));
    const pulls = state.points.map((p) => Math.abs(LOSSES[name].slope(p, state.delta)));
    const largest = state.points.reduce((best, p, i) => (Math.abs(p) > Math.abs(state.points[best]) ? i : best), 0);
    const sum = (xs) => xs.reduce((a, b) => a + b, 0);
    return { mean: sum(losses) / losses.length, lossShare: sum(losses) ? losses[largest] / sum(losses) : 0,
      pullShare: sum(pulls) ? pulls[largest] / sum(pulls) : 0, largest };
  }

  function shareBar(key, share) {
    const fill = el("span", { class: "share-fill" });
    fill.style.width = `${(100 * share).toFixed(1)}%`;
    return el("span", { class: "share-bar", "data-key": key, "data-value": String(share), role: "img",
      "aria-label": `${formatNumber(100 * share, 0)}%` }, fill);
  }

  function showDemo() {
    if (!start.length) return;
    const huber = huberShown();
    for (const th of huberHeads) th.hidden = !huber;
    huberHeads[0].textContent = label("huber");
    const order = state.points.map((p, i) => i).sort((a, b) => Math.abs(state.points[a]) - Math.abs(state.points[b]));
    tableBody.replaceChildren(...order.map((i) => {
      const p = state.points[i];
      const field = el("input", { type: "text", class: "number-field", inputmode: "decimal", value: formatNumber(p, 2),
        "aria-label": t("error_n", { n: i + 1 }) });
      field.addEventListener("change", () => {
        const v = parseNumber(field.value);
        if (Number.isNaN(v)) field.setAttribute("aria-invalid", "true");
        else setPoint(i, v);
      });
      const cells = [el("td", {}, String(i + 1)), el("td", {}, field),
        el("td", {}, formatNumber(LOSSES.squared.value(p), 4)), el("td", {}, formatNumber(LOSSES.squared.slope(p), 2))];
      if (huber) {
        cells.push(el("td", {}, formatNumber(LOSSES.huber.value(p, state.delta), 4)),
          el("td", {}, formatNumber(LOSSES.huber.slope(p, state.delta), 2)));
      }
      return el("tr", { class: i === state.selected ? "selected" : "" }, ...cells);
    }));
    const groups = [["squared", t("mse")], ...(huber ? [["huber", label("huber")]] : [])];
    totals.replaceChildren(...groups.map(([name, title]) => {
      const b = batch(name);
      return el("div", { class: "error-total", "data-loss": name },
        el("p", {}, el("strong", {}, `${title}: `), t("mean"), " ",
          el("span", { "data-key": `${name}-mean`, "data-value": String(b.mean) }, formatNumber(b.mean, 4))),
        el("p", { class: "share" }, t("loss_share", { n: b.largest + 1, share: formatNumber(100 * b.lossShare, 1) }),
          shareBar(`${name}-loss-share`, b.lossShare)),
        el("p", { class: "share" }, t("pull_share", { n: b.largest + 1, share: formatNumber(100 * b.pullShare, 1) }),
          shareBar(`${name}-pull-share`, b.pullShare)));
    }));
    drawStrip();
    plot.redraw();
  }

  function redraw() {
    plot.setSeries(series());
    plot.setCursor(state.index);
    show();
    showDemo();
  }

  show();
  showDemo();
  if (typeof ResizeObserver === "function") new ResizeObserver(() => drawStrip()).observe(demo);
  requestAnimationFrame(() => {
    plot.setCursor(state.index);
    drawStrip();
  });

  return {
    plot,
    controls: { delta },
    state: () => ({ delta: state.delta, d: d[state.index], points: [...state.points],
      curves: ORDER.filter((n) => state.show.has(n)), mse: batch("squared"), huber: batch("huber") }),
    setPoint,
    /** The page coordinates of error i on the strip, and of a value d there (where a pointer drags it). */
    stripPoint(i) {
      const g = stripGeometry();
      const box = strip.getBoundingClientRect();
      const d = Math.max(data.d[0], Math.min(data.d[1], state.points[i]));
      return { x: box.left + g.toPx(d), y: box.top + 30 - 4 * (i % 2) };
    },
    stripAt(d) {
      const g = stripGeometry();
      const box = strip.getBoundingClientRect();
      return { x: box.left + g.toPx(d), y: box.top + 30 };
    },
    huber: (x) => ({ value: LOSSES.huber.value(x, state.delta), slope: LOSSES.huber.slope(x, state.delta) }),
  };
}

function dot(ctx, x, y, r) {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.fill();
}
