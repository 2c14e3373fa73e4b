// Analysis: the review of a whole game and the analysis board. State: the game on the board
// (from a finished game, Your games, a pasted FEN or PGN, or moves played freely), the review
// (each position's evaluation and each move's verdict) and the live engine lines. Input: moves
// for either side from the position shown (a move in the middle starts a new line there),
// Review, the engine lines on and off, Load. Drawing: the evaluation bar and graph, the
// verdict on the move shown with the better move as an arrow, the top three lines, Your games.
//
// The verdicts are core's (`judgeMove`: xiangqi_search::review, the rule of Python's
// xiangqi.analyse, with its default search of 20,000 nodes a position).

import { Game, judgeMove, expectedScore } from '../xiangqi.js';
import { t, dateInWords } from '../i18n.js';
import * as store from '../ui-store.js';
import {
  state, hooks, setGame, replay, savedGame, colorName, levelName, moverOfPly, moveText, describeMove, scoreText,
  otherColor, moveNumber, describeOutcome, resignGame, moveSound, pgnNotation,
} from '../state.js';
import { $, announce, notation } from '../render.js';
import { stopThinking } from '../engine-use.js';
import { drawGraph, drawBar } from '../ui-graph.js';
import { listGames, findGame, personalResult, download } from '../games.js';
import { squareIndex } from '../ui-board.js';

/** Nodes the review searches in each position (xiangqi.analyse's default). */
export const REVIEW_NODES = 20_000;
/** Lines the analysis board shows. */
export const LINES = 3;

const empty = () => ({ evals: [], marks: [], running: false, done: false, seq: 0 });

export const analysisMode = {
  name: 'analysis',
  /** The page's parts this mode shows (app.js hides the others'). */
  panels: ['analysis-card', 'games-card', 'graph-box', 'eval-bar'],
  playsFromView: true,
  review: empty(),
  lines: { on: false, list: [], seq: 0, key: null },
  tags: {},
  shownCache: null,

  enter(options = {}) {
    stopThinking();
    state.mode = 'analysis';
    if (options.startFen !== undefined) {
      this.load(options.startFen, options.moves ?? [], { tags: options.tags, review: options.review });
      return;
    }
    if (!this.loaded) {
      // The game kept from a visit before: of the shape save() writes, its moves accepted by
      // the rules (past the end of the game too, as load() reads them), else dropped.
      const saved = store.load('analysis', null, (v) => store.isObject(v) && typeof v.startFen === 'string'
        && store.isStringList(v.moves)
        && (v.tags === undefined || (store.isObject(v.tags) && Object.values(v.tags).every((x) => typeof x === 'string'))));
      const game = saved && savedGame(saved.startFen, saved.moves, { pastEnd: true });
      this.loaded = true;
      if (game) {
        this.install(game, saved.tags ?? {});
        return;
      }
      if (saved) store.drop('analysis');
      this.install(new Game(), {});
      return;
    }
    hooks.render();
  },

  leave() {
    this.stopReview();
    this.stopLines();
    state.arrows = [];
  },

  /** The game replayed from `startFen` and `moves` (ICCS) goes on the board. */
  load(startFen, moves, { tags = {}, review = false } = {}) {
    let game = null;
    try {
      game = new Game(startFen);
      for (const move of moves) game.play(move);
    } catch {
      // Moves past the end of the game under the page's rules: read it as a record instead.
      game?.free();
      game = null;
    }
    if (!game) {
      game = Game.fromRecord(`[FEN "${startFen}"]\n${moves.join(' ')} *`);
    }
    this.loaded = true;
    this.install(game, tags);
    if (review) this.startReview();
  },

  install(game, tags) {
    this.stopReview();
    this.stopLines();
    setGame(game);
    this.tags = tags ?? {};
    this.review = empty();
    this.freeShown();
    state.player = game.turn();
    state.flipped = false;
    // A reviewed game is looked at from its start.
    this.save();
    hooks.render();
  },

  save() {
    const game = state.game;
    store.save('analysis', { startFen: game.startFen(), moves: game.moves(), tags: this.tags });
  },

  freeShown() {
    this.shownCache?.game.free();
    this.shownCache = null;
  },

  /** The position shown (a replay while looking back). */
  position() {
    const game = state.game;
    if (state.view === null) return game;
    if (this.shownCache?.view !== state.view || this.shownCache.source !== game || this.shownCache.plies !== game.ply()) {
      this.freeShown();
      this.shownCache = { view: state.view, source: game, plies: game.ply(), game: replay(game.startFen(), game.moves().slice(0, state.view)) };
    }
    return this.shownCache.game;
  },

  interactive() {
    if (!state.game || this.review.running) return false;
    return this.position().legalMoves().length > 0;
  },

  moverColor() {
    return this.position().turn();
  },

  playMove(move) {
    const game = state.game;
    const at = state.view ?? game.ply();
    const moves = game.moves();
    const before = this.position().board();
    if (at < game.ply()) {
      // A new line from the position shown: the moves after it go.
      if (moves[at] !== move) {
        while (game.ply() > at) game.undo();
        this.review.evals.length = Math.min(this.review.evals.length, at + 1);
        this.review.marks.length = Math.min(this.review.marks.length, at);
        this.review.done = false;
      } else {
        // The move that was played anyway: step forward.
        state.view = at + 1 === game.ply() ? null : at + 1;
        this.freeShown();
        announce(describeMove(before, move, game, at, notation()));
        this.onView();
        hooks.render();
        return;
      }
    }
    state.view = null;
    this.freeShown();
    game.play(move);
    moveSound(Boolean(before[squareIndex(move.slice(2, 4))]));
    state.animate = true;
    this.save();
    const words = describeMove(before, move, game, game.ply() - 1, notation());
    const over = game.outcome();
    announce(over ? `${words}. ${t('say.gameOver', { reason: describeOutcome(over).reason })}` : `${words}.`);
    this.onView();
    hooks.render();
  },

  /** The position shown changed. */
  onView() {
    this.freeShown();
    if (this.lines.on) this.startLines();
    const mark = this.markAt(state.view ?? state.game.ply());
    if (mark && mark.judgement !== 'good') announce(this.verdictWords(state.view ?? state.game.ply()));
  },

  resume() {
    if (this.review.pending) this.startReview();
    else if (this.lines.on) this.startLines();
  },

  // ----- The review ----------------------------------------------------------------------

  /** Every position of the game evaluated in turn; each move judged as soon as it can be. */
  async startReview() {
    this.stopLines();
    const review = this.review;
    if (state.engineStatus !== 'ready') {
      review.pending = true;
      hooks.render();
      return;
    }
    review.pending = false;
    stopThinking();
    const seq = ++review.seq;
    const game = state.game;
    const moves = game.moves();
    review.running = true;
    review.done = false;
    state.analysing = true;
    hooks.render();
    const positions = moves.length + 1;
    for (let ply = 0; ply < positions; ply++) {
      if (review.evals[ply]) continue;
      let line;
      try {
        // Core's review of the position: searched, or scored by the outcome where the rules
        // have ended the game.
        state.analysing = true;
        line = await state.engine.reviewPosition({
          fen: game.startFen(), moves: moves.slice(0, ply), nodes: REVIEW_NODES, variant: game.variant(),
        });
      } catch (error) {
        if (seq === review.seq) {
          review.running = false;
          state.analysing = false;
          if (error?.name !== 'AbortError') review.error = error.message;
          hooks.render();
        }
        return;
      }
      if (seq !== review.seq || game !== state.game) return;
      review.evals[ply] = line;
      if (ply > 0) this.judge(ply - 1);
      this.renderReview();
    }
    review.running = false;
    review.done = true;
    state.analysing = false;
    const counts = this.counts();
    announce(`${t('analysis.reviewed')} ${t('analysis.summary', { color: colorName('red'), ...counts.red })}; ${t('analysis.summary', { color: colorName('black'), ...counts.black })}.`);
    hooks.render();
  },

  stopReview() {
    const review = this.review;
    review.pending = false;
    if (!review.running) return;
    review.seq++;
    review.running = false;
    stopThinking();
  },

  /** The verdict on move `index` (0-based) from the evaluations around it. */
  judge(index) {
    const before = this.review.evals[index];
    const after = this.review.evals[index + 1];
    if (!before || !after) return;
    const played = state.game.moves()[index];
    const verdict = judgeMove(before.score, after.score, before.pv[0] === played);
    this.review.marks[index] = { ...verdict, best: before.pv[0] ?? null, line: before.pv, bestScore: before.score, bestMate: before.mate };
  },

  markAt(ply) {
    return ply > 0 ? this.review.marks[ply - 1] ?? null : null;
  },

  marks() {
    return this.review.marks.map((m) => (m && m.judgement !== 'good' ? m : null));
  },

  counts() {
    const counts = { red: { dubious: 0, mistake: 0, blunder: 0 }, black: { dubious: 0, mistake: 0, blunder: 0 } };
    this.review.marks.forEach((m, i) => {
      if (m && m.judgement !== 'good') counts[moverOfPly(i)][m.judgement]++;
    });
    return counts;
  },

  /** A line of ICCS moves from the position after `ply` plies, in the notation in use. */
  lineText(ply, pv, limit = 8, { numbers = true } = {}) {
    const game = replay(state.game.startFen(), state.game.moves().slice(0, ply));
    if (!game) return '';
    const words = [];
    for (const [i, move] of pv.slice(0, limit).entries()) {
      try {
        game.play(move);
      } catch {
        break;
      }
      const n = ply + i;
      let prefix = moverOfPly(n) === 'red' ? `${moveNumber(n)}.` : i === 0 ? `${moveNumber(n)}…` : '';
      if (!numbers) prefix = '';
      words.push(`${prefix}${prefix ? ' ' : ''}${moveText(game, game.ply() - 1, notation())}`);
    }
    game.free();
    return words.join(' ');
  },

  verdictWords(ply) {
    const mark = this.markAt(ply);
    if (!mark || mark.judgement === 'good') return '';
    const played = moveText(state.game, ply - 1, notation());
    const better = mark.best ? this.lineText(ply - 1, [mark.best], 1, { numbers: false }) : '';
    return t(`analysis.say.${mark.judgement}`, { move: played, better });
  },

  // ----- The engine lines ----------------------------------------------------------------

  toggleLines() {
    if (this.lines.on) {
      this.stopLines();
      announce(t('analysis.linesNone'));
      hooks.render();
    } else {
      this.stopReview();
      this.lines.on = true;
      this.startLines();
      hooks.render();
    }
  },

  startLines() {
    const lines = this.lines;
    const seq = ++lines.seq;
    lines.list = [];
    const game = state.game;
    const ply = state.view ?? game.ply();
    lines.ply = ply;
    if (state.engineStatus !== 'ready') return;
    if (this.position().legalMoves().length === 0) {
      this.renderLines();
      return;
    }
    // A search of another position may still run: stop it first.
    stopThinking();
    state.analysing = true;
    lines.running = true;
    // An iteration's lines come one at a time: they are shown once its set is whole, so that
    // lines of two depths (which may share a first move) never stand together.
    const whole = Math.min(LINES, this.position().legalMoves().length);
    let iteration = [];
    state.engine.analyse(
      { fen: game.startFen(), moves: game.moves().slice(0, ply), multipv: LINES, infinite: true },
      (line) => {
        if (seq !== lines.seq) return;
        if (line.multipv === 1) iteration = [];
        iteration[line.multipv - 1] = line;
        if (lines.list.length && iteration.filter(Boolean).length < whole) return;
        lines.list = iteration.slice();
        lines.depth = line.depth;
        this.renderLines();
        this.renderBar();
      },
    ).catch(() => {}).finally(() => {
      if (seq === lines.seq) {
        lines.running = false;
        state.analysing = false;
      }
    });
    this.renderLines();
  },

  stopLines() {
    const lines = this.lines;
    const wasOn = lines.on;
    lines.on = false;
    lines.seq++;
    lines.running = false;
    if (wasOn) stopThinking();
    if (state.game) this.renderLines();
  },

  // ----- Drawing ---------------------------------------------------------------------------

  title() {
    return this.review.evals.length || this.review.running ? t('title.review') : t('title.analysis');
  },

  turnLine() {
    const pos = this.position();
    const over = pos.outcome();
    if (over) return { turn: t('turn.over'), sub: describeOutcome(over).reason };
    return { turn: t('turn.toMove', { color: colorName(pos.turn()) }), sub: '' };
  },

  barLabel(color) {
    const name = this.tags[color === 'red' ? 'Red' : 'Black'];
    return name ? `${name} · ${colorName(color)}` : t('bar.side', { color: colorName(color) });
  },

  pgnTags() {
    const tags = { Event: t('pgn.event.analysis'), Site: t('pgn.site') };
    for (const [k, v] of Object.entries(this.tags)) if (!['FEN', 'Format', 'Result', 'Termination'].includes(k)) tags[k] = v;
    return tags;
  },

  /** Red's evaluation of the position after `ply` plies, when known: { red, text }. */
  evaluation(ply) {
    let line = this.review.evals[ply];
    if (!line && this.lines.ply === ply && this.lines.list[0]) line = this.lines.list[0];
    if (!line) return null;
    const turn = ply % 2 === 0 ? state.startTurn : otherColor(state.startTurn);
    const redScore = turn === 'red' ? line.score : -line.score;
    return { red: expectedScore(redScore), text: scoreText(line.score, line.mate, turn), line, turn };
  },

  render() {
    this.renderReview();
    this.renderLines();
    this.renderGames();
  },

  renderReview() {
    const review = this.review;
    const game = state.game;
    const plies = game.ply();
    const ply = state.view ?? plies;
    const button = $('btn-review');
    button.textContent = review.running ? t('analysis.stopReview') : t('analysis.review');
    button.dataset.running = String(review.running);
    button.disabled = plies === 0 && !review.running;
    const judged = review.evals.filter(Boolean).length;
    let status = '';
    if (review.running) status = t('analysis.reviewing', { n: Math.min(judged + 1, plies + 1), total: plies + 1 });
    else if (review.done) status = t('analysis.reviewed');
    $('review-status').textContent = status;
    $('analysis-card').dataset.review = review.running ? 'running' : review.done ? 'done' : 'none';
    const counts = this.counts();
    const shown = review.evals.length > 0;
    $('review-summary-red').textContent = shown ? t('analysis.summary', { color: colorName('red'), ...counts.red }) : '';
    $('review-summary-black').textContent = shown ? t('analysis.summary', { color: colorName('black'), ...counts.black }) : '';

    // The verdict on the move shown, and its better move as an arrow.
    const mark = this.markAt(ply);
    const verdict = $('verdict');
    state.arrows = [];
    verdict.replaceChildren();
    delete verdict.dataset.judgement;
    if (ply > 0 && review.evals[ply]) {
      const played = moveText(game, ply - 1, notation());
      const after = this.evaluation(ply);
      const head = document.createElement('p');
      head.className = 'played';
      head.textContent = `${moveNumber(ply - 1)}${moverOfPly(ply - 1) === 'red' ? '.' : '…'} ${t('analysis.played', { move: `${played}${mark?.symbol ?? ''}`, score: after?.text ?? '' })}`;
      verdict.appendChild(head);
      if (mark && mark.judgement !== 'good') {
        verdict.dataset.judgement = mark.judgement;
        const kind = document.createElement('p');
        kind.className = 'kind';
        kind.textContent = t(`analysis.${mark.judgement}`);
        const turn = moverOfPly(ply - 1);
        const better = document.createElement('p');
        better.className = 'better';
        better.dataset.move = mark.best ?? '';
        better.textContent = t('analysis.better', {
          move: this.lineText(ply - 1, [mark.best], 1, { numbers: false }), score: scoreText(mark.bestScore, mark.bestMate, turn),
        });
        const line = document.createElement('p');
        line.className = 'best-line';
        line.textContent = t('analysis.bestLine', { line: this.lineText(ply - 1, mark.line) });
        verdict.append(kind, better, line);
        if (mark.best) state.arrows.push({ from: mark.best.slice(0, 2), to: mark.best.slice(2, 4), kind: 'best' });
      }
    }
    if (!state.arrows.length && this.lines.on && this.lines.list[0]?.pv[0] && this.lines.ply === ply) {
      const best = this.lines.list[0].pv[0];
      state.arrows.push({ from: best.slice(0, 2), to: best.slice(2, 4), kind: 'best' });
    }
    hooks.board?.drawArrows(state.arrows);

    // The graph: one point a position.
    const points = [];
    for (let i = 0; i <= plies; i++) {
      const e = review.evals[i] ? this.evaluation(i) : null;
      points.push(e ? { red: e.red } : null);
    }
    drawGraph($('graph'), {
      points,
      marks: review.marks,
      current: ply,
      label: (i) => {
        const e = review.evals[i] ? this.evaluation(i) : null;
        const move = i > 0 ? moveText(game, i - 1, notation()) : t('review.start');
        return t('analysis.graphPoint', { n: i, move, score: e?.text ?? '…' });
      },
    });
    $('graph-box').dataset.points = String(points.filter(Boolean).length);
    this.renderBar();
  },

  renderBar() {
    const ply = state.view ?? state.game.ply();
    const e = this.evaluation(ply);
    drawBar($('eval-bar'), $('eval-fill'), $('eval-text'), {
      red: e ? e.red : 0.5,
      label: t('analysis.bar', { score: e?.text ?? '…' }),
      flipped: state.flipped,
    });
    if (this.lines.on && !state.arrows.length && this.lines.list[0]?.pv[0] && this.lines.ply === ply) {
      const best = this.lines.list[0].pv[0];
      state.arrows = [{ from: best.slice(0, 2), to: best.slice(2, 4), kind: 'best' }];
      hooks.board?.drawArrows(state.arrows);
    }
  },

  renderLines() {
    const lines = this.lines;
    const button = $('btn-lines');
    button.textContent = lines.on ? t('analysis.linesStop') : t('analysis.linesStart');
    button.setAttribute('aria-pressed', String(lines.on));
    const list = $('lines');
    list.dataset.state = lines.on ? (lines.running ? 'running' : 'stopped') : 'off';
    if (!lines.on) {
      list.replaceChildren();
      return;
    }
    const ply = lines.ply ?? 0;
    if (this.position().legalMoves().length === 0) {
      const li = document.createElement('li');
      li.textContent = t('analysis.noMove');
      list.replaceChildren(li);
      return;
    }
    const turn = ply % 2 === 0 ? state.startTurn : otherColor(state.startTurn);
    list.dataset.depth = String(lines.depth ?? 0);
    list.replaceChildren(...lines.list.filter(Boolean).map((line) => {
      const li = document.createElement('li');
      li.dataset.pv = line.pv.join(' ');
      li.dataset.multipv = String(line.multipv);
      const score = document.createElement('span');
      score.className = 'score';
      score.textContent = scoreText(line.score, line.mate, turn);
      const moves = document.createElement('span');
      moves.className = 'pv';
      moves.textContent = this.lineText(ply, line.pv, 10);
      const depth = document.createElement('span');
      depth.className = 'depth';
      depth.textContent = t('analysis.linesDepth', { depth: line.depth });
      li.append(score, moves, depth);
      return li;
    }));
  },

  renderGames() {
    const games = listGames();
    $('games-empty').hidden = games.length > 0;
    $('btn-games-all').hidden = games.length === 0;
    $('games-list').replaceChildren(...games.map((g) => {
      const li = document.createElement('li');
      li.dataset.game = g.id;
      li.dataset.result = personalResult(g);
      const date = dateInWords(g.date.slice(0, 10));
      const text = document.createElement('span');
      text.className = 'what';
      text.textContent = t('games.item', {
        date, level: g.mode === 'daily' ? `${levelName(g.level)} (${t('games.daily')})` : levelName(g.level),
        color: colorName(g.color), result: `${t(`games.${personalResult(g)}`)} ${g.result === '1/2-1/2' ? t('result.draw') : g.result}`,
      });
      const button = (action, words) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'small';
        b.dataset[action] = g.id;
        b.textContent = t(`games.${words}`);
        b.setAttribute('aria-label', t(`games.${words}Label`, { date }));
        return b;
      };
      li.append(text, button('open', 'open'), button('download', 'download'));
      return li;
    }));
  },
};

/** The PGN of a kept game. */
export function gamePgn(g) {
  const game = Game.fromRecord(`[FEN "${g.startFen}"]\n${g.moves.join(' ')} *`);
  const engineName = t('pgn.computer', { level: levelName(g.level) });
  const tags = {
    Event: g.mode === 'daily' ? t('pgn.event.daily', { date: g.date.slice(0, 10) }) : t('pgn.event.play', { level: levelName(g.level) }),
    Site: t('pgn.site'),
    Date: g.date.slice(0, 10).replaceAll('-', '.'),
    Red: g.color === 'red' ? t('pgn.you') : engineName,
    Black: g.color === 'black' ? t('pgn.you') : engineName,
  };
  // A resignation is not in the moves: the game is resigned again, and core writes the result.
  if (g.termination === 'resignation') resignGame(game, g.result === '1-0' ? 'black' : 'red');
  const text = game.pgn(tags, pgnNotation());
  game.free();
  return text;
}

/** The tags a kept game opens with in the analysis board. */
function gameTags(g) {
  const engineName = t('pgn.computer', { level: levelName(g.level) });
  return { Red: g.color === 'red' ? t('pgn.you') : engineName, Black: g.color === 'black' ? t('pgn.you') : engineName };
}

/** The analysis controls, wired once. `go(mode, options)` switches modes. */
export function wireAnalysisControls(go) {
  $('btn-review').addEventListener('click', () => {
    if (analysisMode.review.running) {
      analysisMode.stopReview();
      hooks.render();
    } else {
      analysisMode.startReview();
    }
  });
  $('btn-lines').addEventListener('click', () => analysisMode.toggleLines());
  $('graph').addEventListener('click', (event) => {
    const hit = event.target.closest('[data-graph-ply]');
    if (!hit) return;
    const ply = Number(hit.dataset.graphPly);
    hooks.showPly(ply);
  });
  $('load-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const text = $('load-text').value;
    let game;
    try {
      game = Game.fromRecord(text);
    } catch (error) {
      $('load-status').textContent = t('analysis.loadFailed', { why: error.message });
      return;
    }
    const tags = game.tags();
    const plies = game.ply();
    analysisMode.install(game, tags);
    $('load-status').textContent = plies ? t('analysis.loaded', { n: Math.ceil(plies / 2) }) : t('analysis.loadedFen');
  });
  $('btn-start-position').addEventListener('click', () => {
    analysisMode.install(new Game(), {});
    $('load-status').textContent = '';
  });
  $('games-list').addEventListener('click', (event) => {
    const open = event.target.closest('[data-open]');
    const save = event.target.closest('[data-download]');
    const g = findGame((open ?? save)?.dataset.open ?? (open ?? save)?.dataset.download);
    if (!g) return;
    if (open) go('analysis', { startFen: g.startFen, moves: g.moves, tags: gameTags(g), review: true });
    else download(`xiangqi-${g.date.slice(0, 10)}-${g.id}.pgn`, gamePgn(g));
  });
  $('btn-games-all').addEventListener('click', () => {
    const all = listGames().map(gamePgn).join('\n');
    download('xiangqi-games.pgn', all);
  });
}
