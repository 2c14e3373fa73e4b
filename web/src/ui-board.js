// The board as the player sees it: 90 labelled points over an SVG drawing of the lines, the
// river and the palaces, and an SVG layer for arrows (the better move of a review). It knows
// nothing of the rules nor of words; the page hands it what to show and how to name a point.
// A janggi board has the same points and palaces but no river: its files run through, and its
// pieces are octagons of three sizes in Cho's (blue-green) and Han's (red) colours.

const FILES = 'abcdefghi';
const SVG_NS = 'http://www.w3.org/2000/svg';

/** Characters for each FEN letter: Red (upper case) and Black (lower case). */
export const PIECE_CHARACTERS = {
  K: '帥', A: '仕', E: '相', H: '傌', R: '俥', C: '炮', P: '兵',
  k: '將', a: '士', e: '象', h: '馬', r: '車', c: '砲', p: '卒',
};

/** Janggi's characters: Cho (upper case) and Han (lower case), as janggi sets carve them. */
export const JANGGI_CHARACTERS = {
  K: '楚', A: '士', E: '象', H: '馬', R: '車', C: '包', P: '卒',
  k: '漢', a: '士', e: '象', h: '馬', r: '車', c: '包', p: '兵',
};

/** A janggi piece's size by role: the general largest, guards and soldiers smallest. */
export const JANGGI_SIZES = { k: 'large', a: 'small', p: 'small', e: 'medium', h: 'medium', r: 'medium', c: 'medium' };

/** Western letters, the same for both colours (the ring and the colour tell them apart). */
export const PIECE_LETTERS = { K: 'K', A: 'A', E: 'E', H: 'H', R: 'R', C: 'C', P: 'P' };

// FEN files also use B for elephant and N for horse; the board shows them the same way.
const LETTER_ALIASES = { b: 'e', n: 'h' };

/** The role letter (k a e h r c p) of a FEN piece letter. */
export function roleOf(letter) {
  const lower = letter.toLowerCase();
  return LETTER_ALIASES[lower] ?? lower;
}

/** 'red' or 'black' for a FEN piece letter. */
export function colorOf(letter) {
  return letter === letter.toUpperCase() ? 'red' : 'black';
}

/** The text drawn on a piece in the chosen style ('characters' or 'letters') of `variant`. */
export function pieceGlyph(letter, style, variant = 'xiangqi') {
  const role = roleOf(letter);
  if (style === 'letters') return PIECE_LETTERS[role.toUpperCase()];
  const characters = variant === 'janggi' ? JANGGI_CHARACTERS : PIECE_CHARACTERS;
  return characters[colorOf(letter) === 'red' ? role.toUpperCase() : role];
}

/**
 * The classes of a piece: its colour (`red`, `black`), and in janggi `janggi`, the side's
 * colours (`cho`, `han`) and the size (`large`, `medium`, `small`).
 */
export function pieceClasses(letter, variant = 'xiangqi') {
  const color = colorOf(letter);
  if (variant !== 'janggi') return color;
  return `${color} janggi ${color === 'red' ? 'cho' : 'han'} ${JANGGI_SIZES[roleOf(letter)]}`;
}

export function squareName(index) {
  return FILES[index % 9] + Math.floor(index / 9);
}

export function squareIndex(name) {
  return FILES.indexOf(name[0]) + 9 * Number(name.slice(1));
}

function svg(tag, attrs, parent) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (parent) parent.appendChild(el);
  return el;
}

// Point (file, rank) as drawn with Red at the bottom; the flip is applied to the points, and the
// drawing itself is symmetric under a half turn, so only the river text stays upright.
const X = (col) => 50 + 100 * col;
const Y = (row) => 50 + 100 * row;

function drawLines(variant) {
  const janggi = variant === 'janggi';
  const root = svg('svg', { viewBox: '0 0 900 1000', class: 'lines', 'aria-hidden': 'true', focusable: 'false' });
  svg('rect', { x: 30, y: 30, width: 840, height: 940, class: 'outer' }, root);
  const g = svg('g', { class: 'grid' }, root);
  for (let row = 0; row < 10; row++) svg('line', { x1: X(0), y1: Y(row), x2: X(8), y2: Y(row) }, g);
  for (let col = 0; col < 9; col++) {
    // No river in janggi: every file runs the length of the board.
    if (janggi || col === 0 || col === 8) {
      svg('line', { x1: X(col), y1: Y(0), x2: X(col), y2: Y(9) }, g);
    } else {
      svg('line', { x1: X(col), y1: Y(0), x2: X(col), y2: Y(4) }, g);
      svg('line', { x1: X(col), y1: Y(5), x2: X(col), y2: Y(9) }, g);
    }
  }
  for (const top of [0, 7]) {
    svg('line', { x1: X(3), y1: Y(top), x2: X(5), y2: Y(top + 2) }, g);
    svg('line', { x1: X(5), y1: Y(top), x2: X(3), y2: Y(top + 2) }, g);
  }
  if (janggi) return root;
  // The small corner marks on the cannons' and soldiers' starting points.
  const marks = svg('g', { class: 'marks' }, root);
  const starts = [[1, 2], [7, 2], [1, 7], [7, 7]];
  for (const col of [0, 2, 4, 6, 8]) starts.push([col, 3], [col, 6]);
  const d = 9, len = 20;
  for (const [col, row] of starts) {
    const x = X(col), y = Y(row);
    for (const sx of [-1, 1]) {
      if ((col === 0 && sx < 0) || (col === 8 && sx > 0)) continue;
      for (const sy of [-1, 1]) {
        const cx = x + sx * d, cy = y + sy * d;
        svg('polyline', { points: `${cx + sx * len},${cy} ${cx},${cy} ${cx},${cy + sy * len}` }, marks);
      }
    }
  }
  const river = svg('g', { class: 'river' }, root);
  const left = svg('text', { x: X(2), y: 500, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, river);
  left.textContent = '楚 河';
  const right = svg('text', { x: X(6), y: 500, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, river);
  right.textContent = '漢 界';
  return root;
}

// A press that travels further than this (in CSS pixels) is a drag, not a click.
const DRAG_THRESHOLD_PX = 6;

/**
 * The board view. `onActivate(square)` is called when a point is clicked, tapped or chosen with
 * Enter/Space; `onCancel()` on Escape; `onDragStart(square)` when a movable piece starts being
 * dragged (a drop then activates the point it lands on); `label(square, letter, marks)` names a
 * point for screen readers (`marks`: selected, target, check, last, hint).
 */
export class BoardView {
  constructor(root, frame, { onActivate, onCancel, onDragStart, label }) {
    this.root = root;
    this.frame = frame;
    this.onActivate = onActivate;
    this.onCancel = onCancel;
    this.onDragStart = onDragStart;
    this.label = label;
    this.movable = new Set();
    this.drag = null;
    this.suppressClick = false;
    this.flipped = false;
    this.cursor = 'e0';
    this.points = new Map();
    this.lastView = null;

    this.variant = 'xiangqi';
    root.replaceChildren(drawLines(this.variant));
    this.arrowLayer = svg('svg', { viewBox: '0 0 900 1000', class: 'arrows', 'aria-hidden': 'true', focusable: 'false' });
    const defs = svg('defs', {}, this.arrowLayer);
    for (const kind of ['best', 'played']) {
      const marker = svg('marker', { id: `arrow-head-${kind}`, viewBox: '0 0 10 10', refX: 5, refY: 5, markerWidth: 3.2, markerHeight: 3.2, orient: 'auto-start-reverse' }, defs);
      svg('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: `head ${kind}` }, marker);
    }
    for (let index = 0; index < 90; index++) {
      const name = squareName(index);
      const point = document.createElement('div');
      point.className = 'pt';
      point.dataset.square = name;
      point.setAttribute('role', 'button');
      point.tabIndex = -1;
      root.appendChild(point);
      this.points.set(name, point);
    }
    root.appendChild(this.arrowLayer);
    this.fileLabels = this.makeLabels('files', 9);
    this.rankLabels = this.makeLabels('ranks', 10);

    root.addEventListener('click', (event) => {
      if (this.suppressClick) {
        this.suppressClick = false;
        return;
      }
      const point = event.target.closest('.pt');
      if (!point) return;
      this.setCursor(point.dataset.square, false);
      this.onActivate(point.dataset.square);
    });
    root.addEventListener('keydown', (event) => this.keydown(event));
    root.addEventListener('focusin', (event) => {
      const point = event.target.closest('.pt');
      if (point && point.dataset.square !== this.cursor) this.setCursor(point.dataset.square, false);
    });
    root.addEventListener('pointerdown', (event) => this.pointerdown(event));
    root.addEventListener('pointermove', (event) => this.pointermove(event));
    root.addEventListener('pointerup', (event) => this.pointerup(event));
    root.addEventListener('pointercancel', () => this.endDrag());
    this.setCursor('e0', false);
  }

  makeLabels(kind, count) {
    const box = document.createElement('div');
    box.className = `coords ${kind}`;
    box.setAttribute('aria-hidden', 'true');
    const labels = [];
    for (let i = 0; i < count; i++) {
      const span = document.createElement('span');
      box.appendChild(span);
      labels.push(span);
    }
    this.frame.appendChild(box);
    return labels;
  }

  /** Column and row on screen (0,0 top left) of a point. */
  screenPosition(name) {
    const file = FILES.indexOf(name[0]);
    const rank = Number(name.slice(1));
    return this.flipped ? { col: 8 - file, row: rank } : { col: file, row: 9 - rank };
  }

  keydown(event) {
    const keys = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (keys[event.key]) {
      event.preventDefault();
      const [dc, dr] = keys[event.key];
      const { col, row } = this.screenPosition(this.cursor);
      const c = Math.min(8, Math.max(0, col + dc));
      const r = Math.min(9, Math.max(0, row + dr));
      const file = this.flipped ? 8 - c : c;
      const rank = this.flipped ? r : 9 - r;
      this.setCursor(FILES[file] + rank, true);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (!event.repeat) this.onActivate(this.cursor);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      this.onCancel();
    }
  }

  pointerdown(event) {
    this.suppressClick = false;
    if (event.button !== 0) return;
    const point = event.target.closest('.pt');
    // A touch on a piece that may move starts a drag, never a scroll of the page.
    if (point && event.pointerType === 'touch' && this.movable.has(point.dataset.square)) event.preventDefault();
    if (!point || !this.movable.has(point.dataset.square)) return;
    this.drag = { from: point.dataset.square, x: event.clientX, y: event.clientY, moved: false, id: event.pointerId };
  }

  pointermove(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.id) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved) {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
      drag.moved = true;
      this.root.setPointerCapture?.(drag.id);
      this.onDragStart(drag.from);
      drag.point = this.points.get(drag.from);
      drag.piece = drag.point.querySelector('.piece');
      if (!drag.piece) {
        this.drag = null;
        return;
      }
      drag.point.classList.add('dragging');
    }
    drag.piece.style.transition = 'none';
    drag.piece.style.transform = `translate(${dx}px, ${dy}px) scale(1.12)`;
  }

  pointerup(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.id) return;
    this.endDrag();
    if (!drag.moved) return;
    // The click that follows a drag is not a second choice.
    this.suppressClick = true;
    setTimeout(() => { this.suppressClick = false; }, 0);
    const target = document.elementFromPoint(event.clientX, event.clientY)?.closest('.pt');
    if (target && this.root.contains(target) && target.dataset.square !== drag.from) {
      this.setCursor(target.dataset.square, false);
      // A dropped piece is already where it lands: no slide.
      this.dropping = true;
      try {
        this.onActivate(target.dataset.square);
      } finally {
        this.dropping = false;
      }
    }
  }

  endDrag() {
    const drag = this.drag;
    this.drag = null;
    if (!drag?.piece) return;
    drag.point.classList.remove('dragging');
    drag.piece.style.transition = '';
    drag.piece.style.transform = '';
  }

  /** Moves the keyboard cursor (the one point reachable with Tab) and optionally focuses it. */
  setCursor(name, focus) {
    const old = this.points.get(this.cursor);
    if (old) {
      old.tabIndex = -1;
      old.classList.remove('cursor');
    }
    this.cursor = name;
    const point = this.points.get(name);
    point.tabIndex = 0;
    point.classList.add('cursor');
    if (focus) point.focus();
  }

  /** Draws the lines of `variant`'s board ('xiangqi' or 'janggi'), when they are not already. */
  setVariant(variant) {
    if (variant === this.variant) return;
    this.variant = variant;
    this.root.querySelector('svg.lines').replaceWith(drawLines(variant));
    this.root.classList.toggle('janggi', variant === 'janggi');
  }

  /**
   * Draws a position. `view`: { board (90 FEN letters or ''), variant ('xiangqi' or 'janggi'),
   * fen (the game's), viewFen (the position shown when looking back, else null), flipped,
   * pieceStyle, selected, targets (squares), lastMove (ICCS; a janggi pass is from and to the
   * same point), check (square), interactive, movable (squares), animate }.
   */
  render(view) {
    const { board, flipped, pieceStyle } = view;
    const variant = view.variant ?? 'xiangqi';
    this.setVariant(variant);
    this.flipped = flipped;
    this.root.dataset.fen = view.fen;
    if (view.viewFen) this.root.dataset.viewFen = view.viewFen;
    else delete this.root.dataset.viewFen;
    this.root.classList.toggle('reviewing', Boolean(view.viewFen));
    this.root.classList.toggle('flipped', flipped);
    this.root.classList.toggle('letters', pieceStyle === 'letters');
    this.root.classList.toggle('interactive', Boolean(view.interactive));
    this.movable = new Set(view.interactive ? view.movable ?? [] : []);
    const targets = new Set(view.targets ?? []);
    const from = view.lastMove?.slice(0, 2);
    const to = view.lastMove?.slice(2, 4);

    for (let index = 0; index < 90; index++) {
      const name = squareName(index);
      const point = this.points.get(name);
      if (this.placedFlipped !== flipped) {
        const { col, row } = this.screenPosition(name);
        point.style.left = `${(col * 100) / 9}%`;
        point.style.top = `${row * 10}%`;
      }
      const letter = board[index];
      const isTarget = targets.has(name);
      point.classList.toggle('target', isTarget);
      point.classList.toggle('capture', isTarget && Boolean(letter));
      point.classList.toggle('selected', view.selected === name);
      point.classList.toggle('last', name === from || name === to);
      point.classList.toggle('check', view.check === name);
      point.classList.toggle('movable', this.movable.has(name));

      point.classList.toggle('hint', view.hint === name);
      point.setAttribute('aria-label', this.label(name, letter, {
        selected: view.selected === name,
        target: isTarget,
        check: view.check === name,
        last: name === to,
        hint: view.hint === name,
      }));

      const current = point.querySelector('.piece');
      if (letter) {
        const glyph = pieceGlyph(letter, pieceStyle, variant);
        const classes = `piece ${pieceClasses(letter, variant)}`;
        if (!current || current.dataset.piece !== letter || current.textContent !== glyph || current.className !== classes) {
          const piece = document.createElement('span');
          piece.className = classes;
          piece.dataset.piece = letter;
          piece.setAttribute('aria-hidden', 'true');
          piece.textContent = glyph;
          if (current) current.replaceWith(piece);
          else point.prepend(piece);
        }
      } else if (current) {
        current.remove();
      }
    }

    this.placedFlipped = flipped;
    const files = flipped ? [...FILES].reverse() : [...FILES];
    this.fileLabels.forEach((span, i) => { span.textContent = files[i]; });
    this.rankLabels.forEach((span, i) => { span.textContent = String(flipped ? i : 9 - i); });

    this.drawArrows(view.arrows ?? []);
    if (view.animate && from && to && from !== to) this.slide(from, to);
  }

  /** Arrows over the board, each `{ from, to, kind }` (`kind`: 'best' or 'played'). */
  drawArrows(arrows) {
    const layer = this.arrowLayer;
    for (const old of layer.querySelectorAll('line')) old.remove();
    for (const { from, to, kind = 'best' } of arrows) {
      const a = this.screenPosition(from);
      const b = this.screenPosition(to);
      const x1 = 50 + 100 * a.col;
      const y1 = 50 + 100 * a.row;
      const x2 = 50 + 100 * b.col;
      const y2 = 50 + 100 * b.row;
      // Stop short of the point's centre so that the head does not hide the piece there.
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const cut = Math.min(30, len / 3);
      svg('line', {
        x1, y1, x2: x2 - ((x2 - x1) * cut) / len, y2: y2 - ((y2 - y1) * cut) / len,
        class: `arrow ${kind}`, 'marker-end': `url(#arrow-head-${kind})`, 'data-arrow': from + to,
      }, layer);
    }
  }

  /** Slides the piece now on `to` in from `from` (a short transform transition). */
  slide(from, to) {
    const piece = this.points.get(to).querySelector('.piece');
    if (!piece || this.dropping || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const a = this.points.get(from).getBoundingClientRect();
    const b = this.points.get(to).getBoundingClientRect();
    piece.style.transition = 'none';
    piece.style.transform = `translate(${a.left - b.left}px, ${a.top - b.top}px)`;
    piece.getBoundingClientRect();
    piece.style.transition = '';
    piece.style.transform = '';
  }

  /** A short red flash on a point (a wrong puzzle move). */
  flash(name) {
    const point = this.points.get(name);
    point.classList.remove('wrong');
    void point.offsetWidth;
    point.classList.add('wrong');
    setTimeout(() => point.classList.remove('wrong'), 900);
  }
}
