// plumb serve's page in a real browser: Playwright (npm's playwright-core) drives Debian's chromium,
// headless. For each puzzle it sets a start (on the board where the puzzle lets it), solves, steps
// to the end and checks that the board drawn is the goal; it opens a shared link and sees the same
// view, sees the message for an impossible start (and that no search was asked for), and takes the
// README's screenshot.
// Usage: node browser_test.mjs PLUMB_BINARY SCREENSHOT.png
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chromium } from 'playwright-core';

const [binary, screenshot] = process.argv.slice(2);
const server = spawn(binary, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const [line] = await once(server.stdout, 'data');
const base = /http:\/\/\S+\//.exec(String(line))[0];

const browser = await chromium.launch({
  executablePath: process.env.PLUMB_CHROMIUM || '/usr/bin/chromium',
  args: process.getuid && process.getuid() === 0 ? ['--no-sandbox'] : [],
});
const failures = [];

// Runs one check; a failure is recorded and the others still run.
async function check(name, body) {
  const started = Date.now();
  try {
    await body();
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    failures.push(name);
    console.log(`FAIL ${name}: ${error.stack}`);
  }
}

async function open(fragment, viewport = { width: 1280, height: 800 }) {
  const page = await browser.newPage({ viewport });
  page.on('pageerror', (error) => failures.push(`page error: ${error.message}`));
  await page.goto(`${base}#${fragment}`);
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

const drawn = async (page) => JSON.parse(await page.getAttribute('#board', 'data-state'));

async function solveAndEnd(page) {
  await page.click('#solve');
  await page.waitForSelector('#stat-length');
  await page.keyboard.press('End');
}

// What each puzzle's goal looks like, from the state drawn and the answer.
const goals = {
  sliding: (state) => assert.deepEqual(state, [1, 2, 3, 4, 5, 6, 7, 8, 0]),
  gap: (state) => state.forEach((row, r) => row.forEach((card, c) =>
    assert.equal(card, c === row.length - 1 ? null : `${r + 1}${c + 1}`))),
  cubic: async (state, page) => assert.deepEqual(
    state.flat().map((die) => (die === '...' ? 'E' : die[0])),
    await page.$$eval('#board .goal-cell', (cells) => cells.map((cell) => cell.classList[1]))),
  pegs: (state) => assert.deepEqual(state.flat().filter((peg) => peg === 1).length, 1),
  block: async (state, page) => assert.equal(await page.getAttribute('#board', 'data-goal-reached'), 'false'),
};

await check('sliding: a start set on the board is solved to the goal', async () => {
  const page = await open('p=sliding&i=1 2 3 4 5 6 7 8 x');
  // The blank is at 8; clicking the tile above it (place 5), then the one left of it (place 4).
  await page.click('#board [data-key="5"].tile');
  await page.click('#board [data-key="4"].tile');
  assert.equal((await page.inputValue('#input')).trim(), '1 2 3 4 x 5 7 8 6');
  await solveAndEnd(page);
  assert.equal(await page.textContent('#stat-length'), '2');
  goals.sliding(await drawn(page));
  await page.close();
});

for (const name of ['gap', 'cubic', 'pegs', 'block']) {
  await check(`${name}: the sample start is solved to the goal`, async () => {
    const page = await open(`p=${name}`);
    if (name === 'pegs') await page.click('#board [data-key="1"]');  // the empty hole set on the board
    await solveAndEnd(page);
    const state = await drawn(page);
    await goals[name](state, page);
    await page.close();
  });
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

await check('an impossible start is refused before any search', async () => {
  const page = await open('p=sliding&i=1 2 3 4 5 6 8 7 x');
  let searched = false;
  page.on('request', (request) => { searched ||= request.url().includes('/api/solve'); });
  assert.match(await page.textContent('#message'), /Impossible: this board has the wrong parity/);
  await page.click('#solve');
  assert.match(await page.textContent('#message'), /Impossible/);
  assert.equal(searched, false);
  await page.close();
});

await check('explore draws the histogram and the deepest states', async () => {
  const page = await open('p=sliding');
  await page.click('#explore');
  await page.waitForSelector('#histogram rect');
  assert.equal(await page.locator('#histogram rect').count(), 32);
  await page.locator('#deepest svg').first().click();
  await page.waitForSelector('#stat-length');
  assert.equal(await page.textContent('#stat-length'), '31');
  await page.close();
});

await check('the screenshot, and a phone-sized window', async () => {
  const page = await open('p=sliding&i=8 6 7 2 5 4 3 x 1&s=1&m=14');
  await page.waitForTimeout(500);  // the tiles' slide to move 14
  await page.screenshot({ path: screenshot });
  const phone = await open('p=gap&s=1&m=3', { width: 390, height: 844 });
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide`);
  await phone.close();
  await page.close();
});

await browser.close();
server.kill('SIGTERM');
const [status] = await once(server, 'exit');
assert.equal(status, 0);
if (failures.length) {
  console.log(`${failures.length} failed: ${failures.join('; ')}`);
  process.exit(1);
}
