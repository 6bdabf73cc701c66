// Twisty puzzles: any puzzle a definition describes, drawn generically: a row of cells for each set
// of pieces, each cell the piece in that slot (numbered as in the definition's Solved) with its
// turn marked, a cell whose piece is home and unturned in a calmer colour. The input is the
// positions (a line of moves, a ScrambleAlg or Scramble block); the start drawn is the one the
// server read (POST /api/read), so the page needs no copy of the definition. Under the start, a key
// for each of the definition's moves (the read's `moves`) plays it: the move is added to the line
// of moves, or to the ScrambleAlg block, the position after it a start like any other.
import {filledLines, InputProblem, svgEl} from '../common.js';

const CELL = 26, KEY = 34, KEYS_PER_ROW = 9;

// The input with `move` made after its position: added to its line of moves or ScrambleAlg
// block; null for a Scramble block (a position written out, which takes no moves after it).
function withMove(input, move) {
  const lines = input.replace(/\s+$/, '').split('\n');
  const end = lines.findLastIndex((line) => /^\s*End\s*$/.test(line));
  if (end < 0) return `${lines.join(' ').trim()} ${move}\n`;
  if (!/^\s*ScrambleAlg\b/.test(lines.find((line) => line.trim()) || '')) return null;
  lines.splice(end, 0, move);
  return `${lines.join('\n')}\n`;
}

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
  hint:
      'Click a move\'s key under the puzzle to make it; or type moves (R U2 F\'), a ScrambleAlg or a Scramble block.',
  legend:
      'Each row is a set of pieces; a cell shows the piece in that slot and, as dots, its turn.',
  note: 'Moves are named as in the definition: R, R2 (twice), R\' (back).',
  parse(input, options, read) {
    if (filledLines(input).length === 0) throw new InputProblem('give a line of moves, or a block');
    return {input, start: read && read.start ? read.start : null};
  },
  text: (model) => model.input,
  state: (model) => model.start,
  draw(svg, state, context) {
    const moves = context.playing ? context.read?.moves || [] : [];
    const keyRows = Math.ceil(moves.length / KEYS_PER_ROW);
    const width = Math.max(
        Math.max(...state.map((part) => part.pieces.length)) * CELL + 90,
        Math.min(moves.length, KEYS_PER_ROW) * KEY);
    const setsHeight = state.length * (CELL + 14) + 6;
    svg.setAttribute('viewBox', `0 0 ${width} ${setsHeight + keyRows * KEY}`);
    moves.forEach((move, i) => {
      const x = (i % KEYS_PER_ROW) * KEY, y = setsHeight + Math.floor(i / KEYS_PER_ROW) * KEY;
      const key = svgEl('g', {class: 'move-key', 'data-key': `move:${move}`}, svg);
      svgEl('rect', {x, y, width: KEY - 4, height: KEY - 4, rx: 5}, key);
      svgEl('text', {x: x + (KEY - 4) / 2, y: y + (KEY - 4) / 2, 'font-size': 12}, key, move);
    });
    state.forEach((part, row) => {
      const name = part.set;
      const y = row * (CELL + 14) + 4;
      // The set's name centred in the 90 units left of its cells (the page's text is centred).
      svgEl('text', {x: 43, y: y + CELL / 2, 'font-size': 10, class: 'caption'}, svg, name);
      part.pieces.forEach((piece, slot) => {
        const x = 90 + slot * CELL, home = part.turns[slot] === 0 && piece === slot + 1;
        const cell = svgEl(
            'g', {class: 'tile', 'data-key': `${name}:${slot + 1}`, opacity: home ? 0.55 : 1}, svg);
        svgEl('rect', {x, y, width: CELL - 3, height: CELL - 3, rx: 4}, cell);
        svgEl(
            'text', {x: x + (CELL - 3) / 2, y: y + CELL / 2 - 3, 'font-size': 11}, cell,
            String(piece));
        for (let turn = 0; turn < part.turns[slot]; ++turn)
          svgEl('circle', {cx: x + 5 + turn * 5, cy: y + CELL - 7, r: 1.8}, cell);
      });
    });
  },
  click(model, key) {
    if (String(key).startsWith('move:')) this.play(model, String(key).slice('move:'.length));
  },
  play(model, move) { model.input = withMove(model.input, move) ?? model.input;},
  swap() {},
  moveName: (move) => move,
  fromState: (state) => scrambleText(state),
};
