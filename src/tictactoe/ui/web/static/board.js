// The board: a grid of cells (ARIA grid), drawn as the classic game on small boards and as a
// wooden gomoku board (the marks on a grid's intersections, with coordinates) on big ones, in
// the look the windows share: X blue and O orange, the last move a dot at the centre of its mark,
// each winning line green through its marks on pale green tiles. Mouse, touch and keyboard
// (arrow keys move, Enter or Space plays) all end in the same onPlay(cell).

import { t } from "./i18n.js";

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const SVG = "http://www.w3.org/2000/svg";
/** How far the winning line goes beyond its end marks, and its width, in cells. */
const LINE_REACH = 0.3;
const LINE_WIDTH = 0.08;

/** A cell's name: its column letter and row number, ``b2`` (as everywhere in the game). */
export function cellName(cols, cell) {
  return `${LETTERS[cell % cols]}${Math.floor(cell / cols) + 1}`;
}

/** Every class a hint may put on a cell (its tone, and "suggested" for a big board's moves). */
const TONES = ["hint-win", "hint-better", "hint-draw", "hint-worse", "hint-loss", "suggested"];

/** True for boards drawn as the classic game rather than as a gomoku board. */
export function isClassic(rows, cols) {
  return Math.max(rows, cols) <= 5;
}

export class BoardView {
  constructor(element, { onPlay }) {
    this.element = element;
    this.onPlay = onPlay;
    this.rows = 0;
    this.cols = 0;
    this.cells = [];
    this.cursor = 0;
    this.playable = new Set();
    this.lines = [];
    new ResizeObserver(() => this.drawLines()).observe(element);
    element.addEventListener("click", (event) => {
      const cell = event.target.closest("[data-cell]");
      if (cell) this.choose(Number(cell.dataset.cell));
    });
    element.addEventListener("keydown", (event) => this.key(event));
  }

  /** Lay out an empty ``rows`` x ``cols`` board (only when the size changes). */
  build(rows, cols) {
    if (rows === this.rows && cols === this.cols) return;
    this.rows = rows;
    this.cols = cols;
    const classic = isClassic(rows, cols);
    const board = this.element;
    board.replaceChildren();
    board.className = `board ${classic ? "classic" : "gomoku"}`;
    board.style.setProperty("--rows", rows);
    board.style.setProperty("--cols", cols);
    board.style.setProperty("--labels", classic ? 0 : 1);
    board.setAttribute("aria-rowcount", rows);
    board.setAttribute("aria-colcount", cols);
    if (!classic) {
      const header = document.createElement("div");
      header.setAttribute("role", "row");
      header.append(this.coord("", "presentation"));
      for (let col = 0; col < cols; col += 1) header.append(this.coord(LETTERS[col], "columnheader"));
      board.append(header);
    }
    this.cells = [];
    for (let row = 0; row < rows; row += 1) {
      const line = document.createElement("div");
      line.setAttribute("role", "row");
      if (!classic) line.append(this.coord(String(row + 1), "rowheader"));
      for (let col = 0; col < cols; col += 1) {
        const cell = document.createElement("div");
        const index = row * cols + col;
        cell.className = "cell";
        if (row === 0) cell.classList.add("top");
        if (row === rows - 1) cell.classList.add("bottom");
        if (col === 0) cell.classList.add("left");
        if (col === cols - 1) cell.classList.add("right");
        cell.setAttribute("role", "gridcell");
        cell.dataset.cell = index;
        cell.tabIndex = -1;
        const mark = document.createElement("span");
        mark.className = "mark";
        mark.setAttribute("aria-hidden", "true");
        cell.append(mark);
        line.append(cell);
        this.cells.push(cell);
      }
      board.append(line);
    }
    this.cursor = Math.floor(rows / 2) * cols + Math.floor(cols / 2);
    this.cells[this.cursor].tabIndex = 0;
  }

  coord(text, role) {
    const element = document.createElement("div");
    element.className = "coord";
    element.setAttribute("role", role);
    element.textContent = text;
    return element;
  }

  /** Every cell of the winning line from ``start`` to ``end`` (a straight run), in order. */
  lineCells([start, end]) {
    const cols = this.cols;
    const [r0, c0, r1, c1] = [Math.floor(start / cols), start % cols, Math.floor(end / cols), end % cols];
    const steps = Math.max(Math.abs(r1 - r0), Math.abs(c1 - c0));
    const [dr, dc] = [Math.sign(r1 - r0), Math.sign(c1 - c0)];
    return Array.from({ length: steps + 1 }, (_, i) => (r0 + i * dr) * cols + c0 + i * dc);
  }

  /**
   * Draw a position: ``marks`` maps cell -> "X"/"O"; ``playable`` is the set of cells a click
   * may play now; ``lines`` the winning lines, each [start, end]; ``hints`` per-cell values or
   * suggestions.
   */
  draw({ marks, last, lines, playable, hints }) {
    this.playable = playable;
    const order = new Map();  // a winning cell -> its place along its line, for the animation
    for (const line of lines) this.lineCells(line).forEach((cell, index) => order.set(cell, index));
    this.cells.forEach((element, cell) => {
      const mark = marks.get(cell) || "";
      const span = element.firstChild;
      span.className = `mark ${mark.toLowerCase()}`;
      element.classList.toggle("last", cell === last);
      const dot = element.querySelector(".dot");
      if (cell === last && !dot) {
        const made = document.createElement("span");
        made.className = "dot";
        made.setAttribute("aria-hidden", "true");
        element.append(made);
      } else if (cell !== last && dot) dot.remove();
      element.classList.toggle("win", order.has(cell));
      if (order.has(cell)) element.style.setProperty("--order", order.get(cell));
      element.setAttribute("aria-disabled", playable.has(cell) ? "false" : "true");
      for (const name of TONES) element.classList.remove(name);
      element.querySelector(".badge")?.remove();
      const name = cellName(this.cols, cell);
      let label = mark ? t("{cell}: {mark}", { cell: name, mark }) : t("{cell}: empty", { cell: name });
      const hint = hints && hints.get(cell);
      if (hint && !mark) {
        element.classList.add(...hint.kind.split(" "));
        if (hint.badge) {
          const badge = document.createElement("span");
          badge.className = "badge";
          badge.setAttribute("aria-hidden", "true");
          badge.textContent = hint.badge;
          element.append(badge);
        }
        label = `${label}. ${hint.label}`;
      }
      if (order.has(cell)) label = `${label}. ${t("winning line")}`;
      if (cell === last) label = `${label}. ${t("last move")}`;
      element.setAttribute("aria-label", label);
    });
    this.lines = lines;
    this.drawLines();
  }

  /** Each winning line through its marks (over a casing), from end to end: one stroke per line. */
  drawLines() {
    const wrap = this.element.parentElement;
    let svg = wrap.querySelector("svg.winline");
    if (!this.lines.length) {
      svg?.remove();
      return;
    }
    if (!svg) {
      svg = document.createElementNS(SVG, "svg");
      svg.setAttribute("class", "winline");
      svg.setAttribute("aria-hidden", "true");
      wrap.append(svg);
    }
    svg.setAttribute("width", wrap.scrollWidth);
    svg.setAttribute("height", wrap.scrollHeight);
    const centre = (cell) => {
      const box = this.cells[cell];
      return [box.offsetLeft + box.offsetWidth / 2, box.offsetTop + box.offsetHeight / 2];
    };
    const strokes = [];
    for (const part of ["casing", "stroke"]) {  // every casing under every line
      for (const [start, end] of this.lines) {
        const [x0, y0] = centre(start);
        const [x1, y1] = centre(end);
        const size = this.cells[start].offsetWidth;
        const length = Math.hypot(x1 - x0, y1 - y0) || 1;
        const [dx, dy] = [((x1 - x0) / length) * size * LINE_REACH, ((y1 - y0) / length) * size * LINE_REACH];
        const width = Math.max(4, size * LINE_WIDTH);
        const stroke = document.createElementNS(SVG, "line");
        stroke.setAttribute("class", part);
        stroke.dataset.ends = `${start}-${end}`;
        stroke.setAttribute("x1", x0 - dx);
        stroke.setAttribute("y1", y0 - dy);
        stroke.setAttribute("x2", x1 + dx);
        stroke.setAttribute("y2", y1 + dy);
        stroke.setAttribute("stroke-width", part === "casing" ? width + 4 : width);
        strokes.push(stroke);
      }
    }
    svg.replaceChildren(...strokes);
  }

  /** Take no clicks until the next :meth:`draw` (another game is on its way). */
  freeze() {
    this.playable = new Set();
    for (const element of this.cells) element.setAttribute("aria-disabled", "true");
  }

  choose(cell) {
    this.moveCursor(cell, false);
    if (this.playable.has(cell)) this.onPlay(cell);
  }

  moveCursor(cell, focus = true) {
    if (!this.cells[cell]) return;
    this.cells[this.cursor].tabIndex = -1;
    this.cursor = cell;
    this.cells[cell].tabIndex = 0;
    if (focus) this.cells[cell].focus();
  }

  key(event) {
    if (!this.cells.length) return;
    const row = Math.floor(this.cursor / this.cols);
    const col = this.cursor % this.cols;
    const moves = {
      ArrowUp: [Math.max(row - 1, 0), col],
      ArrowDown: [Math.min(row + 1, this.rows - 1), col],
      ArrowLeft: [row, Math.max(col - 1, 0)],
      ArrowRight: [row, Math.min(col + 1, this.cols - 1)],
      Home: [row, 0],
      End: [row, this.cols - 1],
    };
    if (moves[event.key]) {
      const [r, c] = moves[event.key];
      this.moveCursor(r * this.cols + c);
      event.preventDefault();
    } else if (event.key === "Enter" || event.key === " ") {
      this.choose(this.cursor);
      event.preventDefault();
    }
  }
}
