// plumb serve's page in a real browser: Playwright (npm's playwright-core) drives Debian's chromium,
// headless. For each puzzle it sets a start (on the board where the puzzle lets it), solves, steps
// to the end and checks that the board drawn is the goal; it opens a shared link, in a new tab and
// pasted into an open one; it sees the server's message for an impossible start (and that no
// search was asked for) and the size the server read; explore from the board shown answers as `plumb explore PUZZLE FILE` does; the
// histogram's depth labels never overlap; on a phone the board stands on the first screen; axe-core
// finds no serious or critical violation, light or dark; every control works from the keyboard; a
// database still being built is waited for. No check depends on speed: each waits for what the
// page shows, with generous timeouts.
// Usage: node browser_test.mjs PLUMB_BINARY (PLUMB_BROWSER_ONLY=REGEX: only the checks it names)
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from 'playwright-core';

const [binary] = process.argv.slice(2);
const scratch = mkdtempSync(join(tmpdir(), 'plumb-browser-'));

// Whether this plumb's server builds pattern databases in the background (--databases): its
// servers here then build none but the one check's that wants the 15-puzzle's.
const buildsDatabases = execFileSync(binary, ['serve', '--help'], { encoding: 'utf8' }).includes('--databases');

// A `plumb serve` on a free port with these `databases` (where it takes them) and `env` added to its
// environment; resolves to its URL.
async function serve({ databases = 'none', env = {} } = {}) {
  const args = ['serve', '--port', '0', ...(buildsDatabases ? ['--databases', databases] : [])];
  const server = spawn(binary, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  const [line] = await once(server.stdout, 'data');
  return { server, base: /http:\/\/\S+\//.exec(String(line))[0] };
}
const { server, base } = await serve();
// The puzzles the server is built with (GET /api/puzzles): the checks of every puzzle loop over them.
const puzzleNames = (await (await fetch(`${base}api/puzzles`)).json()).puzzles.map((puzzle) => puzzle.name);

const browser = await chromium.launch({
  executablePath: process.env.PLUMB_CHROMIUM || '/usr/bin/chromium',
  args: process.getuid && process.getuid() === 0 ? ['--no-sandbox'] : [],
});
const failures = [];
const LONG = 120_000;  // what "generous" means for an answer the server computes

// PLUMB_BROWSER_ONLY=REGEX runs only the checks whose names it matches (while working on them).
const only = process.env.PLUMB_BROWSER_ONLY ? new RegExp(process.env.PLUMB_BROWSER_ONLY) : null;

// Runs one check; a failure is recorded and the others still run.
async function check(name, body) {
  if (only && !only.test(name)) return;
  const started = Date.now();
  try {
    await body();
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    failures.push(name);
    console.log(`FAIL ${name}: ${error.stack}`);
  }
}

// Each page's context closes with it; the browser closes once they all have.
const closing = [];

// Every text the pages' message and distance lines showed, in every check: the last check finds
// each of the page's own messages (web/messages.js) among them.
const shown = new Set();

async function open(fragment, { viewport = { width: 1280, height: 800 }, at = base } = {}) {
  const context = await browser.newContext({ viewport });  // axe-core asks for one a page
  await context.exposeBinding('reportShown', (_source, text) => shown.add(text));
  await context.addInitScript(() => {
    const last = {};
    new MutationObserver(() => {
      for (const id of ['message', 'distance']) {
        const text = document.getElementById(id)?.textContent;
        if (text && text !== last[id]) window.reportShown(last[id] = text);
      }
    }).observe(document, { childList: true, characterData: true, subtree: true });
  });
  const page = await context.newPage();
  page.on('close', () => closing.push(context.close().catch((error) => failures.push(`closing a page: ${error.message}`))));
  page.setDefaultTimeout(LONG);
  page.on('pageerror', (error) => failures.push(`page error: ${error.message}`));
  await page.goto(`${at}#${fragment}`);
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

const drawn = async (page) => JSON.parse(await page.getAttribute('#board', 'data-state'));

async function solveAndEnd(page) {
  await page.click('#solve');
  await page.waitForSelector('#stat-length');
  await page.keyboard.press('End');
}

// Waits until the message line says what `pattern` matches.
const messageSays = (page, pattern) => page.waitForFunction(
  (source) => new RegExp(source).test(document.getElementById('message').textContent), pattern.source);
const distanceSays = (page, pattern) => page.waitForFunction(
  (source) => new RegExp(source).test(document.getElementById('distance').textContent), pattern.source);

async function exploreShown(page) {
  await page.click('#explore');
  await page.waitForSelector('#histogram .bar');
}

// The contest text's lines as a fragment's `i`.
const fragmentInput = (text) => encodeURIComponent(text);

// Each puzzle's own checks, from its folder's tests/page_checks.mjs where it has one (the folders of
// the build's puzzle_folders.tsv, PLUMB_PUZZLE_FOLDERS): `prepare(page)` sets its sample's start up
// on the board, `reachedGoal(state, page)` checks the goal drawn at a solution's end, `checks` are
// flows of its own.
const checksOf = {};
for (const line of readFileSync(process.env.PLUMB_PUZZLE_FOLDERS, 'utf8').split('\n')) {
  const [name, folder] = line.split('\t');
  const file = join(folder || '', 'tests', 'page_checks.mjs');
  if (name && existsSync(file)) checksOf[name] = await import(pathToFileURL(file));
}

await check('sliding: a start set on the board is solved to the goal', async () => {
  const page = await open('p=sliding&i=1 2 3 4 5 6 7 8 x');
  // The blank is at 8; clicking the tile above it (place 5), then the one left of it (place 4).
  await page.click('#board [data-key="5"].tile');
  await page.click('#board [data-key="4"].tile');
  assert.equal((await page.inputValue('#input')).trim(), '1 2 3 4 x 5 7 8 6');
  await solveAndEnd(page);
  assert.equal(await page.textContent('#stat-length'), '2');
  assert.match(await page.textContent('#moves-note'), /the direction the blank goes/);
  assert.match(await page.textContent('#stats'), /states expanded/);
  assert.match(await page.textContent('#stat-algorithm'), /^auto/);
  checksOf.sliding.reachedGoal(await drawn(page));
  await page.close();
});

// Every other puzzle the server has (a new one too, by its registration alone): its sample is solved
// to the last state `plumb solve --format json` gives for the same input, and to its goal where its
// folder's checks know it.
for (const name of puzzleNames.filter((name) => name !== 'sliding')) {
  await check(`${name}: the sample start is solved to the goal`, async () => {
    const page = await open(`p=${name}`);
    await checksOf[name]?.prepare?.(page);
    await solveAndEnd(page);
    const state = await drawn(page);
    const records = execFileSync(binary, ['solve', name, '--format', 'json'],
                                 { input: await page.inputValue('#input'), encoding: 'utf8' });
    const record = JSON.parse(records.split('\n')[0]);  // the first dataset's, which the page shows
    assert.deepEqual(state, record.states.at(-1));
    assert.equal(await page.textContent('#stat-length'), String(record.length));
    await checksOf[name]?.reachedGoal?.(state, page);
    await page.close();
  });
}

// Each puzzle's checks of its own (its page_checks.mjs's `checks`: a title and a run given the
// helpers it needs).
for (const [name, own] of Object.entries(checksOf)) {
  for (const { title, run } of own.checks ?? []) {
    await check(`${name}: ${title}`, () => run({ open, solveAndEnd, messageSays, distanceSays, exploreMatchesCli }));
  }
}

await check('a shared link opens the same view', async () => {
  const page = await open('p=gap');
  await page.click('#solve');
  await page.waitForSelector('#stat-length');
  for (let i = 0; i < 5; ++i) await page.keyboard.press('ArrowRight');
  const link = page.url();
  const state = await drawn(page);
  const step = await page.textContent('#step');
  const other = await open(link.slice(link.indexOf('#') + 1));
  assert.deepEqual(await drawn(other), state);
  assert.equal(await other.textContent('#step'), step);
  assert.match(step, /^Move 5 of 33/);
  await other.close();
  await page.close();
});

await check('a link pasted into an open tab opens its view', async () => {
  const page = await open('p=gap');
  const fresh = await open('p=pegs&i=1%0A7%0A&s=1&m=2');
  const wanted = await drawn(fresh);
  await fresh.close();
  await page.goto(`${base}#p=pegs&i=1%0A7%0A&s=1&m=2`);  // the same document: only the fragment changes
  await page.waitForFunction(() => /^Move 2 of/.test(document.getElementById('step').textContent));
  assert.equal(await page.inputValue('#puzzle'), 'pegs');
  assert.deepEqual(await drawn(page), wanted);
  await page.close();
});

await check('an impossible start is refused before any search, as the server reads it', async () => {
  const page = await open('p=sliding&i=1 2 3 4 5 6 8 7 x');
  let searched = false;
  page.on('request', (request) => { searched ||= request.url().includes('/api/solve'); });
  assert.match(await page.textContent('#message'), /Impossible: this board has the wrong parity/);
  await page.click('#solve');
  assert.match(await page.textContent('#message'), /Impossible/);
  // 16 tiles without --size: the server reads a 4x4 board, drawn so; one swap makes it solvable.
  await page.fill('#input', '1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 x');
  await page.waitForFunction(() => /Impossible: .*parity/.test(document.getElementById('message').textContent));
  assert.equal((await page.getAttribute('#board', 'viewBox')).split(' ').slice(2).join(' '), '248 248');
  await page.fill('#input', '1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15');
  await page.waitForFunction(() => document.getElementById('message').textContent === '');
  assert.equal(searched, false);
  await page.close();
});

await check('a bad input\'s message names its line once', async () => {
  const page = await open(`p=gap&i=${fragmentInput('1\n26 31 13 44 21 24 42\n17 45 23 25 41 36\n')}`);
  await page.click('#solve');
  await page.waitForSelector('#message.bad');
  const message = await page.textContent('#message');
  assert.match(message, /^Line \d+: /);
  assert.doesNotMatch(message, /input:\d+:|\(line \d+\)/);
  await page.close();
});

await check('explore draws the histogram, and a deepest state opens in the solver', async () => {
  const page = await open('p=sliding&i=1 2 3 4 5 6 7 8 x');
  await exploreShown(page);
  assert.equal(await page.locator('#histogram .bar').count(), 32);
  assert.match(await page.textContent('#histogram'), /depth \(moves from the start\)/);
  await page.locator('#deepest button').first().click();
  await page.waitForSelector('#stat-length');
  assert.equal(await page.textContent('#stat-length'), '31');
  await page.close();
});

// The page's exploration of the board it shows, against `plumb explore NAME FILE` of its input.
async function exploreMatchesCli(name, page, origin) {
  await exploreShown(page);
  const input = await page.inputValue('#input');
  const file = join(scratch, `${name}.txt`);
  writeFileSync(file, input);
  const cli = JSON.parse(execFileSync(binary, ['explore', name, file, '--format', 'json'], { encoding: 'utf8' }));
  const layers = await page.$$eval('#histogram .bar', (bars) => bars.map((bar) => Number(bar.dataset.count)));
  assert.deepEqual(layers, cli.layers);
  const summary = await page.textContent('#explore-summary');
  assert.match(summary, origin);
  assert.match(summary, new RegExp(`${cli.total.toLocaleString('en')} states reached, the deepest ${cli.depth} moves`));
}

await check('the histogram\'s depth labels do not overlap at 3x4\'s 54 layers', async () => {
  // The layers of `plumb explore sliding --size 3x4` (minutes of work: its answer is given here, the
  // drawing of 54 layers being what is checked).
  const layers = [1, 2, 4, 9, 20, 37, 63, 122, 232, 431, 781, 1392, 2494, 4442, 7854, 13899, 24215, 41802, 71167,
    119888, 198363, 323206, 515778, 811000, 1248011, 1885279, 2782396, 4009722, 5621354, 7647872, 10065800,
    12760413, 15570786, 18171606, 20299876, 21587248, 21841159, 20906905, 18899357, 16058335, 12772603, 9515217,
    6583181, 4242753, 2503873, 1350268, 643245, 270303, 92311, 27116, 5390, 1115, 86, 18];
  const total = layers.reduce((sum, count) => sum + count, 0);
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const page = await open('p=sliding&o={"size":"3x4"}&i=1 2 3 4 5 6 7 8 9 10 11 x', { viewport });
    await page.route('**/api/explore', (route) => route.fulfill({ json: { result: {
      complete: true, deepest: [], depth: layers.length - 1, layers, origin: 'the goal', puzzle: 'sliding',
      status: 'complete', stats: { reason: 'exhausted', expanded: total, seconds: 1 }, total } } }));
    for (const log of [false, true]) {
      await page.setChecked('#log-scale', log);
      await exploreShown(page);
      const boxes = await page.$$eval('#histogram text.depth', (labels) => labels.map((label) => {
        const box = label.getBoundingClientRect();
        return { text: label.textContent, left: box.left, right: box.right };
      }));
      assert.ok(boxes.length >= 6, `only ${boxes.length} depth labels`);
      assert.equal(boxes[0].text, '0');
      // The count axis's floor: 0 on the linear scale, 1 (10^0) on the log scale.
      const ticks = await page.$$eval('#histogram text.tick:not(.depth)', (labels) => labels.map((label) => label.textContent));
      assert.equal(ticks[1], log ? '1' : '0');
      for (let i = 1; i < boxes.length; ++i)
        assert.ok(boxes[i - 1].right < boxes[i].left, `${boxes[i - 1].text} and ${boxes[i].text} overlap`);
      assert.equal(await page.locator('#histogram .bar').count(), 54);
    }
    await page.close();
  }
});

await check('a request waiting for a database says so, with the time left, and asks again', async () => {
  const page = await open('p=sliding');
  let refused = 0;
  await page.route('**/api/solve', async (route) => {
    const fraction = [0.43, 0.71][refused++];
    if (fraction === undefined) return route.continue();
    return route.fulfill({ status: 503, headers: { 'Retry-After': '1' }, json: {
      status: 'building', error: `building the 8-puzzle's databases (8-8): ${fraction * 100}%`,
      building: { database: '8-8', puzzle: 'sliding', title: 'the 8-puzzle\'s databases (8-8)', board: '3x3',
                  fraction } } });
  });
  await page.click('#solve');
  await page.waitForFunction(() => /building the 8-puzzle's databases \(8-8\): 43%/.test(document.getElementById('message').textContent));
  // Once the build has moved on, the time left at its rate.
  await page.waitForFunction(() => /databases \(8-8\): 71%, about \d+ (s|min) left/.test(document.getElementById('message').textContent));
  await page.waitForSelector('#stat-length');
  assert.equal(refused, 3);
  assert.match(await page.textContent('#message'), /^Solved: 19 moves/);
  await page.close();
});

await check('on a phone the board is on the first screen, and after Solve', async () => {
  const phone = { width: 390, height: 844 };
  const solved = await open('p=gap&s=1&m=3', { viewport: phone });
  const width = await solved.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide`);
  const box = await solved.locator('#board').boundingBox();
  assert.ok(box.y >= 0 && box.y + box.height <= 844, `the board spans ${box.y} to ${box.y + box.height} px`);
  await solved.close();
  const page = await open('p=sliding', { viewport: phone });
  await page.click('#solve');
  await page.waitForSelector('#stat-length');
  const after = await page.evaluate(() => {
    const rect = document.getElementById('board').getBoundingClientRect();
    return { top: rect.top, bottom: rect.bottom };
  });
  assert.ok(after.top >= 0 && after.bottom <= 844, `after Solve the board spans ${after.top} to ${after.bottom} px`);
  await page.close();
});

await check('on a phone the board and the step buttons stay on the screen for ten steps', async () => {
  const phone = { width: 390, height: 844 };
  const page = await open('p=gap&s=1&m=0', { viewport: phone });
  for (let step = 1; step <= 10; ++step) {
    await page.click('#forward');
    for (const id of ['#board', '#forward', '#back']) {
      const box = await page.locator(id).boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= phone.height, `step ${step}: ${id} spans ${box.y} to ${box.y + box.height} px`);
    }
  }
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  await page.close();
});

// Every puzzle deals a new game: a start the server reads and says the distance of, the same one
// again for the same seed.
for (const name of puzzleNames) {
  await check(`${name}: New game deals a start with its distance, the same for the same seed`, async () => {
    const page = await open(`p=${name}`);
    await checksOf[name]?.prepare?.(page);
    await page.click('#new-game');
    await page.waitForFunction(() => /[?&#]g=\d+/.test(location.hash));
    const seed = /[#&]g=(\d+)/.exec(page.url())[1];
    const input = await page.inputValue('#input');
    await page.waitForFunction(() => /: (\d|more than)/.test(document.getElementById('distance').textContent));
    assert.equal(await page.textContent('#message'), '');
    await page.click('#undo');
    assert.notEqual(await page.inputValue('#input'), input);
    const options = new URLSearchParams(new URL(page.url()).hash.slice(1)).get('o');
    const again = await open(`p=${name}&g=${seed}${options ? `&o=${encodeURIComponent(options)}` : ''}`);
    assert.equal(await again.inputValue('#input'), input);
    await again.close();
    await page.close();
  });
}

await check('the page speaks its own words: plain names, options in words, Advanced, no option names', async () => {
  const page = await open(`p=gap&o=${encodeURIComponent(JSON.stringify({ suits: '12' }))}`);
  assert.match(await page.textContent('#puzzle option[value="sliding"]'), /^Sliding tiles/);
  assert.match(await page.textContent('#about'), /POJ 2046/);
  assert.equal(await page.isVisible('#option-suits'), true);
  assert.equal(await page.isVisible('#algo'), false);
  await page.click('#advanced summary');
  assert.equal(await page.isVisible('#algo'), true);
  await page.click('#solve');
  await page.waitForSelector('#message.bad');
  const message = await page.textContent('#message');
  assert.doesNotMatch(message, /--/);
  assert.match(message, /“Suits \(rows\)”/);
  await page.close();
});

// The API fuzz target's corpus (fuzz/corpus/api_fuzz: a request line, headers, a blank line, the
// body) sent to the server: every error it answers, shown by the page as its own, names no option.
await check('no message of the API fuzz corpus\'s answers shows an option name on the page', async () => {
  const corpus = new URL('../../fuzz/corpus/api_fuzz/', import.meta.url);
  const errors = [];
  for (const file of readdirSync(corpus)) {
    const [head, ...body] = readFileSync(new URL(file, corpus), 'utf8').split('\n\n');
    const [method, path] = head.split('\n')[0].split(' ');
    if (method !== 'POST' || !path.startsWith('/api/')) continue;
    const response = await fetch(`${base}${path.slice(1)}`, { method, body: body.join('\n\n'),
                                                             headers: { 'Content-Type': 'application/json' } });
    const answer = await response.json().catch(() => ({}));
    if (answer.error) errors.push(answer.error);
  }
  assert.ok(errors.some((error) => /--[a-z]/.test(error)), 'the corpus gives no error naming an option');
  const page = await open('p=gap');
  for (const [i, error] of errors.entries()) {
    await page.route('**/api/solve', (route) => route.fulfill({ status: 400, json: { error: `${error} [${i}]` } }));
    await page.click('#solve');
    await page.waitForFunction((n) => document.getElementById('message').textContent.endsWith(`[${n}]`), i);
    assert.doesNotMatch(await page.textContent('#message'), /--/, error);
    await page.unroute('**/api/solve');
  }
  await page.close();
});

await check('a search runs with the time limit chosen, shows the positions searched and its seconds, and stops on Stop', async () => {
  // A 15-puzzle that IDA* takes many minutes over (Korf's instance 88).
  const start = '15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4';
  const options = encodeURIComponent(JSON.stringify({ goal: 'blank-first' }));
  const page = await open(`p=sliding&o=${options}&a=ida&t=50&i=${fragmentInput(start)}`);
  assert.equal(await page.inputValue('#time-limit'), '50');
  const asked = page.waitForRequest('**/api/solve');
  await page.click('#solve');
  assert.equal((await asked).postDataJSON().time_limit, 50);
  await page.waitForSelector('#stop', { state: 'visible' });
  await page.waitForFunction(() => /^Solving… [\d.]+[KMBT]? positions searched \(depth \d+\), \d+ s$/
    .test(document.getElementById('message').textContent));
  await page.click('#stop');
  await page.waitForSelector('#stop', { state: 'hidden' });
  assert.equal(await page.textContent('#message'), 'Stopped.');
  assert.equal(await page.isEnabled('#solve'), true);
  // The server's one search slot is free again: an easy board is answered.
  await page.fill('#input', '1 x 2 3 4 5 6 7 8 9 10 11 12 13 14 15');
  await page.click('#solve');
  await page.waitForSelector('#stat-length');
  assert.equal(await page.textContent('#stat-length'), '1');
  await page.close();
});

await check('a 24-puzzle says it may be long as it starts; past the time limit the page says where to raise it', async () => {
  // Korf and Felner's 24-puzzle #1 (data/korf24.txt), by IDA* on the taxicab distance: days.
  const start = '14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13';
  const options = encodeURIComponent(JSON.stringify({ goal: 'blank-first' }));
  const page = await open(`p=sliding&o=${options}&a=ida&t=1&i=${fragmentInput(start)}`);
  await page.click('#solve');
  await page.waitForFunction(() => /^Solving… \(a 24-puzzle takes minutes to days; past 1 s the search stops\)/
    .test(document.getElementById('message').textContent));
  await page.waitForSelector('#message.bad');
  const message = await page.textContent('#message');
  assert.match(message, /time limit after [\d.]+ s and .*states\. A longer time limit \(under Advanced\) may let it finish\.$/);
  assert.doesNotMatch(message, /--/);
  await page.close();
});

await check('the move list fills the height beside the board', async () => {
  const page = await open('p=gap&s=1&m=0');
  const [list, board] = await Promise.all([page.locator('#moves').boundingBox(), page.locator('#view').boundingBox()]);
  assert.ok(list.y + list.height >= board.y + board.height - 2,
            `the list ends at ${list.y + list.height} px, the board's column at ${board.y + board.height}`);
  await page.close();
});

// axe-core's serious and critical violations on the page as it stands.
async function axeViolations(page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((violation) => ['serious', 'critical'].includes(violation.impact))
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

// axe's serious and critical violations on the page as it stands, in light and in dark (switched
// in place: only the page's CSS reads the scheme, and the page's background shows it did), each
// named with `state` and the scheme.
async function axeViolationsInBothSchemes(page, state) {
  const found = [];
  const backgrounds = new Set();
  for (const colorScheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme });
    backgrounds.add(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
    found.push(...(await axeViolations(page)).map((text) => `${state} (${colorScheme}): ${text}`));
  }
  assert.equal(backgrounds.size, 2, `${state}: the dark scheme changes the page's background`);
  return found;
}

await check('axe finds no serious violation on any puzzle\'s page, desktop and phone, solved and played, light and dark', async () => {
  const found = [];
  for (const name of puzzleNames) {
    const page = await open(`p=${name}`);
    found.push(...await axeViolationsInBothSchemes(page, `${name} unsolved`));
    await page.click('#solve');
    await page.waitForSelector('#stat-length');
    await page.click('#forward');
    found.push(...await axeViolationsInBothSchemes(page, `${name} solved`));
    await exploreShown(page);
    found.push(...await axeViolationsInBothSchemes(page, `${name} explored`));
    await page.close();
    // Play mode on a phone: a game dealt, a hint asked, the advanced options open.
    const phone = await open(`p=${name}&g=3`, { viewport: { width: 390, height: 844 } });
    await phone.waitForFunction(() => /: (\d|more than)/.test(document.getElementById('distance').textContent));
    await phone.click('#ask-hint');
    // The hint, or why there is none (a 3x3x3 dealt from a seed is past the time limit).
    await phone.waitForFunction(() => /^Hint|^The board is already|time limit|^No solution/
      .test(document.getElementById('message').textContent));
    await phone.click('#advanced summary');
    found.push(...await axeViolationsInBothSchemes(phone, `${name} played on a phone`));
    await phone.close();
  }
  assert.deepEqual(found, []);
});

await check('every control works from the keyboard alone', async () => {
  const page = await open('p=sliding&i=1 2 3 4 5 6 7 8 x');
  const tabTo = async (selector) => {
    for (let i = 0; i < 80; ++i) {
      await page.keyboard.press('Tab');
      if (await page.evaluate((wanted) => document.activeElement?.matches(wanted), selector)) return;
    }
    throw new Error(`Tab never reaches ${selector}`);
  };
  const input = async () => (await page.inputValue('#input')).trim();
  // The start edited on the board: the cursor from the top left corner down twice and right once
  // (place 7), Enter slides its tile into the blank; left once (place 6), the same again.
  await tabTo('#board');
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowRight', 'Enter']) await page.keyboard.press(key);
  assert.equal(await input(), '1 2 3 4 5 6 7 x 8');
  for (const key of ['ArrowLeft', 'Enter']) await page.keyboard.press(key);
  assert.equal(await input(), '1 2 3 4 5 6 x 7 8');
  // Space picks a tile up and swaps it with another; swapped back, the start is as it was.
  await page.keyboard.press('ArrowUp');
  for (const key of ['Space', 'ArrowRight', 'Space']) await page.keyboard.press(key);
  assert.equal(await input(), '1 2 3 5 4 6 x 7 8');
  for (const key of ['Space', 'ArrowLeft', 'Space']) await page.keyboard.press(key);
  assert.equal(await input(), '1 2 3 4 5 6 x 7 8');
  await tabTo('#solve');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#stat-length');
  assert.equal(await page.textContent('#stat-length'), '2');
  await tabTo('#forward');
  await page.keyboard.press('Enter');
  assert.match(await page.textContent('#step'), /^Move 1 of 2/);
  await tabTo('#scrubber');
  await page.keyboard.press('ArrowRight');
  assert.match(await page.textContent('#step'), /^Move 2 of 2/);
  await tabTo('#first');
  await page.keyboard.press('Enter');
  await tabTo('#play');
  await page.keyboard.press('Enter');  // plays to the end, then stops by itself
  await page.waitForFunction(() => /^Move 2 of 2/.test(document.getElementById('step').textContent));
  await tabTo('#explore');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#histogram .bar');
  await tabTo('#log-scale');
  await page.keyboard.press('Space');
  assert.match(await page.textContent('#histogram'), /log scale/);
  await tabTo('#histogram [role=slider]');
  await page.keyboard.press('Home');
  assert.equal(await page.textContent('#histogram .readout'), 'depth 0: 1 state');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getAttribute('#histogram [role=slider]', 'aria-valuetext'), 'depth 1: 2 states');
  await tabTo('#deepest button');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#stat-length');
  assert.match(await page.textContent('#message'), /^Solved: \d+ moves/);
  await page.close();
});

// The 15-puzzle from an empty cache: the server builds its databases in the background and answers
// 503 meanwhile, which the page says (a server that says nothing of its databases in GET
// /api/puzzles builds them inside the request: this check is then left out). The set is 15-555,
// built in a second, held "building" (PLUMB_SERVE_HOLD_DATABASES) until the page has said so.
await check('15-puzzle from an empty cache shows the building message, then the solution', async () => {
  const cache = mkdtempSync(join(tmpdir(), 'plumb-cache-'));
  const release = join(cache, 'release');
  const cold = await serve({ databases: '15-555', env: { PLUMB_CACHE: cache, PLUMB_SERVE_HOLD_DATABASES: release } });
  try {
    const puzzles = await (await fetch(`${cold.base}api/puzzles`)).json();
    if (!buildsDatabases || !('databases' in puzzles)) {
      console.log('skip (this server builds no databases in the background)');
      return;
    }
    // 50 moves (Korf's #67 turned to the blank-last goal): beyond what `auto` tries without the
    // databases, so the request waits for them.
    const options = encodeURIComponent(JSON.stringify({ pdb: '15-555' }));
    const page = await open(`p=sliding&o=${options}&i=7+3+4+2+11+x+1+6+5+10+13+8+12+14+15+9`, { at: cold.base });
    await page.click('#solve');
    await page.waitForFunction(() => /building the 15-puzzle's databases/.test(document.getElementById('message').textContent));
    writeFileSync(release, '');
    await page.waitForSelector('#stat-length');
    await page.keyboard.press('End');
    assert.deepEqual(await drawn(page), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0]);
    await page.close();
  } finally {
    cold.server.kill('SIGTERM');
    await once(cold.server, 'exit');
    rmSync(cache, { recursive: true, force: true });
  }
});

// A message's pattern: its function called with a marker for each text it names, the marker
// standing for any text.
function patternOf(say) {
  const marker = '\u0001';
  const text = say(...Array.from({ length: say.length }, () => marker));
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.split(marker).join('.*')}$`, 's');
}

await check('the rarer messages: no server, out of reach, already the goal', async () => {
  // The server cannot be reached, for a search and for a distance.
  let page = await open(`p=sliding&i=${fragmentInput('2 3 4 1 5 x 7 6 8')}`);
  await page.route('**/api/solve', (route) => route.abort());
  await page.route('**/api/distance', (route) => route.abort());
  await page.click('#solve');
  await messageSays(page, /^The server could not be reached: /);
  await page.fill('#input', '1 2 3 4 5 6 7 x 8');
  await distanceSays(page, /Distance to the goal: not known \(The server could not be reached: .+\)\.$/);
  await page.close();
  // A search stopped by the most time the server allows: nothing on the page lets it finish.
  page = await open(`p=sliding&t=60&i=${fragmentInput('2 3 4 1 5 x 7 6 8')}`);
  await page.route('**/api/solve', (route) => route.fulfill({ status: 422,
    json: { error: 'stopped by the time limit after 60.0 s and 1.00G expanded states', exit_status: 3 } }));
  await page.click('#solve');
  await messageSays(page, /after 60\.0 s and 1\.00G expanded states\. This start is out of reach here\.$/);
  await page.close();
  // A hint at the goal.
  page = await open(`p=sliding&i=${fragmentInput('1 2 3 4 5 6 7 8 x')}`);
  await page.click('#ask-hint');
  await messageSays(page, /^The board is already the goal\.$/);
  await page.close();
});

await check('every message of the page was shown by some check', async () => {
  const { MESSAGES } = await import(new URL('../../web/messages.js', import.meta.url));
  const texts = [...shown];
  if (only) return;  // some checks left out: some messages unsaid
  const never = Object.entries(MESSAGES).filter(([, say]) => !texts.some((text) => patternOf(say).test(text)));
  assert.deepEqual(never.map(([name]) => name), []);
});

await Promise.all(closing);
await browser.close();
server.kill('SIGTERM');
const [status] = await once(server, 'exit');
rmSync(scratch, { recursive: true, force: true });
assert.equal(status, 0);
if (failures.length) {
  console.log(`${failures.length} failed: ${failures.join('; ')}`);
  process.exit(1);
}
