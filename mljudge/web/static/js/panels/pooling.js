// The max-pool lesson's panel (exercises/max-pool/lesson.toml): a feature map (from reference/pooling.py), windows
// of k × k cut out every s cells, and each reduced to its maximum. The cells no window reads are greyed and crossed
// ("windows that do not fit are dropped"); the cursor on the output outlines its window, rings its maximum (the
// first in reading order on ties, as torch's return_indices) and, where windows overlap, tints every other window
// that reports the same cell.
import { cellGrid, cellText, choice, el, formatNumber, inkOn, outline, sequential } from "./kit.js";

/** Max pooling with its argmax: {output, argmax: [[r, c]…]…}, or null when the window does not fit. */
export function maxPool(map, k, stride) {
  const s = stride ?? k;
  const h = map.length;
  const w = map[0].length;
  if (k > h || k > w) return null;
  const rows = Math.floor((h - k) / s) + 1;
  const cols = Math.floor((w - k) / s) + 1;
  const output = [];
  const argmax = [];
  for (let i = 0; i < rows; i++) {
    output.push([]);
    argmax.push([]);
    for (let j = 0; j < cols; j++) {
      let best = [i * s, j * s];
      for (let a = 0; a < k; a++) {
        for (let b = 0; b < k; b++) {
          const r = i * s + a;
          const c = j * s + b;
          if (map[r][c] > map[best[0]][best[1]]) best = [r, c]; // strictly greater: ties keep the first
        }
      }
      output[i].push(map[best[0]][best[1]]);
      argmax[i].push(best);
    }
  }
  return { output, argmax };
}

const MAPS = ["numbers", "edges"];

export function mount(root, { data, t }) {
  const state = { map: data.defaults.map, k: data.defaults.kernel_size, stride: data.defaults.stride,
    cursor: { r: 1, c: 2 } };
  const map = () => data.maps[state.map];
  let pooled = maxPool(map(), state.k, state.stride);
  const s = () => state.stride ?? state.k;
  const read = () => {
    // cells some window reads
    const seen = map().map((row) => row.map(() => false));
    if (!pooled) return seen;
    for (let i = 0; i < pooled.output.length; i++) {
      for (let j = 0; j < pooled.output[0].length; j++) {
        for (let a = 0; a < state.k; a++) for (let b = 0; b < state.k; b++) seen[i * s() + a][j * s() + b] = true;
      }
    }
    return seen;
  };
  let seen = read();
  const top = () => Math.max(1, ...map().flat());

  const maps = choice({ label: t("map"), value: state.map,
    options: [...MAPS.filter((m) => m in data.maps), ...Object.keys(data.maps).filter((m) => !MAPS.includes(m))]
      .map((m) => ({ value: m, label: t(`map_${m}`) })),
    onChange: (v) => {
      state.map = v;
      update();
    } });
  const size = choice({ label: t("kernel_size"), value: state.k, options: [1, 2, 3, 4].map((v) => ({ value: v,
    label: `${v} \u00d7 ${v}` })), onChange: (v) => {
    state.k = Number(v);
    update();
  } });
  const stride = choice({ label: t("stride"), value: "same", options: [{ value: "same", label: t("stride_same") },
    ...[1, 2, 3].map((v) => ({ value: v, label: String(v) }))], onChange: (v) => {
    state.stride = v === "same" ? null : Number(v);
    update();
  } });
  root.append(el("div", { class: "panel-controls" }, maps.el, size.el, stride.el));
  const sentence = el("p", { class: "panel-note", "data-key": "sizes" });
  root.append(sentence);

  const mapBox = el("figure", { class: "panel-figure" }, el("figcaption", {}, t("map_caption")));
  const outBox = el("figure", { class: "panel-figure" }, el("figcaption", {}, t("output")));
  root.append(el("div", { class: "panel-row conv-row" }, mapBox, outBox));
  const legend = el("p", { class: "panel-note" }, el("span", { class: "never-read-swatch", "aria-hidden": "true" }),
    ` ${t("never_read")}`);
  root.append(legend);

  const shade = (v) => sequential(0.85 * (v / top()));
  const windowsWith = (r, c) => {
    // every output cell whose window contains (r, c) and reports it as its maximum
    const out = [];
    if (!pooled) return out;
    pooled.argmax.forEach((row, i) => row.forEach(([ar, ac], j) => {
      if (ar === r && ac === c) out.push([i, j]);
    }));
    return out;
  };

  const mapGrid = cellGrid(mapBox, {
    rows: map().length, cols: map()[0].length, label: t("map_grid"), maxCell: 32,
    labels: { row: String, col: String },
    paint: (ctx, cell, r, c) => {
      const v = map()[r][c];
      const color = seen[r][c] ? shade(v) : "#e6e8eb";
      ctx.fillStyle = color;
      ctx.fillRect(cell.x, cell.y, cell.size - 1, cell.size - 1);
      cellText(ctx, formatNumber(v, 0), cell, seen[r][c] ? inkOn(color) : "#8c959f", { scale: 0.45 });
      if (!seen[r][c]) {
        ctx.strokeStyle = "#8c959f";
        ctx.lineWidth = 1;
        ctx.beginPath();
        ctx.moveTo(cell.x + 2, cell.y + 2);
        ctx.lineTo(cell.x + cell.size - 3, cell.y + cell.size - 3);
        ctx.stroke();
      }
    },
    over: (ctx, g) => {
      if (!pooled || !state.cursor) return;
      const { r: i, c: j } = state.cursor;
      const [ar, ac] = pooled.argmax[i][j];
      // the other windows that report the same cell (they overlap when s < k)
      ctx.fillStyle = "rgba(227, 98, 9, 0.12)";
      for (const [oi, oj] of windowsWith(ar, ac)) {
        if (oi === i && oj === j) continue;
        const box = g.rect(oi * s(), oj * s(), oi * s() + state.k, oj * s() + state.k);
        ctx.fillRect(box.x, box.y, box.w - 1, box.h - 1);
      }
      outline(ctx, g.rect(i * s(), j * s(), i * s() + state.k, j * s() + state.k));
      const ring = g.rect(ar, ac, ar + 1, ac + 1);
      ctx.strokeStyle = "#cf222e";
      ctx.lineWidth = 2.5;
      ctx.beginPath();
      ctx.arc(ring.x + ring.w / 2 - 0.5, ring.y + ring.h / 2 - 0.5, ring.w * 0.42, 0, 2 * Math.PI);
      ctx.stroke();
    },
  });

  const outGrid = cellGrid(outBox, {
    rows: pooled.output.length, cols: pooled.output[0].length, label: t("output_grid"), maxCell: 36,
    labels: { row: String, col: String },
    paint: (ctx, cell, r, c) => {
      const v = pooled.output[r][c];
      const color = shade(v);
      ctx.fillStyle = color;
      ctx.fillRect(cell.x, cell.y, cell.size - 1, cell.size - 1);
      cellText(ctx, formatNumber(v, 0), cell, inkOn(color), { scale: 0.45 });
    },
    over: (ctx, g) => {
      if (state.cursor) outline(ctx, g.rect(state.cursor.r, state.cursor.c, state.cursor.r + 1, state.cursor.c + 1));
    },
    onCursor: (r, c) => {
      state.cursor = { r, c };
      mapGrid.redraw();
      outGrid.redraw();
      explain();
    },
  });
  outGrid.canvas.dataset.role = "output";

  const note = el("p", { class: "panel-note", "aria-live": "polite", "data-key": "window" });
  root.append(note);

  function explain() {
    if (!pooled || !state.cursor) {
      note.textContent = "";
      return;
    }
    const { r: i, c: j } = state.cursor;
    const values = [];
    for (let a = 0; a < state.k; a++) for (let b = 0; b < state.k; b++) values.push(map()[i * s() + a][j * s() + b]);
    const [ar, ac] = pooled.argmax[i][j];
    const range = (start) => (state.k === 1 ? String(start) : `${start}\u2013${start + state.k - 1}`);
    note.textContent = t("window", { i, j, rows: range(i * s()), cols: range(j * s()),
      values: values.map((v) => formatNumber(v, 0)).join(", "), max: formatNumber(pooled.output[i][j], 0),
      at: `(${ar}, ${ac})`, count: windowsWith(ar, ac).length });
    note.dataset.value = String(pooled.output[i][j]);
    note.dataset.argmax = JSON.stringify([ar, ac]);
    note.dataset.count = String(windowsWith(ar, ac).length);
  }

  function update() {
    pooled = maxPool(map(), state.k, state.stride);
    seen = read();
    if (pooled && (!state.cursor || state.cursor.r >= pooled.output.length
        || state.cursor.c >= pooled.output[0].length)) {
      state.cursor = { r: 0, c: 0 };
    }
    mapGrid.resize(map().length, map()[0].length);
    outGrid.el.hidden = !pooled;
    const h = map().length;
    const w = map()[0].length;
    const unread = seen.flat().filter((x) => !x).length;
    sentence.textContent = pooled
      ? t("sizes", { h, w, oh: pooled.output.length, ow: pooled.output[0].length, unread })
      : t("does_not_fit");
    sentence.dataset.value = pooled ? `${pooled.output.length}x${pooled.output[0].length}` : "";
    sentence.dataset.unread = String(unread);
    if (pooled) {
      outGrid.resize(pooled.output.length, pooled.output[0].length);
      outGrid.setCursor(state.cursor.r, state.cursor.c, { silent: true });
    }
    mapGrid.redraw();
    explain();
  }

  update();
  return {
    state: () => ({ map: state.map, k: state.k, stride: state.stride, cursor: state.cursor,
      output: pooled && pooled.output, argmax: pooled && pooled.argmax, unread: seen.flat().filter((x) => !x).length,
      nines: pooled ? pooled.output.flat().filter((v) => v === Math.max(...map().flat())).length : 0 }),
    grids: { map: mapGrid, output: outGrid },
    controls: { maps, size, stride },
  };
}
