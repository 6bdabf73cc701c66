// Twisty puzzles: any puzzle a definition describes, drawn generically: a row of cells for each set
// of pieces, each cell the piece in that slot (numbered as in the definition's Solved) with its
// turn marked, a cell whose piece is home and unturned in a calmer colour. The input is the
// positions (a line of moves, a ScrambleAlg or Scramble block); the start drawn is the one the
// server read (POST /api/read), so the page needs no copy of the definition. Under the start, a key
// for each of the definition's moves (the read's `moves`) plays it: the move is added to the line
// of moves, or to the ScrambleAlg block, the position after it a start like any other.
//
// Beside it, where the server has this puzzle's page library (page-library/: cubing.js, bundled;
// GET /lib/twisty/index.js, `plumb serve --page-libraries`) and cubing.js knows the puzzle (the
// definition's Name one of its puzzles, every move of the definition one that puzzle makes), the
// puzzle in 3D by cubing.js's twisty-player. The player is given moves, never pieces: the input's
// (a line of moves, a ScrambleAlg block) and then those played or the solution's up to the step
// shown, a move played or stepped forward animated; a Scramble block (a position written out) is
// shown once solved, as its solution undone.
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

// The moves of the input's position from the solved state: its line of moves, or its ScrambleAlg
// block's; null for a Scramble block.
function inputMoves(input) {
  const lines = filledLines(input).filter((line) => !line.startsWith('#'));
  if (lines.length === 0 || /^Scramble\b/.test(lines[0])) return null;
  if (!/^ScrambleAlg\b/.test(lines[0])) return lines[0];
  const end = lines.findIndex((line) => line === 'End');
  return lines.slice(1, end < 0 ? lines.length : end).join(' ');
}

let cubing = null;  // the import of cubing.js's bundle (null inside when the server has none)
const loadCubing = () => (cubing ??= import('/lib/twisty/index.js').catch(() => null));
const puzzleIds = new Map();  // the definition's name and moves -> cubing.js's puzzle id, or null

// cubing.js's id of the puzzle the server read: its puzzle of the definition's name (any case)
// that makes every one of the definition's moves; null when none does.
async function cubingId(lib, read) {
  const key = `${read.definition}\n${read.moves.join(' ')}`;
  if (!puzzleIds.has(key)) {
    const name = read.definition.toLowerCase();
    const id = Object.keys(lib.puzzles).find((known) => known.toLowerCase() === name) ?? null;
    let makesEveryMove = false;
    if (id) {
      const kpuzzle = await lib.puzzles[id].kpuzzle();
      try {
        read.moves.forEach((move) => kpuzzle.moveToTransformation(move));
        makesEveryMove = true;
      } catch { /* a move cubing.js's puzzle does not make */
      }
    }
    puzzleIds.set(key, makesEveryMove ? id : null);
  }
  return puzzleIds.get(key);
}

let shown = {id: null, setup: null, moves: []};  // what the player shows
let drawing = 0;  // the latest figure() call: an older one, still loading, gives way

// Shows `setup` then `moves` on cubing.js's puzzle `id` in `host`'s player, made the first time;
// one move more than shown is animated, anything else jumped to.
function showOnPlayer(lib, host, id, setup, moves) {
  let player = host.querySelector('twisty-player');
  if (!player) {
    const webgl = document.createElement('canvas').getContext('webgl2') !== null;
    player = new lib.TwistyPlayer(
        {puzzle: id, controlPanel: 'none', background: 'none', visualization: webgl ? '3D' : '2D'});
    player.style.width = '100%';
    player.style.height = '18rem';
    host.replaceChildren(player);
    shown = {id: null, setup: null, moves: []};
  }
  const oneMore = shown.id === id && shown.setup === setup &&
      moves.length === shown.moves.length + 1 && shown.moves.every((move, i) => move === moves[i]);
  if (oneMore) {
    player.experimentalAddMove(moves[moves.length - 1]);
  } else {
    player.puzzle = id;
    player.experimentalSetupAlg = setup;
    player.alg = moves.join(' ');
    player.jumpToEnd();
  }
  shown = {id, setup, moves};
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
  async figure(host, view) {
    const ticket = ++drawing;
    const hide = () => {
      host.hidden = true;
    };
    const solution = view.record?.moves;
    const fromInput = view.model ? inputMoves(view.model.input) : null;
    if (!view.read?.definition || (solution ? view.record.unsolvable : fromInput === null))
      return hide();
    const lib = await loadCubing();
    const id = lib && (await cubingId(lib, view.read));
    if (ticket !== drawing) return;
    if (!id) return hide();
    try {
      const setup =
          solution ? (fromInput ?? new lib.Alg(solution.join(' ')).invert().toString()) : '';
      const moves =
          solution ? solution.slice(0, view.step) : fromInput.split(/\s+/).filter((m) => m);
      showOnPlayer(lib, host, id, setup, moves);
      host.setAttribute('aria-label', 'The puzzle in 3D, drawn by cubing.js');
      host.hidden = false;
    } catch {
      hide();  // moves cubing.js cannot read
    }
  },
};
