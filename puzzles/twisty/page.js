// Twisty puzzles: any puzzle a definition describes, drawn generically: a row of cells for each set
// of pieces, each cell the piece in that slot (numbered as in the definition's Solved) with its
// turn marked, a cell whose piece is home and unturned in a calmer colour. The input is the
// positions (a line of moves, a ScrambleAlg or Scramble block); the start drawn is the one the
// server read (POST /api/read), so the page needs no copy of the definition.
import {filledLines, InputProblem, svgEl} from '../common.js';

const CELL = 26;

// A Scramble block whose position is `state`, for exploring's deepest positions.
const scrambleText =
    (state) => ['Scramble explored',
                ...state.flatMap((part) => [part.set, part.pieces.join(' '), part.turns.join(' ')]),
                'End', '']
                   .join('\n');

export const twisty = {
  title: 'Twisty puzzles (cubes and relatives)',
  rules: 'Turn the faces until every piece is back in place.',
  basic: ['definition', 'all'],
  labels: {
    definition: 'Puzzle (a shipped one, or a definition pasted)',
    metric: 'Move count (half or quarter turns)',
    tables: 'Pruning tables',
    all: 'Every optimal solution'
  },
  sample: 'ScrambleAlg sune\nR U R\' U R U2 R\'\nEnd\n',
  hint: 'Type moves (R U2 F\'), or a ScrambleAlg or Scramble block; the definition is an option.',
  legend:
      'Each row is a set of pieces; a cell shows the piece in that slot and, as dots, its turn.',
  note: 'Moves are named as in the definition: R, R2 (twice), R\' (back).',
  parse(input, options, read) {
    if (filledLines(input).length === 0) throw new InputProblem('give a line of moves, or a block');
    return {input, start: read && read.start ? read.start : null};
  },
  text: (model) => model.input,
  state: (model) => model.start,
  draw(svg, state) {
    const width = Math.max(...state.map((part) => part.pieces.length)) * CELL + 90;
    svg.setAttribute('viewBox', `0 0 ${width} ${state.length * (CELL + 14) + 6}`);
    state.forEach((part, row) => {
      const name = part.set;
      const y = row * (CELL + 14) + 4;
      svgEl('text', {x: 0, y: y + CELL / 2 + 4, 'font-size': 10, class: 'caption'}, svg, name);
      part.pieces.forEach((piece, slot) => {
        const x = 90 + slot * CELL, home = part.turns[slot] === 0 && piece === slot + 1;
        const cell = svgEl(
            'g', {class: 'tile', 'data-key': `${name}:${slot + 1}`, opacity: home ? 0.55 : 1}, svg);
        svgEl('rect', {x, y, width: CELL - 3, height: CELL - 3, rx: 4}, cell);
        svgEl(
            'text',
            {x: x + (CELL - 3) / 2, y: y + CELL / 2 + 2, 'font-size': 11, 'text-anchor': 'middle'},
            cell, String(piece));
        for (let turn = 0; turn < part.turns[slot]; ++turn)
          svgEl('circle', {cx: x + 5 + turn * 5, cy: y + CELL - 7, r: 1.8}, cell);
      });
    });
  },
  click() {},
  swap() {},
  moveName: (move) => move,
  fromState: (state) => scrambleText(state),
};
