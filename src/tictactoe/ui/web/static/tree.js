// How the computer thinks: the search tree of the position on the board, beside it.
// The server words every node (/api/tree) and every step of the search (/api/tree/steps) in the
// page's language; this panel lays them out as a WAI-ARIA tree view (arrow keys move, Right or
// Enter opens a move into its replies, Left closes it or goes to its parent), fetches a node's
// replies when it is opened, shows the position of the node under the pointer or the focus on
// a small board, and replays the search step by step.

import { cellName } from "./board.js";
import { language, t } from "./i18n.js";

const STEP_MS = 500;  // how long each step shows while the search plays by itself
const $ = (id) => document.getElementById(id);

/** The query naming a position, a line of moves below it and a search. */
function query(position, search, path, extra = {}) {
  const { rows, cols, k, moves } = position;
  return new URLSearchParams({
    rows, cols, k, moves: moves.join(","), path: path.join(","), search, lang: language(), ...extra,
  });
}

async function fetchJson(url) {
  const response = await fetch(url);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.message || t("Something went wrong on the server."));
  return data;
}

export class TreePanel {
  constructor({ onClose }) {
    this.onClose = onClose;
    this.section = $("tree-panel");
    this.tree = $("tree");
    this.position = null;   // {rows, cols, k, moves} of the tree shown
    this.key = "";          // that position and search, as one string
    this.asked = 0;         // the last request: an earlier answer is stale
    this.answer = null;     // the root's answer (value, counts, steps)
    this.steps = null;      // {total, list, at, timer} while stepping through
    this.tree.addEventListener("keydown", (event) => this.keydown(event));
    this.tree.addEventListener("click", (event) => this.clicked(event));
    this.tree.addEventListener("focusin", (event) => this.hovered(event.target.closest("[role=treeitem]")));
    this.tree.addEventListener("mouseover", (event) => this.hovered(event.target.closest("[role=treeitem]")));
    this.tree.addEventListener("mouseleave", () => this.hovered(this.focused()));
    for (const input of this.section.querySelectorAll("input[name=tree-search]")) {
      input.addEventListener("change", () => this.reload());
    }
    $("tree-close").addEventListener("click", () => this.onClose());
    this.section.addEventListener("keydown", (event) => {
      if (event.key === "Escape") this.onClose();
    });
    $("tree-step-start").addEventListener("click", () => this.startSteps());
    $("tree-step-back").addEventListener("click", () => this.step(-1));
    $("tree-step-next").addEventListener("click", () => this.step(1));
    $("tree-step-play").addEventListener("click", () => this.playSteps());
    $("tree-step-stop").addEventListener("click", () => this.stopSteps(true));
  }

  get open() {
    return !this.section.hidden;
  }

  search() {
    return this.section.querySelector("input[name=tree-search]:checked").value;
  }

  /** Show the tree of ``position`` (nothing is asked again for the position shown). */
  follow(position) {
    if (!this.open || !position) return;
    const key = `${position.rows}x${position.cols}x${position.k}:${position.moves.join(",")}:${this.search()}`;
    if (key === this.key) return;
    this.position = position;
    this.key = key;
    this.load();
  }

  /** The tree again, in the page's language or for another search. */
  reload() {
    this.key = "";
    if (this.position) this.follow(this.position);
  }

  async load() {
    const asked = ++this.asked;
    this.stopSteps(false);
    this.note(t("Working out the tree…"));
    let answer;
    try {
      answer = await fetchJson(`/api/tree?${query(this.position, this.search(), [])}`);
    } catch (problem) {
      if (asked === this.asked) this.note(problem.message);
      return;
    }
    if (asked !== this.asked) return;
    this.answer = answer;
    this.note(answer.exact ? "" : answer.note);
    $("tree-value").textContent = answer.value;
    $("tree-counts").textContent = answer.exact && !answer.over ? `${answer.counted} (${answer.others})` : "";
    $("tree-searches").disabled = !answer.exact || answer.over;
    const start = $("tree-step-start");
    start.disabled = !answer.exact || !answer.steps.watchable;
    $("tree-step-note").textContent = answer.exact ? answer.steps.note : "";
    this.tree.replaceChildren();
    if (answer.exact) this.fill(this.tree, answer.children, [], 1);
    else this.fillEngine(answer);
    const first = this.tree.querySelector("[role=treeitem]");
    if (first) first.tabIndex = 0;
    this.preview([]);
  }

  note(text) {
    $("tree-note").textContent = text;
  }

  /** The replies of the node at ``path`` as items of ``list`` at ``level``. */
  fill(list, children, path, level) {
    children.forEach((child, index) => {
      const item = this.item(level, index, children.length, [...path, child.move]);
      item.classList.add(`tone-${child.tone}`);
      if (child.visit !== "searched") item.classList.add("grey");
      item.dataset.visit = child.visit;
      this.row(item, child.name, child.value, child.search);
      if (child.opens) item.setAttribute("aria-expanded", "false");
      list.append(item);
    });
  }

  item(level, index, count, path) {
    const item = document.createElement("li");
    item.setAttribute("role", "treeitem");
    item.setAttribute("aria-level", String(level));
    item.setAttribute("aria-setsize", String(count));
    item.setAttribute("aria-posinset", String(index + 1));
    item.setAttribute("aria-selected", "false");
    item.tabIndex = -1;
    item.dataset.path = path.join(",");
    return item;
  }

  /** An item's line: its move, its value, what the search did (the item's name). */
  row(item, name, value, search) {
    const line = document.createElement("span");
    line.className = "tree-row";
    line.id = `tree-row-${this.tree.querySelectorAll(".tree-row").length}-${item.dataset.path || "x"}`;
    for (const [kind, text] of [["move", name], ["value", value], ["search", search]]) {
      if (!text) continue;
      const part = document.createElement("span");
      part.className = `tree-${kind}`;
      part.textContent = text;
      line.append(part, " ");
    }
    item.append(line);
    item.setAttribute("aria-labelledby", line.id);
  }

  /** A big board's tree: the engine's iterations, its scored moves, those it never looked at,
   * its principal line. */
  fillEngine(answer) {
    answer.groups.forEach((group, index) => {
      const item = this.item(1, index, answer.groups.length + 1, []);
      this.row(item, group.title, "", String(group.rows.length));
      if (group.rows.length) {
        item.setAttribute("aria-expanded", "false");
        const list = this.group(item);
        group.rows.forEach((row, at) => {
          const leaf = this.item(2, at, group.rows.length, []);
          leaf.dataset.line = row.line.join(",");
          if (group.grey) leaf.classList.add("grey");
          this.row(leaf, row.name, row.value, row.search);
          list.append(leaf);
        });
        list.hidden = true;
      }
      this.tree.append(item);
    });
    const line = this.item(1, answer.groups.length, answer.groups.length + 1, []);
    line.dataset.line = answer.line.cells.join(",");
    this.row(line, answer.line.title, answer.line.text, "");
    this.tree.append(line);
  }

  group(item) {
    const list = document.createElement("ul");
    list.setAttribute("role", "group");
    item.append(list);
    return list;
  }

  /** Open ``item`` into its replies (asked of the server the first time). */
  async expand(item) {
    if (item.getAttribute("aria-expanded") !== "false") return;
    item.setAttribute("aria-expanded", "true");
    let list = item.querySelector(":scope > [role=group]");
    if (list) {
      list.hidden = false;
      return;
    }
    list = this.group(item);
    item.setAttribute("aria-busy", "true");
    const asked = this.asked;
    const path = item.dataset.path.split(",").map(Number);
    try {
      const answer = await fetchJson(`/api/tree?${query(this.position, this.search(), path)}`);
      if (asked !== this.asked) return;
      this.fill(list, answer.children, path, Number(item.getAttribute("aria-level")) + 1);
    } catch (problem) {
      if (asked !== this.asked) return;
      this.note(problem.message);
      list.remove();
      item.setAttribute("aria-expanded", "false");
    } finally {
      item.removeAttribute("aria-busy");
    }
  }

  collapse(item) {
    if (item.getAttribute("aria-expanded") !== "true") return;
    item.setAttribute("aria-expanded", "false");
    const list = item.querySelector(":scope > [role=group]");
    if (list) list.hidden = true;
  }

  /** Every item a person can reach now (those inside closed items are not). */
  visible() {
    return [...this.tree.querySelectorAll("[role=treeitem]")].filter((item) => item.offsetParent !== null);
  }

  focused() {
    return this.tree.querySelector("[role=treeitem][tabindex='0']");
  }

  /** Move the focus (and the selection, which follows it) to ``item``. */
  focus(item) {
    if (!item) return;
    for (const other of this.tree.querySelectorAll("[role=treeitem]")) {
      other.tabIndex = -1;
      other.setAttribute("aria-selected", "false");
    }
    item.tabIndex = 0;
    item.setAttribute("aria-selected", "true");
    item.focus();
  }

  clicked(event) {
    const item = event.target.closest("[role=treeitem]");
    if (!item) return;
    this.focus(item);
    if (item.getAttribute("aria-expanded") === "true") this.collapse(item);
    else this.expand(item);
  }

  keydown(event) {
    const item = event.target.closest("[role=treeitem]");
    if (!item) return;
    const items = this.visible();
    const at = items.indexOf(item);
    const parent = item.parentElement.closest("[role=treeitem]");
    const expanded = item.getAttribute("aria-expanded");
    switch (event.key) {
      case "ArrowDown": this.focus(items[at + 1]); break;
      case "ArrowUp": this.focus(items[at - 1]); break;
      case "Home": this.focus(items[0]); break;
      case "End": this.focus(items[items.length - 1]); break;
      case "ArrowRight":
        if (expanded === "false") this.expand(item);
        else if (expanded === "true") this.focus(item.querySelector("[role=group] [role=treeitem]"));
        break;
      case "ArrowLeft":
        if (expanded === "true") this.collapse(item);
        else this.focus(parent);
        break;
      case "Enter":
      case " ":
        if (expanded === "true") this.collapse(item);
        else this.expand(item);
        break;
      default: return;
    }
    event.preventDefault();
  }

  hovered(item) {
    if (!item || this.steps) return;
    if (item.dataset.line !== undefined) {
      const line = item.dataset.line ? item.dataset.line.split(",").map(Number) : [];
      this.preview(line);
    } else {
      this.preview(item.dataset.path ? item.dataset.path.split(",").map(Number) : []);
    }
  }

  /** The position after ``path`` on the small board, the line's moves numbered. */
  preview(path) {
    const position = this.position;
    if (!position) return;
    const { rows, cols, moves } = position;
    const board = $("tree-board");
    board.style.setProperty("--rows", rows);
    board.style.setProperty("--cols", cols);
    const marks = new Map(moves.map((cell, index) => [cell, index % 2 === 0 ? "x" : "o"]));
    const order = new Map();
    path.forEach((cell, index) => {
      marks.set(cell, (moves.length + index) % 2 === 0 ? "x" : "o");
      order.set(cell, index + 1);
    });
    if (board.children.length !== rows * cols) {
      board.replaceChildren(...Array.from({ length: rows * cols }, () => document.createElement("span")));
    }
    [...board.children].forEach((cell, index) => {
      cell.className = `mini ${marks.get(index) || ""}${order.has(index) ? " line" : ""}`;
      cell.textContent = order.has(index) ? String(order.get(index)) : "";
    });
    const names = path.map((cell) => cellName(cols, cell)).join(" ");
    $("tree-preview-line").textContent = path.length ? t("After {line}", { line: names }) : t("The position on the board");
  }

  // --- step through -----------------------------------------------------------------------

  async startSteps() {
    this.steps = { total: 0, list: [], at: 0, timer: 0 };
    $("tree-stepper").hidden = false;
    $("tree-step-start").hidden = true;
    await this.fetchSteps(0);
    this.showStep();
    $("tree-step-next").focus();
  }

  async fetchSteps(start) {
    const asked = this.asked;
    const steps = this.steps;
    try {
      const answer = await fetchJson(`/api/tree/steps?${query(this.position, this.search(), [], { start })}`);
      if (asked !== this.asked || steps !== this.steps) return;
      steps.total = answer.total;
      steps.list.splice(start, answer.steps.length, ...answer.steps);
    } catch (problem) {
      this.note(problem.message);
      this.stopSteps(true);
    }
  }

  async step(by) {
    const steps = this.steps;
    if (!steps) return;
    const at = Math.max(0, Math.min(steps.total - 1, steps.at + by));
    if (at >= steps.list.length) await this.fetchSteps(steps.list.length);
    if (steps !== this.steps || at >= steps.list.length) return;
    steps.at = at;
    this.showStep();
    if (at === steps.total - 1) this.pause();
  }

  showStep() {
    const steps = this.steps;
    if (!steps || !steps.list.length) return;
    const step = steps.list[steps.at];
    const cols = this.position.cols;
    $("tree-step-count").textContent = t("Step {number} of {count}", {
      number: (steps.at + 1).toLocaleString("en"), count: steps.total.toLocaleString("en"),
    });
    $("tree-step-line").textContent = step.path.length
      ? t("After {line}", { line: step.path.map((cell) => cellName(cols, cell)).join(" ") })
      : t("The position on the board");
    const text = $("tree-step-text");
    text.textContent = step.text;
    text.className = `tree-step-text event-${step.event}${step.tone ? ` tone-${step.tone}` : ""}`;
    $("tree-alpha").textContent = step.alpha || "";
    $("tree-beta").textContent = step.beta || "";
    $("tree-step-back").disabled = steps.at === 0;
    $("tree-step-next").disabled = steps.at >= steps.total - 1;
    this.preview(step.path);
  }

  playSteps() {
    const steps = this.steps;
    if (!steps) return;
    if (steps.timer) {
      this.pause();
      return;
    }
    steps.timer = setInterval(() => this.step(1), STEP_MS);
    $("tree-step-play").textContent = t("Pause");
    $("tree-step-play").setAttribute("aria-pressed", "true");
  }

  pause() {
    if (this.steps?.timer) clearInterval(this.steps.timer);
    if (this.steps) this.steps.timer = 0;
    $("tree-step-play").textContent = t("Play");
    $("tree-step-play").setAttribute("aria-pressed", "false");
  }

  /** Leave the steps (``focus``: back to the button that started them). */
  stopSteps(focus) {
    if (!this.steps) return;
    this.pause();
    this.steps = null;
    $("tree-stepper").hidden = true;
    $("tree-step-start").hidden = false;
    this.preview([]);
    if (focus) $("tree-step-start").focus();
  }

  show() {
    this.section.hidden = false;
  }

  hide() {
    this.stopSteps(false);
    this.section.hidden = true;
    this.key = "";
  }
}
