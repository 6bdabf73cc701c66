// plumb serve's page: picks a puzzle from GET /api/puzzles, keeps its start as contest input (edited
// in the text box or on the drawn board), solves it with POST /api/solve and plays the solution
// back from the states the answer carries; explores with POST /api/explore. The puzzle, options,
// input, algorithm, whether it was solved and the step shown live in the URL's fragment, so a link
// opens the same view. Each puzzle's view (VIEWS) turns contest input into a model, a model into
// input and a state, and draws a state in the vocabulary of docs/json.md.
'use strict';

const $ = (id) => document.getElementById(id);
const SVG_NS = 'http://www.w3.org/2000/svg';

// An SVG element with these attributes, appended to `parent` when given.
function svgEl(name, attrs = {}, parent = null, text = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

class InputProblem extends Error {}

// The lines of a text that hold something.
const filledLines = (text) => text.split('\n').map((line) => line.trim()).filter((line) => line);
const tokensOf = (line) => line.split(/\s+/).filter((token) => token);

// ---- sliding --------------------------------------------------------------------------------
function slidingSize(options, count) {
  const given = /^(\d+)x(\d+)$/.exec(options.size || '');
  if (given) return [Number(given[1]), Number(given[2])];
  const side = Math.round(Math.sqrt(count));
  if (side * side !== count) throw new InputProblem(`${count} tiles: give the size (RxC)`);
  return [side, side];
}

function slidingGoal(options, rows, columns) {
  const n = rows * columns;
  const tiles = Array.from({ length: n }, (_, i) => i);
  if (options.goal === 'blank-first') return tiles;
  if (!options.goal || options.goal === 'blank-last') return tiles.map((_, i) => (i + 1) % n);
  return null;  // a goal of its own: the server checks it
}

// Whether `tiles` can reach `goal`: the permutation's parity plus the blank's taxicab distance.
function slidingSolvable(tiles, goal, columns) {
  const where = new Map(goal.map((tile, i) => [tile, i]));
  const seen = new Array(tiles.length).fill(false);
  let transpositions = 0;
  for (let i = 0; i < tiles.length; ++i) {
    let length = 0;
    for (let j = i; !seen[j]; j = where.get(tiles[j])) { seen[j] = true; ++length; }
    if (length > 0) transpositions += length - 1;
  }
  const from = tiles.indexOf(0), to = goal.indexOf(0);
  const distance = Math.abs(Math.floor(from / columns) - Math.floor(to / columns)) +
                   Math.abs((from % columns) - (to % columns));
  return (transpositions + distance) % 2 === 0;
}

const sliding = {
  parse(text, options) {
    const line = filledLines(text)[0];
    if (!line) throw new InputProblem('no board');
    const tiles = tokensOf(line).map((token) => (token === 'x' ? 0 : Number(token)));
    const [rows, columns] = slidingSize(options, tiles.length);
    if (tiles.length !== rows * columns) throw new InputProblem(`expected ${rows * columns} tiles`);
    const sorted = [...tiles].sort((a, b) => a - b);
    if (sorted.some((tile, i) => tile !== i))
      throw new InputProblem(`the tiles must be 1 to ${tiles.length - 1} and one blank, each once`);
    return { tiles, rows, columns };
  },
  text: (model) => model.tiles.map((tile) => (tile === 0 ? 'x' : tile)).join(' ') + '\n',
  state: (model) => model.tiles,
  impossible(model, options) {
    const goal = slidingGoal(options, model.rows, model.columns);
    if (!goal || slidingSolvable(model.tiles, goal, model.columns)) return null;
    return `Impossible: this board has the wrong parity for the goal (${options.goal || 'blank-last'}), ` +
      'so no sequence of moves reaches it. Swap two tiles (drag one onto another) to fix it.';
  },
  hint: 'Click a tile next to the blank to slide it; drag a tile onto another to swap them.',
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
    // Tiles stay in the drawing from one state to the next (draw() keeps them), so a moved tile
    // slides to its new place.
    const previous = context.previousTiles || new Map();
    for (const [tile, group] of previous) {
      if (!state.includes(tile) || group.parentNode !== svg) { group.remove(); previous.delete(tile); }
    }
    state.forEach((tile, i) => {
      if (tile === 0) return;
      let group = previous.get(tile);
      if (!group) {
        group = svgEl('g', { class: 'tile' }, svg);
        svgEl('rect', { x: 2, y: 2, width: size - 4, height: size - 4, rx: 6 }, group);
        svgEl('text', { x: size / 2, y: size / 2, 'font-size': size * 0.4 }, group, String(tile));
        previous.set(tile, group);
      }
      group.setAttribute('data-key', i);
      group.style.transform = `translate(${(i % columns) * size}px, ${Math.floor(i / columns) * size}px)`;
    });
    context.previousTiles = previous;
  },
  click(model, key) {
    const blank = model.tiles.indexOf(0);
    const distance = Math.abs(Math.floor(key / model.columns) - Math.floor(blank / model.columns)) +
                     Math.abs((key % model.columns) - (blank % model.columns));
    if (distance === 1) this.swap(model, key, blank);
  },
  swap(model, a, b) { [model.tiles[a], model.tiles[b]] = [model.tiles[b], model.tiles[a]]; },
  fromState: (state) => state.map((tile) => (tile === 0 ? 'x' : tile)).join(' ') + '\n',
};

// ---- gap ------------------------------------------------------------------------------------
const cardSuit = (card) => Number(card.includes('.') ? card.split('.')[0] : card[0]);
const cardValue = (card) => Number(card.includes('.') ? card.split('.')[1] : card.slice(1));

const gap = {
  parse(text, options) {
    const suits = Number(options.suits || 4), values = Number(options.values || 7);
    const lines = filledLines(text);
    const rows = lines.slice(1, 1 + suits).map(tokensOf);
    if (rows.length !== suits || rows.some((row) => row.length !== values))
      throw new InputProblem(`a deal is ${suits} rows of ${values} cards, after the count`);
    return { rows, suits, values };
  },
  text: (model) => `1\n${model.rows.map((row) => row.join(' ')).join('\n')}\n`,
  // The layout: each suit's ace moved to column 1 of its row, a gap where it was.
  state(model) {
    const layout = model.rows.map((row) => [null, ...row.map((card) => (cardValue(card) === 1 ? null : card))]);
    model.rows.flat().filter((card) => cardValue(card) === 1).forEach((ace) => {
      if (layout[cardSuit(ace) - 1]) layout[cardSuit(ace) - 1][0] = ace;
    });
    return layout;
  },
  impossible: () => null,
  hint: 'Drag a card onto another card or a gap to swap them in the deal.',
  draw(svg, state, context) {
    const width = 46, height = 60;
    const columns = state[0].length;
    svg.setAttribute('viewBox', `-4 -4 ${columns * width + 8} ${state.length * height + 8}`);
    const moved = context.move ? `${context.move.to[0] - 1},${context.move.to[1] - 1}` : null;
    state.forEach((row, r) => row.forEach((card, c) => {
      const place = `${r},${c}`;
      const group = svgEl('g', { class: card ? `card suit${cardSuit(card)}${place === moved ? ' moved' : ''}` : 'gap',
                                 transform: `translate(${c * width},${r * height})`, 'data-key': place }, svg);
      svgEl('rect', { x: 2, y: 2, width: width - 4, height: height - 4, rx: 5 }, group);
      if (card) svgEl('text', { x: width / 2, y: height / 2, 'font-size': 16 }, group, card);
    }));
  },
  click() {},
  // Places of the layout are swapped in the deal; the aces' column stays as it is.
  swap(model, a, b) {
    const [ra, ca] = a.split(',').map(Number), [rb, cb] = b.split(',').map(Number);
    if (ca === 0 || cb === 0) return;
    [model.rows[ra][ca - 1], model.rows[rb][cb - 1]] = [model.rows[rb][cb - 1], model.rows[ra][ca - 1]];
  },
  fromState(state) {
    const aces = state.map((row) => row[0]);
    const rows = state.map((row) => row.slice(1).map((card) => card || aces.shift()));
    return `1\n${rows.map((row) => row.join(' ')).join('\n')}\n`;
  },
};

// ---- cubic ----------------------------------------------------------------------------------
function cubicSize(options) {
  const given = /^(\d+)x(\d+)$/.exec(options.size || '3x3');
  return given ? [Number(given[1]), Number(given[2])] : [3, 3];
}

const cubic = {
  parse(text, options) {
    const [rows, columns] = cubicSize(options);
    const lines = filledLines(text);
    const header = tokensOf(lines[0] || '').map(Number);
    if (header.length !== 2 || header[0] === 0) throw new InputProblem('a dataset starts with "x y"');
    const goal = lines.slice(1, 1 + rows).map((line) => line.replace(/\s+/g, '').split(''));
    if (goal.length !== rows || goal.some((row) => row.length !== columns))
      throw new InputProblem(`the goal is ${rows} rows of ${columns} letters`);
    return { x: header[0], y: header[1], goal, rows, columns };
  },
  text: (model) => `${model.x} ${model.y}\n${model.goal.map((row) => row.join(' ')).join('\n')}\n0 0\n`,
  state: (model) => Array.from({ length: model.rows }, (_, r) => Array.from({ length: model.columns },
    (_, c) => (r === model.y - 1 && c === model.x - 1 ? '...' : 'WRB'))),
  impossible(model) {
    const empties = model.goal.flat().filter((letter) => letter === 'E').length;
    return empties === 1 ? null : 'Impossible: the goal must have exactly one empty cell (E).';
  },
  hint: 'Click a cell of the board to put the empty cell there; click a goal cell to change its colour, drag the goal\'s E to move it.',
  draw(svg, state, context) {
    const size = 56, rows = state.length, columns = state[0].length;
    const goal = context.goal;
    const goalLeft = columns * size + 30;
    svg.setAttribute('viewBox', `-4 -4 ${goalLeft + (goal ? columns * 30 : 0) + 8} ${rows * size + 8}`);
    const rolled = context.move ? context.rolled : null;
    state.forEach((row, r) => row.forEach((die, c) => {
      const group = svgEl('g', { transform: `translate(${c * size},${r * size})`, 'data-key': `s${r},${c}` }, svg);
      svgEl('rect', { class: 'cell', width: size, height: size }, group);
      if (die === '...') return;
      const face = svgEl('g', { class: `die${rolled && rolled[0] === r && rolled[1] === c ? ' rolled' : ''}` }, group);
      svgEl('rect', { class: die[0], x: 5, y: 5, width: size - 10, height: size - 10, rx: 6 }, face);
      // The side colours as thin bars: north-south at the bottom, east-west at the right.
      svgEl('rect', { class: die[1], x: 14, y: size - 14, width: size - 28, height: 5 }, face);
      svgEl('rect', { class: die[2], x: size - 14, y: 14, width: 5, height: size - 28 }, face);
    }));
    if (!goal) return;
    svgEl('text', { x: goalLeft + columns * 15, y: -0, 'font-size': 10, fill: 'currentColor' }, svg, 'goal');
    goal.forEach((row, r) => row.forEach((letter, c) => {
      svgEl('rect', { class: `goal-cell ${letter}`, x: goalLeft + c * 30, y: 8 + r * 30, width: 28,
                      height: 28, 'data-key': `g${r},${c}` }, svg);
    }));
  },
  click(model, key) {
    const [r, c] = key.slice(1).split(',').map(Number);
    if (key[0] === 's') { model.x = c + 1; model.y = r + 1; return; }
    const next = { W: 'R', R: 'B', B: 'W' };
    if (next[model.goal[r][c]]) model.goal[r][c] = next[model.goal[r][c]];
  },
  swap(model, a, b) {
    if (a[0] !== 'g' || b[0] !== 'g') return;
    const [r1, c1] = a.slice(1).split(',').map(Number), [r2, c2] = b.slice(1).split(',').map(Number);
    [model.goal[r1][c1], model.goal[r2][c2]] = [model.goal[r2][c2], model.goal[r1][c1]];
  },
  // A deepest state's top view as the goal, from the same start.
  fromState(state, model) {
    const goal = state.map((row) => row.map((die) => (die === '...' ? 'E' : die[0])));
    return cubic.text({ ...model, goal });
  },
};

// ---- pegs -----------------------------------------------------------------------------------
const pegHole = (r, c) => (r * (r + 1)) / 2 + c + 1;
const pegPlace = (hole) => {
  let r = 0;
  while (pegHole(r + 1, 0) <= hole) ++r;
  return [r, hole - pegHole(r, 0)];
};

const pegs = {
  parse(text, options) {
    const tokens = filledLines(text).flatMap(tokensOf).map(Number);
    const rows = Number(options.rows || 5);
    if (tokens.length < 2 || !(tokens[1] >= 1 && tokens[1] <= pegHole(rows - 1, rows - 1)))
      throw new InputProblem(`a case is the hole left empty, 1 to ${pegHole(rows - 1, rows - 1)}`);
    return { empty: tokens[1], rows };
  },
  text: (model) => `1\n${model.empty}\n`,
  state: (model) => Array.from({ length: model.rows }, (_, r) =>
    Array.from({ length: r + 1 }, (_, c) => (pegHole(r, c) === model.empty ? 0 : 1))),
  impossible: () => null,
  hint: 'Click a hole to make it the empty one.',
  draw(svg, state, context) {
    const rows = state.length, gapX = 40, gapY = 35;
    const at = (r, c) => [(c - r / 2) * gapX + (rows * gapX) / 2, r * gapY + 20];
    svg.setAttribute('viewBox', `-10 0 ${rows * gapX + 20} ${rows * gapY + 10}`);
    const defs = svgEl('defs', {}, svg);
    const marker = svgEl('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 8, refY: 5,
                                     markerWidth: 5, markerHeight: 5, orient: 'auto' }, defs);
    svgEl('path', { d: 'M0,0 L10,5 L0,10 z', fill: 'var(--mark)' }, marker);
    state.forEach((row, r) => row.forEach((peg, c) => {
      const [x, y] = at(r, c);
      svgEl('circle', { class: peg ? 'peg' : 'hole', cx: x, cy: y, r: peg ? 13 : 9,
                        'data-key': pegHole(r, c) }, svg);
      svgEl('text', { x, y: y + 19, 'font-size': 8, fill: 'currentColor' }, svg, String(pegHole(r, c)));
    }));
    if (context.move) {
      const path = [context.move.from, ...context.move.over, context.move.to]
        .map((hole) => at(...pegPlace(hole)).join(',')).join(' ');
      svgEl('polyline', { class: 'jump', points: path }, svg);
    }
  },
  click(model, key) { model.empty = Number(key); },
  swap() {},
  fromState: null,
};

// ---- block ----------------------------------------------------------------------------------
// The standing places the block reaches from the `b` cells of `board` (rows of . H b $ x): it
// stands again three cells on, which must be on the board and not a hole (nor dug), lying on the
// two cells between on its way, which must not both be holes.
function blockReach(board) {
  const rows = board.length, columns = board[0].length;
  const open = (r, c) => r >= 0 && c >= 0 && r < rows && c < columns && board[r][c] !== 'H' && board[r][c] !== 'x';
  const start = [];
  board.forEach((row, r) => [...row].forEach((cell, c) => { if (cell === 'b') start.push([r, c]); }));
  const seen = new Set(start.map(([r, c]) => `${r},${c}`));
  const queue = [...start];
  while (queue.length) {
    const [r, c] = queue.shift();
    for (const [dr, dc] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      if (!open(r + 3 * dr, c + 3 * dc) || (!open(r + dr, c + dc) && !open(r + 2 * dr, c + 2 * dc))) continue;
      const key = `${r + 3 * dr},${c + 3 * dc}`;
      if (!seen.has(key)) { seen.add(key); queue.push([r + 3 * dr, c + 3 * dc]); }
    }
  }
  return seen;
}

const block = {
  parse(text) {
    const lines = filledLines(text);
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
  impossible: () => null,
  hint: 'Click a cell to put a hole there or take it away; drag the block (b) or the goal ($) to move it. Shaded: where the block can stand.',
  draw(svg, state, context) {
    const size = Math.max(10, Math.min(40, Math.floor(480 / Math.max(state.length, state[0].length))));
    svg.setAttribute('viewBox', `-2 -2 ${state[0].length * size + 4} ${state.length * size + 4}`);
    const reach = blockReach(state);
    const now = context.move ? `${context.move[0]},${context.move[1]}` : null;
    state.forEach((row, r) => [...row].forEach((cell, c) => {
      const place = `${r},${c}`;
      let kind = cell === 'H' ? 'H' : cell === 'x' ? `dug${place === now ? ' now' : ''}` : 'empty';
      if (kind === 'empty' && reach.has(place)) kind = 'reach';
      svgEl('rect', { class: `block-cell ${kind}`, x: c * size, y: r * size, width: size, height: size,
                      'data-key': place }, svg);
      if (cell === 'b' || cell === '$')
        svgEl('text', { class: 'block-mark', x: c * size + size / 2, y: r * size + size / 2,
                        'font-size': size * 0.6 }, svg, cell === 'b' ? '■' : '$');
    }));
    svg.setAttribute('data-goal-reached', String(state.some((row, r) =>
      [...row].some((cell, c) => cell === '$' && reach.has(`${r},${c}`)))));
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
  fromState: null,
};

const VIEWS = { sliding, gap, cubic, pegs, block };

// The start each puzzle opens with (one dataset of its sample).
const STARTS = {
  sliding: '2 3 4 1 5 x 7 6 8\n',
  gap: '1\n26 31 13 44 21 24 42\n17 45 23 25 41 36 11\n46 34 14 12 37 32 47\n16 43 27 35 22 33 15\n',
  cubic: '3 3\nW B W\nB R E\nR B R\n0 0\n',
  pegs: '1\n5\n',
  block: '1\n4\nb..$\n....\nHHHH\nHHHH\n',
};

// ---- the page's state -----------------------------------------------------------------------
const page = {
  puzzles: new Map(),  // name -> info from /api/puzzles
  name: 'sliding',
  options: {},         // option values as the user set them (name -> text)
  algo: '',
  model: null,         // the start being edited, or null when the input does not parse
  record: null,        // the solve record shown, or null
  step: 0,
  timer: null,
  drawContext: {},
};

const view = () => VIEWS[page.name];

function setMessage(text, bad = false) {
  $('message').textContent = text;
  $('message').className = bad ? 'bad' : '';
}

// The fragment: p (puzzle), o (options, JSON), a (algorithm), i (input), s (solved), m (step).
function saveUrl() {
  const params = new URLSearchParams({ p: page.name, i: $('input').value });
  if (Object.keys(page.options).length) params.set('o', JSON.stringify(page.options));
  if (page.algo) params.set('a', page.algo);
  if (page.record) { params.set('s', '1'); params.set('m', String(page.step)); }
  history.replaceState(null, '', `#${params}`);
}

function buildOptions() {
  const info = page.puzzles.get(page.name);
  const box = $('options');
  box.replaceChildren();
  const add = (name, help, control) => {
    const label = document.createElement('label');
    label.title = help;
    label.append(name, control);
    box.appendChild(label);
  };
  const algo = document.createElement('select');
  algo.id = 'algo';
  for (const name of info.algorithms) algo.add(new Option(name, name));
  algo.value = page.algo || info.algorithms[0];
  algo.onchange = () => { page.algo = algo.value; clearResult(); saveUrl(); };
  add('algorithm', 'the search to run', algo);
  for (const option of info.options) {
    let control;
    if (option.choices && option.choices.length) {
      control = document.createElement('select');
      for (const choice of option.choices) control.add(new Option(choice, choice));
    } else {
      control = document.createElement('input');
      if (option.type === 'integer') { control.type = 'number'; control.min = option.min; control.max = option.max; }
      control.placeholder = option.default === null ? '' : String(option.default);
      control.size = 10;
    }
    control.id = `option-${option.name}`;
    control.value = page.options[option.name] ?? (option.default ?? '');
    control.onchange = () => {
      if (control.value === '' || String(control.value) === String(option.default)) delete page.options[option.name];
      else page.options[option.name] = String(control.value);
      inputChanged();
    };
    add(option.name, option.help, control);
  }
  $('summary').textContent = info.summary;
  $('hint').textContent = view().hint;
}

function clearResult() {
  stop();
  page.record = null;
  page.step = 0;
  $('moves').replaceChildren();
  $('stats').replaceChildren();
  updateControls();
}

// The input was edited (text box, options): a new model, drawn; the old solution gone.
function inputChanged() {
  clearResult();
  try {
    page.model = view().parse($('input').value, page.options);
    const impossible = view().impossible(page.model, page.options);
    setMessage(impossible || '', Boolean(impossible));
  } catch (problem) {
    page.model = null;
    setMessage(problem instanceof InputProblem ? `Cannot draw this input: ${problem.message}` : String(problem), true);
  }
  draw();
  saveUrl();
}

// The board edited: the model's text into the input.
function modelChanged() {
  $('input').value = view().text(page.model, page.options);
  inputChanged();
}

function draw() {
  const svg = $('board');
  for (const child of [...svg.children]) if (!child.classList.contains('tile')) child.remove();
  const context = page.drawContext;
  context.columns = page.model?.columns;
  context.goal = page.record?.goal || page.model?.goal;
  context.move = null;
  let state = null;
  if (page.record && page.record.states) {
    state = page.record.states[page.step];
    context.move = page.step > 0 ? page.record.moves[page.step - 1] : null;
    if (context.move && page.name === 'cubic') context.rolled = cubicRolled(page.record.states[page.step - 1], state);
  } else if (page.model) {
    state = view().state(page.model);
  }
  if (!state) return;
  if (page.record?.size) context.columns = Number(page.record.size.split('x')[1]);
  view().draw(svg, state, context);
  svg.setAttribute('data-state', JSON.stringify(state));
}

// The cell of the die that rolled into the empty cell between two cubic states.
function cubicRolled(before, after) {
  for (let r = 0; r < before.length; ++r)
    for (let c = 0; c < before[r].length; ++c)
      if (before[r][c] === '...' && after[r][c] !== '...') return [r, c];
  return null;
}

// ---- editing on the board: a press and release on one place is a click, on two a swap --------
let pressed = null;
function placeOf(event) {
  const target = document.elementFromPoint(event.clientX, event.clientY);
  const keyed = target && target.closest('[data-key]');
  return keyed && $('board').contains(keyed) ? keyed.getAttribute('data-key') : null;
}
// Editing a solved start drops its solution and edits the start.
$('board').addEventListener('pointerdown', (event) => {
  if (!page.model) return;
  if (page.record) { clearResult(); draw(); saveUrl(); }
  pressed = placeOf(event);
  if (pressed !== null) event.preventDefault();
});
$('board').addEventListener('pointerup', (event) => {
  if (pressed === null || !page.model) return;
  const released = placeOf(event);
  if (released === null) { pressed = null; return; }
  if (released === pressed) view().click(page.model, Number.isNaN(Number(pressed)) ? pressed : Number(pressed));
  else view().swap(page.model, Number.isNaN(Number(pressed)) ? pressed : Number(pressed),
                   Number.isNaN(Number(released)) ? released : Number(released));
  pressed = null;
  modelChanged();
});

// ---- solving and playback -------------------------------------------------------------------
async function post(path, body) {
  const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' },
                                       body: JSON.stringify(body) });
  const answer = await response.json();
  if (!response.ok) {
    const where = answer.line ? ` (line ${answer.line})` : '';
    throw new Error(`${answer.error}${where}`);
  }
  return answer;
}

function request() {
  const body = { puzzle: page.name, input: $('input').value, options: page.options };
  if (page.algo) body.algo = page.algo;
  return body;
}

async function solve(step = 0) {
  if (page.model) {
    const impossible = view().impossible(page.model, page.options);
    if (impossible) { setMessage(impossible, true); return; }
  }
  clearResult();
  setMessage('Solving…');
  $('solve').disabled = true;
  try {
    const answer = await post('/api/solve', request());
    const record = answer.results[0];
    if (!record) throw new Error('the input holds no dataset');
    page.record = record;
    page.step = Math.min(step, record.moves ? record.moves.length : 0);
    showStats(record);
    showMoves(record);
    setMessage(record.length === null ? 'No solution: this start cannot reach the goal.'
      : `Solved: ${record.length} moves${answer.results.length > 1 ? ` (dataset 1 of ${answer.results.length} shown)` : ''}.`);
  } catch (failure) {
    setMessage(failure.message, true);
  } finally {
    $('solve').disabled = false;
  }
  updateControls();
  draw();
  saveUrl();
}

function showStats(record) {
  const stats = $('stats');
  stats.replaceChildren();
  const algorithm = page.algo || page.puzzles.get(page.name).algorithms[0];
  const rows = [['length', record.length === null ? 'none' : record.length],
                ['algorithm', record.method ? `${algorithm} (${record.method})` : algorithm],
                ['nodes', record.stats.expanded.toLocaleString()],
                ['time', `${(record.stats.seconds * 1000).toFixed(1)} ms`],
                ['result', record.stats.reason]];
  for (const [name, value] of rows) {
    const term = document.createElement('dt');
    term.textContent = name;
    const detail = document.createElement('dd');
    detail.textContent = value;
    detail.id = `stat-${name}`;
    stats.append(term, detail);
  }
}

const moveText = (move) => (typeof move === 'string' ? move
  : Array.isArray(move) ? `dig ${move[0]},${move[1]}`
  : move.card ? `${move.card} → ${move.to[0]},${move.to[1]}`
  : `${move.from} → ${move.to}`);

function showMoves(record) {
  const list = $('moves');
  list.replaceChildren();
  (record.moves || []).forEach((move, i) => {
    const item = document.createElement('li');
    item.textContent = moveText(move);
    item.onclick = () => show(i + 1);
    list.appendChild(item);
  });
}

function show(step) {
  if (!page.record) return;
  page.step = Math.max(0, Math.min(step, page.record.moves ? page.record.moves.length : 0));
  draw();
  updateControls();
  saveUrl();
}

function updateControls() {
  const total = page.record?.moves ? page.record.moves.length : 0;
  $('scrubber').max = String(total);
  $('scrubber').value = String(page.step);
  for (const id of ['first', 'back', 'play', 'forward', 'last', 'scrubber']) $(id).disabled = !total;
  $('play').textContent = page.timer ? '||' : '▶';
  $('step').textContent = total ? `Move ${page.step} of ${total}${page.step ? `: ${moveText(page.record.moves[page.step - 1])}` : ''}` : '';
  [...$('moves').children].forEach((item, i) => {
    item.classList.toggle('current', i + 1 === page.step);
    if (i + 1 === page.step) item.scrollIntoView({ block: 'nearest' });
  });
}

function stop() {
  clearInterval(page.timer);
  page.timer = null;
}

function togglePlay() {
  if (page.timer) { stop(); updateControls(); return; }
  const total = page.record?.moves ? page.record.moves.length : 0;
  if (!total) return;
  if (page.step >= total) page.step = 0;
  page.timer = setInterval(() => {
    if (page.step >= total) { stop(); updateControls(); return; }
    show(page.step + 1);
  }, 1200 / Number($('speed').value));
  updateControls();
}

$('solve').onclick = () => solve();
$('play').onclick = togglePlay;
$('first').onclick = () => show(0);
$('back').onclick = () => show(page.step - 1);
$('forward').onclick = () => show(page.step + 1);
$('last').onclick = () => show(Infinity);
$('scrubber').oninput = () => show(Number($('scrubber').value));
$('speed').onchange = () => { if (page.timer) { stop(); togglePlay(); } };
$('input').oninput = inputChanged;
$('sample').onclick = () => { $('input').value = STARTS[page.name]; inputChanged(); };
document.addEventListener('keydown', (event) => {
  if (event.target.closest('textarea, input:not([type=range]), select')) return;
  const actions = { ' ': togglePlay, ArrowLeft: () => show(page.step - 1), ArrowRight: () => show(page.step + 1),
                    Home: () => show(0), End: () => show(Infinity) };
  if (!actions[event.key]) return;
  event.preventDefault();
  actions[event.key]();
});

// ---- exploring ------------------------------------------------------------------------------
async function explore() {
  clearResult();
  setMessage('Exploring…');
  $('explore').disabled = true;
  try {
    // From the puzzle's own start (the goal, a random deal), as `plumb explore NAME` does.
    const answer = await post('/api/explore', { puzzle: page.name, options: page.options });
    showExploration(answer.result);
    setMessage(`${answer.result.total.toLocaleString()} states, the deepest ${answer.result.depth} moves from ${answer.result.origin}.`);
  } catch (failure) {
    setMessage(failure.message, true);
  } finally {
    $('explore').disabled = false;
  }
}

function showExploration(result) {
  const width = 300, height = 120, layers = result.layers;
  const most = Math.max(...layers);
  const chart = svgEl('svg', { viewBox: `0 0 ${width} ${height + 14}`, role: 'img',
                               'aria-label': 'States by depth' });
  const bar = width / layers.length;
  layers.forEach((count, depth) => {
    const tall = Math.max(1, (count / most) * height);
    const rect = svgEl('rect', { x: depth * bar, y: height - tall, width: Math.max(1, bar - 1), height: tall }, chart);
    svgEl('title', {}, rect, `depth ${depth}: ${count.toLocaleString()} states`);
    if (layers.length <= 32 || depth % 5 === 0) svgEl('text', { x: depth * bar + bar / 2, y: height + 8 }, chart, String(depth));
  });
  $('histogram').replaceChildren(chart);
  const deepest = $('deepest');
  deepest.replaceChildren();
  const fromState = view().fromState;
  if (page.name === 'block') return;  // its deepest are standing cells, not boards
  for (const state of result.deepest.slice(0, 6)) {
    const small = svgEl('svg', {});
    view().draw(small, state, { columns: page.model?.columns, goal: null });
    if (fromState) {
      small.setAttribute('title', 'Solve from here');
      small.onclick = () => { $('input').value = fromState(state, page.model); inputChanged(); solve(); };
    }
    deepest.appendChild(small);
  }
}

$('explore').onclick = explore;

// ---- start ----------------------------------------------------------------------------------
function choosePuzzle(name) {
  page.name = page.puzzles.has(name) ? name : 'sliding';
  $('puzzle').value = page.name;
  page.drawContext = {};
  $('board').replaceChildren();
  $('histogram').replaceChildren();
  $('deepest').replaceChildren();
  buildOptions();
}

$('puzzle').onchange = () => {
  page.options = {};
  page.algo = '';
  choosePuzzle($('puzzle').value);
  $('input').value = STARTS[page.name];
  inputChanged();
};

async function start() {
  const response = await fetch('/api/puzzles');
  const list = (await response.json()).puzzles;
  for (const info of list) {
    page.puzzles.set(info.name, info);
    $('puzzle').add(new Option(info.name, info.name));
  }
  const params = new URLSearchParams(location.hash.slice(1));
  try { page.options = JSON.parse(params.get('o') || '{}'); } catch { page.options = {}; }
  page.algo = params.get('a') || '';
  choosePuzzle(params.get('p') || 'sliding');
  $('input').value = params.has('i') ? params.get('i') : STARTS[page.name];
  inputChanged();
  if (params.get('s') === '1') await solve(Number(params.get('m') || 0));
  document.body.setAttribute('data-ready', 'true');
}

start();
