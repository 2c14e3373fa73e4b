// The evaluation graph under the board and the evaluation bar beside it: Red's expected score
// (0 to 1, the curve core's review judges by) after each move. The page hands in the numbers;
// these only draw them.

const SVG_NS = 'http://www.w3.org/2000/svg';
const HEIGHT = 120;

function el(tag, attrs, parent) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  parent?.appendChild(node);
  return node;
}

/**
 * Draws the graph into `svg`: `points` has one entry per position (ply 0 = the start), each
 * `null` (not judged yet) or `{ red }` (Red's expected score); `marks[ply - 1]` the verdict on
 * the move that led to ply (its `judgement`); `current` the ply shown. `label(ply)` names a
 * point for the tooltip.
 */
export function drawGraph(svg, { points, marks, current, label }) {
  const width = Math.max(200, Math.round(svg.getBoundingClientRect().width) || 600);
  svg.setAttribute('viewBox', `0 0 ${width} ${HEIGHT}`);
  svg.replaceChildren();
  const n = points.length;
  const x = (ply) => (n <= 1 ? width / 2 : (ply * width) / (n - 1));
  const y = (red) => HEIGHT - red * HEIGHT;
  el('rect', { x: 0, y: 0, width, height: HEIGHT / 2, class: 'black-half' }, svg);
  el('rect', { x: 0, y: HEIGHT / 2, width, height: HEIGHT / 2, class: 'red-half' }, svg);
  el('line', { x1: 0, y1: HEIGHT / 2, x2: width, y2: HEIGHT / 2, class: 'mid' }, svg);
  const known = points.map((p, ply) => (p ? [x(ply), y(p.red)] : null)).filter(Boolean);
  if (known.length) {
    const area = `M ${known[0][0]} ${HEIGHT} ${known.map(([a, b]) => `L ${a} ${b}`).join(' ')} L ${known.at(-1)[0]} ${HEIGHT} Z`;
    el('path', { d: area, class: 'area' }, svg);
    el('polyline', { points: known.map(([a, b]) => `${a},${b}`).join(' '), class: 'curve' }, svg);
  }
  if (current !== null && current !== undefined) {
    el('line', { x1: x(current), y1: 0, x2: x(current), y2: HEIGHT, class: 'cursor' }, svg);
  }
  points.forEach((p, ply) => {
    const mark = ply > 0 ? marks[ply - 1] : null;
    if (!p || !mark || mark.judgement === 'good') return;
    el('circle', { cx: x(ply), cy: y(p.red), r: 4.5, class: `dot ${mark.judgement}`, 'data-graph-ply': ply }, svg);
  });
  // One column per position to click (the move list and the arrow keys do the same for keys).
  points.forEach((p, ply) => {
    const half = n <= 1 ? width / 2 : width / (n - 1) / 2;
    const hit = el('rect', {
      x: Math.max(0, x(ply) - half), y: 0, width: Math.min(width, 2 * half), height: HEIGHT,
      class: 'hit', 'data-graph-ply': ply,
    }, svg);
    const title = el('title', {}, hit);
    title.textContent = label(ply);
  });
}

/** The bar: Red's share from the bottom (or the top when the board is flipped). */
export function drawBar(bar, fill, text, { red, label, flipped }) {
  const share = Math.max(0.02, Math.min(0.98, red));
  fill.style.height = `${(share * 100).toFixed(1)}%`;
  bar.classList.toggle('flipped', Boolean(flipped));
  text.textContent = label;
  bar.setAttribute('aria-label', label);
}
