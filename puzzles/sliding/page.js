// Sliding-tile puzzles: a board of numbered tiles and one blank (0 in states). Tiles stay in the
// drawing from one state to the next, so a moved tile slides to its new place (a CSS transition).
// Moves are the blank's direction, u d l r, as the server names them.
import { InputProblem, directionName, filledLines, svgEl, tokensOf } from '../common.js';

function boardSize(options, count) {
  const given = /^(\d+)x(\d+)$/.exec(options.size || '');
  if (given) return [Number(given[1]), Number(given[2])];
  const side = Math.round(Math.sqrt(count));
  if (side * side !== count) throw new InputProblem(`${count} tiles: give the size (RxC)`);
  return [side, side];
}

function goalOf(options, rows, columns) {
  const n = rows * columns;
  const tiles = Array.from({ length: n }, (_, i) => i);
  if (options.goal === 'blank-first') return tiles;
  if (!options.goal || options.goal === 'blank-last') return tiles.map((_, i) => (i + 1) % n);
  return null;  // a goal of its own: the server checks it
}

const taxicab = (a, b, columns) =>
  Math.abs(Math.floor(a / columns) - Math.floor(b / columns)) + Math.abs((a % columns) - (b % columns));

// Whether `tiles` can reach `goal`: the permutation's parity plus the blank's taxicab distance.
function solvable(tiles, goal, columns) {
  const where = new Map(goal.map((tile, i) => [tile, i]));
  const seen = new Array(tiles.length).fill(false);
  let transpositions = 0;
  for (let i = 0; i < tiles.length; ++i) {
    let length = 0;
    for (let j = i; !seen[j]; j = where.get(tiles[j])) { seen[j] = true; ++length; }
    if (length > 0) transpositions += length - 1;
  }
  return (transpositions + taxicab(tiles.indexOf(0), goal.indexOf(0), columns)) % 2 === 0;
}

const text = (tiles) => tiles.map((tile) => (tile === 0 ? 'x' : tile)).join(' ') + '\n';

export const sliding = {
  sample: '2 3 4 1 5 x 7 6 8\n',
  hint: 'Click a tile next to the blank to slide it; drag a tile onto another to swap them.',
  note: 'Moves: the direction the blank goes.',
  parse(input, options) {
    const line = filledLines(input)[0];
    if (!line) throw new InputProblem('no board');
    const tiles = tokensOf(line).map((token) => (token === 'x' ? 0 : Number(token)));
    const [rows, columns] = boardSize(options, tiles.length);
    if (tiles.length !== rows * columns) throw new InputProblem(`expected ${rows * columns} tiles`);
    const sorted = [...tiles].sort((a, b) => a - b);
    if (sorted.some((tile, i) => tile !== i))
      throw new InputProblem(`the tiles must be 1 to ${tiles.length - 1} and one blank, each once`);
    return { tiles, rows, columns };
  },
  text: (model) => text(model.tiles),
  state: (model) => model.tiles,
  impossible(model, options) {
    const goal = goalOf(options, model.rows, model.columns);
    if (!goal || solvable(model.tiles, goal, model.columns)) return null;
    return `Impossible: this board has the wrong parity for the goal (${options.goal || 'blank-last'}), ` +
      'so no sequence of moves reaches it. Swap two tiles (drag one onto another) to fix it.';
  },
  draw(svg, state, context) {
    const columns = context.columns || Math.round(Math.sqrt(state.length));
    const rows = state.length / columns;
    const size = 60;
    svg.setAttribute('viewBox', `-4 -4 ${columns * size + 8} ${rows * size + 8}`);
    const cells = svgEl('g', {});
    svg.insertBefore(cells, svg.firstChild);
    for (let i = 0; i < state.length; ++i)
      svgEl('rect', { class: 'cell', x: (i % columns) * size, y: Math.floor(i / columns) * size,
                      width: size, height: size, 'data-key': i }, cells);
    // The tiles of the state drawn before are kept (svg.tiles), each moved by a transform.
    const kept = svg.tiles || new Map();
    for (const [tile, group] of kept) {
      if (!state.includes(tile) || group.parentNode !== svg) { group.remove(); kept.delete(tile); }
    }
    state.forEach((tile, i) => {
      if (tile === 0) return;
      let group = kept.get(tile);
      if (!group) {
        group = svgEl('g', { class: 'tile' }, svg);
        svgEl('rect', { x: 2, y: 2, width: size - 4, height: size - 4, rx: 6 }, group);
        svgEl('text', { x: size / 2, y: size / 2, 'font-size': size * 0.4 }, group, String(tile));
        kept.set(tile, group);
      }
      group.setAttribute('data-key', i);
      group.classList.toggle('moved', Boolean(context.move) && context.before?.[i] === 0);
      group.style.transform = `translate(${(i % columns) * size}px, ${Math.floor(i / columns) * size}px)`;
    });
    svg.tiles = kept;
  },
  click(model, key) {
    const blank = model.tiles.indexOf(0);
    if (taxicab(key, blank, model.columns) === 1) this.swap(model, key, blank);
  },
  swap(model, a, b) { [model.tiles[a], model.tiles[b]] = [model.tiles[b], model.tiles[a]]; },
  moveName: directionName,
  fromState: (state) => text(state),
};
