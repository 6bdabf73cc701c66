// The rolling block's part of the page's browser test (tests/web/browser_test.mjs): once the cuts
// of a solution are dug, the block no longer reaches the goal.
import assert from 'node:assert/strict';

export const reachedGoal = async (state, page) =>
  assert.equal(await page.getAttribute('#board', 'data-goal-reached'), 'false');

// The fewest cells to dig, once the page says it.
async function fewest(page) {
  await page.waitForFunction(() => /Fewest cells to dig: \d|Blocked/.test(document.getElementById('distance').textContent));
  return Number(/Fewest cells to dig: (\d+)/.exec(await page.textContent('#distance'))?.[1]);
}

export const checks = [{
  title: 'a dealt board is blocked by hints, each digging one of the fewest cells, and a filled hole undone',
  run: async ({ open }) => {
    const page = await open('p=block&g=7');
    const optimal = await fewest(page);
    assert.ok(optimal >= 1, `the board needs ${optimal} cells dug`);
    // A cell dug by a click that digs nothing useful, then undone.
    const start = await page.inputValue('#input');
    await page.click('#board [data-key="0,0"]');
    assert.notEqual(await page.inputValue('#input'), start);
    await page.keyboard.press('Control+z');
    assert.equal(await page.inputValue('#input'), start);
    for (let dug = 1; dug <= optimal; ++dug) {
      await page.keyboard.press('h');
      await page.waitForFunction((n) => new RegExp(`Cells changed: ${n}\\. Fewest cells to dig: \\d|Blocked`)
        .test(document.getElementById('distance').textContent), dug);
      if (dug < optimal) assert.equal(await fewest(page), optimal - dug);
    }
    await page.waitForSelector('#distance.won');
    assert.equal(await page.textContent('#distance'),
                 `Blocked with ${optimal} cell${optimal === 1 ? '' : 's'} changed (fewest: ${optimal})!`);
    await page.close();
  },
}];
