// Module 6's panel (exercises/sgd-momentum/lesson.toml): the valley f(x, y) = 0.1·x² + 5·y² as contour lines, drawn
// at the same scale on both axes, and the paths of plain descent, momentum, RMSProp and Adam from (−4, 1), step by
// step. Every point comes from reference/optimizers.py on the server (the steps are not reimplemented here): the
// lr and momentum sliders ask for the paths of their setting (each a point of the sliders' grids), the step
// slider only shows more or less of what is already here.
import { button, el, formatNumber, formatSig, slider, surface, toggle } from "./kit.js";

const VIEW = { x: [-4.5, 4.5], y: [-1.5, 1.5] };
const LEVELS = [0.01, 0.03, 0.1, 0.3, 1, 2, 4, 6.6];
const LABELLED = new Set([0.1, 1, 6.6]);
const STYLE = {
  gd: { color: "#57606a", dash: [] },
  momentum: { color: "#0072B2", dash: [9, 4] },
  rmsprop: { color: "#D55E00", dash: [4, 3] },
  adam: { color: "#009E73", dash: [8, 3, 2, 3] },
};
const NAMES = Object.keys(STYLE);
const PLAY_MS = 40; // 25 steps a second

export function mount(root, { data, options, params, t, fetchState, colorOf = (id, fallback) => fallback }) {
  // An optimiser is the colour the lesson's plot gives its curve (the same path, step by step), dashed as here.
  const STYLES = Object.fromEntries(NAMES.map((name) => [name, { ...STYLE[name],
    color: colorOf(name, STYLE[name].color) }]));
  const state = {
    data,
    lr: data.settings.lr,
    momentum: data.settings.momentum,
    k: data.settings.steps,
    show: new Set(options.show || NAMES),
    pending: 0,
  };
  const steps = () => state.data.settings.steps;

  // --- the picture ---------------------------------------------------------------------------------------------
  const figure = el("figure", { class: "panel-figure" });
  root.append(figure);
  const view = surface(figure, { label: t("picture"), aspect: 1 / 3, draw: paint });

  function paint(ctx, w, h) {
    const sx = w / (VIEW.x[1] - VIEW.x[0]);
    const px = (x) => (x - VIEW.x[0]) * sx;
    const py = (y) => h - (y - VIEW.y[0]) * sx; // the same scale as x: the valley looks as narrow as it is
    ctx.fillStyle = "#fbfcfd";
    ctx.fillRect(0, 0, w, h);
    ctx.strokeStyle = "#c9d1d9";
    ctx.lineWidth = 1;
    ctx.font = "10px system-ui, sans-serif";
    ctx.fillStyle = "#8c959f";
    for (const f of LEVELS) {
      const a = Math.sqrt(f / 0.1) * sx;
      const b = Math.sqrt(f / 5) * sx;
      ctx.beginPath();
      ctx.ellipse(px(0), py(0), a, b, 0, 0, 2 * Math.PI);
      ctx.stroke();
      if (LABELLED.has(f)) {
        ctx.textAlign = "center";
        ctx.textBaseline = "bottom";
        ctx.fillText(`f = ${formatNumber(f, f < 1 ? 1 : f % 1 ? 1 : 0)}`, px(0), py(0) - b - 1);
      }
    }
    // the minimum, and the 0.01 circle that "arrived" means (a dot at this scale: at least 3 px)
    ctx.strokeStyle = "#1f2328";
    ctx.beginPath();
    ctx.moveTo(px(0) - 5, py(0));
    ctx.lineTo(px(0) + 5, py(0));
    ctx.moveTo(px(0), py(0) - 5);
    ctx.lineTo(px(0), py(0) + 5);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(px(0), py(0), Math.max(3, 0.01 * sx), 0, 2 * Math.PI);
    ctx.stroke();
    // the start
    ctx.beginPath();
    ctx.arc(px(-4), py(1), 5, 0, 2 * Math.PI);
    ctx.stroke();
    for (const name of NAMES) {
      if (state.show.has(name)) drawPath(ctx, name, px, py, w, h);
    }
  }

  function drawPath(ctx, name, px, py, w, h) {
    const { points } = state.data.paths[name];
    const style = STYLES[name];
    ctx.strokeStyle = style.color;
    ctx.fillStyle = style.color;
    ctx.lineWidth = 2;
    ctx.setLineDash(style.dash);
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, 0, w, h);
    ctx.clip();
    ctx.beginPath();
    let last = null;
    let left = null; // where the path leaves the view, for an arrow
    for (let k = 0; k <= state.k && k < points.length; k++) {
      const p = points[k];
      if (!p) break;
      const q = [px(p[0]), py(p[1])];
      if (k === 0) ctx.moveTo(...q);
      else ctx.lineTo(...q);
      const inside = q[0] >= 0 && q[0] <= w && q[1] >= 0 && q[1] <= h;
      if (!inside && last && !left && last.inside) left = { from: last.q, to: q };
      last = { q, inside };
    }
    ctx.stroke();
    ctx.restore();
    ctx.setLineDash([]);
    if (last && last.inside) {
      ctx.beginPath();
      ctx.arc(...last.q, 4, 0, 2 * Math.PI);
      ctx.fill();
    }
    if (left) arrowAtEdge(ctx, left.from, left.to, w, h);
  }

  function arrowAtEdge(ctx, from, to, w, h) {
    // the point where the segment crosses the border, and an arrowhead pointing out
    const crossings = [];
    if (to[0] < 0) crossings.push(-from[0] / (to[0] - from[0]));
    if (to[0] > w) crossings.push((w - from[0]) / (to[0] - from[0]));
    if (to[1] < 0) crossings.push(-from[1] / (to[1] - from[1]));
    if (to[1] > h) crossings.push((h - from[1]) / (to[1] - from[1]));
    const s = Math.min(1, ...crossings);
    const x = from[0] + (to[0] - from[0]) * s;
    const y = from[1] + (to[1] - from[1]) * s;
    const angle = Math.atan2(to[1] - from[1], to[0] - from[0]);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x - 9 * Math.cos(angle - 0.45), y - 9 * Math.sin(angle - 0.45));
    ctx.lineTo(x - 9 * Math.cos(angle + 0.45), y - 9 * Math.sin(angle + 0.45));
    ctx.closePath();
    ctx.fill();
  }

  // --- controls ------------------------------------------------------------------------------------------------
  const status = el("p", { class: "panel-note", "aria-live": "polite", "data-key": "status" });
  const ask = (() => {
    let timer = null;
    return () => {
      clearTimeout(timer);
      timer = setTimeout(async () => {
        const asked = { lr: state.lr, momentum: state.momentum };
        state.pending += 1;
        const ticket = state.pending;
        root.dataset.loading = "true";
        status.textContent = t("computing");
        try {
          const next = await fetchState(asked);
          if (ticket !== state.pending) return; // a later setting is on its way
          state.data = next;
          status.textContent = "";
          delete root.dataset.loading;
          render();
        } catch (error) {
          if (ticket === state.pending) {
            status.textContent = String(error.message || error);
            delete root.dataset.loading;
          }
        }
      }, 120);
    };
  })();

  const grid = (name, fallback) => params[name] || fallback;
  const lrGrid = grid("lr", { min: 0.005, max: 0.4, step: 0.005 });
  const momentumGrid = grid("momentum", { min: 0, max: 0.99, step: 0.01 });
  const lr = slider({ label: t("lr"), ...lrGrid, value: state.lr, t, format: (v) => formatNumber(v, 3),
    onInput: (v) => {
      state.lr = v;
      ask();
    } });
  const momentum = slider({ label: t("momentum"), ...momentumGrid, value: state.momentum, t,
    format: (v) => formatNumber(v, 2), onInput: (v) => {
      state.momentum = v;
      ask();
    } });
  const k = slider({ label: t("step"), min: 0, max: steps(), step: 1, value: state.k, t,
    format: (v) => String(v), onInput: (v) => {
      state.k = v;
      render();
    } });
  let timer = null;
  const play = button(t("play"), () => {
    if (timer) {
      stop();
      return;
    }
    if (state.k >= steps()) k.set(0);
    play.textContent = t("pause");
    play.setAttribute("aria-pressed", "true");
    timer = setInterval(() => {
      if (state.k >= steps()) stop();
      else k.set(state.k + 1);
    }, PLAY_MS);
  }, { "aria-pressed": "false" });
  function stop() {
    clearInterval(timer);
    timer = null;
    play.textContent = t("play");
    play.setAttribute("aria-pressed", "false");
  }
  const back = button("\u2212", () => k.set(state.k - 1), { "aria-label": t("step_back") });
  const forward = button("+", () => k.set(state.k + 1), { "aria-label": t("step_forward") });
  const toggles = NAMES.map((name) => {
    const box = toggle({ label: t(name), checked: state.show.has(name), onChange: (on) => {
      if (on) state.show.add(name);
      else state.show.delete(name);
      render();
    } });
    box.input.dataset.path = name;
    const swatch = el("span", { class: "swatch", "aria-hidden": "true" });
    swatch.style.borderColor = STYLES[name].color;
    swatch.style.borderTopStyle = STYLES[name].dash.length ? "dashed" : "solid";
    box.el.prepend(swatch);
    return box.el;
  });
  root.append(
    el("div", { class: "panel-controls" }, ...toggles),
    el("div", { class: "panel-controls" }, lr.el, momentum.el),
    el("div", { class: "panel-controls" }, k.el, el("div", { class: "control-buttons" }, back, forward, play)),
    status,
  );

  // --- the readout -----------------------------------------------------------------------------------------------
  const heading = el("p", { class: "panel-note", "data-key": "settings" });
  const body = el("tbody");
  const table = el("table", { class: "panel-table descent-table" },
    el("thead", {}, el("tr", {}, ...["optimizer", "point", "loss", "distance", "first_within", "settled_from"]
      .map((key) => el("th", { scope: "col" }, t(`col_${key}`))))), body);
  root.append(heading, el("div", { class: "table-scroll", "data-scroll-cue": "" }, table));

  function rowOf(name) {
    const path = state.data.paths[name];
    const at = Math.min(state.k, path.points.length - 1);
    const flew = path.points.findIndex((p) => p == null);
    const flewOff = flew >= 0 && flew <= at ? flew : null;
    return { point: flewOff == null ? path.points[at] : null, loss: path.loss[at], distance: path.distance[at],
      first_within: path.first_within, settled_from: path.settled_from, flew_off: flewOff };
  }

  function render() {
    view.redraw();
    heading.textContent = t("settings", { k: state.k, lr: formatNumber(state.lr, 3),
      momentum: formatNumber(state.momentum, 2) });
    body.replaceChildren(...NAMES.filter((name) => state.show.has(name)).map((name) => {
      const r = rowOf(name);
      const swatch = el("span", { class: "swatch", "aria-hidden": "true" });
      swatch.style.borderColor = STYLES[name].color;
      const cell = (key, value, text) => el("td", { "data-key": key, "data-value": value == null ? "" : String(value) },
        text);
      const cells = r.flew_off != null
        ? [el("td", { colspan: "3", "data-key": "flew_off", "data-value": String(r.flew_off) },
          t("flew_off", { step: r.flew_off }))]
        : [cell("point", JSON.stringify(r.point), `(${formatNumber(r.point[0], 3)}, ${formatNumber(r.point[1], 3)})`),
          cell("loss", r.loss, formatSig(r.loss, 3)), cell("distance", r.distance, formatSig(r.distance, 3))];
      return el("tr", { "data-path": name }, el("td", {}, swatch, ` ${t(name)}`), ...cells,
        cell("first_within", r.first_within, r.first_within == null ? t("never") : String(r.first_within)),
        cell("settled_from", r.settled_from, r.settled_from == null ? t("never") : String(r.settled_from)));
    }));
  }

  render();
  return {
    controls: { lr, momentum, k },
    state: () => ({ lr: state.lr, momentum: state.momentum, k: state.k, shown: [...state.show],
      settings: state.data.settings, rows: Object.fromEntries(NAMES.map((name) => [name, rowOf(name)])) }),
  };
}
