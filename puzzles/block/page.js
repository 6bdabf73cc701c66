// BlockTheBlockPuzzle: a board of . (plain), H (hole), b (a start), $ (the goal) and, in the
// answer's states, x (a dug cell). The answer is the cells to dig, 0-based [row, column] in JSON and
// 1-based on the page as gap's. Every state is drawn with the region the block can still reach,
// found here from the board alone by the rules of PUZZLES.md: a standing block rolls three cells
// on in a straight line, standing again on a cell of the board that is neither a hole nor dug,
// lying on the two cells between on its way, which must not both be holes (or dug).
import { InputProblem, filledLines, svgEl, tokensOf } from '../common.js';

// The places the block stands on (stand) and lies across (lie) from the `b` cells, by a flood fill.
export function reachOf(board) {
  const rows = board.length, columns = board[0].length;
  const open = (r, c) => r >= 0 && c >= 0 && r < rows && c < columns && board[r][c] !== 'H' && board[r][c] !== 'x';
  const stand = new Set(), lie = new Set();
  const queue = [];
  board.forEach((row, r) => [...row].forEach((cell, c) => {
    if (cell === 'b') { stand.add(`${r},${c}`); queue.push([r, c]); }
  }));
  while (queue.length) {
    const [r, c] = queue.shift();
    for (const [dr, dc] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const near = [r + dr, c + dc], far = [r + 2 * dr, c + 2 * dc], next = [r + 3 * dr, c + 3 * dc];
      if (!open(...next) || (!open(...near) && !open(...far))) continue;
      for (const cell of [near, far]) if (open(...cell)) lie.add(cell.join(','));
      const key = next.join(',');
      if (!stand.has(key)) { stand.add(key); queue.push(next); }
    }
  }
  return { stand, lie };
}

const cellName = (move) => `${move[0] + 1},${move[1] + 1}`;

export const block = {
  title: 'Block the rolling block',
  rules: 'Dig the fewest cells so the rolling block can never stand on the goal.',
  sample: '1\n4\nb..$\n....\nHHHH\nHHHH\n',
  hint:
      'Click a cell to put a hole there or take it away; drag the block (b) or the goal ($) to move it.',
  legend:
      'Blue: where the block can stand; faint blue: where it lies on its way; brown: holes; ✕: dug cells (the last one dug in orange). The goal $ outlined red while the block can reach it standing.',
  note: 'Cells to dig: row,column, counted from 1.',
  words: {
    step: 'Cell',
    list: 'The cells to dig',
    length: 'cells to dig',
    solved: (n) =>
        (n === 0 ? 'nothing to dig: the block cannot reach the goal as the board stands' :
                   `dig ${n.toLocaleString('en')} cell${n === 1 ? '' : 's'}`),
    none:
        'No solution: no digging keeps the block from the goal (a start cell reaches it without crossing a plain cell).',
    distance: {
      name: 'Fewest cells to dig',
      of: (n) => n.toLocaleString('en'),
      played: (n) => `Cells changed: ${n.toLocaleString('en')}`,
      won: (played, optimal) =>
          `Blocked with ${played.toLocaleString('en')} cell${played === 1 ? '' : 's'} changed` +
          `${optimal === null ? '' : ` (fewest: ${optimal.toLocaleString('en')})`}!`,
    },
  },
  unit: 'roll',
  parse(input) {
    const lines = filledLines(input);
    let at = 0;
    if (/^\d+$/.test(lines[0] || '') && /^\d+( \d+)?$/.test(lines[1] || '')) at = 1;
    const size = tokensOf(lines[at] || '').map(Number);
    const rows = size[0], columns = size[1] || size[0];
    const board = lines.slice(at + 1, at + 1 + rows);
    if (!rows || board.length !== rows || board.some((row) => row.length !== columns))
      throw new InputProblem('a board is its size, then its rows of . H b $');
    return { board: board.map((row) => [...row]) };
  },
  text(model) {
    const rows = model.board.length, columns = model.board[0].length;
    return `1\n${rows === columns ? rows : `${rows} ${columns}`}\n${model.board.map((row) => row.join('')).join('\n')}\n`;
  },
  state: (model) => model.board.map((row) => row.join('')),
  draw(svg, state, context) {
    const size = Math.max(10, Math.min(40, Math.floor(480 / Math.max(state.length, state[0].length))));
    svg.setAttribute('viewBox', `-2 -2 ${state[0].length * size + 4} ${state.length * size + 4}`);
    const { stand, lie } = reachOf(state);
    const now = context.move ? `${context.move[0]},${context.move[1]}` : null;
    let goalReached = false;
    state.forEach((row, r) => [...row].forEach((cell, c) => {
      const place = `${r},${c}`;
      let kind = cell === 'H' ? 'H' : cell === 'x' ? `dug${place === now ? ' now' : ''}`
        : stand.has(place) ? 'stand' : lie.has(place) ? 'lie' : 'empty';
      if (cell === '$' && stand.has(place)) { kind += ' reached'; goalReached = true; }
      svgEl('rect', { class: `block-cell ${kind}`, x: c * size, y: r * size, width: size, height: size,
                      'data-key': place }, svg);
      const mark = { b: '■', $: '$', x: '✕' }[cell];
      if (mark) svgEl('text', { class: 'block-mark', x: c * size + size / 2, y: r * size + size / 2,
                                'font-size': size * 0.6 }, svg, mark);
    }));
    svg.setAttribute('data-goal-reached', String(goalReached));
  },
  click(model, key) {
    const [r, c] = key.split(',').map(Number);
    const cell = model.board[r][c];
    if (cell === '.' || cell === 'H') model.board[r][c] = cell === '.' ? 'H' : '.';
  },
  swap(model, a, b) {
    const [r1, c1] = a.split(',').map(Number), [r2, c2] = b.split(',').map(Number);
    [model.board[r1][c1], model.board[r2][c2]] = [model.board[r2][c2], model.board[r1][c1]];
  },
  // A cell of the answer ([row, column] from 0) is dug.
  play(model, move) { model.board[move[0]][move[1]] = 'H';},
  moveName: (move) => `dig ${cellName(move)}`,
  deepestName: (cell) => cellName(cell),
  fromState: null,
};
