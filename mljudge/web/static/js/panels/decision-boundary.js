// The XOR lesson's panel: the square [−0.5, 1.5]² with the four inputs, the network's probability as a colour
// field (blue 0, white 0.5, orange 1) with its 0.5 contour (solid) and the 0.2 and 0.8 margins (dashed), and the
// hidden units' lines, at the training step the slider picks. Every frame is reference.xor.panel's: the network
// is trained on the server (the exercise's checker uses the same functions); the table and the seed ask it for
// another run, the step slider only switches between the frames already here.
import { button, choice, diverging, el, formatNumber, slider, surface } from "./kit.js";

const PLAY_MS = 1000;
// Marching squares on one cell: the segments where a field crosses `level` (corners a b / d c, clockwise).
function crossings(values, level, x0, y0, size) {
  const [a, b, c, d] = values;
  const t = (u, v) => (level - u) / (v - u);
  const edges = [];
  if ((a < level) !== (b < level)) edges.push([x0 + t(a, b) * size, y0]);
  if ((b < level) !== (c < level)) edges.push([x0 + size, y0 + t(b, c) * size]);
  if ((d < level) !== (c < level)) edges.push([x0 + t(d, c) * size, y0 + size]);
  if ((a < level) !== (d < level)) edges.push([x0, y0 + t(a, d) * size]);
  return edges.length >= 2 ? [edges.slice(0, 2), ...(edges.length === 4 ? [edges.slice(2)] : [])] : [];
}

export function mount(root, { data, params, t, fetchState }) {
  const state = { data, frame: 0, pending: 0 };
  const frames = () => state.data.frames;
  const axis = () => state.data.axis;
  const lo = () => axis()[0];
  const hi = () => axis().at(-1);

  // --- the square --------------------------------------------------------------------------------------------
  const figure = el("figure", { class: "panel-figure boundary-figure" });
  root.append(figure);
  const view = surface(figure, { label: t("picture"), aspect: 1, draw: paint });

  function paint(ctx, w) {
    const side = w; // a square: the figure's width is capped in app.css (.boundary-figure)
    const n = axis().length;
    const cell = side / (n - 1);
    const px = (x) => ((x - lo()) / (hi() - lo())) * side;
    const py = (y) => side - ((y - lo()) / (hi() - lo())) * side;
    const frame = frames()[state.frame];
    const grid = frame.grid; // grid[i][j]: p at x₁ = axis[i], x₂ = axis[j]
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        ctx.fillStyle = diverging(2 * grid[i][j] - 1, 1);
        ctx.fillRect(px(axis()[i]) - cell / 2, py(axis()[j]) - cell / 2, cell + 0.5, cell + 0.5);
      }
    }
    // contours: 0.5 solid, the margins 0.2 and 0.8 dashed
    for (const [level, dash] of [[0.5, []], [0.2, [4, 3]], [0.8, [4, 3]]]) {
      ctx.strokeStyle = "#1f2328";
      ctx.lineWidth = level === 0.5 ? 2 : 1;
      ctx.setLineDash(dash);
      ctx.beginPath();
      for (let i = 0; i + 1 < n; i++) {
        for (let j = 0; j + 1 < n; j++) {
          const corners = [grid[i][j + 1], grid[i + 1][j + 1], grid[i + 1][j], grid[i][j]];
          for (const [[ax, ay], [bx, by]] of crossings(corners, level, px(axis()[i]), py(axis()[j + 1]), cell)) {
            ctx.moveTo(ax, ay);
            ctx.lineTo(bx, by);
          }
        }
      }
      ctx.stroke();
    }
    ctx.setLineDash([]);
    // the hidden units' lines w·x + b = 0, faint, stronger the more the unit votes; dashed for a negative vote
    const votes = Math.max(1e-9, ...frame.units.map((u) => Math.abs(u.out)));
    for (const unit of frame.units) {
      const segment = clip(unit, lo(), hi());
      if (!segment) continue;
      ctx.strokeStyle = `rgba(87, 96, 106, ${0.25 + 0.65 * (Math.abs(unit.out) / votes)})`;
      ctx.setLineDash(unit.out < 0 ? [5, 4] : []);
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.moveTo(px(segment[0][0]), py(segment[0][1]));
      ctx.lineTo(px(segment[1][0]), py(segment[1][1]));
      ctx.stroke();
    }
    ctx.setLineDash([]);
    // the four inputs, filled with their label's colour, outlined black when past their margin, red when not
    state.data.inputs.forEach(([x1, x2], k) => {
      const label = state.data.labels[k];
      const p = frame.inputs[k];
      const learned = label === 1 ? p >= 0.8 : p <= 0.2;
      ctx.fillStyle = label === 1 ? "#d66011" : "#2166ac";
      ctx.strokeStyle = learned ? "#1f2328" : "#cf222e";
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.arc(px(x1), py(x2), 8, 0, 2 * Math.PI);
      ctx.fill();
      ctx.stroke();
    });
  }

  // --- controls --------------------------------------------------------------------------------------------------
  const steps = () => frames().map((f) => f.step);
  const step = slider({ label: t("step"), values: steps(), value: steps()[0], t, format: String, onInput: (v) => {
    state.frame = steps().indexOf(v);
    render();
  } });
  let timer = null;
  const play = button(t("play"), () => {
    if (timer) {
      stop();
      return;
    }
    play.textContent = t("pause");
    play.setAttribute("aria-pressed", "true");
    if (state.frame === frames().length - 1) step.set(steps()[0]);
    timer = setInterval(() => {
      if (state.frame >= frames().length - 1) stop();
      else step.set(steps()[state.frame + 1]);
    }, PLAY_MS);
  }, { "aria-pressed": "false" });
  function stop() {
    clearInterval(timer);
    timer = null;
    play.textContent = t("play");
    play.setAttribute("aria-pressed", "false");
  }
  const status = el("p", { class: "panel-note", "aria-live": "polite" });
  const ask = async (values) => {
    state.pending += 1;
    const ticket = state.pending;
    status.textContent = t("computing");
    root.dataset.loading = "true";
    try {
      const next = await fetchState(values);
      if (ticket !== state.pending) return;
      state.data = next;
      status.textContent = "";
      render();
    } catch (error) {
      if (ticket === state.pending) status.textContent = String(error.message || error);
    } finally {
      if (ticket === state.pending) delete root.dataset.loading;
    }
  };
  const current = { table: state.data.table, seed: state.data.settings.seed };
  const tables = (params.table && params.table.choices) || [state.data.table];
  const table = choice({ label: t("table"), value: current.table, options: tables.map((name) => ({ value: name,
    label: t(`table_${name}`) })), onChange: (v) => {
    current.table = v;
    ask(current);
  } });
  const seedGrid = params.seed || { min: 0, max: 0, step: 1 };
  const seed = slider({ label: t("seed"), min: seedGrid.min, max: seedGrid.max, step: seedGrid.step,
    value: current.seed, t, format: String, onInput: (v) => {
      current.seed = v;
      ask(current);
    } });
  root.append(el("div", { class: "panel-controls" }, step.el, el("div", { class: "control-buttons" }, play)),
    table.el, seed.el, status);

  const heading = el("p", { class: "panel-note", "data-key": "frame" });
  const body = el("tbody");
  const units = el("p", { class: "panel-note", "data-key": "units" });
  root.append(heading, el("div", { class: "table-scroll" }, el("table", { class: "panel-table" },
    el("thead", {}, el("tr", {}, ...["input", "label", "prediction", "past"].map((k) => el("th", { scope: "col" },
      t(`col_${k}`))))), body)), units);

  function render() {
    const frame = frames()[state.frame];
    view.redraw();
    heading.textContent = t("frame", { step: frame.step, loss: formatNumber(frame.loss, 4),
      solved: t(frame.learned ? "solved" : "not_yet") });
    heading.dataset.loss = String(frame.loss);
    heading.dataset.learned = String(frame.learned);
    body.replaceChildren(...state.data.inputs.map(([x1, x2], k) => {
      const label = state.data.labels[k];
      const p = frame.inputs[k];
      const past = label === 1 ? p >= 0.8 : p <= 0.2;
      return el("tr", {}, el("td", {}, `(${x1}, ${x2})`), el("td", {}, String(label)),
        el("td", { "data-key": `p-${k}`, "data-value": String(p) }, formatNumber(p, 4)),
        el("td", {}, past ? "\u2713" : ""));
    }));
    const inside = frame.units.filter((u) => clip(u, lo(), hi())).length;
    units.textContent = t("units", { inside, total: frame.units.length });
    units.dataset.value = String(inside);
  }

  render();
  return {
    controls: { step, table, seed },
    state: () => ({ table: state.data.table, seed: state.data.settings.seed, ...frames()[state.frame] }),
  };
}

/** The part of the line w·x + b = 0 inside the square [lo, hi]², or null when it misses it. */
export function clip(unit, lo, hi) {
  const [w1, w2] = unit.w;
  const points = [];
  const add = (x, y) => {
    if (x >= lo - 1e-9 && x <= hi + 1e-9 && y >= lo - 1e-9 && y <= hi + 1e-9) points.push([x, y]);
  };
  if (Math.abs(w2) > 1e-12) for (const x of [lo, hi]) add(x, -(unit.b + w1 * x) / w2);
  if (Math.abs(w1) > 1e-12) for (const y of [lo, hi]) add(-(unit.b + w2 * y) / w1, y);
  return points.length >= 2 ? [points[0], points[points.length - 1]] : null;
}
