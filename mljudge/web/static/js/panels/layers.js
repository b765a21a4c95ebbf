// The LAMB lesson's panel: a small BERT-like model's layers side by side, each with its size, its trust ratio and
// the relative step of AdamW and of LAMB on one log axis, and a batch-size slider that scales lr by the
// square-root rule. Every number is reference.lamb.panel's at each of the slider's stops, all computed on the
// server (reference.lamb.panel_states): the step is not reimplemented here.
import { el, formatNumber, formatSig, slider } from "./kit.js";

const AXIS = [-4, 1]; // log₁₀ of the relative step: 10⁻⁴ … 10
const position = (v) => (Math.log10(v) - AXIS[0]) / (AXIS[1] - AXIS[0]);

export function mount(root, { data, t }) {
  let index = 0;
  const batch = slider({ label: t("batch"), values: data.batches, value: data.batches[0], t,
    format: (v) => `\u00d7${v}`, onInput: (v) => {
      index = data.batches.indexOf(v);
      render();
    } });
  const lr = el("p", { class: "panel-note", "data-key": "lr" });
  root.append(batch.el, lr);

  const body = el("tbody");
  const table = el("table", { class: "panel-table layers-table" },
    el("thead", {}, el("tr", {}, ...["layer", "size", "ratio", "step"].map((key) => el("th", { scope: "col" },
      t(`col_${key}`))))), body);
  root.append(el("div", { class: "table-scroll", "data-scroll-cue": "" }, table));
  const sentence = el("p", { class: "panel-note", "aria-live": "polite", "data-key": "sentence" });
  root.append(el("p", { class: "panel-legend layers-legend" }, swatch("adamw"), ` ${t("adamw")}  `, swatch("lamb"),
    ` ${t("lamb")}  `, swatch("whole"), ` ${t("whole")}`), sentence);

  function bar(kind, value, key) {
    const box = el("span", { class: "layers-bar", "data-key": key, "data-value": value == null ? "" : String(value) });
    if (value == null) return box;
    const fill = el("span", { class: `layers-fill ${kind}` });
    fill.style.width = `${Math.max(0, Math.min(1, position(value))) * 100}%`;
    box.append(fill, el("span", { class: "layers-one", "aria-hidden": "true" }));
    box.lastChild.style.left = `${position(1) * 100}%`;
    box.setAttribute("role", "img");
    box.setAttribute("aria-label", `${t(kind)}: ${formatNumber(100 * value, 2)}%`);
    return box;
  }

  function render() {
    const state = data.states[index];
    lr.textContent = t("lr", { batch: data.batches[index], lr: formatNumber(state.lr, 3) });
    lr.dataset.value = String(state.lr);
    body.replaceChildren(...state.layers.map((layer, i) => el("tr", { "data-layer": layer.name },
      el("td", {}, el("code", {}, layer.name), el("br"), el("span", { class: "small muted" },
        layer.shape.join(" \u00d7 "))),
      el("td", { "data-key": `norm-${i}`, "data-value": String(layer.param_norm) }, formatSig(layer.param_norm, 3),
        layer.param_norm ? el("br") : null, layer.param_norm ? el("span", { class: "small muted" },
          t("rms", { rms: formatSig(layer.param_rms, 2) })) : null),
      el("td", { "data-key": `ratio-${i}`, "data-value": String(layer.ratio) }, formatSig(layer.ratio, 4),
        layer.param_norm === 0 ? el("br") : null,
        layer.param_norm === 0 ? el("span", { class: "small muted" }, t("ratio_one")) : null),
      el("td", { class: "layers-steps" },
        layer.adamw_relative == null
          ? el("span", { "data-key": `step-${i}`, "data-value": String(layer.lamb_step) },
            t("no_size", { step: formatSig(layer.lamb_step, 2) }))
          : el("span", {}, bar("adamw", layer.adamw_relative, `adamw-${i}`), bar("lamb", layer.lamb_relative,
            `lamb-${i}`), el("span", { class: "small" }, `${formatNumber(100 * layer.adamw_relative, 2)}% \u00b7 `
            + `${formatNumber(100 * layer.lamb_relative, 2)}%`))))));
    const biggest = state.layers.filter((l) => l.adamw_relative != null)
      .reduce((a, b) => (b.adamw_relative > a.adamw_relative ? b : a));
    sentence.textContent = t("sentence", { batch: data.batches[index], lr: formatNumber(state.lr, 3),
      layer: biggest.name, adamw: formatSig(100 * biggest.adamw_relative, 2),
      lamb: formatSig(100 * biggest.lamb_relative, 2) });
  }

  render();
  return {
    controls: { batch },
    state: () => ({ batch: data.batches[index], ...data.states[index] }),
  };
}

function swatch(kind) {
  return el("span", { class: `layers-swatch ${kind}`, "aria-hidden": "true" });
}
