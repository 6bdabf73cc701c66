// plumb serve's page, its shell: picks a puzzle from GET /api/puzzles, keeps its start as contest
// input (dealt by New game, POST /api/scramble; edited in the text box or on the drawn board, each
// edit of the board or deal undoable), has the server read it as it changes (POST /api/read: the
// start's shape, and why it has no solution where that is known) and says its exact distance to
// the goal (POST /api/distance); solves it with POST /api/solve and plays the solution back from
// the states the answer carries, or gives its first move as a hint; explores from the board shown
// with POST /api/explore. While a solution is shown the board is not edited: Esc closes it. The
// puzzle, options, input, game's seed, algorithm, whether it was solved and the step shown live in
// the URL's fragment, so a link opens the same view, pasted into a new tab or an open one. What a
// puzzle looks like is its renderer's (puzzles/registry.js); the histogram is histogram.js's.
import {distance, forgetStart, post, progressId, progressOf, read, RequestFailed, supersede, Superseded} from './api.js';
import {editFromKeyboard, placeKey} from './board_keys.js';
import {counted, InputProblem, svgEl} from './common.js';
import {drawHistogram} from './histogram.js';
import {MESSAGES} from './messages.js';
import {DEFAULT_WORDS, RENDERERS} from './puzzles/registry.js';

const $ = (id) => document.getElementById(id);

// ---- the page's state -----------------------------------------------------------------------
const page = {
  puzzles: new Map(),  // name -> info from /api/puzzles, in the server's order
  name: '',            // the puzzle shown: the first the page can draw until one is chosen
  options: {},         // option values as the user set them (name -> text)
  algo: '',
  model: null,        // the start being edited, or null when the input does not parse
  read: null,         // the server's description of the input's first dataset (POST /api/read),
                      // kept while the next read is under way; null after a read refused
  reading: null,      // the read under way, a promise
  record: null,       // the solve record shown, or null
  exploration: null,  // the explore result shown, or null
  step: 0,
  timer: null,
  hash: '',    // the fragment this page last wrote or read
  seed: null,  // the seed of the game last dealt (New game), or null
  // The starts before and after the one shown, each {input, played}: undo and redo.
  history: {past: [], future: []},
  played: 0,      // moves played on the board since the start was dealt or typed
  optimal: null,  // the distance of that start, once the server said it
  seconds: null,  // the time limit chosen for a search, or null: the server's default
  defaultSeconds: 10,
  maxSeconds: 60,  // the server's (GET /api/puzzles)
};

const renderer = () => RENDERERS[page.name];
const words = () => ({ ...DEFAULT_WORDS, ...renderer().words });
const totalSteps = () => (page.record?.moves ? page.record.moves.length : 0);

function setMessage(text, bad = false) {
  $('message').textContent = plainWords(text);
  $('message').className = bad ? 'bad' : '';
}

// A request's failure in words: the server's, or why it could not be asked.
// A search the time limit stopped says where the limit is set.
function failureMessage(failure) {
  if (!(failure instanceof RequestFailed)) return MESSAGES.unreachable(failure.message);
  if (failure.status !== 422 || !/time limit/.test(failure.message)) return failure.message;
  const higher = (page.seconds ?? page.defaultSeconds) < page.maxSeconds;
  return higher ? MESSAGES.raiseTimeLimit(failure.message) : MESSAGES.outOfReach(failure.message);
}

// The fragment: p (puzzle), o (options, JSON), g (the game's seed), a (algorithm), i (input), s
// (solved), m (step). A fragment with a seed and no input deals that game.
function saveUrl() {
  const params = new URLSearchParams({ p: page.name, i: $('input').value });
  if (Object.keys(page.options).length) params.set('o', JSON.stringify(page.options));
  if (page.seed !== null) params.set('g', String(page.seed));
  if (page.seconds !== null) params.set('t', String(page.seconds));
  if (page.algo) params.set('a', page.algo);
  if (page.record) { params.set('s', '1'); params.set('m', String(page.step)); }
  page.hash = `#${params}`;
  history.replaceState(null, '', page.hash);
}

// Opens the view a fragment names (a link opened or pasted).
async function loadUrl() {
  page.hash = location.hash;
  const params = new URLSearchParams(location.hash.slice(1));
  try { page.options = JSON.parse(params.get('o') || '{}'); } catch { page.options = {}; }
  page.algo = params.get('a') || '';
  page.seconds =
      Number(params.get('t')) > 0 ? Math.min(Number(params.get('t')), page.maxSeconds) : null;
  choosePuzzle(params.get('p'));
  page.seed = /^\d+$/.test(params.get('g') || '') ? Number(params.get('g')) : null;
  if (!params.has('i') && page.seed !== null) {
    await newGame(page.seed);
    return;
  }
  setStart(params.has('i') ? params.get('i') : renderer().sample, {keep: true});
  if (params.get('s') === '1') await solve(Number(params.get('m') || 0));
}

// An option's words on the page: its renderer's label, else the server's help line.
function optionLabel(name) {
  const spec = page.puzzles.get(page.name)?.options.find((option) => option.name === name);
  return renderer().labels?.[name] || spec?.help || name;
}

// The server's words with the page's: an option named as the command line names it ("--size")
// becomes the label of its field.
const plainWords = (text) =>
    text.replace(/--([a-z][a-z0-9-]*)/g, (_, name) => `“${optionLabel(name)}”`);

// The options' fields: the renderer's `basic` ones in view, the rest, the algorithm and the time
// limit behind Advanced.
function buildOptions() {
  const info = page.puzzles.get(page.name);
  const basic = $('options'), advanced = $('advanced-options');
  basic.replaceChildren();
  advanced.replaceChildren();
  const add = (box, name, help, control) => {
    const label = document.createElement('label');
    label.title = help;
    label.append(name, control);
    box.appendChild(label);
  };
  for (const option of info.options) {
    const box = (renderer().basic || []).includes(option.name) ? basic : advanced;
    let control;
    if (option.type === 'flag') {
      control = document.createElement('input');
      control.type = 'checkbox';
      control.id = `option-${option.name}`;
      control.checked = page.options[option.name] === true;
      control.onchange = () => {
        if (control.checked)
          page.options[option.name] = true;
        else
          delete page.options[option.name];
        startChanged(0);
      };
      add(box, optionLabel(option.name), option.help, control);
      continue;
    }
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
    if (renderer().presets?.[option.name]) {
      const list = document.createElement('datalist');
      list.id = `presets-${option.name}`;
      for (const preset of renderer().presets[option.name]) list.append(new Option(preset, preset));
      box.appendChild(list);
      control.setAttribute('list', list.id);
    }
    // A start of the old shape seldom fits the new one: a shape set in view deals a new game.
    const reshapes = box === basic;
    control.onchange = () => {
      if (control.value === '' || String(control.value) === String(option.default)) delete page.options[option.name];
      else page.options[option.name] = String(control.value);
      if (reshapes)
        newGame();
      else
        startChanged(0);
    };
    add(box, optionLabel(option.name), option.help, control);
  }
  const algo = document.createElement('select');
  algo.id = 'algo';
  for (const name of info.algorithms) algo.add(new Option(name, name));
  algo.value = page.algo || info.algorithms[0];
  algo.onchange = () => {
    page.algo = algo.value;
    clearResult();
    saveUrl();
  };
  add(advanced, 'Search algorithm', 'the search to run', algo);
  const limit = document.createElement('input');
  Object.assign(limit, {
    id: 'time-limit',
    type: 'number',
    min: 1,
    size: 6,
    placeholder: String(page.defaultSeconds),
    value: page.seconds ?? ''
  });
  if (Number.isFinite(page.maxSeconds)) limit.max = page.maxSeconds;
  limit.onchange = () => {
    const seconds = Number(limit.value);
    page.seconds = limit.value !== '' && seconds > 0 ? Math.min(seconds, page.maxSeconds) : null;
    limit.value = page.seconds ?? '';
    saveUrl();
  };
  const most = Number.isFinite(page.maxSeconds) ? `, up to ${page.maxSeconds}` : '';
  add(advanced, `Time limit for a search (seconds${most})`,
      'how long the server may search before it stops', limit);
  $('summary').textContent = renderer().rules || info.summary;
  $('about').textContent = renderer().rules ? `About: ${info.summary}.` : '';
  $('hint').textContent = renderer().hint;
  $('legend').textContent = renderer().legend || '';
  $('moves-note').textContent = '';
}

function clearResult() {
  stop();
  supersede();
  page.record = null;
  page.step = 0;
  $('moves').replaceChildren();
  $('stats').replaceChildren();
  $('moves-note').textContent = '';
  updateControls();
}

function clearExploration() {
  page.exploration = null;
  $('exploration').hidden = true;
  $('histogram').replaceChildren();
  $('deepest').replaceChildren();
}

// The model of the input as it stands, with what the server's last read says of its shape.
function parseInput() {
  try {
    page.model = renderer().parse($('input').value, page.options, page.read);
    return true;
  } catch (problem) {
    page.model = null;
    setMessage(
        problem instanceof InputProblem ? MESSAGES.cannotDraw(problem.message) : String(problem),
        true);
    return false;
  }
}

// The input was edited (text box, options): a new model, drawn; the old answers gone; the server
// asked to read it.
function inputChanged() {
  clearResult();
  clearExploration();
  updateHistory();
  forgetStart();
  distancePending();
  if (parseInput()) setMessage('');
  draw();
  saveUrl();
  askRead();
}

// ---- the server's read of the input: a moment after the last edit, or at once for a solve ---
const READ_DELAY_MS = 150;
let readTimer = null;

function askRead() {
  clearTimeout(readTimer);
  readTimer = setTimeout(() => {
    readTimer = null;
    page.reading = readInput();
  }, READ_DELAY_MS);
}

// The read of the input as it stands: the one under way, or one asked at once.
function currentRead() {
  if (readTimer) {
    clearTimeout(readTimer);
    readTimer = null;
    page.reading = readInput();
  }
  return page.reading;
}

// Why the start has no solution, as the server read it, or ''.
const impossibleText = () =>
    (page.read?.unsolvable ? MESSAGES.impossible(page.read.unsolvable) : '');

// Says why the start has no solution, or the server's words on bad input; redraws with the shape
// the server read.
async function readInput() {
  try {
    page.read = (await read(request())).datasets[0] || null;
    if (parseInput()) setMessage(impossibleText(), Boolean(impossibleText()));
    updateDistance();
  } catch (failure) {
    if (failure instanceof Superseded) return;
    page.read = null;
    setMessage(failureMessage(failure), true);
    sayDistance('');
  }
  if (!page.record) draw();
}

// The board changed (`played`: by a move, else by an edit): the model's text into the input, the
// old one kept for undo. A move counts as played; an edit makes a new start. A click that changed
// nothing is no move, but may have marked something (a piece lifted): the board is redrawn.
function modelChanged(played) {
  const input = renderer().text(page.model, page.options);
  if (input === $('input').value) {
    draw();
    return;
  }
  setStart(input, {played: played ? page.played + 1 : 0});
}

// ---- the start's history, and the game played from it ----------------------------------------
// Shows `input` as the start. Unless `keep`, the start shown before is kept for undo; `played` is
// the count of moves played to reach it (0: a new start, whose distance is the game's optimum).
function setStart(input, {played = 0, keep = false} = {}) {
  if (!keep && input !== $('input').value) {
    page.history.past.push({input: $('input').value, played: page.played});
    page.history.future = [];
  }
  $('input').value = input;
  startChanged(played);
}

function startChanged(played) {
  page.played = played;
  if (played === 0) page.optimal = null;
  inputChanged();
}

// Undo (back = true) or redo: the start before or after the one shown.
function travel(back) {
  const [from, to] =
      back ? [page.history.past, page.history.future] : [page.history.future, page.history.past];
  if (!from.length) return;
  to.push({input: $('input').value, played: page.played});
  const {input, played} = from.pop();
  $('input').value = input;
  page.played = played;
  inputChanged();
}

function updateHistory() {
  $('undo').disabled = !page.history.past.length;
  $('redo').disabled = !page.history.future.length;
}

const randomSeed = () => crypto.getRandomValues(new Uint32Array(1))[0];

// Deals the game of `seed` (a new one's without): the server's random start for the puzzle and
// options shown.
async function newGame(seed = randomSeed()) {
  const answer = await ask(
      '/api/scramble', {puzzle: page.name, options: page.options, seed}, MESSAGES.dealing(),
      $('new-game'));
  if (!answer) return;
  setMessage('');
  page.seed = answer.seed;
  setStart(answer.input);
}

// ---- the distance to the goal of the start shown ---------------------------------------------
const DISTANCE_SECONDS = 3;  // what the page lets the server spend on a distance

function sayDistance(text, won = false) {
  $('distance').textContent = plainWords(text);
  $('distance').classList.toggle('won', won);
}

// "Moves played: 3. "
const playedText = () => `${words().distance.played(page.played)}. `;

// Says the distance as not known yet: the start changed.
const distancePending = () =>
    sayDistance(MESSAGES.distancePending(playedText(), words().distance.name));

async function updateDistance() {
  const played = playedText(), {name, of} = words().distance;
  if (impossibleText()) {
    sayDistance(MESSAGES.distanceImpossible(played));
    return;
  }
  distancePending();
  let record;
  try {
    record = await distance(
        {...request(), time_limit: DISTANCE_SECONDS},
        (text) => sayDistance(MESSAGES.distanceWaiting(played, name, text)));
  } catch (failure) {
    if (failure instanceof Superseded) return;
    sayDistance(
        failure instanceof RequestFailed && failure.status === 422 ?
            MESSAGES.distanceSlow(played, name, DISTANCE_SECONDS) :
            MESSAGES.distanceUnknown(played, name, failureMessage(failure)));
    return;
  }
  if (!record || record.distance === null) {
    sayDistance(
        record?.status === 'none_within_bound' ? MESSAGES.distanceNoneWithinBound(played) :
                                                 `${played}${words().none}`);
    return;
  }
  if (page.played === 0) page.optimal = record.distance;
  if (record.distance === 0 && page.played > 0) {
    sayDistance(words().distance.won(page.played, page.optimal), true);
    return;
  }
  sayDistance(MESSAGES.distance(played, name, of(record.distance)));
}

// The first move of an optimal solution from the board shown, played on the board.
async function hint() {
  await currentRead();
  if (impossibleText()) {
    setMessage(impossibleText(), true);
    return;
  }
  const answer = await ask(
      '/api/solve', page.algo ? {...request(), algo: page.algo} : request(),
      MESSAGES.lookingForHint(), $('ask-hint'));
  const record = answer?.results[0];
  if (!record) return;
  if (!record.moves?.length) {
    setMessage(record.length === 0 ? MESSAGES.alreadyGoal() : words().none, record.length !== 0);
    return;
  }
  renderer().play(page.model, record.moves[0]);
  modelChanged(true);
  setMessage(MESSAGES.hintPlayed(renderer().moveName(record.moves[0])));
}

// A renderer's second view of the board (twisty's 3D player) under it, hidden where it has none;
// the renderer names it (the host's aria-label) as it draws.
function drawFigure(state) {
  const host = $('figure');
  if (!state || !renderer().figure) {
    host.hidden = true;
    host.replaceChildren();
    return;
  }
  renderer().figure(
      host, {model: page.model, read: page.read, record: page.record, step: page.step});
}

function draw() {
  const svg = $('board');
  for (const child of [...svg.children]) if (!child.classList.contains('tile')) child.remove();
  const context = {
    columns: page.model?.columns,
    goal: page.record?.goal || page.model?.goal,
    move: null,
    before: null,
    playing: !page.record,
    lifted: page.record ? null : page.model?.lifted ?? null,
    read: page.read
  };
  let state = null;
  if (page.record?.states) {
    state = page.record.states[page.step];
    if (page.step > 0) {
      context.move = page.record.moves[page.step - 1];
      context.before = page.record.states[page.step - 1];
    }
    if (page.record.size) context.columns = Number(page.record.size.split('x')[1]);
  } else if (page.model) {
    state = renderer().state(page.model);
  }
  drawFigure(state);
  if (!state) { svg.replaceChildren(); svg.removeAttribute('data-state'); return; }
  renderer().draw(svg, state, context);
  svg.setAttribute('data-state', JSON.stringify(state));
  svg.setAttribute('aria-label', page.record?.states
    ? `The board, ${words().step.toLowerCase()} ${page.step} of ${totalSteps()}`
    : 'The board: the start (arrow keys choose a place, Enter acts on it, Space picks it up to swap)');
  boardKeys.mark();
}

// ---- editing on the board: a press and release on one place is a click, on two a swap; the same
// from the keyboard (board_keys.js) --------------------------------------------------------------
const boardKeys = editFromKeyboard($('board'), {
  editable: () => Boolean(page.model) && !page.record,
  click: (key) => {
    renderer().click(page.model, key);
    modelChanged(!renderer().edits?.(key));
  },
  swap: (a, b) => {
    renderer().swap(page.model, a, b);
    modelChanged(false);
  },
});

let pressed = null;
function placeOf(event) {
  const target = document.elementFromPoint(event.clientX, event.clientY);
  const keyed = target && target.closest('[data-key]');
  return keyed && $('board').contains(keyed) ? placeKey(keyed.getAttribute('data-key')) : null;
}
// While a solution is shown the board is the solution's: a click says how to get back to editing.
$('board').addEventListener('pointerdown', (event) => {
  if (!page.model) return;
  if (page.record) {
    setMessage(MESSAGES.solutionShown());
    return;
  }
  pressed = placeOf(event);
  if (pressed !== null) event.preventDefault();
});
$('board').addEventListener('pointerup', (event) => {
  if (pressed === null || !page.model) return;
  const released = placeOf(event);
  if (released !== null) {
    // A drag that is one of the puzzle's moves (a tile slid into the blank, a swipe on a phone)
    // is played as a click is; any other drag swaps the two places.
    const clicked = released === pressed;
    const moved = clicked ? !renderer().edits?.(pressed) :
                            Boolean(renderer().slide?.(page.model, pressed, released));
    if (clicked)
      renderer().click(page.model, pressed);
    else if (!moved)
      renderer().swap(page.model, pressed, released);
    modelChanged(moved);
  }
  pressed = null;
});

// ---- solving and playback -------------------------------------------------------------------
const STATUS_WORDS = {
  solved: 'solved', no_solution: 'no solution', none_within_bound: 'none within the move limit',
  complete: 'complete', exhausted: 'complete', time_limit: 'stopped by the time limit',
  memory_limit: 'stopped by the memory limit', node_limit: 'stopped by the node limit', cancelled: 'cancelled',
};
const statusText = (status) => STATUS_WORDS[status] || String(status).replace(/_/g, ' ');

// The start shown, as the API takes it: solve and explore alike start from the board drawn.
const request = () => ({
  puzzle: page.name,
  input: $('input').value,
  options: page.options,
  ...(page.seconds ? {time_limit: page.seconds} : {})
});

// Runs a request, saying its progress (and any wait for a database build) in the message; null
// when it failed (said in the message) or a newer request replaced it.
// While it runs the message counts its seconds and the positions its search has looked at (GET
// /api/progress/ID each second), and Stop cancels it (the server's search too).
// A count at a glance: 950, 12K, 4.3M.
const compactCount = (n) => n.toLocaleString('en', {notation: 'compact', maximumFractionDigits: 1});

async function ask(path, body, busy, button) {
  const started = Date.now(), watched = progressId();
  let said = busy, searched = null, answered = false;
  setMessage(said);
  const ticking = setInterval(async () => {
    const report = await progressOf(watched);
    if (answered) return;
    if (report?.expanded) searched = report;
    const seconds = Math.round((Date.now() - started) / 1000);
    setMessage(
        searched ?
            MESSAGES.searching(said, compactCount(searched.expanded), searched.depth, seconds) :
            MESSAGES.running(said, seconds));
  }, 1000);
  button.disabled = true;
  $('stop').hidden = false;
  try {
    return await post(path, {...body, progress: watched}, (text) => {
      said = MESSAGES.waitingForTables(text);
      setMessage(said);
    });
  } catch (failure) {
    if (!(failure instanceof Superseded)) setMessage(failureMessage(failure), true);
    return null;
  } finally {
    answered = true;
    clearInterval(ticking);
    button.disabled = false;
    $('stop').hidden = true;
  }
}

// On a narrow window the board stands first; after an answer it is brought into view.
function showBoard() {
  const box = $('board').getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) $('view').scrollIntoView({ block: 'start' });
}

async function solve(step = 0) {
  await currentRead();
  if (impossibleText()) {
    setMessage(impossibleText(), true);
    return;
  }
  clearResult();
  const asked = performance.now();
  const warning = renderer().reach?.(page.model, page.seconds ?? page.defaultSeconds) || '';
  const answer = await ask(
      '/api/solve', page.algo ? {...request(), algo: page.algo} : request(),
      warning ? MESSAGES.solvingLong(warning) : MESSAGES.solving(), $('solve'));
  if (!answer) return;
  const record = answer.results[0];
  if (!record) {
    setMessage(MESSAGES.noDataset(), true);
    return;
  }
  page.record = record;
  page.step = Math.min(step, totalSteps());
  showStats(record, (performance.now() - asked) / 1000);
  showMoves(record);
  const status = record.status || (record.length === null ? 'no_solution' : 'solved');
  const length = record.length !== null ? words().solved(record.length) : null;
  if (length === null)
    setMessage(status === 'none_within_bound' ? MESSAGES.noneWithinBound() : words().none);
  else if (answer.results.length > 1)
    setMessage(MESSAGES.solvedFirstOf(length, answer.results.length));
  else
    setMessage(MESSAGES.solved(length));
  updateControls();
  draw();
  saveUrl();
  showBoard();
}

function algorithmText(record) {
  const chosen = page.algo || page.puzzles.get(page.name).algorithms[0];
  if (!record.method) return chosen;
  return record.method.startsWith(chosen) ? record.method : `${chosen} (${record.method})`;
}

// Seconds for people: "3.2 ms", "1.4 s".
const secondsText = (seconds) =>
    (seconds < 1 ? `${(seconds * 1000).toFixed(1)} ms` : `${seconds.toFixed(1)} s`);

// The record's statistics; `waited`, the seconds from asking to the answer (tables loaded or
// built, a wait in the queue), beside the search's own.
function showStats(record, waited) {
  const stats = $('stats');
  stats.replaceChildren();
  const rows = [
    ['length', words().length, record.length === null ? 'none' : record.length],
    ['algorithm', 'algorithm', algorithmText(record)],
    ['expanded', 'states expanded', record.stats?.expanded?.toLocaleString('en') ?? '?'],
    [
      'time', 'time',
      `${secondsText(waited)}` +
          (record.stats ? ` (the search ${secondsText(record.stats.seconds)})` : '')
    ],
    ['result', 'result', statusText(record.status || record.stats?.reason)]
  ];
  for (const [key, name, value] of rows) {
    const term = document.createElement('dt');
    term.textContent = name;
    const detail = document.createElement('dd');
    detail.textContent = value;
    detail.id = `stat-${key}`;
    stats.append(term, detail);
  }
}

function showMoves(record) {
  const list = $('moves');
  list.replaceChildren();
  list.setAttribute('aria-label', words().list);
  $('moves-note').textContent = record.moves?.length ? renderer().note || '' : '';
  // A record's "solutions" (every optimal one, where a puzzle lists them): the first is the one
  // shown; the others are named.
  const others = (record.solutions || []).slice(1);
  if (others.length) {
    const named =
        others.slice(0, 5).map((moves) => moves.map((move) => renderer().moveName(move)).join(' '));
    $('moves-note').textContent +=
        ` This is one of ${others.length + 1} optimal solutions; the others: ` +
        `${named.join('; ')}${others.length > named.length ? '; …' : ''}.`;
  }
  (record.moves || []).forEach((move, i) => {
    const item = document.createElement('li');
    item.textContent = renderer().moveName(move);
    item.onclick = () => show(i + 1);
    list.appendChild(item);
  });
}

function show(step) {
  if (!page.record) return;
  page.step = Math.max(0, Math.min(step, totalSteps()));
  draw();
  updateControls();
  saveUrl();
}

function updateControls() {
  const total = totalSteps();
  $('scrubber').max = String(total);
  $('scrubber').value = String(page.step);
  for (const id of ['first', 'back', 'play', 'forward', 'last', 'scrubber']) $(id).disabled = !total;
  $('play').classList.toggle('playing', Boolean(page.timer));
  $('play').setAttribute('aria-label', page.timer ? 'Pause' : 'Play');
  const moves = page.record?.moves;
  // An optimal solution's step k is its length minus k from the goal.
  const left = page.record?.optimal && page.step < total ?
      ` (${words().distance.of(total - page.step)} to go)` :
      '';
  $('step').textContent = total ? `${words().step} ${page.step} of ${total}` +
          (page.step ? `: ${renderer().moveName(moves[page.step - 1])}` : '') + left :
                       '';
  $('scrubber').setAttribute('aria-valuetext', $('step').textContent || 'no solution shown');
  [...$('moves').children].forEach((item, i) => {
    item.classList.toggle('current', i + 1 === page.step);
    if (i + 1 === page.step) keepInList(item);
  });
}

// Scrolls the move list, and nothing around it, to show `item`.
function keepInList(item) {
  const list = $('moves'), box = list.getBoundingClientRect(), shown = item.getBoundingClientRect();
  if (shown.top < box.top)
    list.scrollTop -= box.top - shown.top;
  else if (shown.bottom > box.bottom)
    list.scrollTop += shown.bottom - box.bottom;
}

function stop() {
  clearInterval(page.timer);
  page.timer = null;
}

function togglePlay() {
  if (page.timer) { stop(); updateControls(); return; }
  const total = totalSteps();
  if (!total) return;
  if (page.step >= total) page.step = 0;
  page.timer = setInterval(() => {
    if (page.step >= total) {
      stop();
      updateControls();
      return;
    }
    show(page.step + 1);
  }, 1000 / Number($('speed').value));
  updateControls();
}

$('solve').onclick = () => solve();
$('play').onclick = togglePlay;
$('first').onclick = () => show(0);
$('back').onclick = () => show(page.step - 1);
$('forward').onclick = () => show(page.step + 1);
$('last').onclick = () => show(Infinity);
$('scrubber').oninput = () => show(Number($('scrubber').value));
$('speed').oninput = () => {
  const text = `${$('speed').value} moves/s`;
  $('speed-shown').textContent = text;
  $('speed').setAttribute('aria-valuetext', text.replace('/s', ' a second'));
};
$('speed').onchange = () => { if (page.timer) { stop(); togglePlay(); } };
$('input').oninput = () => startChanged(0);
$('sample').onclick = () => setStart(renderer().sample);
$('new-game').onclick = () => newGame();
$('undo').onclick = () => travel(true);
$('redo').onclick = () => travel(false);
$('ask-hint').onclick = hint;
$('stop').onclick = () => {
  supersede();
  setMessage(MESSAGES.stopped());
};

// Closes the solution shown: the board is the start again, to edit or play.
function closeSolution() {
  if (!page.record) return;
  clearResult();
  setMessage('');
  draw();
  saveUrl();
}
// Playback keys anywhere but where they already mean something: in text, lists and sliders, and
// Space and Enter on a button.
document.addEventListener('keydown', (event) => {
  if (event.target.closest('textarea, input, select, [role=slider]')) return;
  if (event.target.closest('button') && (event.key === ' ' || event.key === 'Enter')) return;
  const key = event.key.toLowerCase();
  const actions = event.ctrlKey || event.metaKey ?
      {z: () => travel(!event.shiftKey), y: () => travel(false)} :
      event.altKey ? {} :
                     {
                       ' ': togglePlay,
                       arrowleft: () => show(page.step - 1),
                       arrowright: () => show(page.step + 1),
                       home: () => show(0),
                       end: () => show(Infinity),
                       escape: closeSolution,
                       n: () => newGame(),
                       h: hint
                     };
  if (!actions[key]) return;
  event.preventDefault();
  actions[key]();
});

// ---- exploring ------------------------------------------------------------------------------
async function explore() {
  clearResult();
  clearExploration();
  draw();
  saveUrl();
  const answer = await ask('/api/explore', request(), MESSAGES.exploring(), $('explore'));
  if (!answer) return;
  const result = answer.result;
  page.exploration = result;
  showExploration();
  const unit = renderer().unit || 'move';
  const status = result.status || (result.complete === false ? result.stats?.reason : 'complete');
  const origin = result.origin ? `the board shown (${result.origin})` : 'the board shown';
  $('explore-summary').textContent = plainWords(
      `Explored from ${origin}: ${counted(result.total, 'state')} reached, ` +
      `the deepest ${counted(result.depth, unit)} away${
          status === 'complete' ? '' : ` (${statusText(status)})`}.`);
  setMessage('');  // the summary says it
}

function showExploration() {
  const result = page.exploration;
  if (!result) return;
  $('exploration').hidden = false;
  drawHistogram($('histogram'), result.layers,
                { log: $('log-scale').checked, depthTitle: `depth (${renderer().unit || 'move'}s from the start)` });
  const deepest = $('deepest');
  deepest.replaceChildren();
  const { fromState, deepestName } = renderer();
  const all = result.deepest || [];
  const shown = all.slice(0, 6);
  const some = shown.length < all.length ? ` (${shown.length} of ${all.length})` : '';
  $('deepest-title').textContent = !shown.length ? ''
    : `The deepest states${some}${fromState ? ': choose one to solve from it' : ''}`;
  if (deepestName) {
    const list = document.createElement('p');
    list.textContent = `Where the block stands last: ${shown.map(deepestName).join('; ')}.`;
    deepest.appendChild(list);
    return;
  }
  shown.forEach((state, i) => {
    const small = svgEl('svg', { role: 'img', 'aria-label': `deepest state ${i + 1}`, 'data-state': JSON.stringify(state) });
    renderer().draw(small, state, { columns: page.model?.columns, goal: null });
    // Three quarters of the board's own size: large enough to read, a few to a column.
    small.setAttribute('width', Math.round(0.75 * Number(small.getAttribute('viewBox').split(' ')[2])));
    if (!fromState) { deepest.appendChild(small); return; }
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'deepest';
    button.setAttribute('aria-label', `Solve from deepest state ${i + 1}`);
    button.appendChild(small);
    button.onclick = () => {
      setStart(fromState(state, page.model));
      solve();
    };
    deepest.appendChild(button);
  });
}

$('explore').onclick = explore;
$('log-scale').onchange = showExploration;

// ---- start ----------------------------------------------------------------------------------
// Shows the puzzle `name`, or the first the server lists and the page draws when it has no such
// one.
function choosePuzzle(name) {
  const drawn = (known) => page.puzzles.has(known) && RENDERERS[known];
  page.name = drawn(name) ? name : [...page.puzzles.keys()].find(drawn);
  $('puzzle').value = page.name;
  $('board').replaceChildren();
  buildOptions();
}

$('puzzle').onchange = () => {
  page.options = {};
  page.algo = '';
  choosePuzzle($('puzzle').value);
  page.seed = null;
  setStart(renderer().sample);
};

// A link pasted into this tab changes only the fragment: the view it names is opened.
window.addEventListener('hashchange', () => { if (location.hash !== page.hash) loadUrl(); });

async function start() {
  const response = await fetch('/api/puzzles');
  const listing = await response.json(), list = listing.puzzles;
  page.defaultSeconds = listing.time_limit;
  page.maxSeconds = listing.max_time_limit > 0 ? listing.max_time_limit : Infinity;
  for (const info of list) {
    page.puzzles.set(info.name, info);
    if (RENDERERS[info.name])
      $('puzzle').add(new Option(RENDERERS[info.name].title || info.name, info.name));
  }
  await loadUrl();
  await currentRead();
  document.body.setAttribute('data-ready', 'true');
}

start();
