// The conv2d lesson's picture panel (exercises/conv2d/lesson.toml): a small picture (shipped by the server from
// reference/conv2d.py) with its padding, a kernel the learner edits cell by cell or picks from presets, and the
// output, recomputed here as deep-learning libraries do it (a cross-correlation: the kernel is not flipped). The
// cursor on the output outlines the window it reads, padding included, and the readout lists the products.
import {
  cellGrid, cellText, choice, diverging, el, formatInt, formatNumber, grey, inkOn, outline, parseNumber, uid,
} from "./kit.js";

/** Zero padding, then out[i][j] = Σ padded[i·s + a][j·s + b] · kernel[a][b]; null when the kernel does not fit. */
export function conv2d(image, kernel, stride, padding) {
  const h = image.length;
  const w = image[0].length;
  const kh = kernel.length;
  const kw = kernel[0].length;
  if (kh > h + 2 * padding || kw > w + 2 * padding) return null;
  const at = (r, c) => (r < 0 || c < 0 || r >= h || c >= w ? 0 : image[r][c]);
  const rows = Math.floor((h + 2 * padding - kh) / stride) + 1;
  const cols = Math.floor((w + 2 * padding - kw) / stride) + 1;
  return Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => {
    let sum = 0;
    for (let a = 0; a < kh; a++) {
      for (let b = 0; b < kw; b++) sum += at(i * stride - padding + a, j * stride - padding + b) * kernel[a][b];
    }
    return sum;
  }));
}

// The server's JSON comes with its keys sorted: the order a learner meets them in is kept here.
const PICTURES = ["digit", "gradient", "flat"];
const KERNELS = ["identity", "box-blur", "vertical-edges", "horizontal-edges", "sharpen"];
const ordered = (keys, order) => [...order.filter((k) => keys.includes(k)), ...keys.filter((k) => !order.includes(k))];

/** Two decimals, −0 shown as 0. */
const two = (v) => formatNumber(Math.abs(v) < 0.005 ? 0 : v, 2).replace(/\.00$/, "");

export function mount(root, { data, t }) {
  const defaults = data.defaults;
  const state = {
    picture: defaults.picture,
    preset: defaults.kernel,
    kernel: data.kernels[defaults.kernel].map((row) => [...row]),
    stride: defaults.stride,
    padding: defaults.padding,
    cursor: { r: 3, c: 1 },
  };
  const image = () => data.pictures[state.picture];
  let output = conv2d(image(), state.kernel, state.stride, state.padding);
  const limit = () => Math.max(1, ...output.flat().map(Math.abs));

  // --- controls ------------------------------------------------------------------------------------------------
  const pictures = choice({ label: t("picture"), value: state.picture,
    options: ordered(Object.keys(data.pictures), PICTURES).map((name) => ({ value: name, label: t(`picture_${name}`) })),
    onChange: (v) => {
      state.picture = v;
      update();
    } });
  const padding = choice({ label: t("padding"), value: state.padding,
    options: [0, 1, 2].map((v) => ({ value: v, label: String(v) })), onChange: (v) => {
      state.padding = Number(v);
      update();
    } });
  const stride = choice({ label: t("stride"), value: state.stride,
    options: [1, 2, 3].map((v) => ({ value: v, label: String(v) })), onChange: (v) => {
      state.stride = Number(v);
      update();
    } });

  // --- the picture, the kernel, the output --------------------------------------------------------------------
  const pictureBox = el("figure", { class: "panel-figure" }, el("figcaption", {}, t("picture_caption")));
  const kernelBox = el("figure", { class: "panel-figure conv-kernel" }, el("figcaption", {}, t("kernel")));
  const sizeText = el("span", { "data-key": "output-size" });
  const outputBox = el("figure", { class: "panel-figure" }, el("figcaption", {}, t("output"), " ", sizeText));
  root.append(el("div", { class: "panel-row conv-top" }, el("div", { class: "panel-controls conv-controls" },
    pictures.el, padding.el, stride.el), kernelBox));
  root.append(el("div", { class: "panel-row conv-row" }, pictureBox, outputBox));
  const notFit = el("p", { class: "panel-note warn", hidden: true }, t("does_not_fit"));
  outputBox.append(notFit);

  const pictureGrid = cellGrid(pictureBox, {
    rows: 12 + 2 * state.padding, cols: 12 + 2 * state.padding, label: t("picture_grid"), maxCell: 24,
    labels: { row: (r) => formatInt(r - state.padding), col: (c) => formatInt(c - state.padding) },
    paint: (ctx, cell, r, c) => {
      const p = state.padding;
      const inside = r >= p && c >= p && r < image().length + p && c < image()[0].length + p;
      if (inside) {
        ctx.fillStyle = grey(image()[r - p][c - p]);
        ctx.fillRect(cell.x, cell.y, cell.size - 1, cell.size - 1);
      } else {
        ctx.fillStyle = "#eef1f4";
        ctx.fillRect(cell.x, cell.y, cell.size - 1, cell.size - 1);
        cellText(ctx, "0", cell, "#8c959f", { min: 6, scale: 0.45 });
      }
    },
    over: (ctx, g) => {
      if (!state.cursor || !output) return;
      const { top, left, bottom, right } = windowOf(state.cursor.r, state.cursor.c);
      const p = state.padding;
      outline(ctx, g.rect(top + p, left + p, bottom + p, right + p));
    },
  });

  const outputGrid = cellGrid(outputBox, {
    rows: 12, cols: 12, label: t("output_grid"), maxCell: 30,
    labels: { row: (r) => String(r), col: (c) => String(c) },
    paint: (ctx, cell, r, c) => {
      const v = output[r][c];
      const color = diverging(v, limit());
      ctx.fillStyle = color;
      ctx.fillRect(cell.x, cell.y, cell.size - 1, cell.size - 1);
      cellText(ctx, two(v), cell, inkOn(color), { min: 6.5, scale: 0.32 });
    },
    over: (ctx, g) => {
      if (!state.cursor || !output) return;
      outline(ctx, g.rect(state.cursor.r, state.cursor.c, state.cursor.r + 1, state.cursor.c + 1));
    },
    onCursor: (r, c) => {
      state.cursor = { r, c };
      pictureGrid.redraw();
      outputGrid.redraw();
      explain();
    },
  });
  outputGrid.canvas.dataset.role = "output";


  // The kernel: a grid of number fields, coloured by sign; a preset menu; its size, rows and columns apart.
  const presetId = uid("preset");
  const preset = el("select", { id: presetId, class: "kernel-preset" },
    ...ordered(Object.keys(data.kernels), KERNELS).map((name) => el("option", { value: name }, t(`kernel_${name}`))),
    el("option", { value: "custom" }, t("kernel_custom")));
  preset.value = state.preset;
  preset.addEventListener("change", () => {
    if (preset.value === "custom") return;
    state.preset = preset.value;
    state.kernel = data.kernels[preset.value].map((row) => [...row]);
    sizeRows.value = String(state.kernel.length);
    sizeCols.value = String(state.kernel[0].length);
    buildKernel();
    update();
  });
  const sizeSelect = (label) => el("select", { "aria-label": label },
    ...[1, 2, 3, 4, 5].map((n) => el("option", { value: String(n) }, String(n))));
  const sizeRows = sizeSelect(t("kernel_rows"));
  const sizeCols = sizeSelect(t("kernel_cols"));
  sizeRows.value = "3";
  sizeCols.value = "3";
  const resize = () => {
    const rows = Number(sizeRows.value);
    const cols = Number(sizeCols.value);
    state.kernel = Array.from({ length: rows }, (_, a) => Array.from({ length: cols },
      (_, b) => (state.kernel[a] && state.kernel[a][b] != null ? state.kernel[a][b] : 0)));
    state.preset = "custom";
    preset.value = "custom";
    buildKernel();
    update();
  };
  sizeRows.addEventListener("change", resize);
  sizeCols.addEventListener("change", resize);
  const fields = el("div", { class: "kernel", role: "group", "aria-label": t("kernel") });
  kernelBox.append(
    el("label", { for: presetId, class: "small" }, t("preset")), preset,
    el("p", { class: "kernel-size small" }, t("size"), " ", sizeRows, " \u00d7 ", sizeCols),
    fields,
  );

  const FIELD_TINT = 0.5;
  function paintField(field, v) {
    const m = Math.max(1, ...state.kernel.flat().map(Math.abs));
    // The weight's full colour as the field's border, a paler tint of it behind the digits: dark text on the tint
    // keeps 4.5:1 (WCAG AA) for any weight, where white or dark text on the full orange has under 4.2:1.
    field.style.borderColor = diverging(v, m);
    field.style.backgroundColor = diverging(v, m / FIELD_TINT);
    field.style.color = "#1f2328";
  }

  function buildKernel() {
    fields.style.gridTemplateColumns = `repeat(${state.kernel[0].length}, auto)`;
    fields.replaceChildren(...state.kernel.flatMap((row, a) => row.map((v, b) => {
      const field = el("input", { type: "text", class: "kernel-field", inputmode: "decimal", autocomplete: "off",
        spellcheck: "false", value: two(v), "data-a": a, "data-b": b,
        "aria-label": t("kernel_cell", { row: a, col: b }) });
      paintField(field, v);
      const read = () => {
        const typed = parseNumber(field.value);
        if (Number.isNaN(typed)) {
          field.setAttribute("aria-invalid", "true");
          return;
        }
        field.removeAttribute("aria-invalid");
        state.kernel[a][b] = typed;
        state.preset = "custom";
        preset.value = "custom";
        for (const other of fields.querySelectorAll("input")) {
          paintField(other, state.kernel[Number(other.dataset.a)][Number(other.dataset.b)]);
        }
        update();
      };
      field.addEventListener("input", read);
      field.addEventListener("change", () => {
        read();
        if (!field.hasAttribute("aria-invalid")) field.value = two(state.kernel[a][b]);
      });
      return field;
    })));
  }

  // --- the readout: the window, the products, the sum ----------------------------------------------------------
  const explanation = el("div", { class: "conv-explain", "aria-live": "polite" });
  root.append(explanation);

  function windowOf(i, j) {
    const top = i * state.stride - state.padding;
    const left = j * state.stride - state.padding;
    return { top, left, bottom: top + state.kernel.length, right: left + state.kernel[0].length };
  }

  function explain() {
    if (!output || !state.cursor) {
      explanation.replaceChildren();
      return;
    }
    const { r: i, c: j } = state.cursor;
    const w = windowOf(i, j);
    const img = image();
    const value = (r, c) => (r < 0 || c < 0 || r >= img.length || c >= img[0].length ? 0 : img[r][c]);
    const terms = [];
    const table = el("table", { class: "panel-table conv-products" });
    for (let a = 0; a < state.kernel.length; a++) {
      table.append(el("tr", {}, ...state.kernel[a].map((k, b) => {
        const v = value(w.top + a, w.left + b);
        terms.push(`${two(v)}\u00d7${k < 0 ? `(${two(k)})` : two(k)}`);
        return el("td", {}, `${two(v)} \u00d7 ${two(k)}`);
      })));
    }
    const sum = output[i][j];
    explanation.replaceChildren(
      el("p", { class: "panel-note", "data-key": "window", "data-value": JSON.stringify([w.top, w.left, w.bottom, w.right]) },
        t("window", { i, j, rows: `${formatInt(w.top)} \u2026 ${formatInt(w.bottom - 1)}`,
          cols: `${formatInt(w.left)} \u2026 ${formatInt(w.right - 1)}` })),
      el("div", { class: "table-scroll" }, table),
      el("p", { class: "conv-sum" }, `${terms.slice(0, 3).join(" + ")}${terms.length > 3 ? " + \u2026" : ""} = `,
        el("strong", { "data-key": "sum", "data-value": String(sum) }, two(sum))),
    );
  }

  function update() {
    output = conv2d(image(), state.kernel, state.stride, state.padding);
    const side = 12 + 2 * state.padding;
    pictureGrid.resize(side, side);
    notFit.hidden = output != null;
    outputGrid.el.hidden = output == null;
    if (output) {
      sizeText.textContent = `${output.length} \u00d7 ${output[0].length}`;
      outputGrid.resize(output.length, output[0].length);
      if (!state.cursor || state.cursor.r >= output.length || state.cursor.c >= output[0].length) {
        state.cursor = { r: 0, c: 0 };
      }
      outputGrid.setCursor(state.cursor.r, state.cursor.c, { silent: true });
    } else {
      sizeText.textContent = "";
    }
    sizeText.dataset.value = output ? `${output.length}x${output[0].length}` : "";
    pictureGrid.redraw();
    explain();
  }

  buildKernel();
  update();

  return {
    state: () => ({ picture: state.picture, preset: state.preset, kernel: state.kernel.map((r) => [...r]),
      stride: state.stride, padding: state.padding, output, cursor: state.cursor,
      window: state.cursor && output ? windowOf(state.cursor.r, state.cursor.c) : null }),
    grids: { picture: pictureGrid, output: outputGrid },
    controls: { pictures, padding, stride, preset, sizeRows, sizeCols },
  };
}
