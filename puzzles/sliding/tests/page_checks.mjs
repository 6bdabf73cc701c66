// The sliding puzzle's part of the page's browser test (tests/web/browser_test.mjs): the goal the
// board shows once a solution is played to its end.
import assert from 'node:assert/strict';

export const reachedGoal = (state) => assert.deepEqual(state, [1, 2, 3, 4, 5, 6, 7, 8, 0]);

// The distance the page says of the board shown, once the server has said it.
async function distanceShown(page) {
  await page.waitForFunction(() => /Distance to the goal: \d|Solved in/.test(document.getElementById('distance').textContent));
  const text = await page.textContent('#distance');
  const found = /Distance to the goal: (\d+) move/.exec(text);
  return found ? Number(found[1]) : text;
}

export const checks = [{
  title: 'a game dealt from a seed is played to solved by hints, with undo and redo, by clicks and by keys',
  run: async ({ open }) => {
    const page = await open('p=sliding&g=11');
    const start = await page.inputValue('#input');
    const optimal = await distanceShown(page);
    assert.ok(optimal > 2, `the game starts ${optimal} from the goal`);
    // A tile swiped into the blank is a move, undone.
    const tiles = start.trim().split(' ');
    const blank = tiles.indexOf('x');
    const beside = blank % 3 > 0 ? blank - 1 : blank + 1;
    const from = await page.locator(`#board .tile[data-key="${beside}"]`).boundingBox();
    const to = await page.locator(`#board rect.cell[data-key="${blank}"]`).boundingBox();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
    await page.mouse.up();
    await page.waitForFunction(() => /Moves played: 1\./.test(document.getElementById('distance').textContent));
    assert.equal(Math.abs(await distanceShown(page) - optimal), 1);
    await page.click('#undo');
    assert.equal(await page.inputValue('#input'), start);
    // A hint's move is optimal: the distance falls by one.
    await page.click('#ask-hint');
    await page.waitForFunction(() => /Moves played: 1\./.test(document.getElementById('distance').textContent));
    assert.equal(await distanceShown(page), optimal - 1);
    await page.keyboard.press('Control+z');
    assert.equal(await page.inputValue('#input'), start);
    assert.equal(await distanceShown(page), optimal);
    await page.keyboard.press('Control+y');
    assert.equal(await distanceShown(page), optimal - 1);
    // The rest by the hint key, to the solved moment.
    for (let played = 1; played < optimal; ++played) {
      await page.keyboard.press('h');
      await page.waitForFunction((n) => new RegExp(`Moves played: ${n}\\.|Solved in`).test(document.getElementById('distance').textContent), played + 1);
    }
    await page.waitForSelector('#distance.won');
    assert.equal(await page.textContent('#distance'), `Solved in ${optimal} moves (optimal: ${optimal})!`);
    // The same seed deals the same start, by a link.
    const again = await open('p=sliding&g=11');
    assert.equal(await again.inputValue('#input'), start);
    await again.close();
    await page.close();
  },
}, {
  title: 'a tile clicked while a solution is shown changes nothing; Esc goes back to the start',
  run: async ({ open, solveAndEnd }) => {
    const page = await open('p=sliding&i=2 3 4 1 5 x 7 6 8');
    await solveAndEnd(page);
    await page.click('#board [data-key="7"].tile');
    assert.equal((await page.inputValue('#input')).trim(), '2 3 4 1 5 x 7 6 8');
    assert.equal(await page.textContent('#stat-length'), '19');
    assert.match(await page.textContent('#message'), /press Esc/);
    await page.keyboard.press('Escape');
    await page.waitForSelector('#stat-length', { state: 'detached' });
    await page.click('#board [data-key="2"].tile');
    assert.equal((await page.inputValue('#input')).trim(), '2 3 x 1 5 4 7 6 8');
    await page.close();
  },
}];
