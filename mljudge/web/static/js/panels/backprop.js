// The linear-backward lesson's panel: one layer y = x @ weight.T + bias with the loss ½·Σ(y − target)², forward
// (black) and backward (orange): every array beside its gradient, with its shape. The learner edits any entry of
// x, weight, bias or target (type, or arrow keys up and down by 0.05) and everything downstream follows; hovering
// a gradient's entry shows the sum it is made of; "step" takes one step of gradient descent. The layer is the
// reference's (reference.backprop: linear, linear_backward), three matrix products computed here; tests/web
// compare them with it.
import { button, el, formatNumber, parseNumber, readout } from "./kit.js";

const transpose = (m) => m[0].map((_, j) => m.map((row) => row[j]));
const matmul = (a, b) => a.map((row) => b[0].map((_, j) => row.reduce((s, v, k) => s + v * b[k][j], 0)));

/** Forward and backward through the layer, as reference.backprop.linear and linear_backward do. */
export function layer(x, weight, bias, target) {
  const y = matmul(x, transpose(weight)).map((row) => row.map((v, o) => v + bias[o]));
  const gradOutput = y.map((row, n) => row.map((v, o) => v - target[n][o]));
  const loss = 0.5 * gradOutput.flat().reduce((s, d) => s + d * d, 0);
  return { y, loss, gradOutput, gradX: matmul(gradOutput, weight), gradWeight: matmul(transpose(gradOutput), x),
    gradBias: transpose(gradOutput).map((col) => col.reduce((s, v) => s + v, 0)) };
}

const NAMES = ["x", "weight", "bias", "target"];
const copy = (v) => JSON.parse(JSON.stringify(v));

export function mount(root, { data, t }) {
  const state = { x: copy(data.x), weight: copy(data.weight), bias: copy(data.bias), target: copy(data.target),
    lossBefore: null };
  const [lo, hi] = data.range;
  let result = layer(state.x, state.weight, state.bias, state.target);
  const two = (v) => formatNumber(Math.abs(v) < 5e-10 ? 0 : v, 2);
  const asMatrix = (v) => (Array.isArray(v[0]) ? v : [v]);
  const shape = (v) => (Array.isArray(v[0]) ? `(${v.length}, ${v[0].length})` : `(${v.length},)`);

  // --- one node: an array (editable or not) above its gradient -----------------------------------------------------
  const highlight = new Set(); // "name:r:c" cells to tint while a gradient entry is hovered
  function grid(name, values, { editable = false, grad = false } = {}) {
    const matrix = asMatrix(values);
    const table = el("table", { class: `backprop-grid${grad ? " grad" : ""}`, "data-array": name });
    matrix.forEach((row, r) => table.append(el("tr", {}, ...row.map((v, c) => {
      const key = `${name}:${r}:${c}`;
      const cell = el("td", { class: highlight.has(key) ? "lit" : "", "data-r": r, "data-c": c,
        "data-value": String(v) });
      const isEntry = name === "weight" && r === data.entry[0] && c === data.entry[1];
      if (isEntry) cell.classList.add("entry");
      if (editable) {
        const label = Array.isArray(values[0]) ? `${name}[${r}, ${c}]` : `${name}[${c}]`;
        const field = el("input", { type: "text", class: "backprop-field", inputmode: "decimal", value: two(v),
          "aria-label": t("edit", { name: label }), spellcheck: "false", autocomplete: "off" });
        const set = (next) => {
          const clamped = Math.min(hi, Math.max(lo, next));
          if (Array.isArray(values[0])) state[name][r][c] = clamped;
          else state[name][c] = clamped;
          state.lossBefore = null;
          update(`${name}:${r}:${c}`);
        };
        field.addEventListener("change", () => {
          const typed = parseNumber(field.value);
          if (Number.isNaN(typed)) field.setAttribute("aria-invalid", "true");
          else set(typed);
        });
        field.addEventListener("keydown", (event) => {
          if (event.key === "ArrowUp" || event.key === "ArrowDown") {
            event.preventDefault();
            set(Math.round((v + (event.key === "ArrowUp" ? data.step : -data.step)) * 1e6) / 1e6);
          } else if (event.key === "Enter") {
            field.dispatchEvent(new Event("change"));
          }
        });
        cell.append(field);
      } else {
        cell.textContent = two(v);
        if (grad) {
          cell.tabIndex = 0;
          const explainIt = () => explain(name, r, c);
          cell.addEventListener("pointerenter", explainIt);
          cell.addEventListener("focus", explainIt);
          cell.addEventListener("pointerdown", explainIt);
        }
      }
      return cell;
    }))));
    return table;
  }

  function node(name, values, grad, gradName, formula, editable) {
    return el("figure", { class: "panel-figure backprop-node", "data-node": name },
      el("figcaption", {}, `${name} `, el("code", {}, shape(values))),
      grid(name, values, { editable }),
      grad ? el("div", { class: "backprop-grad" }, el("span", { class: "small" }, `${gradName} = ${formula}`),
        grid(gradName, grad, { grad: true })) : null);
  }

  const graph = el("div", { class: "backprop-graph" });
  const loss = el("p", { class: "backprop-loss" });
  const sum = el("p", { class: "panel-note", "aria-live": "polite", "data-key": "sum" });
  root.append(el("p", { class: "panel-note" }, t("help")), graph, loss, sum);
  const stepNote = el("span", { class: "panel-note", "data-key": "step" });
  root.append(el("div", { class: "panel-controls" }, el("div", { class: "control-buttons" },
    button(t("step"), () => {
      const before = result.loss;
      state.weight = state.weight.map((row, o) => row.map((w, i) => w - data.lr * result.gradWeight[o][i]));
      state.bias = state.bias.map((b, o) => b - data.lr * result.gradBias[o]);
      update();
      state.lossBefore = before;
      showLoss();
    }), button(t("reset"), () => {
      for (const name of NAMES) state[name] = copy(data[name]);
      state.lossBefore = null;
      update();
    })), stepNote));
  const costs = readout([{ key: "loss", label: t("loss") }]);
  root.append(costs.el);

  function explain(name, r, c) {
    highlight.clear();
    const g = result.gradOutput;
    let terms = [];
    if (name === "grad_weight") {
      g.forEach((row, n) => {
        highlight.add(`grad_output:${n}:${r}`);
        highlight.add(`x:${n}:${c}`);
        terms.push(`${two(row[r])}\u00b7${bracket(state.x[n][c])}`);
      });
    } else if (name === "grad_x") {
      g[r].forEach((v, o) => {
        highlight.add(`grad_output:${r}:${o}`);
        highlight.add(`weight:${o}:${c}`);
        terms.push(`${two(v)}\u00b7${bracket(state.weight[o][c])}`);
      });
    } else if (name === "grad_bias") {
      g.forEach((row, n) => {
        highlight.add(`grad_output:${n}:${c}`);
        terms.push(two(row[c]));
      });
    } else {
      terms = [`${two(result.y[r][c])} \u2212 ${bracket(state.target[r][c])}`];
    }
    const value = name === "grad_weight" ? result.gradWeight[r][c] : name === "grad_x" ? result.gradX[r][c]
      : name === "grad_bias" ? result.gradBias[c] : result.gradOutput[r][c];
    const where = name === "grad_bias" ? `${name}[${c}]` : `${name}[${r}, ${c}]`;
    sum.textContent = `${where} = ${terms.join(" + ")} = ${two(value)}`;
    sum.dataset.value = String(value);
    render();
  }
  const bracket = (v) => (v < 0 ? `(${two(v)})` : two(v));

  function render() {
    graph.replaceChildren(
      el("div", { class: "backprop-row" },
        node("x", state.x, result.gradX, "grad_x", "grad_output @ weight", true),
        node("weight", state.weight, result.gradWeight, "grad_weight", "grad_output.T @ x", true),
        node("bias", state.bias, result.gradBias, "grad_bias", "grad_output.sum(axis=0)", true)),
      el("p", { class: "backprop-arrow", "aria-hidden": "true" }, "\u2193 y = x @ weight.T + bias \u2193"),
      el("div", { class: "backprop-row" },
        node("y", result.y, result.gradOutput, "grad_output", "y \u2212 target", false),
        node("target", state.target, null, null, null, true)));
  }

  function showLoss() {
    loss.textContent = t("loss_line", { loss: formatNumber(result.loss, 4) });
    costs.set("loss", result.loss, formatNumber(result.loss, 6));
    stepNote.textContent = state.lossBefore == null ? ""
      : t("stepped", { before: formatNumber(state.lossBefore, 4), after: formatNumber(result.loss, 4) });
  }

  function update(focusKey) {
    result = layer(state.x, state.weight, state.bias, state.target);
    highlight.clear();
    sum.textContent = "";
    render();
    showLoss();
    if (focusKey) {
      // keep the keyboard where it was: the field is new after the redraw
      const [name, r, c] = focusKey.split(":");
      const field = graph.querySelector(`table[data-array="${name}"] td[data-r="${r}"][data-c="${c}"] input`);
      if (field) field.focus();
    }
  }

  render();
  showLoss();
  return {
    state: () => ({ x: copy(state.x), weight: copy(state.weight), bias: copy(state.bias), target: copy(state.target),
      ...copy(result) }),
  };
}
