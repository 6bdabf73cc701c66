// Sliding-tile puzzles: a board of numbered tiles and one blank (0 in states). Tiles stay in the
// drawing from one state to the next, so a moved tile slides to its new place (a CSS transition).
// Moves are the blank's direction, u d l r, as the server names them. The board's rows and columns
// are the server's (its read of the input, or a solution's size); its parity is the server's to
// judge.
import { InputProblem, directionName, filledLines, svgEl, tokensOf } from '../common.js';

const taxicab = (a, b, columns) =>
  Math.abs(Math.floor(a / columns) - Math.floor(b / columns)) + Math.abs((a % columns) - (b % columns));

const text = (tiles) => tiles.map((tile) => (tile === 0 ? 'x' : tile)).join(' ') + '\n';

export const sliding = {
  title: 'Sliding tiles (8, 15 and 24)',
  rules: 'Slide tiles into the blank, one at a time, until they stand in order.',
  presets: {size: ['3x3', '4x4', '5x5', '2x4', '3x4']},
  basic: ['size'],
  labels: {
    size: 'Board (rows x columns, e.g. 4x4)',
    goal: 'Goal (blank-last, blank-first or the tiles)',
    pdb: 'Pattern databases'
  },
  sample: '2 3 4 1 5 x 7 6 8\n',
  hint:
      'Click or swipe a tile next to the blank to slide it; drag a tile onto another to swap them.',
  note: 'Moves: the direction the blank goes.',
  // The tiles as typed, shaped as the server read a board of as many tiles (until it has, nothing
  // is drawn).
  parse(input, options, read) {
    const line = filledLines(input)[0];
    if (!line) throw new InputProblem('no board');
    const tiles = tokensOf(line).map((token) => (token === 'x' ? 0 : Number(token)));
    const sorted = [...tiles].sort((a, b) => a - b);
    if (sorted.some((tile, i) => tile !== i))
      throw new InputProblem(`the tiles must be 1 to ${tiles.length - 1} and one blank, each once`);
    const shaped = read !== null && read.rows * read.columns === tiles.length;
    return {tiles, rows: shaped ? read.rows : null, columns: shaped ? read.columns : null};
  },
  text: (model) => text(model.tiles),
  state: (model) => (model.columns ? model.tiles : null),
  draw(svg, state, context) {
    const {columns} = context;
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
      if (!state.includes(tile) || group.parentNode !== svg) {
        group.remove();
        kept.delete(tile);
      }
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
  // A tile dragged (or swiped) into the blank beside it is a move.
  slide(model, from, to) {
    if (model.tiles[to] !== 0 || taxicab(from, to, model.columns) !== 1) return false;
    this.swap(model, from, to);
    return true;
  },
  swap(model, a, b) {
    [model.tiles[a], model.tiles[b]] = [model.tiles[b], model.tiles[a]];
  },
  // The blank goes the move's way (u d l r), the tile there into its place.
  play(model, move) {
    const blank = model.tiles.indexOf(0);
    const step = {u: -model.columns, d: model.columns, l: -1, r: 1}[move];
    this.swap(model, blank, blank + step);
  },
  // What a search of this board may take, said before it starts where it can be long: random
  // 24-puzzles take minutes to days (Korf and Felner's instances), random 15-puzzles up to seconds.
  reach(model, seconds) {
    if (model?.tiles.length >= 25)
      return `a 24-puzzle takes minutes to days; past ${seconds} s the search stops`;
    return '';
  },
  moveName: directionName,
  fromState: (state) => text(state),
};
