// Cubic Eight-Puzzle: dice on a board with one empty cell. A die is its top, north-south and
// east-west colours ("WRB"; opposite faces share a colour), the empty cell "...". A die is drawn as
// a cube seen from above: the top face large and lettered, the south face (the north-south colour)
// under it and the east face (the east-west colour) at its right. The goal's top view stands beside.
import { InputProblem, directionName, filledLines, svgEl, tokensOf } from '../common.js';

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
      'Click a cell of the board to put the empty cell there; click a goal cell to change its colour, drag the goal\'s E to move it.',
  legend:
      'Each die: its top face large, with its letter (W white, R red, B blue); under it the colour of its north and south faces, at its right that of its east and west faces. Outlined: the die that rolled last. Right: the goal, the top view to reach.',
  note: 'Moves: the direction the empty cell goes.',
  parse(input, options) {
    const [rows, columns] = boardSize(options);
    const lines = filledLines(input);
    const header = tokensOf(lines[0] || '').map(Number);
    if (header.length !== 2 || header[0] === 0)
      throw new InputProblem('a dataset starts with "x y"');
    const goal = lines.slice(1, 1 + rows).map((line) => line.replace(/\s+/g, '').split(''));
    if (goal.length !== rows || goal.some((row) => row.length !== columns))
      throw new InputProblem(`the goal is ${rows} rows of ${columns} letters`);
    return { x: header[0], y: header[1], goal, rows, columns };
  },
  text: (model) =>
      `${model.x} ${model.y}\n${model.goal.map((row) => row.join(' ')).join('\n')}\n0 0\n`,
  state: (model) => Array.from(
      {length: model.rows},
      (_, r) => Array.from(
          {length: model.columns},
          (_, c) => (r === model.y - 1 && c === model.x - 1 ? '...' : 'WRB'))),
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
  click(model, key) {
    const [r, c] = key.slice(1).split(',').map(Number);
    if (key[0] === 's') {
      model.x = c + 1;
      model.y = r + 1;
      return;
    }
    const next = { W: 'R', R: 'B', B: 'W' };
    if (next[model.goal[r][c]]) model.goal[r][c] = next[model.goal[r][c]];
  },
  swap(model, a, b) {
    if (a[0] !== 'g' || b[0] !== 'g') return;
    const [r1, c1] = a.slice(1).split(',').map(Number), [r2, c2] = b.slice(1).split(',').map(Number);
    [model.goal[r1][c1], model.goal[r2][c2]] = [model.goal[r2][c2], model.goal[r1][c1]];
  },
  moveName: directionName,
  // A deepest state's top view as the goal, from the same start.
  fromState(state, model) {
    const goal = state.map((row) => row.map((die) => (die === '...' ? 'E' : die[0])));
    return cubic.text({ ...model, goal });
  },
};
