// Peg solitaire's part of the page's browser test (tests/web/browser_test.mjs): the sample's start
// has its empty hole moved on the board (a peg dragged onto it), and a solution played to its end
// leaves one peg; a dealt game is played to solved by clicks, drags and the hint key; an input
// without a case or with two is said to be.
import assert from 'node:assert/strict';

export const prepare = (page) => page.dragAndDrop('#board [data-key="1"]', '#board [data-key="5"]');
export const reachedGoal = (state) => assert.deepEqual(state.flat().filter((peg) => peg === 1).length, 1);

const distanceText = (page) => page.textContent('#distance');

// Waits until the page says `played` moves were played and the distance after them.
const playedShown = (page, played) => page.waitForFunction((n) =>
  new RegExp(`Moves played: ${n}\\. Distance to the goal: \\d|Solved in`).test(document.getElementById('distance').textContent), played);

export const checks = [{
  title: 'a dealt game is played to solved by clicking a peg then a hole, by drags and by the hint, with undo and redo',
  run: async ({ open, solveAndEnd }) => {
    const page = await open('p=pegs&g=3');
    await page.waitForFunction(() => /Distance to the goal: \d+ move/.test(document.getElementById('distance').textContent));
    const optimal = Number(/goal: (\d+) move/.exec(await distanceText(page))[1]);
    await solveAndEnd(page);
    const jumps = (await page.$$eval('#moves li', (items) => items.map((item) => item.textContent)))
      .map((name) => /(\d+) → (\d+)/.exec(name).slice(1));
    assert.equal(jumps.length, optimal);
    await page.keyboard.press('Escape');
    // A hole clicked with no peg lifted, or a peg clicked twice (lifted, put down), is no move.
    const [[firstFrom, firstTo]] = jumps;
    await page.click(`#board [data-key="${firstTo}"]`);
    await page.click(`#board [data-key="${firstFrom}"]`);
    assert.equal(await page.locator('#board .peg.lifted').count(), 1);
    await page.click(`#board [data-key="${firstFrom}"]`);
    assert.equal(await page.locator('#board .peg.lifted').count(), 0);
    assert.match(await distanceText(page), /Moves played: 0\./);
    for (const [i, [from, to]] of jumps.entries()) {
      if (i % 3 === 0) {
        await page.click(`#board [data-key="${from}"]`);
        await page.click(`#board [data-key="${to}"]`);
      } else if (i % 3 === 1) {
        await page.dragAndDrop(`#board [data-key="${from}"]`, `#board [data-key="${to}"]`);
      } else {
        await page.keyboard.press('h');  // the hint's move: the smallest optimal one, the solution's
      }
      await playedShown(page, i + 1);
      if (i + 1 < optimal) assert.match(await distanceText(page), new RegExp(`goal: ${optimal - i - 1} move`));
      if (i === 1) {
        await page.keyboard.press('Control+z');
        await playedShown(page, 1);
        assert.match(await distanceText(page), new RegExp(`goal: ${optimal - 1} move`));
        await page.keyboard.press('Control+y');
        await playedShown(page, 2);
      }
    }
    await page.waitForSelector('#distance.won');
    assert.equal(await distanceText(page), `Solved in ${optimal} moves (optimal: ${optimal})!`);
    await page.close();
  },
}, {
  title: 'an input without a case, and one of two cases shown',
  run: async ({ open, messageSays }) => {
    const page = await open(`p=pegs&i=${encodeURIComponent('0\n')}`);
    await page.click('#solve');
    await messageSays(page, /^The input holds no dataset\.$/);
    await page.fill('#input', '2\n5\n1\n');
    await page.click('#solve');
    await messageSays(page, /^Solved: 10 moves \(dataset 1 of 2 shown\)\.$/);
    await page.close();
  },
}, {
  title: 'explores from the empty hole shown, as plumb explore does',
  run: async ({ open, exploreMatchesCli }) => {
    const page = await open('p=pegs');
    await page.dragAndDrop('#board [data-key="7"]', '#board [data-key="5"]');
    await exploreMatchesCli('pegs', page, /hole 7 empty/);
    await page.close();
  },
}];
