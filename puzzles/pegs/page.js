// Moving Pegs: a triangle of holes numbered from 1 at the apex, row by row; a state is its rows of
// 1 (a peg) and 0 (empty). A move jumps a peg over one or more pegs in a line; it is drawn as an
// arrow over the holes it passes. A start is one hole empty, so an explored state is no start.
import { InputProblem, filledLines, svgEl, tokensOf } from '../common.js';

const holeAt = (r, c) => (r * (r + 1)) / 2 + c + 1;
const placeOf = (hole) => {
  let r = 0;
  while (holeAt(r + 1, 0) <= hole) ++r;
  return [r, hole - holeAt(r, 0)];
};

export const pegs = {
  title: 'Peg solitaire (triangle)',
  rules: 'Jump pegs over pegs, removing them, until one peg is left in the hole that was empty.',
  presets: {rows: ['5', '6', '7']},
  basic: ['rows'],
  labels: {rows: 'Rows of the triangle'},
  sample: '1\n5\n',
  hint: 'Click a hole to make it the empty one.',
  note: 'Moves: the hole a peg leaves → the hole it lands in (holes numbered from the apex).',
  parse(input, options) {
    const tokens = filledLines(input).flatMap(tokensOf).map(Number);
    const rows = Number(options.rows || 5);
    if (tokens.length < 2 || !(tokens[1] >= 1 && tokens[1] <= holeAt(rows - 1, rows - 1)))
      throw new InputProblem(`a case is the hole left empty, 1 to ${holeAt(rows - 1, rows - 1)}`);
    return { empty: tokens[1], rows };
  },
  text: (model) => `1\n${model.empty}\n`,
  state: (model) => Array.from(
      {length: model.rows},
      (_, r) => Array.from({length: r + 1}, (_, c) => (holeAt(r, c) === model.empty ? 0 : 1))),
  draw(svg, state, context) {
    const rows = state.length, gapX = 40, gapY = 35;
    const at = (r, c) => [(c - r / 2) * gapX + (rows * gapX) / 2, r * gapY + 20];
    svg.setAttribute('viewBox', `-10 0 ${rows * gapX + 20} ${rows * gapY + 10}`);
    state.forEach((row, r) => row.forEach((peg, c) => {
      const [x, y] = at(r, c);
      svgEl('circle', { class: peg ? 'peg' : 'hole', cx: x, cy: y, r: peg ? 13 : 9, 'data-key': holeAt(r, c) }, svg);
      svgEl('text', { x, y: y + 19, 'font-size': 8, class: 'caption' }, svg, String(holeAt(r, c)));
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
  click(model, key) { model.empty = Number(key);},
  swap() {},
  moveName: (move) => `${move.from} → ${move.to}`,
  fromState: null,
};
