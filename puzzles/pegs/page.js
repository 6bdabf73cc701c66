// Moving Pegs: a triangle of holes numbered from 1 at the apex, row by row; a state is its rows of
// 1 (a peg) and 0 (empty). A move jumps a peg over one or more pegs in a line; it is drawn as an
// arrow over the holes it passes. A case is the hole the last peg must end in, alone for a contest
// start (every other hole pegged) or with the position in full: `5:o/oo/ooo/o.oo/o.ooo`.
// Play: a click on a peg lifts it (again: puts it down), a click on a hole jumps the peg lifted
// up there, as a drag from a peg to a hole it can jump to does. Any other drag swaps a peg and a
// hole: a new start (at a contest start, the empty hole moved, the goal with it).
import { InputProblem, filledLines, svgEl, tokensOf } from '../common.js';

const holeAt = (r, c) => (r * (r + 1)) / 2 + c + 1;
const placeOf = (hole) => {
  let r = 0;
  while (holeAt(r + 1, 0) <= hole) ++r;
  return [r, hole - holeAt(r, 0)];
};

// Whether the board is a contest start: every hole pegged but the goal's.
const isContestStart = (model) => model.pegs.every((peg, i) => peg === (i + 1 !== model.goal));

// The holes between `from` and `to` when they lie on a row or a diagonal (down-right), else null.
function holesBetween(from, to) {
  const [r1, c1] = placeOf(from), [r2, c2] = placeOf(to);
  const [dr, dc] = [r2 - r1, c2 - c1];
  if (!(dr === 0 || dc === 0 || dr === dc) || (dr === 0 && dc === 0)) return null;
  const steps = Math.max(Math.abs(dr), Math.abs(dc));
  return Array.from(
      {length: steps - 1},
      (_, k) => holeAt(r1 + (Math.sign(dr) * (k + 1)), c1 + (Math.sign(dc) * (k + 1))));
}

// Jumps the peg in `from` to the hole `to` over the pegs between, if that is a move.
function jump(model, from, to) {
  const over = holesBetween(from, to);
  const pegged = (hole) => model.pegs[hole - 1];
  if (!over?.length || !pegged(from) || pegged(to) || !over.every(pegged)) return false;
  for (const hole of [from, ...over]) model.pegs[hole - 1] = false;
  model.pegs[to - 1] = true;
  return true;
}

export const pegs = {
  title: 'Peg solitaire (triangle)',
  rules: 'Jump pegs over pegs, removing them, until one peg is left in the hole that was empty.',
  presets: {rows: ['5', '6', '7']},
  basic: ['rows'],
  labels: {rows: 'Rows of the triangle'},
  sample: '1\n5\n',
  hint:
      'Click a peg, then the hole it jumps to (or drag it there); drag a peg onto a hole it cannot jump to to move the hole.',
  legend: 'The ringed hole is where the last peg must end.',
  note: 'Moves: the hole a peg leaves → the hole it lands in (holes numbered from the apex).',
  parse(input, options) {
    const rows = Number(options.rows || 5), holes = holeAt(rows - 1, rows - 1);
    const tokens = filledLines(input).flatMap(tokensOf);
    const [hole, position] = (tokens[1] || '').split(':');
    const goal = Number(hole);
    if (!(goal >= 1 && goal <= holes))
      throw new InputProblem(`a case is the hole left empty, 1 to ${holes}`);
    const pegs = position === undefined ?
        Array.from({length: holes}, (_, i) => i + 1 !== goal) :
        [...position.replace(/\//g, '')].map((mark) => mark === 'o');
    if (pegs.length !== holes)
      throw new InputProblem(`a position has ${holes} holes, o a peg and . a hole`);
    return {goal, pegs, rows, lifted: null};
  },
  text(model) {
    if (isContestStart(model)) return `1\n${model.goal}\n`;
    const rows = Array.from(
        {length: model.rows},
        (_, r) => model.pegs.slice(holeAt(r, 0) - 1, holeAt(r, r))
                      .map((peg) => (peg ? 'o' : '.'))
                      .join(''));
    return `1\n${model.goal}:${rows.join('/')}\n`;
  },
  state: (model) => Array.from(
      {length: model.rows},
      (_, r) => Array.from({length: r + 1}, (_, c) => (model.pegs[holeAt(r, c) - 1] ? 1 : 0))),
  draw(svg, state, context) {
    const rows = state.length, gapX = 40, gapY = 35;
    const at = (r, c) => [(c - r / 2) * gapX + (rows * gapX) / 2, r * gapY + 20];
    svg.setAttribute('viewBox', `-10 0 ${rows * gapX + 20} ${rows * gapY + 10}`);
    state.forEach((row, r) => row.forEach((peg, c) => {
      const [x, y] = at(r, c), hole = holeAt(r, c);
      if (hole === context.goal) svgEl('circle', {class: 'goal-ring', cx: x, cy: y, r: 16}, svg);
      const lifted = hole === context.lifted ? ' lifted' : '';
      svgEl(
          'circle',
          {class: peg ? `peg${lifted}` : 'hole', cx: x, cy: y, r: peg ? 13 : 9, 'data-key': hole},
          svg);
      svgEl('text', {x, y: y + 19, 'font-size': 8, class: 'caption'}, svg, String(hole));
    }));
    if (context.move) {
      const marker = svgEl('marker', { id: 'jump-arrow', viewBox: '0 0 10 10', refX: 8, refY: 5,
                                       markerWidth: 5, markerHeight: 5, orient: 'auto' }, svgEl('defs', {}, svg));
      svgEl('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrow-head' }, marker);
      const path = [context.move.from, ...context.move.over, context.move.to]
        .map((hole) => at(...placeOf(hole)).join(',')).join(' ');
      svgEl('polyline', { class: 'jump', points: path, 'marker-end': 'url(#jump-arrow)' }, svg);
    }
  },
  click(model, key) {
    const hole = Number(key);
    if (model.pegs[hole - 1]) {
      model.lifted = model.lifted === hole ? null : hole;
    } else if (model.lifted !== null) {
      jump(model, model.lifted, hole);
      model.lifted = null;
    }
  },
  // A peg dragged onto a hole it can jump to is a move.
  slide: (model, from, to) => jump(model, Number(from), Number(to)),
  swap(model, a, b) {
    const [one, other] = [Number(a) - 1, Number(b) - 1];
    if (model.pegs[one] === model.pegs[other]) return;
    const contest = isContestStart(model);
    [model.pegs[one], model.pegs[other]] = [model.pegs[other], model.pegs[one]];
    if (contest) model.goal = model.pegs.indexOf(false) + 1;
  },
  play(model, move) { jump(model, move.from, move.to);},
  moveName: (move) => `${move.from} → ${move.to}`,
  // A deepest position explored, with the goal of the case shown.
  fromState(
      state, model) { return pegs.text({...model, pegs: state.flat().map((peg) => peg === 1)});},
};
