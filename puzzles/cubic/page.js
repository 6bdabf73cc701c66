// Cubic Eight-Puzzle: dice on a board with one empty cell. A die is its top, north-south and
// east-west colours ("WRB"; opposite faces share a colour), the empty cell "...". A die is drawn as
// a cube seen from above: the top face large and lettered, the south face (the north-south colour)
// under it and the east face (the east-west colour) at its right. The goal's top view stands
// beside. The model's dice are the start's; a start whose dice are all the contest's ("WRB") is
// written as the contest writes it (`x y`), any other in full, a row of dice a line.
import { InputProblem, directionName, filledLines, svgEl, tokensOf } from '../common.js';

const CONTEST_DIE = 'WRB';
const STEPS = {
  u: [-1, 0],
  d: [1, 0],
  l: [0, -1],
  r: [0, 1]
};

// The empty cell's row and column.
function emptyOf(dice) {
  const r = dice.findIndex((row) => row.includes('...'));
  return [r, dice[r].indexOf('...')];
}

// The die rolled over its edge: north or south swaps its top and north-south colours, east or west
// its top and east-west colours.
const rolled = (die, move) =>
    ('ud'.includes(move) ? die[1] + die[0] + die[2] : die[2] + die[1] + die[0]);

// The move that rolls the die at (r, c) into the empty cell, or null when it is not beside it.
function moveFrom(dice, r, c) {
  const [er, ec] = emptyOf(dice);
  return Object.keys(STEPS).find(
             (move) => er + STEPS[move][0] === r && ec + STEPS[move][1] === c) ??
      null;
}

const cellOf = (key) => key.slice(1).split(',').map(Number);

function boardSize(options) {
  const given = /^(\d+)x(\d+)$/.exec(options.size || '3x3');
  return given ? [Number(given[1]), Number(given[2])] : [3, 3];
}

// The cell of the die that rolled into the empty cell between two states.
function rolledInto(before, after) {
  for (let r = 0; r < before.length; ++r)
    for (let c = 0; c < before[r].length; ++c)
      if (before[r][c] === '...' && after[r][c] !== '...') return [r, c];
  return null;
}

const SIZE = 60, TOP = 36, DEPTH = 10, GOAL_CELL = 30;

function drawDie(group, die, rolled) {
  const face = svgEl('g', { class: `die${rolled ? ' rolled' : ''}` }, group);
  const [x0, x1] = [6, 6 + TOP];
  svgEl('polygon', { class: `side ${die[1]}`, points: `${x0},${x1} ${x1},${x1} ${x1 + DEPTH},${x1 + DEPTH} ${x0 + DEPTH},${x1 + DEPTH}` }, face);
  svgEl('polygon', { class: `side ${die[2]}`, points: `${x1},${x0} ${x1 + DEPTH},${x0 + DEPTH} ${x1 + DEPTH},${x1 + DEPTH} ${x1},${x1}` }, face);
  svgEl('rect', { class: `top ${die[0]}`, x: x0, y: x0, width: TOP, height: TOP, rx: 3 }, face);
  svgEl('text', { class: `letter ${die[0]}`, x: x0 + TOP / 2, y: x0 + TOP / 2, 'font-size': 15 }, face, die[0]);
  if (rolled) svgEl('rect', { class: 'rolled-mark', x: 1.5, y: 1.5, width: SIZE - 3, height: SIZE - 3, rx: 4 }, group);
}

export const cubic = {
  title: 'Cubic eight-puzzle (rolling dice)',
  rules: 'Roll dice into the empty cell until their tops show the goal pattern.',
  presets: {size: ['3x3', '2x3', '3x4']},
  basic: ['size'],
  labels: {size: 'Board (rows x columns)', 'max-moves': 'Most moves looked for'},
  sample: '3 3\nW B W\nB R E\nR B R\n0 0\n',
  hint:
      'Click or swipe a die beside the empty cell to roll it in; drag a die elsewhere onto the empty cell to move the empty cell; click a goal cell to change its colour, drag the goal\'s E to move it.',
  legend:
      'Each die: its top face large, with its letter (W white, R red, B blue); under it the colour of its north and south faces, at its right that of its east and west faces. Outlined: the die that rolled last. Right: the goal, the top view to reach.',
  note: 'Moves: the direction the empty cell goes.',
  parse(input, options) {
    const [rows, columns] = boardSize(options);
    const lines = filledLines(input);
    const first = tokensOf(lines[0] || '');
    let dice;
    if (/^[WRB.]{3}$/.test(first[0])) {
      dice = lines.slice(0, rows).map(tokensOf);
      if (dice.length !== rows || dice.some((row) => row.length !== columns) ||
          dice.flat().filter((die) => die === '...').length !== 1)
        throw new InputProblem(`the start is ${rows} rows of ${columns} dice, one of them ...`);
    } else {
      const [x, y] = first.map(Number);
      if (first.length !== 2 || !(x >= 1 && x <= columns && y >= 1 && y <= rows))
        throw new InputProblem('a dataset starts with "x y"');
      dice = Array.from(
          {length: rows},
          (_, r) => Array.from(
              {length: columns}, (_, c) => (r === y - 1 && c === x - 1 ? '...' : CONTEST_DIE)));
    }
    const goalAt = first.length === 2 ? 1 : rows;
    const goal =
        lines.slice(goalAt, goalAt + rows).map((line) => line.replace(/\s+/g, '').split(''));
    if (goal.length !== rows || goal.some((row) => row.length !== columns))
      throw new InputProblem(`the goal is ${rows} rows of ${columns} letters`);
    return {dice, goal, rows, columns};
  },
  text(model) {
    const goal = model.goal.map((row) => row.join(' ')).join('\n');
    if (model.dice.flat().every((die) => die === CONTEST_DIE || die === '...')) {
      const [r, c] = emptyOf(model.dice);
      return `${c + 1} ${r + 1}\n${goal}\n0 0\n`;
    }
    return `${model.dice.map((row) => row.join(' ')).join('\n')}\n${goal}\n0 0\n`;
  },
  state: (model) => model.dice,
  draw(svg, state, context) {
    const rows = state.length, columns = state[0].length;
    const goal = context.goal;
    const goalLeft = columns * SIZE + 24;
    svg.setAttribute('viewBox', `-4 -4 ${goalLeft + (goal ? columns * GOAL_CELL : 0) + 8} ${Math.max(rows * SIZE, 16 + rows * GOAL_CELL) + 8}`);
    const rolled = context.move && context.before ? rolledInto(context.before, state) : null;
    state.forEach((row, r) => row.forEach((die, c) => {
      const group = svgEl('g', { transform: `translate(${c * SIZE},${r * SIZE})`, 'data-key': `s${r},${c}` }, svg);
      svgEl('rect', { class: 'cell', width: SIZE, height: SIZE }, group);
      if (die !== '...') drawDie(group, die, rolled && rolled[0] === r && rolled[1] === c);
    }));
    if (!goal) return;
    svgEl('text', { x: goalLeft + (columns * GOAL_CELL) / 2, y: 4, 'font-size': 11, class: 'caption' }, svg, 'goal');
    goal.forEach((row, r) => row.forEach((letter, c) => {
      svgEl('rect', { class: `goal-cell ${letter}`, x: goalLeft + c * GOAL_CELL, y: 14 + r * GOAL_CELL,
                      width: GOAL_CELL - 2, height: GOAL_CELL - 2, 'data-key': `g${r},${c}` }, svg);
    }));
  },
  // A die beside the empty cell clicked rolls into it; a goal cell clicked changes its colour (an
  // edit).
  click(model, key) {
    const [r, c] = cellOf(key);
    if (key[0] === 's') {
      const move = moveFrom(model.dice, r, c);
      if (move) cubic.play(model, move);
      return;
    }
    const next = { W: 'R', R: 'B', B: 'W' };
    if (next[model.goal[r][c]]) model.goal[r][c] = next[model.goal[r][c]];
  },
  edits: (key) => key[0] === 'g',
  // A die dragged (or swiped) into the empty cell beside it rolls.
  slide(model, from, to) {
    if (from[0] !== 's' || to[0] !== 's') return false;
    const [r, c] = cellOf(from), [tr, tc] = cellOf(to);
    const move = moveFrom(model.dice, r, c);
    if (!move || model.dice[tr][tc] !== '...') return false;
    cubic.play(model, move);
    return true;
  },
  // Two cells of the board (a die and the empty cell) or of the goal trade places.
  swap(model, a, b) {
    if (a[0] !== b[0]) return;
    const grid = a[0] === 's' ? model.dice : model.goal;
    const [r1, c1] = cellOf(a), [r2, c2] = cellOf(b);
    [grid[r1][c1], grid[r2][c2]] = [grid[r2][c2], grid[r1][c1]];
  },
  // The empty cell goes the move's way (u d l r), the die there rolling into its place.
  play(model, move) {
    const [r, c] = emptyOf(model.dice);
    const [fr, fc] = [r + STEPS[move][0], c + STEPS[move][1]];
    model.dice[r][c] = rolled(model.dice[fr][fc], move);
    model.dice[fr][fc] = '...';
  },
  moveName: directionName,
  // A deepest state's top view as the goal, from the same start.
  fromState(state, model) {
    const goal = state.map((row) => row.map((die) => (die === '...' ? 'E' : die[0])));
    return cubic.text({ ...model, goal });
  },
};
